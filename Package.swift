// swift-tools-version:6.0
import PackageDescription

/// FocusSync: a shared, live model of SwiftUI's `@FocusState`, served over WebSockets.
///
/// Target map (see docs/ARCHITECTURE.md):
/// - `FocusCore`: the pure focus model. No I/O, no C, no Foundation networking.
/// - `WebSocketTransport`: the only place that touches libwebsockets (`CLibWebSockets`).
/// - `MarkdownRendering`: the only place that touches cmark (`CCmark`).
/// - `SQLiteStorage`: the durable log of sessions; the only place that touches SQLite (`CSQLite`).
/// - `FocusProtocol`: the wire vocabulary: client messages read strictly, server messages, error codes.
/// - `SessionMachine`: a session as a pure state machine, and the registry of sessions.
/// - `FocusSyncServer`: HTTP routes, static files and the drivers that run the machines on the transport.
/// - `CommandLineParsing`: the argument-parser-style command line both executables share.
/// - `focus-sync`: the command-line entry point.
/// - `focus-bench`: the load generator and benchmark (`make bench`, docs/PERFORMANCE.md).
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
        .target(name: "FocusCore"),
        .target(name: "FocusProtocol", dependencies: ["FocusCore"]),
        .target(name: "SessionMachine", dependencies: ["FocusCore", "FocusProtocol"]),
        .target(name: "CommandLineParsing"),
        .target(name: "WebSocketTransport", dependencies: ["CLibWebSockets"]),
        .target(name: "MarkdownRendering", dependencies: ["CCmark"]),
        .target(name: "SQLiteStorage", dependencies: ["CSQLite"]),
        .target(
            name: "FocusSyncServer",
            dependencies: [
                "FocusCore", "FocusProtocol", "SessionMachine", "WebSocketTransport", "MarkdownRendering", "CommandLineParsing",
            ]
        ),
        .executableTarget(name: "focus-sync", dependencies: ["FocusSyncServer", "CommandLineParsing"]),
        .executableTarget(name: "focus-bench", dependencies: ["WebSocketTransport", "FocusCore", "CommandLineParsing"]),
        .executableTarget(name: "storage-bench", dependencies: ["SQLiteStorage", "CommandLineParsing"]),
        .executableTarget(name: "storage-test-child", dependencies: ["SQLiteStorage"]),
        .target(
            name: "TestSupport", dependencies: ["FocusProtocol", "FocusSyncServer", "WebSocketTransport"], path: "Tests/TestSupport"),
        .testTarget(name: "FocusCoreTests", dependencies: ["FocusCore", "TestSupport"]),
        .testTarget(name: "FocusProtocolTests", dependencies: ["FocusProtocol", "FocusCore", "TestSupport"]),
        .testTarget(name: "SessionMachineTests", dependencies: ["SessionMachine", "FocusProtocol", "FocusCore", "TestSupport"]),
        .testTarget(name: "WebSocketTransportTests", dependencies: ["WebSocketTransport", "TestSupport"]),
        .testTarget(name: "MarkdownRenderingTests", dependencies: ["MarkdownRendering"]),
        .testTarget(name: "SQLiteStorageTests", dependencies: ["SQLiteStorage", "storage-test-child"]),
        .testTarget(
            name: "FocusSyncServerTests",
            dependencies: [
                "FocusSyncServer", "FocusProtocol", "SessionMachine", "WebSocketTransport", "FocusCore", "CommandLineParsing",
                "TestSupport",
            ]
        ),
        .testTarget(name: "FocusBenchTests", dependencies: ["focus-bench", "CommandLineParsing"]),
    ]
)
