import FocusCore
import FocusProtocol

/// The presenter and what they steer, as a child machine of ``SessionMachine``: who presents
/// (by secret client id and member), the settings every page follows, the program timers held
/// for the presenter's Ready, and when each pending program timer goes off (for the countdown
/// slow motion shows). Only the presenter and the settings are durable (on the presenter's
/// member record); held timers and the countdown are the live session's.
struct Presentation: Sendable {
    /// The presenter's tab: its secret client id and its member.
    struct Presenter: Equatable, Sendable {
        let clientId: String
        let member: MemberID
    }

    private(set) var presenter: Presenter?
    private(set) var settings = PresentationSettings()
    /// Program timers a lesson step asked for in Present, waiting for Ready, with their delays.
    private(set) var held: [(token: TimerToken, milliseconds: Int)] = []
    /// When each scheduled program timer goes off, in milliseconds since 1970.
    private var due: [TimerToken: Int64] = [:]

    /// The presentation a restored session had: the remembered tab that presents, if any.
    init(restoring members: [DurableMember]) {
        if let record = members.last(where: { $0.presenting != nil }), let settings = record.presenting {
            presenter = Presenter(clientId: record.clientId, member: record.member.member)
            self.settings = settings
        }
    }

    /// The presentation as members see it.
    var state: PresentationState {
        PresentationState(
            presenter: presenter?.member, settings: settings, waiting: held.count,
            timers: settings.slowMotion ? due.values.sorted() : [])
    }

    func presents(_ clientId: String) -> Bool { presenter?.clientId == clientId }

    /// `clientId` presents from now on, with the settings as they are.
    mutating func hand(to presenter: Presenter) {
        self.presenter = presenter
    }

    /// A stored record of a tab put back after the snapshot: it may present, or no longer.
    mutating func restore(_ record: DurableMember) {
        if let settings = record.presenting {
            presenter = Presenter(clientId: record.clientId, member: record.member.member)
            self.settings = settings
        } else if presenter?.clientId == record.clientId {
            presenter = nil
        }
    }

    mutating func change(to settings: PresentationSettings) {
        self.settings = settings
    }

    /// Whether a program timer asked for now waits for Ready: in Present, while a lesson is followed.
    func holdsTimers(lessonFollowed: Bool) -> Bool {
        settings.present && lessonFollowed && presenter != nil
    }

    /// The delay a program timer asked for runs at: four times longer in slow motion.
    func scaled(_ milliseconds: Int) -> Int {
        settings.slowMotion ? milliseconds * PresentationState.slowMotionFactor : milliseconds
    }

    mutating func hold(_ token: TimerToken, milliseconds: Int) {
        held.append((token, milliseconds))
    }

    /// Lets go of the timers held for Ready, in the order they were asked for.
    mutating func releaseHeld() -> [(token: TimerToken, milliseconds: Int)] {
        defer { held = [] }
        return held
    }

    mutating func scheduled(_ token: TimerToken, at wallMilliseconds: Int64) {
        due[token] = wallMilliseconds
    }

    /// A timer fired or was cancelled: it is neither pending nor held any more.
    mutating func forget(_ token: TimerToken) {
        due[token] = nil
        held.removeAll { $0.token == token }
    }
}
