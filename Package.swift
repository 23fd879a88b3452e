// swift-tools-version:6.0
import PackageDescription

/// FocusSync: a shared, live model of SwiftUI's `@FocusState`, served over WebSockets.
///
/// Target map (see docs/ARCHITECTURE.md):
/// - `FocusCore`: the pure focus model. No I/O, no C, no Foundation networking.
/// - `WebSocketTransport`: the only place that touches libwebsockets (`CLibWebSockets`).
/// - `MarkdownRendering`: the only place that touches cmark (`CCmark`).
/// - `SQLiteStorage`: the durable log of sessions; the only place that touches SQLite (`CSQLite`).
/// - `RedisCoordination`: the only place that touches hiredis (`CHiredis`): leases, the fenced
///   change log and snapshots in Redis, for running several processes (docs/SCALING.md).
/// - `FocusProtocol`: the wire vocabulary: client messages read strictly, server messages, error codes.
/// - `SessionMachine`: a session as a pure state machine, and the registry of sessions.
/// - `FocusSyncServer`: HTTP routes, static files and the drivers that run the machines on the transport.
/// - `CommandLineParsing`: the argument-parser-style command line both executables share.
/// - `focus-sync`: the command-line entry point.
/// - `focus-bench`: the load generator and benchmark (`make bench`, docs/PERFORMANCE.md), its own
///   WebSocket client on raw sockets and epoll (`CLinuxEvents`).
/// - `storage-bench`: writes and restores a large log to measure `SQLiteStorage`.
/// - `storage-test-child`: the child process `SQLiteStorageTests` kill -9 and run as another user.
let package = Package(
    name: "FocusSync",
    products: [
        .executable(name: "focus-sync", targets: ["focus-sync"]),
        .executable(name: "focus-bench", targets: ["focus-bench"]),
        .executable(name: "storage-bench", targets: ["storage-bench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibWebSockets",
            pkgConfig: "libwebsockets",
            providers: [.apt(["libwebsockets-dev"])]
        ),
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
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
        // epoll and eventfd for focus-bench's client: Linux headers Swift's Glibc module leaves out.
        .systemLibrary(name: "CLinuxEvents"),
        .target(name: "FocusCore"),
        .target(name: "FocusProtocol", dependencies: ["FocusCore"]),
        .target(name: "SessionMachine", dependencies: ["FocusCore", "FocusProtocol"]),
        .target(name: "CommandLineParsing"),
        .target(name: "WebSocketTransport", dependencies: ["CLibWebSockets"]),
        .target(name: "MarkdownRendering", dependencies: ["CCmark"]),
        .target(name: "SQLiteStorage", dependencies: ["CSQLite"]),
        .target(name: "RedisCoordination", dependencies: ["CHiredis"]),
        .target(
            name: "FocusSyncServer",
            dependencies: [
                "FocusCore", "FocusProtocol", "SessionMachine", "WebSocketTransport", "MarkdownRendering", "CommandLineParsing",
                "SQLiteStorage", "RedisCoordination",
            ]
        ),
        .executableTarget(name: "focus-sync", dependencies: ["FocusSyncServer", "CommandLineParsing"]),
        .executableTarget(name: "focus-bench", dependencies: ["CLinuxEvents", "FocusCore", "CommandLineParsing"]),
        .executableTarget(name: "storage-bench", dependencies: ["SQLiteStorage", "CommandLineParsing"]),
        .executableTarget(name: "storage-test-child", dependencies: ["SQLiteStorage"]),
        .target(
            name: "TestSupport", dependencies: ["FocusCore", "FocusProtocol", "FocusSyncServer", "WebSocketTransport"],
            path: "Tests/TestSupport"),
        .testTarget(name: "FocusCoreTests", dependencies: ["FocusCore", "FocusProtocol", "TestSupport"]),
        .testTarget(name: "FocusProtocolTests", dependencies: ["FocusProtocol", "FocusCore", "TestSupport"]),
        .testTarget(name: "SessionMachineTests", dependencies: ["SessionMachine", "FocusProtocol", "FocusCore", "TestSupport"]),
        .testTarget(name: "WebSocketTransportTests", dependencies: ["WebSocketTransport", "TestSupport"]),
        .testTarget(name: "MarkdownRenderingTests", dependencies: ["MarkdownRendering"]),
        .testTarget(name: "SQLiteStorageTests", dependencies: ["SQLiteStorage", "storage-test-child", "TestSupport"]),
        .testTarget(name: "RedisCoordinationTests", dependencies: ["RedisCoordination"]),
        .testTarget(
            name: "FocusSyncServerTests",
            dependencies: [
                "FocusSyncServer", "FocusProtocol", "SessionMachine", "WebSocketTransport", "FocusCore", "CommandLineParsing",
                "RedisCoordination", "TestSupport",
            ]
        ),
        // WebSocketTransport: its server checks the bench's own client (the bench itself does not use it).
        .testTarget(name: "FocusBenchTests", dependencies: ["focus-bench", "CommandLineParsing", "WebSocketTransport"]),
    ]
)
