import Foundation
import TestSupport
import Testing

@testable import focus_bench

/// `focus-bench --audience` against a server it did not start: the debug `focus-sync` of this
/// checkout, reached on the same port twice (as a cluster's HAProxy ports would be).
@Suite("focus-bench measures an audience", .serialized, .tags(.transport, .long))
struct AudienceRunnerTests {
    private static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func everyViewerAndThePresenterReceiveEveryChangeOfTheWindow() throws {
        var options = BenchOptions()
        options.serverExecutable = Self.checkout.appendingPathComponent(".build/debug/focus-sync").path
        options.publicDirectory = Self.checkout.appendingPathComponent("Public").path
        options.serverCPU = nil
        options.warmupSeconds = 0.3
        options.durationSeconds = 1
        options.viewers = 12
        options.presenterRate = 10
        let server = try ServerProcess(options.launch(scenarioArguments: ["--in-memory"], variant: nil))
        defer { server.stop() }

        let report = try AudienceRunner(options: options, ports: [server.port, server.port]).run()
        #expect(report.joined == 13)
        #expect(report.updatesSent >= 5)
        #expect(report.deliveriesExpected == report.updatesSent * 13)
        #expect(report.deliveriesReceived == report.deliveriesExpected)
        #expect(report.lost == 0)
        #expect(report.latencyMicroseconds != nil)
        #expect(report.closedConnections == 0 && report.errors == 0)
    }
}
