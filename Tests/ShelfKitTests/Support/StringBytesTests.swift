import Testing
@testable import ShelfKit

/// `String(nulTerminated:)`, the text of a C buffer as `getcwd` or `getnameinfo` fill it, and
/// `containsByte`, which must answer as the string's `utf8` view does.
@Suite struct StringBytesTests {
    static func buffer(_ bytes: [UInt8], size: Int) -> [CChar] {
        (bytes + [UInt8](repeating: 0, count: max(size - bytes.count, 0))).map { CChar(bitPattern: $0) }
    }

    @Test func stopsAtTheFirstNul() {
        #expect(String(nulTerminated: Self.buffer(Array("/home/reader".utf8), size: 64)) == "/home/reader")
        #expect(String(nulTerminated: Self.buffer(Array("a".utf8) + [0] + Array("b".utf8), size: 8)) == "a")
        #expect(String(nulTerminated: Self.buffer([], size: 4)) == "")
        #expect(String(nulTerminated: []) == "")
    }

    @Test func takesAWholeBufferWithoutANul() {
        #expect(String(nulTerminated: Self.buffer(Array("fe80::1%eth0".utf8), size: 0)) == "fe80::1%eth0")
    }

    @Test func keepsUTF8AndRepairsWhatIsNot() {
        #expect(String(nulTerminated: Self.buffer(Array("/tmp/Библиотека/書".utf8), size: 64)) == "/tmp/Библиотека/書")
        #expect(String(nulTerminated: Self.buffer([0x61, 0xFF, 0x62], size: 8)) == "a\u{FFFD}b")
    }

    @Test func containsByteAnswersAsTheUTF8ViewDoes() {
        let texts = [
            "", "#", "a#b", "{{title}}", "<% tp.file.title %>", "Le Guin; Ursula", "Gödel, Escher", "Библиотека#",
            "ノルウェイの森", String(repeating: "long text without it ", count: 40), String(repeating: "x", count: 300) + "#",
        ]
        for text in texts {
            for byte in [UInt8(ascii: "#"), UInt8(ascii: "{"), UInt8(ascii: ";"), UInt8(ascii: ","), 0xD0, 0x00] {
                #expect(text.containsByte(byte) == text.utf8.contains(byte), "\(text.debugDescription) \(byte)")
                #expect(text.containsByte { $0 == byte } == text.utf8.contains(byte), "\(text.debugDescription) \(byte)")
            }
        }
        // A substring's text, bridged or not, is asked through the same view.
        let part = String("xx#yy".dropFirst(2))
        #expect(part.containsByte(UInt8(ascii: "#")))
    }
}
