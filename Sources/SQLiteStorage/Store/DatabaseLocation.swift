import Glibc

/// Where the database lives, checked before SQLite opens it, so that a missing permission is named
/// as such rather than as SQLite's "unable to open database file".
struct DatabaseLocation {
    /// The database file, made absolute so that messages say exactly which file.
    let path: String
    let folder: String

    init(path: String) {
        let absolute = path.hasPrefix("/") ? path : Self.workingDirectory() + "/" + path
        self.path = absolute
        let slash = absolute.lastIndex(of: "/")!
        folder = slash == absolute.startIndex ? "/" : String(absolute[..<slash])
    }

    /// Creates the folder if needed and checks that this user can create files in it and read and
    /// write the database file (when it exists).
    func prepare() throws(StorageError) {
        try Self.makeFolders(folder)
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw .folderInPlaceOfDatabase(path: path)
        }
        // SQLite creates the -wal and -shm files next to the database.
        guard access(folder, W_OK | X_OK) == 0 else {
            throw .folderNotWritable(folder: folder, reason: Self.lastErrorText())
        }
        if access(path, F_OK) == 0, access(path, R_OK | W_OK) != 0 {
            throw .noAccess(path: path, reason: Self.lastErrorText())
        }
    }

    /// Whether a -wal file with content lies beside the database: commits of a process that did
    /// not close it, not yet copied into the file.
    var hasWriteAheadLog: Bool {
        var status = stat()
        return stat(path + "-wal", &status) == 0 && status.st_size > 0
    }

    /// `mkdir -p`: every missing folder on the way, each named in the error if it cannot be made.
    private static func makeFolders(_ folder: String) throws(StorageError) {
        var status = stat()
        if stat(folder, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw .cannotCreateFolder(folder: folder, reason: "a file of that name is in the way")
            }
            return
        }
        if let slash = folder.lastIndex(of: "/"), slash != folder.startIndex {
            try makeFolders(String(folder[..<slash]))
        }
        guard mkdir(folder, 0o755) == 0 || errno == EEXIST else {
            throw .cannotCreateFolder(folder: folder, reason: lastErrorText())
        }
    }

    private static func workingDirectory() -> String {
        guard let directory = getcwd(nil, 0) else { return "." }
        defer { free(directory) }
        return String(cString: directory)
    }

    static func lastErrorText() -> String {
        String(cString: strerror(errno))
    }
}
