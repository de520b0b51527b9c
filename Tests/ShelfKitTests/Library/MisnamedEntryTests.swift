import Foundation
import Testing
@testable import ShelfKit

/// How a name that is not UTF-8 is shown: in the shell's `$'…'` quoting, every well-formed
/// character as it is, every other byte and every control as `\xHH`, a backslash and a quote
/// escaped, so that the display decodes back to the name's bytes, as a shell would.
@Suite struct MisnamedEntryDisplayTests {
    /// `shown`'s text read back as the shell reads `$'…'`: `\\` and `\'` to their character,
    /// `\xHH` to its byte, the rest as UTF-8; nil when it is not so quoted.
    private func bytes(of shown: String) -> [UInt8]? {
        // By bytes: a combining mark after the quote makes one character with it.
        guard shown.utf8.starts(with: "$'".utf8), shown.utf8.last == UInt8(ascii: "'"), shown.utf8.count >= 3 else { return nil }
        var out: [UInt8] = []
        var utf8 = Array(shown.utf8).dropFirst(2).dropLast()
        while let first = utf8.first {
            if first == UInt8(ascii: "\\"), let next = utf8.dropFirst().first, next == UInt8(ascii: "\\") || next == UInt8(ascii: "'") {
                out.append(next)
                utf8 = utf8.dropFirst(2)
            } else if first == UInt8(ascii: "\\"), utf8.count >= 4, utf8.dropFirst().first == UInt8(ascii: "x"),
                let byte = UInt8(String(decoding: utf8.dropFirst(2).prefix(2), as: UTF8.self), radix: 16)
            {
                out.append(byte)
                utf8 = utf8.dropFirst(4)
            } else {
                out.append(first)
                utf8 = utf8.dropFirst()
            }
        }
        return out
    }

    private func shown(_ name: [UInt8]) -> String {
        (name + [0]).withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { MisnamedEntry.shown($0.baseAddress!) }
        }
    }

    @Test func knownNames() {
        #expect(shown(Array("caf".utf8) + [0xE9] + Array(".md".utf8)) == "$'caf\\xE9.md'")
        #expect(shown(Array("Жизнь-".utf8) + [0xC0, 0x80]) == "$'Жизнь-\\xC0\\x80'")  // an overlong NUL
        #expect(shown([0xED, 0xA0, 0x80]) == "$'\\xED\\xA0\\x80'")  // a surrogate
        #expect(shown([0xF4, 0x90, 0x80, 0x80]) == "$'\\xF4\\x90\\x80\\x80'")  // past U+10FFFF
        #expect(shown([0xE4, 0xB8]) == "$'\\xE4\\xB8'")  // a cut character
        #expect(shown(Array("书-\u{FFFD}.md".utf8)) == "$'书-\u{FFFD}.md'")
        // Not the same as a file named `caf\xE9.md` in UTF-8, nor split by its line break.
        #expect(shown(Array("it's caf\\xE9.md".utf8)) == "$'it\\'s caf\\\\xE9.md'")
        #expect(shown(Array("a\nb".utf8) + [0xE9]) == "$'a\\x0Ab\\xE9'")
    }

    /// Random bytes: the display reads back to the bytes, a name of valid UTF-8 without controls,
    /// quotes or backslashes is shown as it is within the quotes, and a name is misnamed exactly
    /// when Swift finds it is not UTF-8.
    @Test func randomNamesReadBackToTheirBytes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let length = Int.random(in: 1...12, using: &generator)
            let pieces: [[UInt8]] = [
                [0x61], [0xE9], Array("é".utf8), Array("书".utf8), Array("😀".utf8), [0xF0, 0x9F],
                [0xED, 0xB0, 0x80], [0xC1, 0xBF], [0xEF, 0xBF, 0xBD], [0x80], [0xFF],
            ]
            var name: [UInt8] = []
            for _ in 0..<length {
                name +=
                    Bool.random(using: &generator)
                    ? [UInt8.random(in: 1...0xFF, using: &generator)] : pieces.randomElement(using: &generator)!
            }
            guard !name.isEmpty else { continue }
            let text = shown(name)
            let valid = String(validating: name, as: UTF8.self)
            #expect(bytes(of: text) == name, "\(name) shown as \(text)")
            let plain = !name.contains { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "'") }
            if let valid, plain { #expect(text == "$'" + valid + "'") }
            if valid == nil { #expect(text.contains("\\x"), "\(name) shown as \(text)") }
            let misnamed = (name + [0]).withUnsafeBufferPointer { raw in
                raw.withMemoryRebound(to: CChar.self) { MisnamedEntry.isMisnamed(String(cString: $0.baseAddress!), raw: $0.baseAddress!) }
            }
            #expect(misnamed == (valid == nil), "\(name)")
        }
    }
}
