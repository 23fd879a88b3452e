import Foundation

/// Who a client is to the others: the id its tab chose, a display name and a colour.
struct ClientIdentity: Codable, Sendable, Equatable {
    var clientId: String
    var name: String
    var color: String

    /// Names the server gives to clients that do not bring one: pioneers of computing.
    static let friendlyNames = [
        "Ada", "Grace", "Alan", "Katherine", "Edsger", "Barbara", "Donald", "Margaret",
        "Dennis", "Radia", "Frances", "John", "Hedy", "Tim", "Annie", "Claude",
    ]

    /// Colours with at least 4.5:1 contrast against white, so names written in them stay readable.
    static let colors = [
        "#1f6feb", "#b3261e", "#1a7f37", "#8250df", "#bc4c00", "#0b7285", "#c2255c", "#5c6b00",
    ]

    /// A client id is chosen by the browser tab: 1–64 characters of `[A-Za-z0-9_-]`.
    static func isValidClientID(_ id: String) -> Bool {
        (1...64).contains(id.utf8.count) && id.utf8.allSatisfy(SessionID.isURLSafe)
    }

    /// The identity for the `ordinal`-th client to join a session (0-based).
    static func assigned(clientId: String, requestedName: String?, ordinal: Int) -> ClientIdentity {
        ClientIdentity(
            clientId: clientId,
            name: displayName(requestedName) ?? friendlyNames[ordinal % friendlyNames.count],
            color: colors[ordinal % colors.count])
    }

    /// A requested name trimmed and cut to 40 characters; nil when nothing is left.
    static func displayName(_ requested: String?) -> String? {
        let trimmed = requested.map { String($0.trimmingCharacters(in: .whitespacesAndNewlines).prefix(40)) } ?? ""
        return trimmed.isEmpty ? nil : trimmed
    }
}
