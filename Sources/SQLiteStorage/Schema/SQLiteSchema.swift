/// The database's tables, numbered by `PRAGMA user_version`.
///
/// Every schema change is a new ``Migration`` appended here, never an edit of an old one: a file at
/// version N runs the steps after N in order, each in its own transaction.
enum SQLiteSchema {
    static let migrations = [
        Migration(
            version: 1,
            sql: """
                CREATE TABLE sessions (
                    id TEXT PRIMARY KEY NOT NULL,
                    meta BLOB NOT NULL,
                    updated_at INTEGER NOT NULL
                ) WITHOUT ROWID;
                -- Clustered by (session, revision): a session's log is one contiguous range.
                CREATE TABLE changes (
                    session TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                    revision INTEGER NOT NULL,
                    at INTEGER NOT NULL,
                    body BLOB NOT NULL,
                    PRIMARY KEY (session, revision)
                ) WITHOUT ROWID;
                -- A rowid table: snapshot bodies are large, which WITHOUT ROWID tables handle badly.
                CREATE TABLE snapshots (
                    session TEXT PRIMARY KEY NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                    revision INTEGER NOT NULL,
                    body BLOB NOT NULL
                );
                CREATE TABLE members (
                    session TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                    client TEXT NOT NULL,
                    body BLOB NOT NULL,
                    PRIMARY KEY (session, client)
                ) WITHOUT ROWID;
                """
        ),
        Migration(
            version: 2,
            sql: """
                -- Changes in commit order, until a fold moves them into `changes` (ChangeLog): a
                -- group of changes to many sessions fills a few pages here, one per session there.
                CREATE TABLE recent_changes (
                    seq INTEGER PRIMARY KEY,
                    session TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                    revision INTEGER NOT NULL,
                    at INTEGER NOT NULL,
                    body BLOB NOT NULL
                );
                """
        ),
        Migration(
            version: 3,
            sql: """
                -- The highest sequence number of the pending log (PendingLog) that the database
                -- holds: recovery applies only the records after it.
                CREATE TABLE pending_applied (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    sequence INTEGER NOT NULL
                );
                INSERT INTO pending_applied (id, sequence) VALUES (1, 0);
                """
        ),
        Migration(
            version: 4,
            sql: """
                -- A row may hold the changes of its session from `revision` through
                -- `last_revision` (ChangeBundle): a group writes one row per session, and a fold
                -- one per session it moves. Without one, the row holds a single change.
                ALTER TABLE changes ADD COLUMN last_revision INTEGER;
                ALTER TABLE recent_changes ADD COLUMN last_revision INTEGER;
                """
        ),
    ]

    /// The version this build writes, and the newest it can read.
    static var currentVersion: Int { migrations.last?.version ?? 0 }
}
