import Testing

@testable import focus_bench

@Suite("Samples from /proc")
struct ProcessSampleTests {
    @Test func fieldsAreCountedFromTheLastParenthesis() throws {
        // A command name with a space and a parenthesis; utime 250, stime 50 ticks, rss 1000 pages.
        let stat =
            "4242 (focus sync) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 3 0 12345 123456789 1000 18446744073709551615"
        let sample = try #require(ProcessSample.parse(stat: stat, takenAt: 0, ticksPerSecond: 100, pageBytes: 4096))
        #expect(sample.cpuSeconds == 3.0)
        #expect(sample.residentKB == 4000)
    }

    @Test func cpuPercentIsOfOneCore() {
        let earlier = ProcessSample(takenAt: 0, cpuSeconds: 1, residentKB: 0)
        let later = ProcessSample(takenAt: 2_000_000_000, cpuSeconds: 2, residentKB: 0)
        #expect(later.cpuPercent(since: earlier) == 50)
    }

    @Test func ownProcessCanBeRead() throws {
        let sample = try #require(ProcessSample.read(pid: nil))
        #expect(sample.residentKB > 0)
        #expect(ProcessSample.read(pid: Int32.max) == nil)
    }

    @Test func truncatedLineIsRefused() {
        #expect(ProcessSample.parse(stat: "1 (x) S 1 2 3", takenAt: 0) == nil)
    }
}

@Suite("Core samples from /proc/stat")
struct CoreSampleTests {
    @Test func busyIsEverythingButIdleAndIOWait() throws {
        let stat = """
            cpu  900 0 100 5000 10 0 0 0 0 0
            cpu0 300 10 40 2000 5 2 3 5 0 0
            cpu1 600 0 60 3000 5 0 0 0 0 0
            """
        let core0 = try #require(CoreSample.parse(stat: stat, core: 0, ticksPerSecond: 100))
        #expect(core0.busySeconds == 3.6)
        #expect(CoreSample.parse(stat: stat, core: 2, ticksPerSecond: 100) == nil)
    }

    @Test func otherLoadIsTheCoreMinusTheProcess() {
        let percent = CoreSample.otherLoadPercent(
            core: CoreSample(busySeconds: 10), CoreSample(busySeconds: 11.8),
            process: ProcessSample(takenAt: 0, cpuSeconds: 1, residentKB: 0),
            ProcessSample(takenAt: 2_000_000_000, cpuSeconds: 2.2, residentKB: 0))
        #expect(abs(percent - 30) < 1e-9)
    }
}
