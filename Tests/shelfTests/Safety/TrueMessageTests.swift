import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Messages that are true and say what to do, for the odd cases a careless user or a damaged
/// copy brings: a database that is not one, an immutable book, a conflict copy that is a link,
/// a borrower's name with a line break.
@Suite struct TrueMessageTests {
    static let dune = ("dune.md", "---\ntitle: Dune\n---\n")

    @Test func randomBytesNamedAsAKoboDatabaseAreCalledNoDatabase() throws {
        let library = try TemporaryLibrary(books: [Self.dune])
        var bytes = [UInt8](repeating: 0, count: 4096)
        for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 13) }
        try library.write("device/KoboReader.sqlite", bytes: bytes)
        let before = try library.snapshot()
        let result = try library.run(["highlights", "import", library.path("device/KoboReader.sqlite")])
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("is not a SQLite database"), "\(result)")
        #expect(!result.stderr.contains("UTF-8"), "\(result)")
        #expect(try library.snapshot() == before)
    }

    @Test func anImmutableBookIsToldToLoseItsAttributeNotToChmod() throws {
        let library = try TemporaryLibrary(books: [Self.dune])
        let path = library.path("dune.md")
        // chattr needs root and a file system with attributes; elsewhere there is nothing to try.
        let made = try run(["chattr", "+i", path])
        guard made.status == 0 else { return }
        defer { _ = try? run(["chattr", "-i", path]) }
        let result = try library.run(["set", "dune", "rating=4"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("is immutable or append-only") && result.stderr.contains("chattr -i"), "\(result)")
        #expect(!result.stderr.contains("chmod"), "\(result)")
        #expect(try library.bytes("dune.md") == Array(Self.dune.1.utf8))
    }

    /// A link named like a conflict copy (made by hand: sync tools write files) is left as it is,
    /// before anything is merged, with what to do; it was merged, then said to have "become a
    /// link while shelf worked" when its removal was refused.
    @Test func aConflictCopyThatIsALinkIsLeftBeforeAnyMerge() throws {
        let library = try TemporaryLibrary(books: [Self.dune])
        let outside = library.path("../outside-\(UUID().uuidString).md")
        try Data("---\ntitle: Dune\nrating: 3\n---\n".utf8).write(to: URL(fileURLWithPath: outside))
        defer { try? FileManager.default.removeItem(atPath: outside) }
        #expect(symlink(outside, library.path("dune.sync-conflict-20260101-120000-ABCDEFG.md")) == 0)
        let before = try library.snapshot()
        let result = try library.run(["conflicts", "resolve", "--yes"])
        #expect(result.stderr.contains("is a symbolic link named like a conflict copy"), "\(result)")
        #expect(!result.stderr.contains("became a link") && !result.stderr.contains("nothing was written"), "\(result)")
        #expect(try library.snapshot() == before, "neither the original nor the link changed")
    }

    @Test(arguments: ["Bob\nstatus: x", "Bob\rX", "Ana\u{1B}[31m"])
    func aBorrowersNameWithALineBreakIsRefused(_ name: String) throws {
        let library = try TemporaryLibrary(books: [Self.dune])
        let before = try library.snapshot()
        let result = try library.run(["lend", "dune", "--to", name])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("a borrower's name is one line of text"), "\(result)")
        #expect(try library.snapshot() == before)
    }

    /// Run a program that is not shelf, for the set-up above.
    private func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try shelfTests.run(
            Array(arguments.dropFirst()), in: URL(fileURLWithPath: "/"),
            executable: URL(fileURLWithPath: "/usr/bin/" + arguments[0]))
        return (result.status, result.stdout + result.stderr)
    }
}
