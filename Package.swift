// swift-tools-version:6.0
import Foundation
import PackageDescription

/// The toolchain's own swift-syntax (`SwiftParser`, `SwiftParserDiagnostics`, …): host libraries in
/// `<toolchain>/usr/lib/swift/host/`, found from the `swiftc` on the `PATH` (the one building
/// this package), never from a fixed path. `nil` where that folder has no `SwiftParser`.
let swiftSyntaxHost: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for folder in path.split(separator: ":") {
        let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
        guard FileManager.default.isExecutableFile(atPath: candidate.path) else { continue }
        let host = candidate.resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("../lib/swift/host").standardizedFileURL.path
        return FileManager.default.fileExists(atPath: host + "/SwiftParser.swiftmodule") ? host : nil
    }
    return nil
}()

/// How a target links the toolchain's swift-syntax libraries `names`.
func swiftSyntax(_ names: [String]) -> (swift: [SwiftSetting], linker: [LinkerSetting]) {
    guard let host = swiftSyntaxHost else {
        fatalError(
            "FocusSync reads SwiftUI sources with the Swift toolchain's own parser (swift-syntax), but no swiftc on the PATH "
                + "has <toolchain>/usr/lib/swift/host/SwiftParser.swiftmodule; put a Swift 6 toolchain from swift.org on the "
                + "PATH (see README).")
    }
    return (
        [.unsafeFlags(["-I", host])],
        [.unsafeFlags(["-L", host] + names.map { "-l" + $0 } + ["-Xlinker", "-rpath", "-Xlinker", host])]
    )
}

let parser = swiftSyntax([
    "SwiftSyntax", "SwiftParser", "SwiftDiagnostics", "SwiftParserDiagnostics", "SwiftOperators", "SwiftIDEUtils",
])

/// FocusSync: a shared, live model of SwiftUI's `@FocusState`, served over WebSockets.
///
/// Target map (see docs/ARCHITECTURE.md):
/// - `FocusCore`: the pure focus model. No I/O, no C, no Foundation networking.
/// - `TransportWire`: the transport's pure wire formats (request heads, percent-encoding, WebSocket
///   frames and message reassembly); no I/O, no C, so it can be fuzzed on its own.
/// - `CReceiveTap`: the process's `recv` and `close`, so the transport sees the bytes libwebsockets
///   reads from its sockets (frame mask bits, raw request heads); see docs/ARCHITECTURE.md.
/// - `WebSocketTransport`: the libwebsockets server; the only server code that touches libwebsockets.
/// - `NetworkClients`: a libwebsockets WebSocket client and a raw HTTP client, for tests and the benchmark.
/// - `SQLiteStorage`: the durable log of sessions; the only place that touches SQLite (`CSQLite`).
/// - `RedisCoordination`: the only place that touches hiredis (`CHiredis`): leases, the fenced
///   change log and snapshots in Redis, for running several processes (docs/SCALING.md).
/// - `FocusProtocol`: the wire vocabulary: client messages read strictly, server messages, error codes.
/// - `SwiftUISource`: a session's SwiftUI source read by the toolchain's own parser (swift-syntax,
///   linked from the toolchain's host libraries): its diagnostics with line and column, its syntax
///   colours (by SwiftIDEUtils' rules, which its tests check against), and `SourceReader`, which reads it into FocusCore's `SwiftUIProgram`.
/// - `Sessions`: a session as a pure state machine (`SessionMachine`), and the registry of sessions.
/// - `FocusSyncServer`: HTTP routes, static files and the drivers that run the machines on the transport.
/// - `CommandLineParsing`: the argument-parser-style command line both executables share.
/// - `Locking`: `Locked`, the one lock type, on `NSLock` so ThreadSanitizer sees it (`make sanitize`).
/// - `focus-sync`: the command-line entry point.
/// - `focus-compile`: the process focus-sync compiles sessions' sources in, so that a source that
///   crashes or stalls the parser ends that process and not the server.
/// - `focus-bench`: the load generator and benchmark (`make bench`, docs/PERFORMANCE.md), its own
///   WebSocket client on raw sockets and epoll (`CLinuxEvents`).
/// - `storage-bench`: writes and restores a large log to measure `SQLiteStorage`.
/// - `storage-test-child`: the child process `SQLiteStorageTests` kill -9 and run as another user.
/// - `reader-timing`: how long a 40-line and a 200-line source take to parse, read, check and start (`make bench-compile`).
/// - `conformance-echo`: an echo server on the transport for Autobahn|Testsuite (`make conformance`).
/// - `FuzzChecks`, `focus-fuzz`: fuzz targets (one file each) and their libFuzzer driver (`make fuzz`);
///   `FuzzChecksTests` replays their corpora in `make test`.
let package = Package(
    name: "FocusSync",
    products: [
        .executable(name: "focus-sync", targets: ["focus-sync"]),
        .executable(name: "focus-compile", targets: ["focus-compile"]),
        .executable(name: "focus-bench", targets: ["focus-bench"]),
        .executable(name: "storage-bench", targets: ["storage-bench"]),
        .executable(name: "conformance-echo", targets: ["conformance-echo"]),
        .executable(name: "focus-fuzz", targets: ["focus-fuzz"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibWebSockets",
            pkgConfig: "libwebsockets",
            providers: [.apt(["libwebsockets-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // No `pkgConfig: "hiredis"`: its flags carry `-D_FILE_OFFSET_BITS=64`, which SwiftPM drops
        // with a warning on every build. The shim includes <hiredis/hiredis.h> from /usr/include
        // and the module map links the library; on 64-bit Linux the define changes nothing.
        .systemLibrary(
            name: "CHiredis",
            providers: [.apt(["libhiredis-dev"])]
        ),
        // epoll and eventfd for focus-bench's client, malloc_trim for the transport: Linux headers
        // Swift's Glibc module leaves out.
        .systemLibrary(name: "CLinuxEvents"),
        .target(name: "FocusCore"),
        .target(name: "FocusProtocol", dependencies: ["FocusCore"]),
        .target(name: "Sessions", dependencies: ["FocusCore", "FocusProtocol"]),
        .target(name: "SwiftUISource", dependencies: ["FocusCore"], linkerSettings: parser.linker),
        .target(name: "CommandLineParsing"),
        .target(name: "Locking"),
        .target(name: "TransportWire"),
        .target(name: "CReceiveTap"),
        .target(
            name: "WebSocketTransport",
            dependencies: ["CLibWebSockets", "CLinuxEvents", "CReceiveTap", "Locking", "TransportWire"]),
        .target(name: "NetworkClients", dependencies: ["CLibWebSockets", "Locking", "TransportWire", "WebSocketTransport"]),
        .target(name: "SQLiteStorage", dependencies: ["CSQLite", "Locking"]),
        .target(name: "RedisCoordination", dependencies: ["CHiredis"]),
        .target(
            name: "FocusSyncServer",
            dependencies: [
                "FocusCore", "FocusProtocol", "Sessions", "TransportWire", "WebSocketTransport",
                "CommandLineParsing", "Locking", "SQLiteStorage", "RedisCoordination", "SwiftUISource",
            ]
        ),
        .executableTarget(name: "focus-sync", dependencies: ["FocusSyncServer", "CommandLineParsing"]),
        .executableTarget(name: "focus-compile", dependencies: ["FocusCore", "FocusProtocol", "SwiftUISource"]),
        .executableTarget(
            name: "focus-bench",
            dependencies: ["CLinuxEvents", "FocusCore", "SwiftUISource", "CommandLineParsing", "Locking", "TransportWire"]),
        .executableTarget(name: "storage-bench", dependencies: ["SQLiteStorage", "CommandLineParsing", "Locking"]),
        .executableTarget(name: "storage-test-child", dependencies: ["SQLiteStorage", "Locking"]),
        .executableTarget(name: "conformance-echo", dependencies: ["WebSocketTransport"], path: "Tests/ConformanceEcho"),
        // Run by hand for SourceReader's timing figures (see its main.swift).
        .executableTarget(
            name: "reader-timing", dependencies: ["SwiftUISource", "FocusCore", "FocusProtocol"], path: "Tests/ReaderTiming"),
        .target(
            name: "FuzzChecks",
            dependencies: ["TransportWire", "FocusCore", "FocusProtocol", "SwiftUISource"],
            path: "Tests/Fuzz/Checks"),
        .systemLibrary(name: "CLibFuzzer"),
        .executableTarget(name: "focus-fuzz", dependencies: ["FuzzChecks", "CLibFuzzer"], path: "Tests/Fuzz/Driver"),
        .target(
            name: "TestSupport",
            dependencies: [
                "FocusCore", "FocusProtocol", "FocusSyncServer", "Locking", "Sessions", "WebSocketTransport", "NetworkClients",
            ],
            path: "Tests/TestSupport"),
        .testTarget(name: "FocusCoreTests", dependencies: ["FocusCore", "FocusProtocol", "TestSupport"]),
        .testTarget(name: "FocusProtocolTests", dependencies: ["FocusProtocol", "FocusCore", "TestSupport"]),
        .testTarget(
            name: "SessionMachineTests", dependencies: ["Sessions", "FocusProtocol", "FocusCore", "SwiftUISource", "TestSupport"]),
        .testTarget(name: "TransportWireTests", dependencies: ["TransportWire"]),
        .testTarget(name: "SwiftUISourceTests", dependencies: ["SwiftUISource", "FocusCore"]),
        .testTarget(
            name: "SourceProgramTests",
            dependencies: ["SwiftUISource", "FocusCore", "FocusProtocol", "Sessions", "TestSupport"]),
        .testTarget(name: "FuzzChecksTests", dependencies: ["FuzzChecks"]),
        .testTarget(
            name: "WebSocketTransportTests",
            dependencies: ["WebSocketTransport", "NetworkClients", "TransportWire", "Locking", "TestSupport"]),
        .testTarget(name: "SQLiteStorageTests", dependencies: ["SQLiteStorage", "storage-test-child", "Locking", "TestSupport"]),
        .testTarget(name: "RedisCoordinationTests", dependencies: ["RedisCoordination", "Locking", "TestSupport"]),
        .testTarget(
            name: "FocusSyncServerTests",
            dependencies: [
                "FocusSyncServer", "focus-compile", "FocusProtocol", "Sessions", "WebSocketTransport", "NetworkClients",
                "FocusCore",
                "CommandLineParsing", "RedisCoordination", "Locking", "TestSupport",
            ]
        ),
        // WebSocketTransport: its server checks the bench's own client (the bench itself does not use it).
        .testTarget(
            name: "FocusBenchTests",
            dependencies: ["focus-bench", "CommandLineParsing", "Locking", "WebSocketTransport", "TestSupport"]),
    ]
)

// A module that imports one built on swift-syntax must find swift-syntax's modules too, however
// far down the import is: every Swift target gets the folder.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + parser.swift
}
