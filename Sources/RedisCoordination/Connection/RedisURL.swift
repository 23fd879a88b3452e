/// Where Redis listens, as given to `--redis`: `redis://host[:port][/db]`.
///
/// The port defaults to 6379 and the database to 0. An IPv6 address goes in brackets
/// (`redis://[::1]:6379`). User names, passwords and query parameters are not supported.
public struct RedisURL: Sendable, Hashable, CustomStringConvertible {
    /// A host name or an IP address, without brackets.
    public var host: String
    public var port: Int
    /// The database number `SELECT`ed after connecting.
    public var database: Int

    public init(host: String, port: Int = 6379, database: Int = 0) {
        self.host = host
        self.port = port
        self.database = database
    }

    /// Parses a `--redis` value; the error names the option and the expected form.
    public init(parsing text: String) throws(RedisCoordinationError) {
        func invalid(_ problem: String) -> RedisCoordinationError {
            .invalidURL(given: text, problem: problem)
        }
        let scheme = "redis://"
        guard text.hasPrefix(scheme) else { throw invalid("it does not start with redis://") }
        let rest = text.dropFirst(scheme.count)
        if let bad = rest.first(where: { "@?#".contains($0) }) {
            throw invalid("'\(bad)' is not supported: no user, password or parameters")
        }
        let authority = rest.prefix { $0 != "/" }
        let path = rest.dropFirst(authority.count)

        var hostPart = authority
        var portPart: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw invalid("the IPv6 address has no closing ']'") }
            hostPart = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw invalid("expected ':' and a port after the IPv6 address") }
                portPart = after.dropFirst()
            }
        } else if let colon = authority.firstIndex(of: ":") {
            hostPart = authority[..<colon]
            portPart = authority[authority.index(after: colon)...]
        }
        guard !hostPart.isEmpty else { throw invalid("the host is missing") }

        var port = 6379
        if let portPart {
            guard let value = Self.decimal(portPart), (1...65535).contains(value) else {
                throw invalid("the port must be a number from 1 to 65535")
            }
            port = value
        }
        var database = 0
        if path.count > 1 {
            guard let value = Self.decimal(path.dropFirst()), value < 1 << 16 else {
                throw invalid("the database after '/' must be a number")
            }
            database = value
        }
        self.init(host: String(hostPart), port: port, database: database)
    }

    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "redis://\(shownHost):\(port)/\(database)"
    }

    private static func decimal(_ digits: Substring) -> Int? {
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }
}
