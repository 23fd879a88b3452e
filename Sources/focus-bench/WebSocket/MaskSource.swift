/// Masking keys for client frames from xorshift64*: a few instructions each, where the system's
/// random source would cost a system call per frame. RFC 6455 wants keys a page's script
/// cannot predict, which protects proxies from browsers; a load generator has no such script.
struct MaskSource {
    private var state: UInt64

    /// A source seeded from the system's random numbers.
    init() {
        var system = SystemRandomNumberGenerator()
        self.init(seed: system.next())
    }

    init(seed: UInt64) {
        state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed
    }

    mutating func next() -> UInt32 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return UInt32(truncatingIfNeeded: (state &* 0x2545_F491_4F6C_DD1D) >> 32)
    }
}
