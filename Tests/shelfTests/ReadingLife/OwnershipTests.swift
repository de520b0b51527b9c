import Foundation
import Testing

/// Ownership as its own key: read from `ownership:`, from the older `owned: true` and from a
/// status word that said it, queried as `ownership:` or `owned:`, set with checked values.
@Suite struct OwnershipTests {
    static let books: [(String, String)] = [
        ("mine.md", "---\ntitle: Mine\nownership: owned\n---\n"),
        ("imported.md", "---\ntitle: Imported\nstatus: read\nowned: true\n---\n"),
        ("wanted.md", "---\ntitle: Wanted\nstatus: wishlist\n---\n"),
        ("borrowed.md", "---\ntitle: Borrowed\nownership: Borrowed\nstatus: reading\n---\n"),
        ("none.md", "---\ntitle: None\nstatus: to-read\n---\n"),
    ]

    func paths(_ query: String, in library: TemporaryLibrary) throws -> [String] {
        let result = try expectEditSuccess(["ls", query, "--format", "paths"], in: library)
        return result.stdout.split(separator: "\n").map(String.init).sorted()
    }

    @Test func existingFilesReadAsTheirOwnersMeantThem() throws {
        let library = try TemporaryLibrary(books: Self.books)
        #expect(try paths("ownership:owned", in: library) == ["imported.md", "mine.md"])
        #expect(try paths("owned:wishlist", in: library) == ["wanted.md"])
        #expect(try paths("ownership:\"Wish List\"", in: library) == ["wanted.md"])
        #expect(try paths("ownership:yes", in: library) == ["imported.md", "mine.md"])
        try expectEditFailure(
            ["ls", "ownership:maybe"], in: library, stderrContains: "is not an ownership (owned, wishlist, borrowed, library)")
        #expect(try paths("ownership:borrowed", in: library) == ["borrowed.md"])
        // `status: wishlist` is still to-read.
        #expect(try paths("status:to-read", in: library) == ["none.md", "wanted.md"])
        #expect(try paths("-has:ownership", in: library) == ["none.md"])
        let json = try expectEditSuccess(["show", "imported", "--json"], in: library).stdout
        #expect(json.contains("\"ownership\": \"owned\""), "\(json)")
    }

    @Test func setWritesTheKeyAndChecksTheValue() throws {
        let library = try TemporaryLibrary(books: Self.books)
        try expectEditSuccess(["set", "none", "ownership=Wish List"], in: library)
        try expectEditFile("none.md", in: library, equals: "---\ntitle: None\nstatus: to-read\nownership: wishlist\n---\n")
        // A file that says `owned:` keeps its key: the edit lands on the line it already has.
        try expectEditSuccess(["set", "imported", "ownership=library"], in: library)
        try expectEditFile("imported.md", in: library, equals: "---\ntitle: Imported\nstatus: read\nowned: library\n---\n")
        try expectEditFailure(
            ["set", "mine", "ownership=maybe"], in: library,
            stderrContains: "'maybe' is not an ownership: use owned, wishlist, borrowed or library")
        #expect(try paths("ownership:library", in: library) == ["imported.md"])
    }

    @Test func aVaultMapsTheKeyAndCheckReportsAnUnknownWord() throws {
        let library = try TemporaryLibrary(
            config: "fields:\n  ownership: Have\n",
            books: [
                ("a.md", "---\ntitle: A\nHave: wishlist\n---\n"),
                ("b.md", "---\ntitle: B\nownership: someday\n---\n"),
            ])
        #expect(try paths("ownership:wishlist", in: library) == ["a.md"])
        try expectEditSuccess(["set", "a", "ownership=owned"], in: library)
        try expectEditFile("a.md", in: library, equals: "---\ntitle: A\nHave: owned\n---\n")
        let check = try library.editRun(["check"])
        #expect(check.stdout.contains("unknown-ownership") || check.stderr.contains("unknown-ownership"), "\(check)")
    }
}
