import Foundation
import Glibc

/// What `/proc/PID/stat` says about a process at one moment: the CPU time it has used (all
/// threads, user plus system) and its resident memory.
struct ProcessSample: Sendable {
    /// When the sample was taken, on ``MonotonicClock``.
    var takenAt: UInt64
    var cpuSeconds: Double
    var residentKB: Int

    /// Reads `/proc/<pid>/stat`, or `/proc/self/stat` for nil. Nil if the process is gone.
    static func read(pid: Int32?) -> ProcessSample? {
        let path = pid.map { "/proc/\($0)/stat" } ?? "/proc/self/stat"
        let takenAt = MonotonicClock.nanoseconds()
        guard let text = ProcFile.read(path) else { return nil }
        return parse(stat: text, takenAt: takenAt)
    }

    /// Parses one `stat` line. The command name (field 2) is in parentheses and may hold spaces
    /// or parentheses itself, so the fields are counted from the last `)`.
    static func parse(
        stat: String, takenAt: UInt64,
        ticksPerSecond: Int = sysconf(Int32(_SC_CLK_TCK)), pageBytes: Int = sysconf(Int32(_SC_PAGESIZE))
    ) -> ProcessSample? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        // After ")": field 3 (state) is at index 0, so field n is at index n - 3.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 21, let user = Int(fields[11]), let system = Int(fields[12]),
            let residentPages = Int(fields[21]), ticksPerSecond > 0
        else { return nil }
        return ProcessSample(
            takenAt: takenAt, cpuSeconds: Double(user + system) / Double(ticksPerSecond),
            residentKB: residentPages * pageBytes / 1024)
    }

    /// CPU used between `earlier` and this sample, as a percentage of one core.
    func cpuPercent(since earlier: ProcessSample) -> Double {
        let wall = Double(takenAt &- earlier.takenAt) / 1e9
        return wall > 0 ? (cpuSeconds - earlier.cpuSeconds) / wall * 100 : 0
    }
}

/// Reads small files under `/proc`, which report a size of 0 and must be read to the end.
enum ProcFile {
    static func read(_ path: String) -> String? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        guard let data = try? file.readToEnd() else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
