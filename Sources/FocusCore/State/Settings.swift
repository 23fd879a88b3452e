/// Per-session switches that change how focus behaves.
public struct Settings: Codable, Equatable, Sendable {
    /// A field-to-field move passes through `nil` (two focus events), as SwiftUI does without
    /// `withTransaction(Transaction(animation: nil))`, so the page can show the keyboard dip.
    public var animatedFocusChange: Bool
    /// The checkout Address field is bound to `.name` by mistake (seed 001's ambiguous binding).
    public var ambiguousAddressBinding: Bool

    public init(animatedFocusChange: Bool = false, ambiguousAddressBinding: Bool = false) {
        self.animatedFocusChange = animatedFocusChange
        self.ambiguousAddressBinding = ambiguousAddressBinding
    }

    /// These settings with every switch the patch names set to its value.
    public func applying(_ patch: SettingsPatch) -> Settings {
        Settings(
            animatedFocusChange: patch.animatedFocusChange ?? animatedFocusChange,
            ambiguousAddressBinding: patch.ambiguousAddressBinding ?? ambiguousAddressBinding
        )
    }

    /// The switches whose values differ in `other`, with their values there.
    public func changes(to other: Settings) -> SettingsPatch {
        SettingsPatch(
            animatedFocusChange: other.animatedFocusChange == animatedFocusChange ? nil : other.animatedFocusChange,
            ambiguousAddressBinding: other.ambiguousAddressBinding == ambiguousAddressBinding
                ? nil : other.ambiguousAddressBinding
        )
    }
}
