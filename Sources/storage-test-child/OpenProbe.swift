import Glibc
import SQLiteStorage

/// Opens a database and prints `opened` or the error's sentence. With a user id, it first gives up
/// root: permission bits do not apply to root, so the tests of unreadable files and unwritable
/// folders run this as `nobody` when they run as root.
enum OpenProbe {
    static func run(path: String, userID: UInt32?) -> Never {
        if let userID {
            guard setgroups(0, nil) == 0, setgid(userID) == 0, setuid(userID) == 0 else {
                report("cannot become user \(userID): \(String(cString: strerror(errno)))")
                exit(2)
            }
        }
        do throws(StorageError) {
            let store = try SQLiteStore.open(path: path)
            store.close()
            report("opened")
            exit(0)
        } catch {
            report(error.description)
            exit(1)
        }
    }
}
