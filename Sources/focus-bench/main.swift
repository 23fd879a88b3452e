import CommandLineParsing
import Dispatch
import Foundation

let options: BenchOptions
do {
    switch try BenchCommandLine.parse(Array(CommandLine.arguments.dropFirst())) {
    case .help, .version:
        print(BenchCommandLine.help)
        exit(0)
    case .run(let parsed):
        options = parsed
    }
} catch {
    FileHandle.standardError.write(Data((BenchCommandLine.errorText(error) + "\n").utf8))
    exit(CommandLineSyntax<BenchOptions>.usageErrorExitCode)
}

// A signal to the bench stops the server it started, so nothing keeps running.
var signalSources: [any DispatchSourceSignal] = []
for signalNumber in [SIGINT, SIGTERM] {
    signal(signalNumber, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
    source.setEventHandler {
        ServerProcess.killRunning()
        exit(128 + signalNumber)
    }
    source.resume()
    signalSources.append(source)
}

/// Progress goes to standard error so that standard output holds only the results.
func progress(_ line: String) {
    FileHandle.standardError.write(Data("focus-bench: \(line)\n".utf8))
}

if let ports = options.audiencePorts {
    progress("measuring the audience of one session on ports \(ports.map(String.init).joined(separator: ","))")
    do throws(BenchError) {
        print(try AudienceRunner(options: options, ports: ports).run().jsonLine)
        exit(0)
    } catch {
        progress("the audience was not measured: \(error)")
        exit(1)
    }
}

/// One scenario against one server variant.
func run(_ scenario: Scenario, variant: ServerVariant?, named name: String, round: Int) -> ScenarioReport {
    let report: ScenarioReport
    do throws(BenchError) {
        switch scenario.work {
        case .load(let shape):
            var load = try LoadScenarioRunner(options: options, variant: variant).run(name, shape)
            load.round = round
            report = .load(load)
        case .join(let clients):
            report = .join(try JoinRunner(options: options, variant: variant).run(name, clients: clients))
        case .idleMemory:
            report = .idleMemory(try IdleMemoryRunner(options: options, variant: variant).run(name))
        case .core:
            report = .core(
                try CoreThroughput.run(name, intents: options.coreIntents, publicFolder: options.publicDirectory))
        case .forks(let count, let perSecond):
            report = .forks(try ForksRunner(options: options, variant: variant).run(name, forks: count, perSecond: perSecond))
        case .restore(let sessions, let changes):
            report = .restore(try RestoreRunner(options: options).run(name, sessions: sessions, changesPerSession: changes))
        }
    } catch {
        report = .failed(scenario: name, reason: error.description)
    }
    return report
}

var reports: [ScenarioReport] = []
for round in 1...options.rounds {
    for scenario in options.scenarios {
        // Every other round runs the variants the other way round, so neither always runs first;
        // the tables still list them in their own order (stored first).
        let variants = Array(options.variants(for: scenario).enumerated())
        var ran: [(index: Int, report: ScenarioReport)] = []
        for (index, variant) in round % 2 == 0 ? variants.reversed() : variants {
            let name = scenario.name + (variant.map { " [\($0.name)]" } ?? "")
            let inRound = options.rounds > 1 ? " (round \(round) of \(options.rounds))" : ""
            progress("running \(name)\(inRound): \(scenario.summary)")
            let report = run(scenario, variant: variant, named: name, round: round)
            if options.json {
                // Unbuffered, so each line shows as soon as its scenario ends.
                FileHandle.standardOutput.write(Data((report.jsonLine + "\n").utf8))
            }
            ran.append((index, report))
        }
        reports += ran.sorted { $0.index < $1.index }.map(\.report)
    }
}

if !options.json {
    print(ReportTable.render(reports))
}
let failed = reports.contains { if case .failed = $0 { true } else { false } }
exit(failed ? 1 : 0)
