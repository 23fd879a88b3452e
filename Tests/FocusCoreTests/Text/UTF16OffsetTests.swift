import FocusCore
import Testing

@Suite("UTF-16 offsets")
struct UTF16OffsetTests {
    @Test("Offsets count UTF-16 code units: an emoji is two, an accented letter one")
    func lengths() {
        #expect("Ada".utf16Length == 3)
        #expect("é".utf16Length == 1)
        #expect("😀".utf16Length == 2)
        #expect("a😀b".utf16Length == 4)
        #expect("".utf16Length == 0)
    }

    @Test("A boundary is in range and not between the halves of a surrogate pair")
    func boundaries() {
        let text = "a😀b"
        #expect((0...4).filter(text.isUTF16Boundary) == [0, 1, 3, 4])
        #expect(!text.isUTF16Boundary(-1))
        #expect(!text.isUTF16Boundary(5))
        #expect("".isUTF16Boundary(0))
        #expect("😀😀".isUTF16Boundary(2))
    }

    @Test("A splice applies at UTF-16 offsets, around astral characters too")
    func applySplice() {
        #expect(TextSplice(at: 3, insert: "X").applied(to: "a😀b") == "a😀Xb")
        #expect(TextSplice(at: 1, delete: 2).applied(to: "a😀b") == "ab")
        #expect(TextSplice(at: 0, delete: 4, insert: "🎉").applied(to: "a😀b") == "🎉")
        #expect(TextSplice(at: 0).applied(to: "") == "")
    }

    @Test("A splice encodes as the protocol's {at, delete, insert}")
    func wireShape() throws {
        let splice = TextSplice(at: 3, delete: 1, insert: "X")
        #expect(sameJSON(try jsonObject(splice), try jsonObject(#"{"at":3,"delete":1,"insert":"X"}"#)))
    }
}
