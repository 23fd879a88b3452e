import Glibc

/// The process's open-descriptor limit (`RLIMIT_NOFILE`), which bounds how many connections
/// one process can hold.
enum DescriptorLimit {
    /// Raises the soft limit to the hard limit (the common `ulimit -n 1024` would otherwise cap a
    /// server at about a thousand connections). Returns the old and new soft limits when it
    /// changed anything.
    static func raiseSoftToHard() -> (from: UInt64, to: UInt64)? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else {
            return nil
        }
        let from = UInt64(limit.rlim_cur)
        limit.rlim_cur = limit.rlim_max
        guard setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        return (from, UInt64(limit.rlim_cur))
    }
}
