// How long reading a source takes for a 40-line and a 200-line source (`make bench-compile`):
// the parser alone and the toolchain's passes the reader makes over its tree (locations, the
// parser's diagnostics, the syntax colours' classification, operator folding), the reader, the whole compile (parse, read, check), compile plus the
// program's first run, and the compile as the server has it done: a round trip to a
// `focus-compile` process (built beside this program), the answer read back. Not a unit test: the figures depend on the machine and its load.
import FocusCore
import FocusProtocol
import Foundation
import SwiftIDEUtils
import SwiftOperators
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax
import SwiftUISource

/// A 40-line sign-up screen; `name` makes each copy its own view.
func screen(_ name: String) -> String {
    """
    struct \(name): View {
        enum Field: Int, CaseIterable, Hashable { case name, email, password, confirm }
        @FocusState private var focus: Field?
        @State private var name = ""
        @State private var email = ""
        @State private var password = ""
        @State private var confirm = ""
        @State private var agreed = false
        var canSubmit: Bool { !email.isEmpty && password.count >= 8 && password == confirm }
        var body: some View {
            Form {
                Section("Account") {
                    TextField("Name", text: $name).focused($focus, equals: .name).submitLabel(.next)
                    TextField("Email", text: $email).focused($focus, equals: .email).keyboardType(.emailAddress)
                    SecureField("Password", text: $password).focused($focus, equals: .password)
                    SecureField("Confirm", text: $confirm).focused($focus, equals: .confirm).submitLabel(.done)
                }
                Toggle("I agree to the terms", isOn: $agreed)
                Button("Create account", action: submit).disabled(!canSubmit || !agreed)
            }
            .onSubmit { focusNext() }
            .toolbar {
                ToolbarItemGroup(placement: .keyboard) {
                    Button("Previous") { focus = Field(rawValue: (focus?.rawValue ?? 0) - 1) }
                    Spacer()
                    Button("Done") { focus = nil }
                }
            }
            .onAppear {
                Task { try? await Task.sleep(for: .milliseconds(300)); focus = .name }
            }
        }
        func focusNext() {
            guard let current = focus else { return }
            focus = Field(rawValue: current.rawValue + 1)
        }
        func submit() {
            if email.isEmpty { focus = .email } else if password.count < 8 { focus = .password } else { focus = nil }
        }
    }

    """
}

/// The median and 90th percentile of `work` over `runs`, in milliseconds, after a warm-up.
func figures(runs: Int = 200, _ work: () -> Void) -> String {
    for _ in 0..<5 { work() }
    var times: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        work()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    times.sort()
    return String(format: "median %.2f ms, p90 %.2f ms", times[times.count / 2], times[times.count * 9 / 10])
}

func measure(_ label: String, _ source: String) {
    let reading = SourceReader.read(source)
    precondition(reading.program != nil && reading.diagnostics.isEmpty, "\(reading.diagnostics)")
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    print("\(label), \(lines) lines: SourceReader.read \(figures { _ = SourceReader.read(source) })")
    print("\(label), \(lines) lines: Parser.parse alone \(figures { _ = Parser.parse(source: source) })")
    let tree = Parser.parse(source: source)
    print("\(label), \(lines) lines:   locations \(figures { _ = SourceLocationConverter(fileName: "s", tree: tree) })")
    print("\(label), \(lines) lines:   parser diagnostics \(figures { _ = ParseDiagnosticsGenerator.diagnostics(for: tree) })")
    print("\(label), \(lines) lines:   classifications \(figures { for _ in tree.classifications {} })")
    print(
        "\(label), \(lines) lines:   operators folded \(figures { _ = OperatorTable.standardOperators.foldAll(tree) { _ in } })")
    print("\(label), \(lines) lines: SourceCompilation.compile \(figures { _ = SourceCompilation.compile(source) })")
    let started = figures {
        guard let program = SourceCompilation.compile(source).program else { fatalError("no program") }
        var ids = SystemRandomNumberGenerator()
        _ = ProgramInterpreter(program: program).start(ids: &ids)
    }
    print("\(label), \(lines) lines: compile + start \(started)")
    if let compiler {
        var answers = FrameReader()
        let roundTrip = figures {
            try! compiler.input.write(contentsOf: CompilerFrames.frame(Data(source.utf8)))
            guard let payload = try! answers.next(from: compiler.output) else { fatalError("focus-compile ended") }
            _ = try! JSONValueDecoder(depthLimit: 4_096).decode(CompiledSource.self, from: [UInt8](payload))
        }
        print("\(label), \(lines) lines: through focus-compile \(roundTrip)")
    }
}

/// A `focus-compile` process beside this program, as the server runs it; nil where none was built.
let compiler: (input: FileHandle, output: FileHandle)? = {
    guard let folder = Bundle.main.executableURL?.deletingLastPathComponent(),
        FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("focus-compile").path)
    else { return nil }
    let process = Process()
    process.executableURL = folder.appendingPathComponent("focus-compile")
    let (input, output) = (Pipe(), Pipe())
    (process.standardInput, process.standardOutput) = (input, output)
    try! process.run()
    return (input.fileHandleForWriting, output.fileHandleForReading)
}()

measure("one screen", screen("SignUp"))
measure("five screens", (1...5).map { screen("SignUp\($0)") }.joined())
