/// Brings a database up to the newest of `migrations`, refusing one written by a newer build.
struct SchemaMigrator {
    let migrations: [Migration]

    var currentVersion: Int { migrations.last?.version ?? 0 }

    /// Checks the file's version before anything else reads its tables.
    func checkVersion(on connection: SQLiteConnection, path: String) throws(StorageError) {
        let found = try version(of: connection, path: path)
        guard found <= currentVersion else {
            throw .newerSchema(path: path, found: found, supported: currentVersion)
        }
        // Version 0 is a new, empty file: one with tables belongs to another program.
        if found == 0 {
            let tables: Int64?
            do throws(SQLiteFailure) { tables = try connection.integer("SELECT count(*) FROM sqlite_schema") } catch {
                throw error.storageError(path: path)
            }
            if let tables, tables > 0 {
                throw .notADatabase(path: path, reason: "it holds tables of another program and no schema version")
            }
        }
    }

    /// Runs every step after the file's version, each in its own transaction with its version.
    func migrate(_ connection: SQLiteConnection, path: String) throws(StorageError) {
        let found = try version(of: connection, path: path)
        for migration in migrations where migration.version > found {
            do throws(SQLiteFailure) {
                try connection.execute("BEGIN IMMEDIATE")
                try connection.execute(migration.sql)
                try connection.execute("PRAGMA user_version = \(migration.version)")
                try connection.execute("COMMIT")
            } catch {
                if connection.isInTransaction { try? connection.execute("ROLLBACK") }
                let before = (try? version(of: connection, path: path)) ?? found
                throw .migrationFailed(path: path, from: before, to: migration.version, reason: error.message)
            }
        }
    }

    private func version(of connection: SQLiteConnection, path: String) throws(StorageError) -> Int {
        do throws(SQLiteFailure) {
            return Int(try connection.integer("PRAGMA user_version") ?? 0)
        } catch {
            throw error.storageError(path: path)
        }
    }
}
