import Glibc

/// The six libuv functions the transport needs to own the loop libwebsockets runs on.
///
/// They are resolved at run time from `libuv.so.1`, the library libwebsockets' own libuv plugin
/// (`libwebsockets-evlib_uv.so`) is linked against, so the package needs no extra link flag.
/// (With `link "uv"` in the CLibWebSockets module map these could become direct calls.)
struct LibUV: @unchecked Sendable {  // C function pointers only; they capture nothing.
    /// `uv_run_mode`.
    enum RunMode: Int32 {
        /// Run until `uv_stop` or until no active handles are left.
        case untilStopped = 0
        /// Run one iteration without blocking.
        case noWait = 2
    }

    let loopSize: @convention(c) () -> Int
    let loopInit: @convention(c) (UnsafeMutableRawPointer?) -> Int32
    let run: @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32
    let stop: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let loopClose: @convention(c) (UnsafeMutableRawPointer?) -> Int32
    let backendDescriptor: @convention(c) (UnsafeMutableRawPointer?) -> Int32

    /// The library, loaded once per process.
    static let shared: Result<LibUV, TransportError> = load()

    private static func load() -> Result<LibUV, TransportError> {
        guard let library = dlopen("libuv.so.1", RTLD_NOW | RTLD_LOCAL) else {
            return .failure(unavailable("cannot load libuv.so.1 (install the libuv1 package)"))
        }
        func symbol<Function>(_ name: String, as _: Function.Type) -> Function? {
            dlsym(library, name).map { unsafeBitCast($0, to: Function.self) }
        }
        guard
            let loopSize = symbol("uv_loop_size", as: (@convention(c) () -> Int).self),
            let loopInit = symbol("uv_loop_init", as: (@convention(c) (UnsafeMutableRawPointer?) -> Int32).self),
            let run = symbol("uv_run", as: (@convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32).self),
            let stop = symbol("uv_stop", as: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self),
            let loopClose = symbol("uv_loop_close", as: (@convention(c) (UnsafeMutableRawPointer?) -> Int32).self),
            let backendDescriptor = symbol("uv_backend_fd", as: (@convention(c) (UnsafeMutableRawPointer?) -> Int32).self)
        else {
            return .failure(unavailable("libuv.so.1 lacks the uv_loop/uv_run functions"))
        }
        return .success(
            LibUV(
                loopSize: loopSize, loopInit: loopInit, run: run, stop: stop, loopClose: loopClose,
                backendDescriptor: backendDescriptor))
    }

    private static func unavailable(_ reason: String) -> TransportError {
        .cannotListen(host: "", port: 0, reason: "the libuv event loop is unavailable: \(reason)")
    }
}

/// A libuv loop owned by the transport. libwebsockets runs on it as a *foreign* loop, which is
/// what keeps it from installing its own SIGINT/SIGTERM (and SIGSEGV/SIGFPE/SIGHUP) watchers:
/// libwebsockets 4.1.6 starts those only on loops it creates itself. Use on one thread.
final class UVLoop {
    private let uv: LibUV
    let pointer: UnsafeMutableRawPointer

    init() throws(TransportError) {
        uv = try LibUV.shared.get()
        pointer = .allocate(byteCount: uv.loopSize(), alignment: 16)
        guard uv.loopInit(pointer) == 0 else {
            pointer.deallocate()
            throw .cannotListen(host: "", port: 0, reason: "uv_loop_init failed")
        }
    }

    func run(_ mode: LibUV.RunMode) -> Int32 {
        uv.run(pointer, mode.rawValue)
    }

    /// The loop's epoll descriptor.
    var backendDescriptor: Int32 { uv.backendDescriptor(pointer) }

    /// Makes the current `run(.untilStopped)` return after this iteration.
    func stop() {
        uv.stop(pointer)
    }

    /// Runs the loop until no handles are left (bounded), then closes and frees it.
    /// Returns false if handles were still open; the memory is then leaked on purpose,
    /// since libuv may still point into it.
    func close() -> Bool {
        var iterations = 0
        while run(.noWait) != 0 && iterations < 10_000 {
            iterations += 1
        }
        guard uv.loopClose(pointer) == 0 else { return false }
        pointer.deallocate()
        return true
    }
}
