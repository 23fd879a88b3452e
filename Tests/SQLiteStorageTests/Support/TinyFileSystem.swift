import Glibc

/// A 1 MiB tmpfs mounted on a fresh folder, to fill a real file system. Needs root allowed to
/// mount (CAP_SYS_ADMIN); ``canMount`` says whether this machine allows it.
final class TinyFileSystem {
    /// Owned here, so that the folder outlives the mount on it.
    private let folder = TemporaryFolder()
    let path: String

    init?() {
        path = folder.file("disk")
        guard mkdir(path, 0o755) == 0, mount("tmpfs", path, "tmpfs", 0, "size=1m") == 0 else { return nil }
    }

    deinit {
        umount2(path, Int32(MNT_DETACH))
    }

    static let canMount = TinyFileSystem() != nil

    /// Fills what is left with a file named `filler`, and returns its path.
    func fill() -> String {
        let filler = path + "/filler"
        let descriptor = open(filler, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0xA5, count: 4096)
        while chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        return filler
    }
}
