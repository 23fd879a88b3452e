import SQLiteStorage
import TestSupport

/// A store opened in a folder with a writer started on it, and what the writer reports.
struct StartedWriter {
    let store: SQLiteStore
    let writer: StorageWriter
    let recorder = CommitRecorder()

    init(_ folder: TemporaryFolder, options: StoreOptions = StoreOptions()) throws {
        store = try SQLiteStore.open(directory: folder.path, options: options)
        writer = try store.startWriter(onCommit: recorder.handler)
    }

    var parts: (SQLiteStore, StorageWriter, CommitRecorder) { (store, writer, recorder) }
}
