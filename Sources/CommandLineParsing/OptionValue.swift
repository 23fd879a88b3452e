/// Reading option values, with errors that name the option and say what was expected.
public enum OptionValue {
    public static func wholeNumber(_ text: String, for option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("\(option) expects a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'.")
        }
        return number
    }

    /// One of an enumeration's cases, by raw value: "must be libuv or poll", "must be one of a, b, c".
    public static func choice<Value: RawRepresentable & CaseIterable>(
        _ text: String, for option: String, as _: Value.Type = Value.self
    ) throws(UsageError) -> Value where Value.RawValue == String {
        if let value = Value(rawValue: text) { return value }
        let names = Value.allCases.map(\.rawValue)
        let expected = names.count == 2 ? "\(names[0]) or \(names[1])" : "one of " + names.joined(separator: ", ")
        throw UsageError("\(option) must be \(expected), got '\(text)'.")
    }

    public static func seconds(_ text: String, for option: String, in range: ClosedRange<Double>) throws(UsageError) -> Double {
        guard let number = Double(text), range.contains(number) else {
            throw UsageError(
                "\(option) expects seconds from \(plain(range.lowerBound)) to \(plain(range.upperBound)), got '\(text)'.")
        }
        return number
    }

    /// `2` rather than `2.0`; `0.5` as it is.
    private static func plain(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(value)
    }
}
