// swift-tools-version:6.0
import PackageDescription

/// FocusSync: a shared, live model of SwiftUI's `@FocusState`, served over WebSockets.
///
/// Target map (see docs/ARCHITECTURE.md):
/// - `FocusCore`: the pure focus model. No I/O, no C, no Foundation networking.
/// - `TransportWire`: the transport's pure wire formats (request heads, percent-encoding, WebSocket
///   frames and message reassembly); no I/O, no C, so it can be fuzzed on its own.
/// - `CReceiveTap`: the process's `recv` and `close`, so the transport sees the bytes libwebsockets
///   reads from its sockets (frame mask bits, raw request heads); see docs/ARCHITECTURE.md.
/// - `WebSocketTransport`: the libwebsockets server; the only server code that touches libwebsockets.
/// - `WebSocketClient`: a libwebsockets client and a raw HTTP client, for tests and the benchmark.
/// - `MarkdownRendering`: the only place that touches cmark (`CCmark`).
/// - `FocusSyncServer`: HTTP routes, static files, sessions and protocol v1, built on the three above.
/// - `CommandLineParsing`: the argument-parser-style command line both executables share.
/// - `focus-sync`: the command-line entry point.
/// - `focus-bench`: the load generator and benchmark (`make bench`, docs/PERFORMANCE.md).
/// - `conformance-echo`: an echo server on the transport for Autobahn|Testsuite (`make conformance`).
/// - `FuzzChecks`, `focus-fuzz`: fuzz targets (one file each) and their libFuzzer driver (`make fuzz`).
let package = Package(
    name: "FocusSync",
    products: [
        .executable(name: "focus-sync", targets: ["focus-sync"]),
        .executable(name: "focus-bench", targets: ["focus-bench"]),
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
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        .target(name: "FocusCore"),
        .target(name: "CommandLineParsing"),
        .target(name: "TransportWire"),
        .target(name: "CReceiveTap"),
        .target(name: "WebSocketTransport", dependencies: ["CLibWebSockets", "CReceiveTap", "TransportWire"]),
        .target(name: "WebSocketClient", dependencies: ["CLibWebSockets", "TransportWire", "WebSocketTransport"]),
        .target(name: "MarkdownRendering", dependencies: ["CCmark"]),
        .target(
            name: "FocusSyncServer",
            dependencies: ["FocusCore", "WebSocketTransport", "MarkdownRendering", "CommandLineParsing"]
        ),
        .executableTarget(name: "focus-sync", dependencies: ["FocusSyncServer", "CommandLineParsing"]),
        .executableTarget(name: "focus-bench", dependencies: ["WebSocketClient", "WebSocketTransport", "FocusCore", "CommandLineParsing"]),
        .testTarget(name: "FocusCoreTests", dependencies: ["FocusCore"]),
        .executableTarget(name: "conformance-echo", dependencies: ["WebSocketTransport"], path: "Tests/ConformanceEcho"),
        .target(name: "FuzzChecks", dependencies: ["TransportWire"], path: "Tests/Fuzz/Checks"),
        .systemLibrary(name: "CLibFuzzer"),
        .executableTarget(name: "focus-fuzz", dependencies: ["FuzzChecks", "CLibFuzzer"], path: "Tests/Fuzz/Driver"),
        .testTarget(name: "TransportWireTests", dependencies: ["TransportWire", "FuzzChecks"]),
        .testTarget(name: "WebSocketTransportTests", dependencies: ["WebSocketTransport", "WebSocketClient", "TransportWire"]),
        .testTarget(name: "MarkdownRenderingTests", dependencies: ["MarkdownRendering"]),
        .testTarget(
            name: "FocusSyncServerTests",
            dependencies: ["FocusSyncServer", "WebSocketTransport", "WebSocketClient", "FocusCore", "CommandLineParsing"]
        ),
        .testTarget(name: "FocusBenchTests", dependencies: ["focus-bench", "CommandLineParsing"]),
    ]
)
