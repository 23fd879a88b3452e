/// One fuzz target: a name (the corpus folder `Tests/Fuzz/Corpus/<name>/`) and a check that
/// runs one input and traps (`precondition`) when a property does not hold.
///
/// To add a target: write one file with a `FuzzTarget`, add it to ``FuzzTarget/all``, and put a
/// few seed inputs in its corpus folder. `make fuzz` runs it; `make test` replays its corpus.
public struct FuzzTarget: Sendable {
    /// The target's name: `FOCUS_FUZZ_TARGET`, `FUZZ_TARGETS` and its corpus folder use it.
    public let name: String
    /// Runs one input; traps when a property does not hold.
    public let check: @Sendable ([UInt8]) -> Void

    /// A target called `name` that runs `check` on each input.
    public init(name: String, check: @escaping @Sendable ([UInt8]) -> Void) {
        self.name = name
        self.check = check
    }

    /// Every target, by name.
    public static let all: [FuzzTarget] = [
        .requestHead, .percentDecoding, .messageAssembly, .clientFrames, .connectionMachine, .clientMessage, .staticPath,
        .sourceProgram,
    ]

    /// The target called `name`, if there is one.
    public static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}
