// swift-tools-version:6.0
import PackageDescription

/// FocusSync: a shared, live model of SwiftUI's `@FocusState`, served over WebSockets.
///
/// Target map (see docs/ARCHITECTURE.md):
/// - `FocusCore`: the pure focus model. No I/O, no C, no Foundation networking.
/// - `WebSocketTransport`: the only place that touches libwebsockets (`CLibWebSockets`).
/// - `MarkdownRendering`: the only place that touches cmark (`CCmark`).
/// - `FocusSyncServer`: HTTP routes, static files, sessions and protocol v1, built on the three above.
/// - `CommandLineParsing`: the argument-parser-style command line both executables share.
/// - `focus-sync`: the command-line entry point.
/// - `focus-bench`: the load generator and benchmark (`make bench`, docs/PERFORMANCE.md).
let package = Package(
    name: "FocusSync",
    products: [
        .executable(name: "focus-sync", targets: ["focus-sync"]),
        .executable(name: "focus-bench", targets: ["focus-bench"]),
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
        .target(name: "FocusCore"),
        .target(name: "FocusProtocol", dependencies: ["FocusCore"]),
        .target(name: "SessionMachine", dependencies: ["FocusCore", "FocusProtocol"]),
        .target(name: "CommandLineParsing"),
        .target(name: "WebSocketTransport", dependencies: ["CLibWebSockets"]),
        .target(name: "MarkdownRendering", dependencies: ["CCmark"]),
        .target(
            name: "FocusSyncServer",
            dependencies: [
                "FocusCore", "FocusProtocol", "SessionMachine", "WebSocketTransport", "MarkdownRendering", "CommandLineParsing",
            ]
        ),
        .executableTarget(name: "focus-sync", dependencies: ["FocusSyncServer", "CommandLineParsing"]),
        .executableTarget(name: "focus-bench", dependencies: ["WebSocketTransport", "FocusCore", "CommandLineParsing"]),
        .target(
            name: "TestSupport", dependencies: ["FocusProtocol", "FocusSyncServer", "WebSocketTransport"], path: "Tests/TestSupport"),
        .testTarget(name: "FocusCoreTests", dependencies: ["FocusCore", "TestSupport"]),
        .testTarget(name: "FocusProtocolTests", dependencies: ["FocusProtocol", "FocusCore", "TestSupport"]),
        .testTarget(name: "SessionMachineTests", dependencies: ["SessionMachine", "FocusProtocol", "FocusCore", "TestSupport"]),
        .testTarget(name: "WebSocketTransportTests", dependencies: ["WebSocketTransport", "TestSupport"]),
        .testTarget(name: "MarkdownRenderingTests", dependencies: ["MarkdownRendering"]),
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
