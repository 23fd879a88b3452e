import Glibc

/// How long one core has been busy, from `/proc/stat`: with the CPU time of the process pinned
/// to it, this tells how much of the core other work took during a measurement.
struct CoreSample: Sendable {
    var busySeconds: Double

    /// The busy time of core `core`, or nil if `/proc/stat` has no such line.
    static func read(core: Int) -> CoreSample? {
        ProcFile.read("/proc/stat").flatMap { parse(stat: $0, core: core) }
    }

    /// Busy is everything but idle and iowait: user, nice, system, irq, softirq and steal.
    static func parse(stat: String, core: Int, ticksPerSecond: Int = sysconf(Int32(_SC_CLK_TCK))) -> CoreSample? {
        let prefix = "cpu\(core) "
        guard let line = stat.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) else { return nil }
        let ticks = line.split(separator: " ").dropFirst().compactMap { Int($0) }
        guard ticks.count >= 8, ticksPerSecond > 0 else { return nil }
        let busy = ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6] + ticks[7]
        return CoreSample(busySeconds: Double(busy) / Double(ticksPerSecond))
    }

    /// The one core this process may run on (`taskset -c 1` gives 1), or nil if it may run on several.
    static var ownCore: Int? {
        guard let status = ProcFile.read("/proc/self/status"),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") })
        else { return nil }
        return Int(String(line.dropFirst("Cpus_allowed_list:".count).filter { !$0.isWhitespace }))
    }

    /// ``otherLoadPercent(core:_:process:_:)`` when every sample was taken.
    static func otherLoadPercent(
        _ core: (start: CoreSample, end: CoreSample)?, _ start: ProcessSample?, _ end: ProcessSample?
    ) -> Double? {
        guard let core, let start, let end else { return nil }
        return otherLoadPercent(core: core.start, core.end, process: start, end)
    }

    /// A note for each core of which other processes took ``LoadReport/otherLoadNotePercent`` or more.
    static func otherLoadNotes(server: Double?, generator: Double?) -> [String] {
        [("server", server), ("load generator", generator)].compactMap { whose, other in
            guard let other, other >= LoadReport.otherLoadNotePercent else { return nil }
            return "other processes took \(Int(other.rounded()))% of the \(whose)'s core: figures are pessimistic"
        }
    }

    /// The share of one core that work other than `process` took between two pairs of samples.
    static func otherLoadPercent(
        core start: CoreSample, _ end: CoreSample, process processStart: ProcessSample, _ processEnd: ProcessSample
    ) -> Double {
        let wall = Double(processEnd.takenAt &- processStart.takenAt) / 1e9
        guard wall > 0 else { return 0 }
        let other = (end.busySeconds - start.busySeconds) - (processEnd.cpuSeconds - processStart.cpuSeconds)
        return max(0, other / wall * 100)
    }
}
