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
/// - `focus-bench`: the load generator and benchmark (`make bench`, docs/PERFORMANCE.md), its own
///   WebSocket client on raw sockets and epoll (`CLinuxEvents`).
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
        // epoll and eventfd for focus-bench's client: Linux headers Swift's Glibc module leaves out.
        .systemLibrary(name: "CLinuxEvents"),
        .target(name: "FocusCore"),
        .target(name: "CommandLineParsing"),
        .target(name: "WebSocketTransport", dependencies: ["CLibWebSockets"]),
        .target(name: "MarkdownRendering", dependencies: ["CCmark"]),
        .target(
            name: "FocusSyncServer",
            dependencies: ["FocusCore", "WebSocketTransport", "MarkdownRendering", "CommandLineParsing"]
        ),
        .executableTarget(name: "focus-sync", dependencies: ["FocusSyncServer", "CommandLineParsing"]),
        .executableTarget(name: "focus-bench", dependencies: ["CLinuxEvents", "FocusCore", "CommandLineParsing"]),
        .testTarget(name: "FocusCoreTests", dependencies: ["FocusCore"]),
        .testTarget(name: "WebSocketTransportTests", dependencies: ["WebSocketTransport"]),
        .testTarget(name: "MarkdownRenderingTests", dependencies: ["MarkdownRendering"]),
        .testTarget(
            name: "FocusSyncServerTests",
            dependencies: ["FocusSyncServer", "WebSocketTransport", "FocusCore", "CommandLineParsing"]
        ),
        // WebSocketTransport: its server checks the bench's own client (the bench itself does not use it).
        .testTarget(name: "FocusBenchTests", dependencies: ["focus-bench", "CommandLineParsing", "WebSocketTransport"]),
    ]
)
