/// One check `validate` runs on a field's text. Every rule but `required` lets an empty text
/// pass, so an optional field may stay empty.
public enum ValidationRule: Equatable, Sendable {
    /// The text must hold something other than whitespace; `message` says what to enter.
    case required(message: String)
    /// The text must look like an email address (`name@example.com`).
    case emailAddress
    /// The text must be a phone number: 7 to 15 digits, with `+` only at the start, and spaces,
    /// dashes and parentheses between them.
    case phoneNumber
    /// The text may hold at most this many characters.
    case maximumLength(Int)

    /// What is wrong with `text`, in words a person can act on; `nil` if the rule holds.
    public func problem(with text: String) -> String? {
        switch self {
        case .required(let message):
            return text.allSatisfy(\.isWhitespace) ? message : nil
        case .emailAddress:
            return text.isEmpty || EmailAddressFormat.accepts(text)
                ? nil : "Enter an email address like name@example.com."
        case .phoneNumber:
            return text.isEmpty || PhoneNumberFormat.accepts(text)
                ? nil
                : "Enter a phone number of 7 to 15 digits, like +44 20 7946 0000; only +, spaces, dashes and parentheses may go with the digits."
        case .maximumLength(let limit):
            return text.count <= limit ? nil : "Shorten this to at most \(limit) characters (it has \(text.count))."
        }
    }

    /// The first problem any of `rules` finds with `text`, or `nil`.
    public static func firstProblem(in rules: [ValidationRule], with text: String) -> String? {
        for rule in rules {
            if let problem = rule.problem(with: text) { return problem }
        }
        return nil
    }
}

extension ValidationRule: Codable {
    private enum CodingKeys: String, CodingKey {
        case rule, message, limit
    }

    private enum Name: String, Codable {
        case required, emailAddress, phoneNumber, maximumLength
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Name.self, forKey: .rule) {
        case .required: self = .required(message: try container.decode(String.self, forKey: .message))
        case .emailAddress: self = .emailAddress
        case .phoneNumber: self = .phoneNumber
        case .maximumLength: self = .maximumLength(try container.decode(Int.self, forKey: .limit))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .required(let message):
            try container.encode(Name.required, forKey: .rule)
            try container.encode(message, forKey: .message)
        case .emailAddress:
            try container.encode(Name.emailAddress, forKey: .rule)
        case .phoneNumber:
            try container.encode(Name.phoneNumber, forKey: .rule)
        case .maximumLength(let limit):
            try container.encode(Name.maximumLength, forKey: .rule)
            try container.encode(limit, forKey: .limit)
        }
    }
}
