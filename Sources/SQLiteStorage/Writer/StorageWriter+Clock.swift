import Foundation

extension StorageWriter {
    /// The wall clock in milliseconds, stamped on the rows a group stores (`updated_at`).
    ///
    /// Read at the storage edge only: the session machine never sees it.
    static func millisecondsSince1970() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded())
    }
}
