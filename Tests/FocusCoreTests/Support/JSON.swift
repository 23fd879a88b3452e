import FocusProtocol
import Foundation

/// `value` encoded to JSON by the server's own encoder and read back as plain objects, to compare
/// with protocol examples.
func jsonObject(_ value: some Encodable) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(StreamingJSONEncoder().encode(value)), options: [.fragmentsAllowed])
}

/// A protocol example read as plain objects.
func jsonObject(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

/// Whether two JSON values are the same (object key order aside).
func sameJSON(_ lhs: Any, _ rhs: Any) -> Bool {
    switch (lhs, rhs) {
    case (let lhs as [String: Any], let rhs as [String: Any]):
        lhs.count == rhs.count && lhs.allSatisfy { key, value in rhs[key].map { sameJSON(value, $0) } ?? false }
    case (let lhs as [Any], let rhs as [Any]):
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy(sameJSON)
    case (let lhs as NSNumber, let rhs as NSNumber):
        lhs == rhs
    case (let lhs as String, let rhs as String):
        lhs == rhs
    case (is NSNull, is NSNull):
        true
    default:
        false
    }
}

/// The value at `key` of a JSON object.
func field(_ object: Any, _ key: String) -> Any? {
    (object as? [String: Any])?[key]
}
