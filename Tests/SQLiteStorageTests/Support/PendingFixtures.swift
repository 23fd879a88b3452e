@testable import SQLiteStorage

extension StoreOptions {
    /// Every group of ``StorageWriter/commitQueuedHere(upTo:)`` goes to the pending log (never
    /// quiet) and stays there for an hour, unless a flush or a close applies it.
    static var holdingThePendingLog: StoreOptions {
        var options = StoreOptions()
        options.pendingDelay = .seconds(3600)
        options.quietGap = .seconds(3600)
        return options
    }
}

extension StorageWriter {
    /// Appends the changes `change(1)`, `change(2)`… to session "s" until one stays in the
    /// pending log alone, and returns its revision. The writer thread takes a queue it finds
    /// awake (and applies the log before it), so each earlier one went to the database instead.
    func appendUntilOneStaysInThePendingLog(_ change: (Int64) -> StoredChange) -> Int64 {
        var revision: Int64 = 0
        var journaled = false
        while !journaled {
            revision += 1
            submit([.append(change(revision))], wakingWriter: false)
            journaled = commitQueuedHere(upTo: 100)
            if !journaled { flush() }
        }
        return revision
    }
}
