/// A partial change of `Settings`: switches left `nil` keep their value. Encodes only the
/// switches it names (`{"animatedFocusChange":true}`).
public struct SettingsPatch: Codable, Equatable, Sendable {
    public var animatedFocusChange: Bool?
    public var ambiguousAddressBinding: Bool?

    public init(animatedFocusChange: Bool? = nil, ambiguousAddressBinding: Bool? = nil) {
        self.animatedFocusChange = animatedFocusChange
        self.ambiguousAddressBinding = ambiguousAddressBinding
    }

    /// Whether the patch names no switch.
    public var isEmpty: Bool { animatedFocusChange == nil && ambiguousAddressBinding == nil }
}
