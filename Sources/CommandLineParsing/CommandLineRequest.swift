/// What a command line asks for: run with these options, or print the help or the version.
public enum CommandLineRequest<Options> {
    case run(Options)
    case help
    case version
}

extension CommandLineRequest: Equatable where Options: Equatable {}
extension CommandLineRequest: Sendable where Options: Sendable {}
