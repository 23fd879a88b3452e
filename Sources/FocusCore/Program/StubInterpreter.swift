// TEMPORARY STUB: replaced by the interpreter branch.
public struct ProgramRun: Equatable, Sendable, Codable { public var screen: Int = 0 }
public struct ProgramInterpreter: Sendable {
    public let program: SwiftUIProgram
    public init(program: SwiftUIProgram, limits: ProgramLimits = .init()) { self.program = program }
    public func start(ids: inout some RandomNumberGenerator) -> (run: ProgramRun, outcome: ProgramOutcome, failure: ProgramError?) { (ProgramRun(), ProgramOutcome(), nil) }
    public func apply(_ intent: ProgramIntent, to run: inout ProgramRun, ids: inout some RandomNumberGenerator) throws(ProgramError) -> ProgramOutcome { ProgramOutcome() }
    public func draw(_ run: ProgramRun) -> DrawnScreen { DrawnScreen(name: "", content: [], focused: nil, focusValues: [], stateValues: [], keyboardToolbar: []) }
    public func text(of key: ControlKey, in run: ProgramRun) throws(ProgramError) -> String { "" }
    public func carry(_ old: ProgramRun, ids: inout some RandomNumberGenerator) -> ProgramRun { old }
    public var screenNames: [String] { program.screens.map(\.name) }
    public func pendingTimers(in run: ProgramRun) -> [ScheduledTimer] { [] }
}
public enum ProgramCheck { public static func warnings(of program: SwiftUIProgram) -> [ProgramWarning] { [] } }
public struct ProgramWarning: Equatable, Sendable { public var span: SourceSpan; public var message: String }
