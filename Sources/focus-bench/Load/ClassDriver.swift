import Foundation

/// A class in one run: a presenter joined to the class session (connection 0) and one scripted
/// student per fork (connections 1…), each moving focus between two fields at a fixed rate. The
/// presenter's `forks` messages say how far each fork's roster entry got (its `revision`); the lag
/// of a student's intent is from its send to the first roster message with its revision.
///
/// `@unchecked Sendable`: after `init`, every property is touched only on the loop's thread.
final class ClassDriver: ClientLoopDelegate, @unchecked Sendable {
    private struct Student {
        let fork: String
        var joined = false
        /// Send time of each intent, at index `seq - 1`; each is one change, so `seq` is the
        /// revision it makes.
        var sendTimes: [UInt64] = []
        /// The highest revision a roster message reported.
        var reported = 0
        var nextDue: UInt64 = 0
    }

    let loop: ClientLoop<ClassDriver>
    private let classSession: String
    private var students: [Student]
    private let studentByViewer: [String: Int]
    private let interval: UInt64
    private var presenterJoined = false
    private var window: MeasurementWindow?
    private(set) var tally = Tally()

    struct Tally: Sendable {
        var joined = 0
        var intentsSent = 0
        var intentsMeasured = 0
        var lags = LatencySamples()
        var rosterMessages = 0
        var rosterEntries = 0
        var rosterBytes = 0
        var errors = 0
        var closed = 0
        var firstError: String?
    }

    /// `forks`: each fork's editor id and viewer capability.
    init(port: Int, classSession: String, forks: [(id: String, viewer: String)], perSecond: Double) throws(BenchError) {
        loop = try ClientLoop(host: "127.0.0.1", port: port)
        self.classSession = classSession
        students = forks.map { Student(fork: $0.id) }
        studentByViewer = Dictionary(uniqueKeysWithValues: forks.enumerated().map { ($1.viewer, $0) })
        interval = UInt64(1e9 / perSecond)
        loop.start(delegate: self)
    }

    /// Connects the presenter and every student (loop thread).
    func connectAll() {
        loop.connect(0, path: "/ws?session=" + classSession)
        for (index, student) in students.enumerated() {
            loop.connect(index + 1, path: "/ws?session=" + student.fork)
        }
    }

    var everyoneJoined: Bool { presenterJoined && tally.joined == students.count }

    /// Starts the students' intents, spread evenly over one interval, measuring those sent in `window`.
    func start(window: MeasurementWindow) {
        self.window = window
        let now = MonotonicClock.nanoseconds()
        for index in students.indices {
            students[index].nextDue = now + interval * UInt64(index) / UInt64(max(1, students.count))
        }
    }

    /// Sends every intent that is due (called by the pacer every millisecond or so).
    func tick() {
        guard let window else { return }
        let now = MonotonicClock.nanoseconds()
        guard now < window.end else { return }
        for index in students.indices where students[index].joined && students[index].nextDue <= now {
            students[index].nextDue += interval
            let seq = students[index].sendTimes.count + 1
            let key = seq.isMultiple(of: 2) ? "lastName" : "firstName"
            let text = #"{"type":"intent","seq":\#(seq),"screen":"ProfileForm","action":"focus","key":"\#(key)"}"#
            students[index].sendTimes.append(now)
            if now >= window.start { tally.intentsMeasured += 1 }
            tally.intentsSent += 1
            _ = loop.send(text: Array(text.utf8), on: index + 1)
        }
    }

    /// Whether every intent sent in the window has been reported in the roster.
    var drained: Bool {
        guard let window else { return true }
        return students.allSatisfy { student in
            student.sendTimes.indices.allSatisfy { $0 < student.reported || student.sendTimes[$0] < window.start }
        }
    }

    func connectionOpened(_ connection: Int) {
        let clientId = connection == 0 ? "bench-presenter-tab" : "bench-student-tab-\(connection)"
        loop.send(text: IntentKind.hello(clientId: clientId), on: connection)
    }

    func connectionEnded(_ connection: Int, _ ending: ConnectionEnding) {
        tally.closed += 1
        tally.firstError = tally.firstError ?? "connection \(connection): \(ending)"
    }

    func connection(_ connection: Int, received message: ArraySlice<UInt8>, at receivedAt: UInt64) {
        // Students' own updates are not read: only whether they joined, and refusals.
        let head = message.prefix(24)
        if head.starts(with: Array(#"{"type":"snapshot""#.utf8)) {
            if connection == 0 {
                presenterJoined = true
            } else if !students[connection - 1].joined {
                students[connection - 1].joined = true
                tally.joined += 1
            }
        } else if head.starts(with: Array(#"{"type":"error""#.utf8)) {
            tally.errors += 1
            tally.firstError = tally.firstError ?? String(decoding: message, as: UTF8.self)
        } else if connection == 0, head.starts(with: Array(#"{"type":"forks""#.utf8)) {
            roster(message, at: receivedAt)
        }
    }

    private func roster(_ message: ArraySlice<UInt8>, at receivedAt: UInt64) {
        guard let window, receivedAt >= window.start,
            let object = try? JSONSerialization.jsonObject(with: Data(message)) as? [String: Any],
            let forks = object["forks"] as? [[String: Any]]
        else { return }
        tally.rosterMessages += 1
        tally.rosterEntries += forks.count
        tally.rosterBytes += message.count
        for entry in forks {
            guard let viewer = entry["id"] as? String, let index = studentByViewer[viewer],
                let revision = entry["revision"] as? Int, revision > students[index].reported
            else { continue }
            for seq in (students[index].reported + 1)...min(revision, students[index].sendTimes.count) {
                let sentAt = students[index].sendTimes[seq - 1]
                if sentAt >= window.start { tally.lags.add(nanoseconds: receivedAt &- sentAt) }
            }
            students[index].reported = revision
        }
    }
}
