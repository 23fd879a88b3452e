/// How values are printed: as Swift prints them in the debugger and in `print` (`"text"`, `nil`,
/// `.password`, `.row(id: 6F1C0E0A-…)`, `Item(id: …, title: "A")`), and as string interpolation
/// shows them (`password`, `text`).
struct ValueText {
    /// Payload labels by enum name and case name (`row` → `["id"]`).
    var labels: [String: [String: [String?]]]

    init(program: SwiftUIProgram) {
        var labels: [String: [String: [String?]]] = [:]
        for declaration in program.enums {
            var cases: [String: [String?]] = [:]
            for item in declaration.cases { cases[item.name] = item.payloadLabels }
            labels[declaration.name] = cases
        }
        self.labels = labels
    }

    /// The value as Swift's `debugPrint` shows it; `short` cuts ids to their first four digits
    /// and long strings to 40 characters, for the drawn screen.
    func swift(_ value: ProgramValue, short: Bool = false) -> String {
        switch value {
        case .string(let text):
            // At most 40 UTF-8 bytes is at most 40 characters: most texts skip counting them.
            let cut = short && text.utf8.count > 40 && text.count > 40 ? String(text.prefix(40)) + "…" : text
            return "\"" + Self.escaped(cut) + "\""
        case .integer(let number): return String(number)
        case .double(let number): return number.description
        case .boolean(let flag): return flag ? "true" : "false"
        case .none: return "nil"
        case .uuid(let id): return short ? String(id.uuidString.prefix(4)) + "…" : id.uuidString
        case .array(let items): return "[" + items.map { swift($0, short: short) }.joined(separator: ", ") + "]"
        case .enumCase(let type, let name, let payload):
            return "." + name + payloadText(type: type, name: name, payload) { swift($0, short: short) }
        case .model(let type, let properties):
            let inner = properties.map { $0.name + ": " + swift($0.value, short: short) }
            return Self.shortTypeName(type) + "(" + inner.joined(separator: ", ") + ")"
        case .task(let number): return "Task #\(number)"
        }
    }

    /// The value as `"\(value)"` shows it: strings bare, enum cases without the dot.
    func interpolated(_ value: ProgramValue) -> String {
        switch value {
        case .string(let text): return text
        case .enumCase(let type, let name, let payload):
            return name + payloadText(type: type, name: name, payload) { swift($0) }
        default: return swift(value)
        }
    }

    private func payloadText(
        type: String, name: String, _ payload: [ProgramValue], _ show: (ProgramValue) -> String
    ) -> String {
        guard !payload.isEmpty else { return "" }
        let names = labels[type]?[name] ?? []
        let parts = payload.enumerated().map { offset, value in
            let label = offset < names.count ? names[offset] : nil
            return (label.map { $0 + ": " } ?? "") + show(value)
        }
        return "(" + parts.joined(separator: ", ") + ")"
    }

    /// `LoginForm.Item` prints as Swift prints a nested type's value: by its last name.
    static func shortTypeName(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }

    static func escaped(_ text: String) -> String {
        // Most texts need no escape: one pass over the bytes instead of building a copy by
        // characters (a replay prints every value typed).
        guard text.utf8.contains(where: { $0 == 0x22 || $0 == 0x5C || $0 == 0x0A || $0 == 0x09 }) else {
            return text
        }
        var out = ""
        for character in text {
            switch character {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.append(character)
            }
        }
        return out
    }
}
