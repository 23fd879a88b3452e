import Foundation

/// A message from a client, decoded and checked for shape (not yet for meaning).
enum ClientMessage: Sendable, Equatable {
    case hello(clientId: String, name: String?)
    case intent(IntentMessage)
    case ping

    /// Decodes one text frame. Every failure is a ``ProtocolError`` that names what is wrong.
    static func decode(_ text: [UInt8]) throws(ProtocolError) -> ClientMessage {
        let decoder = JSONDecoder()
        let data = Data(text)
        do {
            return try decoder.decode(Wire.self, from: data).message
        } catch let error as ProtocolError {
            throw error
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            throw ProtocolError(.badJSON, "The message is not valid JSON.")
        } catch let error as DecodingError {
            throw ProtocolError(.badMessage, ClientMessage.explain(error), seq: seqIfPresent(in: data))
        } catch {
            throw ProtocolError(.badMessage, "The message could not be read.")
        }
    }

    /// `seq` of a message that is refused before (or while) it is decoded, so the error can answer it.
    static func seqIfPresent(in text: [UInt8]) -> Int? {
        seqIfPresent(in: Data(text))
    }

    private static func seqIfPresent(in data: Data) -> Int? {
        struct SeqOnly: Decodable { var seq: Int? }
        return (try? JSONDecoder().decode(SeqOnly.self, from: data))?.seq
    }

    private static func explain(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context.codingPath)
            return "The message needs a '\(parent.isEmpty ? key.stringValue : parent + "." + key.stringValue)' field."
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "The field '\(path(context.codingPath))' has the wrong type. \(context.debugDescription)"
        case .dataCorrupted(let context):
            return "The field '\(path(context.codingPath))' is not valid: \(context.debugDescription)"
        @unknown default:
            return "The message could not be read."
        }
    }

    private struct Wire: Decodable {
        var message: ClientMessage

        enum Keys: String, CodingKey { case type, clientId, name }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            let type = try container.decode(String.self, forKey: .type)
            switch type {
            case "hello":
                message = .hello(
                    clientId: try container.decode(String.self, forKey: .clientId),
                    name: try container.decodeIfPresent(String.self, forKey: .name))
            case "intent":
                message = .intent(try IntentMessage(from: decoder))
            case "ping":
                message = .ping
            default:
                throw ProtocolError(.badMessage, "Unknown message type '\(type)'; expected hello, intent or ping.")
            }
        }
    }
}
