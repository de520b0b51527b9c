import Foundation
import Testing
@testable import ShelfKit
@testable import ShelfPresentation

/// JSON as shelf writes it: strings read back as they were, and nothing a terminal would obey
/// left raw in them, whether a string takes the plain path (printable ASCII) or the escaping one.
@Suite struct JSONValueTests {
    static func readBack(_ json: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
    }

    @Test func stringsReadBackAsTheyWere() throws {
        var generator = SystemRandomNumberGenerator()
        // Every ASCII byte (quotes, backslashes, controls, DEL) and a few beyond it.
        let pieces = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) } + ["é", "三", "\u{2028}", "\u{202E}", "\r\n"]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...30, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            for indent in [nil, 2] {
                let json = JSONValue.array([.string(text), .object([(text, .string(text))])]).serialized(indent: indent)
                #expect(!json.utf8.contains { $0 < 0x20 && $0 != 0x0A || $0 == 0x7F }, "\(Array(text.utf8))")
                let value = try Self.readBack(json) as? [Any]
                #expect(value?.first as? String == text, "\(Array(text.utf8))")
                #expect((value?.last as? [String: String])?[text] == text, "\(Array(text.utf8))")
            }
        }
    }

    @Test func printableASCIIIsWrittenAsItIs() {
        #expect(JSONValue.string("Dune: 1965 (Chilton) ~ 100%").serialized() == "\"Dune: 1965 (Chilton) ~ 100%\"")
        #expect(JSONValue.string("say \"hi\" \\ \u{7F}").serialized() == "\"say \\\"hi\\\" \\\\ \\u007f\"")
    }

    @Test func nestedLevelsAreIndented() {
        var value = JSONValue.string("x")
        for _ in 0..<40 { value = .array([value]) }
        let lines = value.serialized(indent: 2).split(separator: "\n")
        #expect(lines.count == 81)
        #expect(lines[40] == Substring(String(repeating: " ", count: 80) + "\"x\""))
        #expect(lines[1] == "  [")
    }
}
