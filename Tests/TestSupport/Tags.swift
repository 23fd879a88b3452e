import Testing

extension Tag {
    /// A suite that opens real sockets: a libwebsockets server or client, a focus-sync process or a
    /// redis-server. These run one at a time, in `make test` only: libwebsockets 4.1.6 closes a
    /// descriptor twice when a libuv context is destroyed, which can hit a socket another test just
    /// opened (see Loop/EventPipeGuard.swift). Every suite of the targets `make check` runs in
    /// parallel is pure, and `scripts/swift-tests.py` refuses a pure target that holds a tagged one.
    @Tag public static var transport: Self

    /// A suite that takes seconds: it waits out a timeout, kills and restarts processes, or types
    /// for a while. `scripts/swift-tests.py` starts these first, so that its workers end together.
    @Tag public static var long: Self
}
