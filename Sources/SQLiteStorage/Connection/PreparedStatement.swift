import CSQLite

/// A value bound to a statement parameter.
enum SQLiteValue {
    case integer(Int64)
    case text(String)
    case blob([UInt8])
    case null
}

/// A compiled statement, prepared once and reset for every use.
final class PreparedStatement {
    private let connection: SQLiteConnection
    private let handle: OpaquePointer

    init(_ sql: String, on connection: SQLiteConnection) throws(SQLiteFailure) {
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v3(connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard code == SQLITE_OK, let prepared else { throw connection.failure(code) }
        self.connection = connection
        handle = prepared
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Runs the statement once with `values`, expecting no rows.
    func execute(_ values: SQLiteValue...) throws(SQLiteFailure) {
        try run(values) { _ in }
    }

    /// Runs the statement once with `values` bound in order, expecting no rows.
    func execute(binding values: [SQLiteValue]) throws(SQLiteFailure) {
        try run(values) { _ in }
    }

    /// Runs the statement once with `values`, handing every row to `body`.
    func query(_ values: SQLiteValue..., row body: (SQLiteRow) -> Void) throws(SQLiteFailure) {
        try run(values, row: body)
    }

    /// Runs the statement once with `values` bound in order, handing every row to `body`.
    func query(binding values: [SQLiteValue], row body: (SQLiteRow) -> Void) throws(SQLiteFailure) {
        try run(values, row: body)
    }

    private func run(_ values: [SQLiteValue], row body: (SQLiteRow) -> Void) throws(SQLiteFailure) {
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        for (offset, value) in values.enumerated() {
            let code = bind(value, at: Int32(offset + 1))
            guard code == SQLITE_OK else { throw connection.failure(code) }
        }
        while true {
            let code = sqlite3_step(handle)
            switch code {
            case SQLITE_ROW: body(SQLiteRow(handle: handle))
            case SQLITE_DONE: return
            default: throw connection.failure(code)
            }
        }
    }

    private func bind(_ value: SQLiteValue, at index: Int32) -> Int32 {
        switch value {
        case .integer(let number):
            return sqlite3_bind_int64(handle, index, number)
        case .null:
            return sqlite3_bind_null(handle, index)
        case .text(let text):
            return sqlite3_bind_text(handle, index, text, -1, focussync_sqlite_transient())
        case .blob(let bytes):
            // An empty array has no base address, and binding a nil pointer would store NULL.
            guard !bytes.isEmpty else { return sqlite3_bind_zeroblob(handle, index, 0) }
            return bytes.withUnsafeBytes { buffer in
                sqlite3_bind_blob(handle, index, buffer.baseAddress, Int32(buffer.count), focussync_sqlite_transient())
            }
        }
    }
}

/// The current row of a running statement; valid only inside the `query` callback.
struct SQLiteRow {
    fileprivate let handle: OpaquePointer

    func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    func integer(_ column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    func text(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    func blob(_ column: Int32) -> [UInt8] {
        guard let bytes = sqlite3_column_blob(handle, column) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, column))
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }
}
