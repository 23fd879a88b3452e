import CommandLineParsing
import Testing

@testable import focus_bench

@Suite("focus-bench command line")
struct BenchCommandLineTests {
    private func options(_ arguments: [String]) throws -> BenchOptions {
        guard case .run(let options) = try BenchCommandLine.parse(arguments) else {
            Issue.record("expected options, got help")
            return BenchOptions()
        }
        return options
    }

    @Test func defaultsRunEveryScenario() throws {
        let parsed = try options([])
        #expect(parsed.scenarios.map(\.name) == Scenario.all.map(\.name))
        #expect(parsed.durationSeconds == 10)
        #expect(!parsed.json)
    }

    @Test(arguments: [["--quick", "--duration", "5"], ["--duration=5", "--quick"]])
    func quickIsTheStartingPointWhereverItStands(arguments: [String]) throws {
        let parsed = try options(arguments)
        #expect(parsed.durationSeconds == 5)
        #expect(parsed.warmupSeconds == 1)
        #expect(parsed.idleConnections == [2000])
    }

    @Test func scenariosAndFlags() throws {
        let parsed = try options(["--scenarios", "fanout-2,core", "--json", "--server-cpu", "none"])
        #expect(parsed.scenarios.map(\.name) == ["fanout-2", "core"])
        #expect(parsed.json)
        #expect(parsed.serverCPU == nil)
    }

    @Test func serverArgumentsAndVariants() throws {
        let parsed = try options([
            "--server-arg=--in-memory", "--server-arg", "--event-loop=poll", "--variant", "disk:--data-dir /tmp/x --rate-limit 5",
            "--variant=memory:--in-memory", "--max-handshakes", "256",
        ])
        #expect(parsed.serverArguments == ["--in-memory", "--event-loop=poll"])
        #expect(
            parsed.variants == [
                ServerVariant(name: "disk", arguments: ["--data-dir", "/tmp/x", "--rate-limit", "5"]),
                ServerVariant(name: "memory", arguments: ["--in-memory"]),
            ])
        #expect(parsed.maxHandshakes == 256)
        let launch = parsed.launch(scenarioArguments: ["--rate-limit", "1000000"], variant: parsed.variants[1])
        #expect(
            launch.arguments.suffix(4)
                == ["--rate-limit", "1000000", "--in-memory", "--in-memory", "--event-loop=poll"].suffix(4))
        #expect(launch.arguments.starts(with: BenchOptions.commonServerArguments))
    }

    @Test func persistenceIsComparedOnByDefaultAndVariantsReplaceTheComparison() throws {
        let defaults = try options([])
        let compared = ["fanout-100", "fanout-1000", "sessions-100x10", "closed-1x2", "closed-100x2", "closed-100x10"]
        #expect(Scenario.all.filter(\.comparesPersistence).map(\.name) == compared)
        for name in compared {
            let variants = defaults.variants(for: try #require(Scenario.named(name)))
            #expect(variants.map { $0?.name } == ["stored", "memory"], "stored first: it is what users run")
            #expect(variants.first??.arguments == ["--data-dir", "{fresh}"])
        }
        for name in ["fanout-2", "edits-100x10", "join-1000", "core", "restore-1000x1000"] {
            #expect(defaults.variants(for: try #require(Scenario.named(name))) == [nil], "\(name) runs once")
        }
        let chosen = try options(["--variant", "poll:--event-loop poll"])
        #expect(chosen.variants(for: try #require(Scenario.named("fanout-2"))).map { $0?.name } == ["poll"])
        #expect(chosen.variants(for: try #require(Scenario.named("fanout-100"))).map { $0?.name } == ["poll"])
        #expect(
            chosen.variants(for: try #require(Scenario.named("restore-1000x1000"))) == [nil], "the restore needs its own folder")
    }

    @Test func restoreOptions() throws {
        let defaults = try options([])
        #expect(defaults.restoreFolder == nil)
        #expect(defaults.restoreRuns == 3)
        let parsed = try options(["--restore-folder", "/tmp/r", "--restore-runs", "5"])
        #expect(parsed.restoreFolder == "/tmp/r")
        #expect(parsed.restoreRuns == 5)
    }

    @Test func roundsDefaultToOne() throws {
        #expect(try options([]).rounds == 1)
        #expect(try options(["--rounds", "4"]).rounds == 4)
    }

    @Test func audienceOptions() throws {
        let defaults = try options([])
        #expect(defaults.audiencePorts == nil, "without --audience the scenarios run")
        #expect(defaults.viewers == 2000)
        #expect(defaults.presenterRate == 2)
        let parsed = try options(["--audience", "8081,8082", "--viewers=10000", "--presenter-rate", "5"])
        #expect(parsed.audiencePorts == [8081, 8082])
        #expect(parsed.viewers == 10_000)
        #expect(parsed.presenterRate == 5)
    }

    @Test func typingPlansEveryTypistsKeystrokes() throws {
        guard case .load(let shape) = try #require(Scenario.named("typing-100x3")).work else {
            Issue.record("typing-100x3 is not a load scenario")
            return
        }
        #expect(shape.plannedIntents(seconds: 2) == 100 * 3 * 10 * 2)
        #expect(shape.intent == .splice)
        #expect(shape.pacingDescription == "10/s ×3")
    }

    @Test(arguments: [
        (["--variant", "nocolon"], "--variant"),
        (["--variant", "a:--x", "--variant", "a:--y"], "twice"),
        (["--server-arg="], "--server-arg"),
        (["--max-handshakes", "0"], "--max-handshakes"),
        (["--restore-runs", "0"], "--restore-runs"),
        (["--rounds", "0"], "--rounds"),
        (["--restore-folder="], "--restore-folder"),
        (["--scenarios", "fanout-3"], "--scenarios"),
        (["--duration", "0"], "--duration"),
        (["--idle-connections", "10000,2000"], "--idle-connections"),
        (["--json=yes"], "--json"),
        (["--audience", "8081,"], "--audience"),
        (["--audience", "70000"], "--audience"),
        (["--viewers", "0"], "--viewers"),
        (["--presenter-rate", "fast"], "--presenter-rate"),
        (["--warmup"], "--warmup"),
        (["--frobnicate"], "--frobnicate"),
    ])
    func usageErrorsNameTheOption(arguments: [String], option: String) {
        #expect {
            _ = try BenchCommandLine.parse(arguments)
        } throws: { error in
            (error as? UsageError)?.message.contains(option) == true
        }
    }

    @Test func helpListsOptionsAndScenarios() throws {
        guard case .help = try BenchCommandLine.parse(["--quick", "-h"]) else {
            Issue.record("expected help")
            return
        }
        let help = BenchCommandLine.help
        #expect(help.hasPrefix("OVERVIEW: "))
        for option in BenchCommandLine.syntax.options {
            #expect(help.contains(option.name))
        }
        for scenario in Scenario.all {
            #expect(help.contains(scenario.name))
        }
    }
}
