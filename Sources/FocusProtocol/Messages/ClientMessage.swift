import FocusCore

/// A message from a client, read and checked for shape (the session checks its meaning).
public enum ClientMessage: Equatable, Sendable {
    /// Joins the session: the tab's secret client id and, optionally, the name to show.
    case hello(clientId: String, name: String?)
    /// Something the person did.
    case intent(IntentMessage)
    /// A new name to show to the others.
    case rename(name: String)
    /// Asks for a fresh snapshot (after `stale_base`).
    case resync
    /// Asks for the session as it was at a revision (the timeline), answered with `past`.
    case history(revision: Int)
    /// Where this editor's caret or selection is in the source, or `nil`: in no text now.
    /// Not a change: the session shares it with the others in its next `carets` message.
    case caret(CaretPlace?)
    /// The first line of the source this editor's editor shows (from 1): viewers follow the
    /// presenter's. Not a change: shared in the next `carets` message, as a caret is.
    case view(top: Int)
    /// Answered with `pong`, before `hello` too.
    case ping
    /// Step on or off: while it is on, the sender's next action (or a program timer's) is held
    /// and stepped through one statement at a time; off finishes what is held.
    case step(on: Bool)
    /// The next statement of the held action; past its last the action finishes.
    case stepForward
    /// The statement before.
    case stepBack
    /// The held action finishes at once (Step stays on for the next).
    case stepFinish
    /// The presenter changes what every member's page shows (the presenter's alone).
    case presentation(PresentationRequest)
    /// The presenter hands the role to another editor connected now.
    case presenter(MemberID)
    /// The presenter lets the program timers that wait for it go (`ready`).
    case ready
    /// An editor shows one of the session's forks (its viewer capability) on every member's
    /// screen, or stops showing it (`nil`): the class watches it read-only until then.
    case show(fork: String?)
}

/// An `intent` message: what a person did, on which screen, numbered by the sending client.
public struct IntentMessage: Equatable, Sendable {
    /// What was done, with what that action needs.
    public enum Action: Equatable, Sendable {
        case focus(FocusKey?)
        /// The whole text of a field (for scripts; the page sends splices).
        case edit(FocusKey, String)
        /// Replace `delete` UTF-16 code units at `at` with `insert`, in the text as it was at
        /// session revision `base`.
        case splice(FocusKey, base: Int, at: Int, delete: Int, insert: String)
        /// Return in the focused field.
        case submit
        /// The keyboard's dismiss key (Escape in a field of the page's phone): focus leaves the
        /// focused field.
        case dismiss
        /// A tap on a control of a session's own program (a button runs its action, a toggle flips,
        /// a field takes focus).
        case tap(FocusKey)
        /// Show another screen of the program.
        case navigate(ScreenID)
        /// Start (or jump to a step of) a lesson, or stop it (`nil`).
        case lesson(LessonID?, step: Int)
        /// Keep `lesson`, written by a teacher for the session's own source, as the session's
        /// lesson (in place of the one it had), and start it at its first step.
        case writeLesson(Lesson)
        /// Run a session's own program again from its start, as a fresh run whose first screen
        /// appears again (re-running a preview).
        case restart
    }

    public var seq: Int
    public var screen: ScreenID
    public var action: Action

    public init(seq: Int, screen: ScreenID, action: Action) {
        self.seq = seq
        self.screen = screen
        self.action = action
    }

    /// The largest `seq` (and `base`) accepted: 2^53, the largest whole number a browser counts exactly.
    public static let maximumSeq = 1 << 53
}
