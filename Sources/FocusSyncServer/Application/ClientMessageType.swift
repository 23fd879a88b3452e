import Foundation

/// Reads only the `type` discriminator of a client message.
enum ClientMessageType {
    private struct Envelope: Decodable { var type: String }

    static func of(_ text: [UInt8]) -> String? {
        try? JSONDecoder().decode(Envelope.self, from: Data(text)).type
    }
}
