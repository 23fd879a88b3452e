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

let logger = Logger(level: options.logLevel)
let server: FocusSyncServer
do {
    server = try FocusSyncServer(
        options: options, publicDirectory: PublicDirectory.locate(explicit: options.publicDirectory), logger: logger)
    try server.start()
} catch {
    FileHandle.standardError.write(Data("Error: \(error.description)\n".utf8))
    exit(1)
}

// The main thread owns SIGINT and SIGTERM; the transport never sees them.
var signalSources: [any DispatchSourceSignal] = []
for signalNumber in [SIGINT, SIGTERM] {
    signal(signalNumber, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
    source.setEventHandler {
        logger.info("shutting down", ["signal": signalNumber == SIGINT ? "SIGINT" : "SIGTERM"])
        server.shutdown()
        exit(0)
    }
    source.resume()
    signalSources.append(source)
}

// Written unbuffered: scripts and tests wait for this line to learn the port.
FileHandle.standardOutput.write(
    Data("FocusSync \(CommandLineInterface.version) serving \(server.url) (open it in a browser; Ctrl-C stops)\n".utf8))
logger.info("listening", ["host": options.host, "port": String(server.port)])
dispatchMain()
