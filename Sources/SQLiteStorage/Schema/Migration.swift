/// One step of the schema: the SQL that takes a database from `version - 1` to `version`.
struct Migration: Sendable {
    let version: Int
    let sql: String
}
