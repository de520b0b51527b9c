import Foundation
import Testing

/// Every edit command refuses bad input with a non-zero exit status, a message on standard
/// error, and no change to any file (bytes and modification times compared).
@Suite struct EditErrorCommandTests {
    static func library() throws -> TemporaryLibrary {
        try TemporaryLibrary(books: [
            ("dune.md", editDune),
            ("hobbit.md", "---\ntitle: The Hobbit\n---\n"),
            ("hobbit-illustrated.md", "---\ntitle: The Hobbit (Illustrated)\n---\n"),
        ])
    }

    @Test(arguments: [
        ["rate", "dune", "7"], ["rate", "dune", "0"], ["rate", "dune", "4.3"], ["set", "dune", "rating=7"],
        ["finish", "dune", "--rating", "7"],
    ])
    func aRatingOutsideOneToFive(args: [String]) throws {
        try expectEditFailure(args, in: try EditErrorCommandTests.library())
    }

    @Test func anUnknownStatus() throws {
        try expectEditFailure(["set", "dune", "status=someday"], in: try EditErrorCommandTests.library(), stderrContains: "status")
    }

    @Test(arguments: [
        ["set", "dune", "finished=2024-13-01"], ["set", "dune", "started=2023-02-29"], ["set", "dune", "added=soon"],
        ["start", "dune", "--date", "yesterday"], ["finish", "dune", "--date", "2024-02-30"], ["abandon", "dune", "--date", "3/2/2024"],
    ])
    func aBadDate(args: [String]) throws {
        try expectEditFailure(args, in: try EditErrorCommandTests.library())
    }

    @Test(arguments: [["set", "dune", "isbn=9780441172718"], ["set", "dune", "isbn=0441172716"], ["set", "dune", "isbn=12345"]])
    func aBadISBNCheckDigit(args: [String]) throws {
        try expectEditFailure(args, in: try EditErrorCommandTests.library(), stderrContains: "ISBN")
    }

    @Test(arguments: [
        ["set", "nothing-like-it", "rating=3"], ["unset", "nothing-like-it", "mood"], ["tag", "nothing-like-it", "x"],
        ["untag", "nothing-like-it", "x"], ["note", "nothing-like-it", "text"], ["notes", "nothing-like-it"],
        ["rate", "nothing-like-it", "3"], ["start", "nothing-like-it"], ["finish", "nothing-like-it"],
        ["abandon", "nothing-like-it"], ["rm", "nothing-like-it", "--yes"], ["mv", "nothing-like-it", "x"],
        ["edit", "nothing-like-it"], ["set", "nothing-like-it.md", "rating=3"], ["set", "sub/nothing-like-it.md", "rating=3"],
    ])
    func aBookThatDoesNotExist(args: [String]) throws {
        try expectEditFailure(args, in: try EditErrorCommandTests.library(), stderrContains: "nothing-like-it")
    }

    @Test(arguments: [
        ["set", "hobbit illustrated the", "rating=3"], ["set", "hobbit", "rating=3"], ["tag", "hobbit", "x"], ["rate", "hobbit", "3"],
        ["start", "hobbit"], ["note", "hobbit", "text"], ["rm", "hobbit", "--yes"], ["mv", "hobbit", "x"], ["unset", "hobbit", "mood"],
    ])
    func anAmbiguousName(args: [String]) throws {
        let library = try TemporaryLibrary(books: [
            ("a.md", "---\ntitle: The Hobbit\n---\n"), ("b.md", "---\ntitle: The Hobbit (Illustrated)\n---\n"),
            ("c.md", "---\ntitle: Illustrated The Hobbit\n---\n"),
        ])
        // "hobbit" matches all three titles and none exactly; "hobbit illustrated the" matches two.
        try expectEditFailure(args, in: library, stderrContains: "matches")
    }

    @Test func exactTitleWinsOverAPartialMatch() throws {
        let library = try EditErrorCommandTests.library()
        let result = try expectEditSuccess(["rate", "the hobbit", "4"], in: library)
        #expect(result.stdout == "updated hobbit.md\n", "\(result)")
    }

    @Test(arguments: [
        ["set", "dune"], ["set", "dune", "novalue"], ["set", "dune", "=x"], ["set", "dune", "rating+=1"],
        ["set", "dune", "copies=2"], ["set", "dune", "pages=-1"], ["set", "dune", "favorite=perhaps"],
        ["unset", "dune"], ["tag", "dune"], ["untag", "dune"], ["mv", "--dry-run", "dune"], ["mv", "--all", "dune"],
    ])
    func badArguments(args: [String]) throws {
        try expectEditFailure(args, in: try EditErrorCommandTests.library())
    }

    @Test func anEditOfABrokenFileNamesItAndChangesNothing() throws {
        let library = try TemporaryLibrary(books: [("broken.md", "---\ntitle: Broken\ntags: [a\n---\n")])
        let result = try library.editRun(["set", "broken.md", "rating=3"])
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("broken.md:"), "\(result)")
        try expectEditFile("broken.md", in: library, equals: "---\ntitle: Broken\ntags: [a\n---\n")
    }

    @Test func aNestedValueIsNotAList() throws {
        let library = try TemporaryLibrary(books: [("a.md", "---\ntitle: A\ntags:\n  fiction: yes\n---\n")])
        try expectEditFailure(["tag", "a", "x"], in: library, stderrContains: "tags")
    }
}
