extension Duration {
    /// Whole milliseconds, rounded down: how Redis takes times (`PX`, `PEXPIRE`).
    var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
