import Foundation
import Testing

/// Text from book files reaches a terminal inert: control characters are shown as `\u{…}`,
/// shelf's own colours still work, and piped output keeps every byte.
@Suite struct InertOutputTests {
    /// A title that would set the window title and ring the bell, authors that would clear the
    /// screen, a tag with a forged colour code, notes with a lone CR that would overwrite a line.
    static let hostile = bookFile(
        "title: \"Dune\\e]0;owned\\a\"\nauthors: [\"Frank\\e[2J\\e[H Herbert\"]\nstatus: reading\ntags: [\"\\e[1mbold\", \"rtl\\u202Eevil\"]",
        body: "Spice must flow.\rFAKE LINE\n\u{1B}]52;c;cGF3bmVk\u{07}clipboard\n")

    private func library() throws -> TemporaryLibrary {
        try TemporaryLibrary(books: [("herbert-dune.md", Self.hostile)])
    }

    /// Fails when `text` holds any escape or control character other than shelf's own colour
    /// codes (`ESC [ digits m`), line feeds and tabs.
    private func expectInert(_ text: String, _ context: String) {
        var rest = Substring(text)
        while let escape = rest.firstIndex(of: "\u{1B}") {
            let after = rest[rest.index(after: escape)...]
            let sgr = after.prefix { $0 != "m" }
            #expect(
                after.hasPrefix("[") && sgr.dropFirst().allSatisfy { $0.isNumber || $0 == ";" }
                    && after.dropFirst(sgr.count).hasPrefix("m"),
                "\(context): a raw escape sequence reached the terminal: \(after.prefix(12).debugDescription)")
            rest = after
        }
        let others = text.unicodeScalars.filter { scalar in
            scalar != "\u{1B}" && scalar != "\n" && scalar != "\t"
                && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value))
        }
        #expect(others.isEmpty, "\(context): control characters reached the terminal: \(others.map { String($0.value, radix: 16) })")
    }

    @Test func controlCharactersFromFilesAreShownEscapedOnATerminal() throws {
        let library = try library()
        for args in [
            ["ls"], ["ls", "--format", "plain"], ["show", "herbert-dune"], ["notes", "herbert-dune"], ["search", "spice"], ["dashboard"],
            ["tags"], ["authors"],
        ] {
            let arguments = args
            guard let result = try ViewTerminal.run(arguments, in: library.root, environment: ["PAGER": ""]) else {
                print("skipped: util-linux `script` is not installed, so no pseudo-terminal can be made")
                return
            }
            // `script` turns each line end into CRLF; the test harness turns them back.
            expectInert(result.stdout, "shelf \(arguments)")
            #expect(
                result.stdout.contains("\\u{1B}") || result.stdout.contains("\\u{D}") || result.stdout.contains("\\u{202E}"),
                "shelf \(arguments) showed nothing escaped\n\(result)")
        }
        let show = try #require(try ViewTerminal.run(["show", "herbert-dune"], in: library.root, environment: ["PAGER": ""]))
        #expect(show.stdout.contains("Dune\\u{1B}]0;owned\\u{7}"), "\(show)")
        #expect(show.stdout.contains("Frank\\u{1B}[2J\\u{1B}[H Herbert"), "\(show)")
        #expect(show.stdout.contains("Spice must flow.\\u{D}FAKE LINE"), "\(show)")
        #expect(show.stdout.contains("\\u{1B}]52;c;cGF3bmVk\\u{7}clipboard"), "\(show)")
    }

    @Test func aForgedColourCodeIsShownNotObeyedWhileShelfsOwnColoursStay() throws {
        let library = try library()
        guard let table = try ViewTerminal.run(["ls"], in: library.root, environment: ["PAGER": ""]) else {
            print("skipped: util-linux `script` is not installed, so no pseudo-terminal can be made")
            return
        }
        #expect(table.stdout.contains("\\u{1B}[1mbold"), "\(table)")
        #expect(table.stdout.contains("\u{1B}[32mreading\u{1B}[0m"), "shelf's own colour is gone\n\(table)")
    }

    @Test func privateUseCharactersBeforeAColourDoNotHideIt() throws {
        // U+E100 and U+E0FF share a lead byte (EE) with the start of shelf's colour markers
        // (U+E000): the search for a marker must step past them and still find the colour.
        let library = try TemporaryLibrary(books: [
            ("x.md", bookFile("title: \"Glyphs \u{E100}\u{E0FF} here\"\nstatus: reading", body: ""))
        ])
        guard let table = try ViewTerminal.run(["ls"], in: library.root, environment: ["PAGER": ""]) else {
            print("skipped: util-linux `script` is not installed, so no pseudo-terminal can be made")
            return
        }
        #expect(table.stdout.contains("Glyphs \u{E100}\u{E0FF} here"), "\(table)")
        #expect(table.stdout.contains("\u{1B}[32mreading\u{1B}[0m"), "shelf's own colour is gone\n\(table)")
        #expect(!table.stdout.contains("\u{E000}"), "a marker reached the terminal unresolved\n\(table)")
    }

    @Test func messagesOnATerminalAreEscapedToo() throws {
        let library = try library()
        guard let result = try ViewTerminal.run(["show", "no \u{1B}]0;such\u{07} book"], in: library.root, environment: ["PAGER": ""])
        else {
            print("skipped: util-linux `script` is not installed, so no pseudo-terminal can be made")
            return
        }
        expectInert(result.stdout, "the error message")
        #expect(result.stdout.contains("no \\u{1B}]0;such\\u{7} book"), "\(result)")
    }

    @Test func pipedOutputKeepsEveryByte() throws {
        let library = try library()
        let notes = try library.run(["show", "herbert-dune", "--format", "json"])
        let object = try parseJSONObject(notes.stdout)
        #expect(object["title"] as? String == "Dune\u{1B}]0;owned\u{07}")
        #expect(object["notes"] as? String == "Spice must flow.\rFAKE LINE\n\u{1B}]52;c;cGF3bmVk\u{07}clipboard\n")
        let plain = try library.run(["ls", "--format", "plain"], environment: ["NO_COLOR": "1"])
        #expect(plain.stdout == "Dune\u{1B}]0;owned\u{07} — Frank\u{1B}[2J\u{1B}[H Herbert\n", "\(plain)")
        // JSON escapes every control character (C1 and bidi ones too), so it is inert even on a
        // terminal and stays valid JSON there.
        #expect(!notes.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(!notes.stdout.contains("\u{202E}") && notes.stdout.contains("rtl\\u202eevil"), "\(notes)")
        #expect((object["tags"] as? [String])?.last == "rtl\u{202E}evil")
    }

    @Test func csvListingsNeutraliseFormulasAsExportDoes() throws {
        let library = try TemporaryLibrary(books: [
            ("a.md", bookFile("title: \"=HYPERLINK(\\\"http://evil\\\",\\\"x\\\")\"\nauthors: [\"+1+1\"]\ntags: [\"@SUM(A1)\", \"-2\"]")),
            ("b.md", bookFile("title: Plain = fine\nauthors: [A. Author]")),
        ])
        let listed = try library.run(["ls", "--format", "csv"])
        #expect(listed.status == 0, "\(listed)")
        #expect(listed.stdout.contains("\"'=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\""), "\(listed)")
        #expect(listed.stdout.contains(",'+1+1,"), "\(listed)")
        #expect(listed.stdout.contains(",'@SUM(A1); -2,"), "\(listed)")
        #expect(listed.stdout.contains(",Plain = fine,"), "\(listed)")
        let exported = try library.run(["export", "csv"])
        #expect(exported.stdout.contains("\"'=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\""), "\(exported)")
        let authors = try library.run(["authors", "--format", "csv"])
        #expect(authors.stdout.contains("'+1+1,1"), "\(authors)")
    }
}
