import FocusProtocol
import Sessions
import WebSocketTransport

/// The routes of forks (docs/PROTOCOL.md, "Forks"): `POST /api/sessions/{id}/forks` makes a
/// student's own session from the one `{id}` opens, with its editor id or its viewer capability;
/// `GET /api/sessions/{id}/forks` lists a session's forks, to its editors only.
extension Application {
    func createFork(of capability: String, for request: HTTPRequest) -> HTTPResponse {
        guard let (parent, _) = sessions.registry.lookup(capability) else {
            return JSONResponse.error(Application.unknownSession)
        }
        // A fork would be held here without the lease every session of a cluster needs.
        guard ownership == nil else {
            return JSONResponse.error(
                ProtocolError(.sessionUnavailable, "Forks are not made by servers sharing a Redis yet (docs/SCALING.md)."))
        }
        do throws(ProtocolError) {
            let fork = try sessions.fork(of: parent)
            logger.info(
                "session forked", ["session": fork.id.redacted, "from": parent.redacted, "peer": request.peer])
            return JSONResponse.make(status: 201, CreatedSession(id: fork.id.rawValue, viewer: fork.viewerID.rawValue))
        } catch {
            logger.warning("fork refused", ["reason": error.message, "peer": request.peer])
            return JSONResponse.error(error)
        }
    }

    func listForks(of capability: String) -> HTTPResponse {
        guard let (id, role) = sessions.registry.lookup(capability) else {
            return JSONResponse.error(Application.unknownSession)
        }
        guard role == .editor else {
            return JSONResponse.error(
                ProtocolError(.readOnly, "This is a viewer link: only the session's editors see its students' forks."))
        }
        return JSONResponse.make(status: 200, sessions.forkEntries(of: id))
    }
}
