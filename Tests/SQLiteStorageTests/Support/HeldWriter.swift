import Dispatch
import SQLiteStorage
import TestSupport

/// A writer held inside `onCommit` of its first submission until ``release()``, so that what a
/// test queues meanwhile is exactly the next group.
struct HeldWriter {
    let store: SQLiteStore
    let writer: StorageWriter
    let recorder: CommitRecorder
    private let open: DispatchSemaphore

    init(_ folder: TemporaryFolder, options: StoreOptions = StoreOptions(), first: [StorageWrite]) throws {
        let entered = DispatchSemaphore(value: 0)
        let open = DispatchSemaphore(value: 0)
        self.open = open
        store = try SQLiteStore.open(directory: folder.path, options: options)
        recorder = CommitRecorder { ticket in
            guard ticket == StorageTicket(1) else { return }
            entered.signal()
            open.wait()
        }
        writer = try store.startWriter(onCommit: recorder.handler)
        writer.submit(first)
        entered.wait()
    }

    func release() {
        open.signal()
    }
}
