import Foundation
import Testing

/// `shelf check`: every code of docs/sync.md's table with its position and severity, the exit
/// status, JSON, and `--fix`.
@Suite("Sync: shelf check")
struct CheckCommandTests {
    /// One file per code, and the finding it must give: `path:line:column: severity [code]`.
    static let cases: [(file: String, content: [UInt8], finding: String)] = [
        ("malformed.md", Array("---\ntitle: Open\ntags: [a, b\n---\n".utf8), "malformed.md:3:7: error [malformed-yaml]"),
        ("quote.md", Array("---\ntitle: \"open\nx: 1\n---\n".utf8), "quote.md:2:8: error [malformed-yaml]"),
        ("utf8.md", Array("---\ntitle: Bad ".utf8) + [0xFF] + Array("\n---\n".utf8), "utf8.md:2:12: error [invalid-utf8]"),
        ("unclosed.md", Array("---\ntitle: Never\n".utf8), "unclosed.md:1:1: error [unclosed-front-matter]"),
        ("list.md", Array("---\n- a\n- b\n---\n".utf8), "list.md:2:1: error [not-a-mapping]"),
        ("isbn.md", Array("---\ntitle: Isbn\nisbn: \"9780441172718\"\n---\n".utf8), "isbn.md:3:7: error [invalid-isbn]"),
        ("rating.md", Array("---\ntitle: Rating\nrating: 7\n---\n".utf8), "rating.md:3:9: error [invalid-rating]"),
        ("half.md", Array("---\r\ntitle: Half\r\nrating: 9.5\r\n---\r\n".utf8), "half.md:3:9: error [invalid-rating]"),
        ("status.md", Array("---\ntitle: Status\nstatus: someday\n---\n".utf8), "status.md:3:9: error [unknown-status]"),
        ("date.md", Array("---\ntitle: Date\nadded: 2024-13-01\n---\n".utf8), "date.md:3:8: error [invalid-date]"),
        ("pages.md", Array("---\ntitle: Pages\npages: many\n---\n".utf8), "pages.md:3:8: error [invalid-number]"),
        ("dup-a.md", Array("---\ntitle: Dup A\nisbn: \"9780441172719\"\n---\n".utf8), ""),
        ("dup-b.md", Array("---\ntitle: Dup B\nauthor: X\nisbn: 0441172717\n---\n".utf8), "dup-b.md:4:7: error [duplicate-isbn]"),
        ("notes.md", Array("Just notes, no front matter.\n".utf8), "notes.md:1:1: warning [no-front-matter]"),
        ("untitled.md", Array("---\ntags: [nobody]\n---\n".utf8), "untitled.md:1:1: warning [missing-title]"),
        (
            "spelling.md", Array("---\ntitle: Spelling\nstatus: finished  # yay\n---\nBody.\n".utf8),
            "spelling.md:3:9: warning [status-spelling]"
        ),
        ("copy.md", Array("---\ntitle: Copy\n---\n".utf8), ""),
        (
            "copy (conflicted copy 2024-11-02).md", Array("---\ntitle: Copy\n---\n".utf8),
            "copy (conflicted copy 2024-11-02).md:1:1: warning [conflict-copy]"
        ),
        (".shelf-copy.md.k3j2.tmp", Array("---\ntit".utf8), ".shelf-copy.md.k3j2.tmp:1:1: warning [leftover-temp]"),
        ("cafe\u{301}.md", Array("---\ntitle: Café\n---\n".utf8), "cafe\u{301}.md:1:1: warning [non-nfc-name]"),
        ("what?.md", Array("---\ntitle: What\n---\n".utf8), "what?.md:1:1: warning [unsafe-name]"),
        ("aux.md", Array("---\ntitle: Aux\n---\n".utf8), "aux.md:1:1: warning [unsafe-name]"),
        ("sub/deep.md", Array("---\ntitle: Deep\nrating: -2\n---\n".utf8), "sub/deep.md:3:9: error [invalid-rating]"),
        ("good.md", Array("---\ntitle: Good\nstatus: read\nrating: 5\nisbn: \"9780441478125\"\n---\n".utf8), ""),
    ]

    func makeLibrary() throws -> TemporaryLibrary {
        let library = try TemporaryLibrary()
        for item in Self.cases { try library.write(item.file, bytes: item.content) }
        return library
    }

    /// `path:line:column: severity [code]` of each line, without the message.
    func heads(_ lines: [String]) -> [String] {
        lines.map { line in line.range(of: "] ").map { String(line[..<$0.lowerBound]) + "]" } ?? line }
    }

    @Test func everyCodeWithItsPositionAndSeverity() throws {
        let library = try makeLibrary()
        let result = try library.syncRun(["check"])
        #expect(result.status == 1, "\(result)")
        let expected = Self.cases.map(\.finding).filter { !$0.isEmpty }
        #expect(heads(result.stdoutLines).sorted() == expected.sorted(), "\(result)")
        // Every line has a message after the code.
        for line in result.stdoutLines { #expect(line.range(of: "] ").map { !line[$0.upperBound...].isEmpty } == true, "\(line)") }
        #expect(result.stderr.contains("13 errors, 8 warnings."), "\(result)")
    }

    @Test func exitStatusIsZeroWithOnlyWarningsOrNothing() throws {
        let warnings = try TemporaryLibrary(books: [("notes.md", "no front matter\n"), ("s.md", "---\ntitle: S\nstatus: dnf\n---\n")])
        let warned = try warnings.syncRun(["check"])
        #expect(warned.status == 0, "\(warned)")
        #expect(heads(warned.stdoutLines) == ["notes.md:1:1: warning [no-front-matter]", "s.md:3:9: warning [status-spelling]"])
        let clean = try TemporaryLibrary(books: [("good.md", "---\ntitle: Good\n---\n")])
        let nothing = try clean.syncRun(["check"])
        #expect(nothing.status == 0, "\(nothing)")
        #expect(nothing.stdout == "")
        #expect(nothing.stderr == "No problems found.\n")
    }

    @Test func json() throws {
        let library = try makeLibrary()
        let result = try library.syncRun(["check", "--format", "json"])
        #expect(result.status == 1, "\(result)")
        let findings = try parseJSONArray(result.stdout)
        #expect(findings.count == 21)
        let spelling = try #require(findings.first { $0["code"] as? String == "status-spelling" })
        #expect(spelling["path"] as? String == "spelling.md")
        #expect(spelling["line"] as? Int == 3)
        #expect(spelling["column"] as? Int == 9)
        #expect(spelling["severity"] as? String == "warning")
        #expect(spelling["fixable"] as? Bool == true)
        #expect((spelling["message"] as? String)?.isEmpty == false)
        #expect(Set(spelling.keys) == ["path", "line", "column", "code", "severity", "message", "fixable"])
        let fixable = Set(findings.filter { $0["fixable"] as? Bool == true }.compactMap { $0["code"] as? String })
        #expect(fixable == ["status-spelling", "leftover-temp", "non-nfc-name"])
        #expect(try library.syncRun(["check", "--json"]).stdout == result.stdout)
    }

    @Test func fixMakesOnlyTheUnambiguousFixesMinimally() throws {
        let library = try makeLibrary()
        try library.write("sub/.shelf-deep.md.zz9.tmp", "partial")
        let nonNFC = try library.bytes("cafe\u{301}.md")
        let before = try library.snapshot()
        let result = try library.syncRun(["check", "--fix"])
        #expect(result.status == 1, "errors remain\n\(result)")
        let fixed = result.stdoutLines.filter { $0.hasPrefix("fixed ") }
        #expect(
            fixed.sorted() == [
                "fixed .shelf-copy.md.k3j2.tmp: removed the leftover temporary file",
                "fixed cafe\u{301}.md: renamed to its NFC name",
                "fixed spelling.md: status written as read",
                "fixed sub/.shelf-deep.md.zz9.tmp: removed the leftover temporary file",
            ], "\(result)")
        // The remaining findings are the unfixable ones.
        #expect(
            !heads(result.stdoutLines).contains {
                $0.contains("[status-spelling]") || $0.contains("[leftover-temp]") || $0.contains("[non-nfc-name]")
            })
        // Each fix is minimal; nothing else changed.
        #expect(try library.syncText("spelling.md") == "---\ntitle: Spelling\nstatus: read  # yay\n---\nBody.\n")
        #expect(!library.syncExists("cafe\u{301}.md"))
        #expect(try library.bytes("caf\u{E9}.md") == nonNFC)
        #expect(!library.syncExists(".shelf-copy.md.k3j2.tmp") && !library.syncExists("sub/.shelf-deep.md.zz9.tmp"))
        let after = try library.snapshot()
        // (Swift compares the two spellings of café as equal, so they are left out here.)
        let changed = Set(after.differences(from: before).filter { !$0.hasPrefix("caf") })
        #expect(changed == ["spelling.md", ".shelf-copy.md.k3j2.tmp", "sub/.shelf-deep.md.zz9.tmp", "sub"], "\(changed)")
        // A second run finds nothing left to fix.
        let again = try library.syncRun(["check", "--fix"])
        #expect(!again.stdout.contains("fixed "), "\(again)")
    }
}
