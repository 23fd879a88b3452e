/// SHA-1 (FIPS 180-4). RFC 6455 prescribes it for `Sec-WebSocket-Accept`; nothing else here
/// uses it, and it is no protection for anything.
enum SHA1 {
    /// The 20-byte digest of `message`.
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var padded = message
        padded.append(0x80)
        while padded.count % 64 != 56 { padded.append(0) }
        let bitCount = UInt64(message.count) * 8
        for shift in stride(from: 56, through: 0, by: -8) {
            padded.append(UInt8(truncatingIfNeeded: bitCount >> UInt64(shift)))
        }
        var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var words = [UInt32](repeating: 0, count: 80)
        for block in stride(from: 0, to: padded.count, by: 64) {
            for index in 0..<16 {
                let byte = block + index * 4
                words[index] =
                    UInt32(padded[byte]) << 24 | UInt32(padded[byte + 1]) << 16
                    | UInt32(padded[byte + 2]) << 8 | UInt32(padded[byte + 3])
            }
            for index in 16..<80 {
                words[index] = rotate(words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16], by: 1)
            }
            var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
            for index in 0..<80 {
                let mix: UInt32
                let constant: UInt32
                switch index {
                case 0..<20: (mix, constant) = ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (mix, constant) = (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: (mix, constant) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (mix, constant) = (b ^ c ^ d, 0xCA62_C1D6)
                }
                let next = rotate(a, by: 5) &+ mix &+ e &+ constant &+ words[index]
                (e, d, c, b, a) = (d, c, rotate(b, by: 30), a, next)
            }
            state[0] &+= a
            state[1] &+= b
            state[2] &+= c
            state[3] &+= d
            state[4] &+= e
        }
        return state.flatMap { word in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> $0) } }
    }

    private static func rotate(_ value: UInt32, by count: UInt32) -> UInt32 {
        value << count | value >> (32 - count)
    }
}
