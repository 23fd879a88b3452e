import Testing
import TransportWire

@Suite("Percent-encoding")
struct PercentEncodingTests {
    @Test(arguments: [
        ("/a%20b", Array("/a b".utf8)), ("%41%4a%4A", Array("AJJ".utf8)), ("100%25", Array("100%".utf8)), ("", []),
    ])
    func decodesEscapes(encoded: String, decoded: [UInt8]) {
        #expect(PercentEncoding.decode(encoded.utf8) == decoded)
    }

    @Test(arguments: ["%", "%4", "%zz", "a%g0", "%%41"])
    func refusesMalformedEscapes(encoded: String) {
        #expect(PercentEncoding.decode(encoded.utf8) == nil)
    }

    @Test func encodingThenDecodingGivesTheBytesBack() {
        let bytes = (0...255).map { UInt8($0) }
        #expect(PercentEncoding.decode(PercentEncoding.encodePath(bytes).utf8) == bytes)
        #expect(PercentEncoding.decode(PercentEncoding.encodeQueryArgument(bytes).utf8) == bytes)
    }
}
