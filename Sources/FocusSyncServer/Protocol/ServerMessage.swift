import FocusCore
import WebSocketTransport

/// Encodes the server's messages (docs/PROTOCOL.md) into shared, send-ready `OutboundMessage`s.
///
/// A message is encoded once, however many connections it goes to.
enum ServerMessage {
    /// Encodes `message` in one pass with ``StreamingJSONEncoder`` (Foundation's `JSONEncoder`
    /// was most of the cost of an intent). Our message types encode plain values only, so this
    /// cannot fail in practice; should it ever, the client gets an `error` rather than nothing.
    static func encode(_ message: some Encodable) -> OutboundMessage {
        do {
            return OutboundMessage(utf8: try StreamingJSONEncoder().encode(message))
        } catch {
            return OutboundMessage(text: #"{"type":"error","code":"internal","message":"The server could not encode its answer."}"#)
        }
    }

    static func error(_ error: ProtocolError) -> OutboundMessage {
        encode(ErrorMessage(code: error.code.rawValue, message: error.message, seq: error.seq))
    }

    static func ack(seq: Int, reason: String) -> OutboundMessage {
        encode(AckMessage(seq: seq, reason: reason))
    }

    /// A fresh message each time: a message belongs to the server that first sends it.
    static var pong: OutboundMessage { OutboundMessage(text: #"{"type":"pong"}"#) }

    struct ErrorMessage: Encodable {
        var type = "error"
        var code: String
        var message: String
        var seq: Int?
    }

    struct AckMessage: Encodable {
        var type = "ack"
        var seq: Int
        var reason: String
    }

    struct PresenceMessage: Encodable {
        var type = "presence"
        var clients: [ClientIdentity]
    }

    struct SnapshotMessage: Encodable {
        var type = "snapshot"
        var revision: Int
        var you: ClientIdentity
        var schema: Schema
        var state: SessionPayload
    }

    /// The snapshot's `state`: FocusCore's session snapshot plus who is here and the log.
    struct SessionPayload: Encodable {
        var session: SessionSnapshot
        var clients: [ClientIdentity]
        var log: [LogEntry]

        enum Keys: String, CodingKey { case clients, log }

        func encode(to encoder: any Encoder) throws {
            try session.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(clients, forKey: .clients)
            try container.encode(log, forKey: .log)
        }
    }

    struct UpdateMessage: Encodable {
        var revision: Int
        /// The client whose intent this was; nil for the server's own changes (written as `null`).
        var by: String?
        var seq: Int?
        var at: Int64
        var screen: ScreenID
        var current: ScreenID
        var events: [FocusEvent]
        var state: ScreenSnapshot
        /// Present only when the settings changed.
        var settings: Settings?

        enum Keys: String, CodingKey { case type, revision, by, seq, at, screen, current, events, state, settings }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("update", forKey: .type)
            try container.encode(revision, forKey: .revision)
            try container.encode(by, forKey: .by)
            try container.encodeIfPresent(seq, forKey: .seq)
            try container.encode(at, forKey: .at)
            try container.encode(screen, forKey: .screen)
            try container.encode(current, forKey: .current)
            try container.encode(events, forKey: .events)
            try container.encode(state, forKey: .state)
            try container.encodeIfPresent(settings, forKey: .settings)
        }
    }
}
