import Testing
import TransportWire

@Suite("UTF-8 validation piece by piece")
struct UTF8ValidatorTests {
    static let invalid: [[UInt8]] = [
        [0xC0, 0x80],  // overlong NUL
        [0xE0, 0x80, 0x80],  // overlong
        [0xED, 0xA0, 0x80],  // surrogate U+D800
        [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
        [0xF5, 0x80, 0x80, 0x80],
        [0xFF],
        [0x80],  // lone continuation
        [0xCE, 0xBA, 0xE1, 0xBD, 0xB9, 0xCF, 0x83, 0xCE, 0xBC, 0xCE, 0xB5, 0xED, 0xA0, 0x80, 0x65, 0x64, 0x69, 0x74, 0x65, 0x64],
    ]

    @Test(arguments: invalid)
    func refusesWhatStringRefuses(bytes: [UInt8]) {
        var validator = UTF8Validator()
        let valid = validator.validate(bytes)
        #expect(!valid)
        #expect(String(validating: bytes, as: UTF8.self) == nil)
    }

    @Test func agreesWithTheStandardLibraryOnEverySplitOfRandomText() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...12, using: &generator)
            // Bias towards bytes that start or continue multi-byte characters.
            let bytes = (0..<length).map { _ in
                [
                    UInt8.random(in: 0...0x7F, using: &generator), UInt8.random(in: 0x80...0xBF, using: &generator),
                    UInt8.random(in: 0xC0...0xFF, using: &generator),
                ].randomElement(using: &generator)!
            }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            for split in 0...bytes.count {
                var validator = UTF8Validator()
                let valid = validator.validate(bytes[..<split]) && validator.validate(bytes[split...]) && validator.isAtBoundary
                #expect(valid == expected, "\(bytes) split at \(split)")
            }
        }
    }

    @Test func aCharacterSplitAcrossPiecesIsNotYetAtABoundary() {
        var validator = UTF8Validator()
        let start = validator.validate([0x68, 0xE2, 0x9C])
        #expect(start && !validator.isAtBoundary)
        let end = validator.validate([0x93])
        #expect(end && validator.isAtBoundary)
    }
}
