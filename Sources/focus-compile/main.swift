import FocusCore
import FocusProtocol
import Foundation
import SwiftUISource

// The server's compiler process. It reads SwiftUI sources from standard input and answers each
// with what `SourceCompilation.compile` makes of it (`CompilerFrames`), so a source on which the
// parser crashes or takes too long ends this process, never the server, which starts another.
// It reads nothing else and writes nowhere else; it ends at the end of its input.

if CommandLine.arguments.count > 1 {
    let usage = """
        usage: focus-compile
          Reads frames (a 4-byte big-endian length, then a SwiftUI source as UTF-8) from standard input
          and answers each on standard output with the compiled source as JSON, framed the same way.
          focus-sync starts it; it takes no options.

        """
    FileHandle.standardError.write(Data(usage.utf8))
    exit(CommandLine.arguments[1] == "--help" || CommandLine.arguments[1] == "-h" ? 0 : 64)
}

// Compiling a source is background work beside the sessions the server runs live: on a core it
// shares with the server's service thread, the service thread goes first.
_ = nice(10)

let input = FileHandle.standardInput
let output = FileHandle.standardOutput
var requests = FrameReader()
do {
    while let request = try requests.next(from: input) {
        let source = String(decoding: request, as: UTF8.self)
        let answer = try StreamingJSONEncoder().encode(SourceCompilation.compile(source))
        try output.write(contentsOf: CompilerFrames.frame(Data(answer)))
    }
} catch {
    FileHandle.standardError.write(Data("focus-compile: \(error)\n".utf8))
    exit(1)
}
