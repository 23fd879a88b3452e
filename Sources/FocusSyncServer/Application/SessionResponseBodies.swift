import FocusCore
import FocusProtocol

extension Application {
    /// `POST /api/sessions`: the editor capability (`id`) and the read-only one (`viewer`).
    struct CreatedSession: Encodable {
        var id: String
        var viewer: String
    }

    /// `GET /api/sessions/{id}`: what a snapshot's `state` holds, for the capability given.
    struct SessionBody: Encodable {
        var id: String
        var role: Role
        var revision: Int
        var state: SessionSnapshot
        /// The node holding the session: this one.
        var node: String
    }
}
