import Foundation

/// A command's options and how to read them, in the manner of swift-argument-parser (which this
/// package cannot depend on): an abstract, a usage line, help for every option, `--name value`
/// and `--name=value`, errors that name the option, and exit code 64 for usage errors.
public struct CommandLineSyntax<Options>: Sendable {
    public let commandName: String
    public let abstract: String
    /// The version `--version` prints; nil when the command has no `--version`.
    public let version: String?
    public let options: [CommandLineOption<Options>]

    /// The exit code for a command line that cannot be run (`EX_USAGE`).
    public static var usageErrorExitCode: Int32 { 64 }

    public init(commandName: String, abstract: String, version: String? = nil, options: [CommandLineOption<Options>]) {
        self.commandName = commandName
        self.abstract = abstract
        self.version = version
        self.options = options
    }

    /// Parses the arguments after the command name, applying each option to `initial` in order.
    /// `-h`/`--help` (and `--version`, when there is one) win wherever they stand.
    public func parse(_ arguments: [String], startingFrom initial: Options) throws(UsageError) -> CommandLineRequest<Options> {
        var result = initial
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "-h" || argument == "--help" { return .help }
            if argument == "--version", version != nil { return .version }
            let (name, inlineValue) = Self.split(argument)
            guard let option = options.first(where: { $0.name == name }) else {
                if argument.hasPrefix("-") { throw UsageError("Unknown option '\(name)'.") }
                throw UsageError("Unexpected argument '\(argument)'; \(commandName) takes only options.")
            }
            guard let valueName = option.valueName else {
                guard inlineValue == nil else { throw UsageError("\(name) takes no value.") }
                try option.apply(&result, "")
                continue
            }
            guard let value = inlineValue ?? remaining.popFirst() else {
                throw UsageError("Missing value for '\(name) <\(valueName)>'.")
            }
            try option.apply(&result, value)
        }
        return .run(result)
    }

    public var usage: String {
        "USAGE: \(commandName) " + options.map { "[\($0.synopsis)\($0.repeatable ? " ..." : "")]" }.joined(separator: " ")
    }

    /// The whole help text: overview, usage, options, then any extra sections and closing lines.
    public func help(sections: [(title: String, rows: [(String, String)])] = [], closing: [String] = []) -> String {
        var rows = options.map { ($0.synopsis, $0.help) }
        if version != nil { rows.append(("--version", "Show the version.")) }
        rows.append(("-h, --help", "Show help information."))
        var lines = ["OVERVIEW: \(abstract)", "", usage, "", "OPTIONS:"] + Self.aligned(rows)
        for section in sections {
            lines += ["", "\(section.title):"] + Self.aligned(section.rows)
        }
        if !closing.isEmpty { lines += [""] + closing }
        return lines.joined(separator: "\n")
    }

    /// The text printed for a usage error, before exiting with ``usageErrorExitCode``.
    public func errorText(_ error: UsageError) -> String {
        "Error: \(error.message)\n\(usage)\n  See '\(commandName) --help' for more information."
    }

    private static func aligned(_ rows: [(String, String)]) -> [String] {
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { left, right in "  " + left.padding(toLength: width + 2, withPad: " ", startingAt: 0) + right }
    }

    static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
