import CSQLite
import Dispatch
import Locking

/// Interrupts whatever statement runs on a connection once `limit` has passed, unless disarmed
/// first. `sqlite3_interrupt` is the one SQLite call meant for another thread; the lock makes
/// sure it never reaches a connection the owner has moved on from.
final class StatementWatchdog: Sendable {
    /// The connection's address (an `OpaquePointer` is not `Sendable`); nil once disarmed.
    private let target: Locked<UInt?>

    init(_ connection: SQLiteConnection, after limit: Duration) {
        target = Locked(UInt(bitPattern: connection.handle))
        let nanoseconds = limit.components.seconds * 1_000_000_000 + limit.components.attoseconds / 1_000_000_000
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { [self] in
            target.withLock { handle in
                if let handle { sqlite3_interrupt(OpaquePointer(bitPattern: handle)) }
            }
        }
    }

    /// Called when the statement is done, before anything else runs on the connection.
    func disarm() {
        target.withLock { $0 = nil }
    }
}
