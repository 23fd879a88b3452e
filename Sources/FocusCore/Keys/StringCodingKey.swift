/// A coding key that is just a string, so dictionaries keyed by ids and focus keys encode as
/// JSON objects (`{"firstName": "Ada"}`) rather than as arrays of pairs.
struct StringCodingKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ stringValue: String) {
        self.stringValue = stringValue
    }

    init(stringValue: String) {
        self.init(stringValue)
    }

    init?(intValue: Int) {
        nil
    }
}
