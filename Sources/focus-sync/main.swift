import CommandLineParsing
import Dispatch
import FocusSyncServer
import Foundation

let request: CommandLineRequest<ServerOptions>
do {
    request = try CommandLineInterface.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data((CommandLineInterface.errorText(error) + "\n").utf8))
    exit(CommandLineSyntax<ServerOptions>.usageErrorExitCode)
}

let options: ServerOptions
switch request {
case .help:
    print(CommandLineInterface.help)
    exit(0)
case .version:
    print("focus-sync \(CommandLineInterface.version)")
    exit(0)
case .run(let parsed):
    options = parsed
}

// SIGINT and SIGTERM are blocked before any thread starts, so every thread inherits the mask and
// the transport never sees them; one that arrives while the server starts stays pending until the
// main thread waits for it at the end (a dispatch signal source could lose one while being armed).
var shutdownSignals = ShutdownSignals.set()
pthread_sigmask(SIG_BLOCK, &shutdownSignals, nil)

let logger = Logger(level: options.logLevel)
let server: PlaygroundServer
do {
    server = try PlaygroundServer(
        options: options, publicDirectory: PublicDirectory.locate(explicit: options.publicDirectory), logger: logger)
    try server.start()
} catch {
    FileHandle.standardError.write(Data("Error: \(error.description)\n".utf8))
    exit(1)
}

// Written unbuffered: scripts and tests wait for this line to learn the port.
FileHandle.standardOutput.write(
    Data("FocusSync \(CommandLineInterface.version) serving \(server.url) (open it in a browser; Ctrl-C stops)\n".utf8))
logger.info("listening", ["host": options.host, "port": String(server.port)])
// The main thread has nothing else to do: it waits for a shutdown signal.
let signalNumber = ShutdownSignals.wait()
logger.info("shutting down", ["signal": signalNumber == SIGINT ? "SIGINT" : "SIGTERM"])
server.shutdown()
exit(0)
