import TransportWire

extension FuzzTarget {
    /// Percent-decoding: never traps, refuses exactly the malformed escapes, and undoes the
    /// transport's encoding.
    public static let percentDecoding = FuzzTarget(name: "percent-decoding") { input in
        let decoded = PercentEncoding.decode(input)
        var index = 0
        var wellFormed = true
        while index < input.count {
            if input[index] == UInt8(ascii: "%") {
                guard index + 2 < input.count, PercentEncoding.hexValue(input[index + 1]) != nil,
                    PercentEncoding.hexValue(input[index + 2]) != nil
                else {
                    wellFormed = false
                    break
                }
                index += 3
            } else {
                index += 1
            }
        }
        precondition((decoded != nil) == wellFormed, "decode must refuse exactly the malformed escapes")
        if let decoded {
            precondition(decoded.count <= input.count)
        }
        precondition(PercentEncoding.decode(PercentEncoding.encodePath(input).utf8) == input, "decoding must undo path encoding")
        precondition(
            PercentEncoding.decode(PercentEncoding.encodeQueryArgument(input).utf8) == input, "decoding must undo query encoding")
    }
}
