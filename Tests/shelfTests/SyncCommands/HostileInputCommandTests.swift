import Foundation
import Testing

/// Broken and hostile files through the built binary: `ls` lists the good books and names each
/// unreadable file as `path:line:column: message`; `check` gives each its code; nothing crashes
/// (docs/format.md, "Which files are books"; docs/sync.md, "shelf check").
@Suite("Hostile input: ls and check")
struct HostileInputCommandTests {
    static func files() -> [(String, [UInt8])] {
        var random: UInt64 = 0x5eed
        let binary: [UInt8] = (0..<4096).map { _ in
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: random >> 33)
        }
        let depth = 5_000
        var chain = ["---", "title: Chain", "a0: &a0 [lol, lol]"]
        for level in 1..<60 { chain.append("a\(level): &a\(level) [*a\(level - 1), *a\(level - 1)]") }
        return [
            ("good.md", Array("---\ntitle: Good\n---\n".utf8)),
            (
                "deep.md",
                Array(
                    ("---\ntitle: Deep\nx: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n---\n").utf8
                )
            ),
            ("chain.md", Array((chain.joined(separator: "\n") + "\n---\n").utf8)),
            ("binary.md", binary),
            ("png.md", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52]),
            ("nul-front.md", Array("---\ntitle: Nul".utf8) + [0] + Array("here\n---\n".utf8)),
            ("nul-body.md", Array("---\ntitle: Nul Body\n---\nbo".utf8) + [0] + Array("dy\n".utf8)),
            ("cr-only.md", Array("---\rtitle: Classic Mac\r---\rNotes.\r".utf8)),
            ("utf8-front.md", Array("---\ntitle: Bad ".utf8) + [0xC3, 0x28] + Array("\n---\n".utf8)),
            ("utf8-body.md", Array("---\ntitle: Bad Body\n---\nline\nbo".utf8) + [0xFF] + Array("dy\n".utf8)),
        ]
    }

    func makeLibrary() throws -> TemporaryLibrary {
        let library = try TemporaryLibrary()
        for (name, bytes) in Self.files() { try library.write(name, bytes: bytes) }
        return library
    }

    @Test func lsListsTheGoodBooksAndNamesTheRest() throws {
        let library = try makeLibrary()
        let result = try library.syncRun(["ls", "--format", "paths"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.sorted() == ["chain.md", "good.md", "nul-body.md"], "\(result)")
        let named = result.stderrLines.map { String($0.prefix { $0 != " " }) }.sorted()
        #expect(named == ["deep.md:3:1027:", "nul-front.md:2:11:", "utf8-body.md:5:3:", "utf8-front.md:2:12:"], "\(result)")
    }

    @Test func checkGivesEachItsCode() throws {
        let library = try makeLibrary()
        let result = try library.syncRun(["check"])
        #expect(result.status == 1, "\(result)")
        let heads = result.stdoutLines.map { line in line.range(of: "] ").map { String(line[..<$0.lowerBound]) + "]" } ?? line }
        #expect(
            heads.sorted() == [
                "binary.md:1:1: warning [no-front-matter]",
                "cr-only.md:1:1: warning [no-front-matter]",
                "deep.md:3:1027: error [malformed-yaml]",
                "nul-front.md:2:11: error [malformed-yaml]",
                "png.md:1:1: warning [no-front-matter]",
                "utf8-body.md:5:3: error [invalid-utf8]",
                "utf8-front.md:2:12: error [invalid-utf8]",
            ], "\(result)")
    }

    /// A 50 MB file of random bytes named `.md`, beside a book.
    // The limit only stops a hang (each shelf run is also bounded by the harness): on a loaded
    // 2-core machine, with the whole suite running at once, this takes minutes.
    @Test(.timeLimit(.minutes(10)))
    func aFiftyMegabyteBinaryFile() throws {
        let library = try TemporaryLibrary(books: [("good.md", "---\ntitle: Good\n---\n")])
        var state: UInt64 = 42
        var bytes = [UInt8](repeating: 0, count: 50 * 1024 * 1024)
        bytes.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt64.self)
            for index in words.indices {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                words[index] = state
            }
        }
        try library.write("huge.md", bytes: bytes)
        let result = try library.syncRun(["check"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.map { String($0.prefix(40)) } == ["huge.md:1:1: warning [no-front-matter] n"], "\(result)")
    }

    /// A long chain of aliases, each one level deeper than the last.
    @Test
    func aLongLinearAliasChainIsNoCrash() throws {
        var lines = ["---", "title: Linear", "b0: &b0 x"]
        for level in 1..<4_000 { lines.append("b\(level): &b\(level) [*b\(level - 1)]") }
        let library = try TemporaryLibrary(books: [("linear.md", lines.joined(separator: "\n") + "\n---\n")])
        for args in [["ls", "--format", "paths"], ["check"]] {
            let result = try library.syncRun(args)
            #expect(result.status == 0, "\(args)\n\(result)")
        }
    }
}
