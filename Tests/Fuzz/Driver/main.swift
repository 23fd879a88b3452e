// focus-fuzz: the fuzz targets of FuzzChecks behind libFuzzer.
//
// Built with `-sanitize=fuzzer,address` (scripts/fuzz.sh, `make fuzz`), it hands the command line
// to libFuzzer, which calls LLVMFuzzerTestOneInput below for the target named by
// FOCUS_FUZZ_TARGET. Built normally, it replays inputs instead:
//
//     focus-fuzz <target> <file or folder>...

import CLibFuzzer
import Foundation
import FuzzChecks

/// The target libFuzzer runs, from the environment (libFuzzer owns the command line).
let fuzzedTarget: FuzzTarget? = ProcessInfo.processInfo.environment["FOCUS_FUZZ_TARGET"].flatMap(FuzzTarget.named)

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let target = fuzzedTarget else {
        FileHandle.standardError.write(
            Data("set FOCUS_FUZZ_TARGET to one of: \(FuzzTarget.all.map(\.name).joined(separator: ", "))\n".utf8))
        exit(64)
    }
    target.check(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

if focussync_libfuzzer_linked() != 0 {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(focussync_libfuzzer_run(&argc, &argv) { fuzzOneInput($0, $1) })
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let target = FuzzTarget.named(name), arguments.count > 1 else {
    FileHandle.standardError.write(
        Data("usage: focus-fuzz <\(FuzzTarget.all.map(\.name).joined(separator: "|"))> <file or folder>...\n".utf8))
    exit(64)
}
var replayed = 0
for path in arguments.dropFirst() {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
        FileHandle.standardError.write(Data("focus-fuzz: no such file or folder: \(path)\n".utf8))
        exit(66)
    }
    let files =
        isFolder.boolValue
        ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { "\(path)/\($0)" }
        : [path]
    for file in files {
        guard let data = FileManager.default.contents(atPath: file) else { continue }
        target.check([UInt8](data))
        replayed += 1
    }
}
print("focus-fuzz: \(replayed) input(s) of \(target.name) replayed without a failure")
