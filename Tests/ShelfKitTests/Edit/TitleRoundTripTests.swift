import Testing
@testable import ShelfKit

/// Round-trip property: for many random-ish strings, setting `title` (whatever style the old
/// title was written in) and reading the book back gives the same string, and every byte
/// outside the title's value stays.
@Suite struct TitleRoundTripTests {
    /// A small deterministic generator (SplitMix64), so a failure can be reproduced.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    }

    /// Pieces the strings are made of: YAML syntax, quotes, escapes, white space, line breaks,
    /// words that read as other types, non-Latin text and emoji.
    static let pieces: [String] = [
        "a", "Dune", " ", "  ", "\t", "\n", "\r\n", "\r", ":", ": ", " #", "#", "'", "\"", "\\", "\\n", "-", "- ",
        "?", ",", "[", "]", "{", "}", "*", "&", "!", "%", "@", "`", "|", ">", "~", "null", "Yes", "no", "1984",
        "0441478123", "2024-01-02", "1e3", ".inf", "三体", "Gödel", "🚀", "👩🏽‍🚀", "é", "e\u{301}", "---", "...", "<<",
        "\u{FEFF}", "\u{A0}", "x: y", "http://e.com/?q=1", "'quoted'", "\"dq\"",
    ]

    static func strings(count: Int, seed: UInt64) -> [String] {
        var generator = Generator(state: seed)
        return (0..<count).map { _ in
            let length = 1 + Int(generator.next() % 6)
            return (0..<length).map { _ in generator.pick(pieces) }.joined()
        }
    }

    /// The same file with the title in four styles: plain with a comment, single-quoted,
    /// double-quoted and a literal block scalar. `before`/`after` are the bytes around the value.
    static let templates: [(name: String, before: String, old: String, after: String)] = [
        ("plain", "---\n# c\ntitle: ", "Old Title", "   # comment\nrating: 3\n---\nBody\n"),
        ("single", "\u{FEFF}---\r\ntitle: ", "'Old'", "\r\ntags: [a]\r\n---\r\nBody"),
        ("double", "---\ntitle: ", "\"Old\"", "\nauthors:\n  - X\n---\n"),
        ("literal", "---\ntitle: ", "|\n  Old\n", "rating: 3\n---\n"),
    ]

    static let cases: [String] =
        strings(count: 400, seed: 0x5EED) + [
            " leading", "trailing ", " both ", "tab\tinside", "line\nbreak", "ends with newline\n", "\\", "\\\\n", "'", "''",
            "\"", "a #b", "a: b", "#hash", "-", "- item", "?", "[1, 2]", "{a: 1}", "*alias", "&anchor", "!tag", "%YAML",
            "@at", "`tick", "|", ">", "Yes", "NO", "null", "~", "1984", "0441478123", "3.14", "2024-03-02", "0x1F",
        ]

    @Test(arguments: cases)
    func settingTheTitleRoundTrips(value: String) throws {
        for template in TitleRoundTripTests.templates {
            let input = Array((template.before + template.old + template.after).utf8)
            let output = try editApplying([.set("title", .string(value))], to: input)
            // The raw value as a YAML reader gives it; `Book.title` is the same, trimmed.
            let read = try editScalar("title", in: output)?.value
            #expect(read.map { Array($0.utf8) } == Array(value.utf8), "\(template.name): \(editVisible(output))")
            if !value.trimmingSpaces.isEmpty {
                let book = try editBook(output)
                #expect(book?.value(of: "title")?.text.map { Array($0.utf8) } == Array(value.utf8))
                #expect(book?.title == value.trimmingSpaces)
            }
            // YAML could read it as a non-string only when written plain; check that it is not.
            if let scalar = try editScalar("title", in: output), scalar.style == .plain {
                #expect(!EditYAMLTypes.isTypedPlain(String(decoding: output[scalar.range], as: UTF8.self)))
            }
            // Nothing outside the value changed.
            let before = Array(template.before.utf8)
            let after = Array(template.after.utf8)
            #expect(output.starts(with: before), "\(template.name): \(editVisible(output))")
            #expect(output.reversed().starts(with: after.reversed()), "\(template.name): \(editVisible(output))")
            // The value is one line: no new line breaks inside the front matter.
            let valueBytes = output[before.count..<(output.count - after.count)]
            let trimmed = template.name == "literal" ? valueBytes.dropLast() : valueBytes
            #expect(!trimmed.contains(0x0A) && !trimmed.contains(0x0D), "\(template.name): \(editVisible(output))")
        }
    }

    @Test(arguments: cases.prefix(60))
    func settingATagOrAnUnknownKeyRoundTrips(value: String) throws {
        let input = Array("---\ntitle: T\ntags: [a]\nlist:\n  - a\n---\n".utf8)
        let trimmed = value.trimmingSpaces
        guard !trimmed.isEmpty, TextFolding.foldTag(value) != "a" else { return }
        let output = try editApplying([.add("tags", value), .set("mood", .string(value))], to: input)
        let book = try #require(try editBook(output))
        #expect(book.value(of: "mood")?.text == value, "\(editVisible(output))")
        #expect(book.value(of: "tags")?.texts == ["a", value], "\(editVisible(output))")
    }
}
