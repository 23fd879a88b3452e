#ifndef FOCUSSYNC_CSQLITE_SHIM_H
#define FOCUSSYNC_CSQLITE_SHIM_H

#include <sqlite3.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

/// `SQLITE_TRANSIENT` casts -1 to a function pointer, which Swift cannot import: binding with it
/// makes SQLite copy the bytes before the bind call returns.
static inline sqlite3_destructor_type focussync_sqlite_transient(void) { return SQLITE_TRANSIENT; }

/// Extended result codes are `(SQLITE_CONSTRAINT | (n<<8))`, which Swift does not import either.
static inline int focussync_sqlite_constraint_primarykey(void) { return SQLITE_CONSTRAINT_PRIMARYKEY; }
static inline int focussync_sqlite_constraint_foreignkey(void) { return SQLITE_CONSTRAINT_FOREIGNKEY; }

/// `sqlite3_db_config` is variadic, which Swift cannot call. With `enabled` 0, closing the last
/// connection leaves the -wal file as it is instead of copying it into the database and deleting it.
static inline int focussync_sqlite_checkpoint_on_close(sqlite3 *db, int enabled) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, enabled ? 0 : 1, (int *)0);
}

/// Installed by `focussync_sqlite_track_wal_pages`: notes how many frames the WAL holds after each
/// commit, and checkpoints nothing (the store decides when, on its writer thread).
static int focussync_sqlite_note_wal_pages(void *pages, sqlite3 *db, const char *name, int count) {
    (void)db;
    (void)name;
    *(int *)pages = count;
    return SQLITE_OK;
}

/// Replaces SQLite's automatic checkpoint (which runs inside whichever commit crosses its limit)
/// with a counter: after each commit `*pages` holds the WAL's length in frames.
static inline void focussync_sqlite_track_wal_pages(sqlite3 *db, int *pages) {
    sqlite3_wal_hook(db, focussync_sqlite_note_wal_pages, pages);
}

/// Lowers the calling thread's priority alone (on Linux a nice value belongs to a thread), for the
/// storage writer; Swift does not import `gettid`. Returns 0 or -1 with errno set.
static inline int focussync_lower_thread_priority(int niceness) {
    return setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), niceness);
}

#endif
