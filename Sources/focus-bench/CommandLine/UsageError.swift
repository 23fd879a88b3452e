/// A command line that cannot be run, explained in one sentence that names the option.
struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
