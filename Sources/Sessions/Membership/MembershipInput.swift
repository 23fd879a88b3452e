import FocusProtocol

/// What happens to the members of a session: connections coming and going, `hello` and
/// `rename`, the hello deadline, presence falling due, a member falling behind and catching up,
/// and the viewers other processes serve.
enum MembershipInput: Sendable {
    case opened(ConnectionID, role: Role)
    case hello(ConnectionID, clientId: String, name: String?)
    case rename(ConnectionID, name: String)
    case closed(ConnectionID)
    case helloDeadlinePassed(ConnectionID)
    case presenceDue
    case fellBehind(ConnectionID)
    case caughtUp(ConnectionID)
    /// Viewers other processes serve, as ``SessionInput/viewersElsewhere(_:)``.
    case viewersElsewhere(Int)
}
