import Foundation
import Testing

/// The small ones of issue 17: empty titles and tags are refused clearly, names shelf picks
/// suit Windows and case-insensitive file systems, and a CSV quote never closed is reported.
@Suite struct SmallSafetyTests {
    static let dune = ("herbert-dune.md", bookFile("title: Dune\nauthors: [Frank Herbert]\ntags: [sand]", body: "Notes.\n"))

    @Test(arguments: [
        (["set", "herbert-dune", "title="], "title: a book needs a title; it cannot be empty"),
        (["set", "herbert-dune", "title=   "], "title: a book needs a title; it cannot be empty"),
        (["tag", "herbert-dune", ""], "an empty tag cannot be added or removed"),
        (["tag", "herbert-dune", "ok", "  "], "an empty tag cannot be added or removed"),
        (["untag", "herbert-dune", ""], "an empty tag cannot be added or removed"),
        (["set", "herbert-dune", "tags+="], "tags: no value to add"),
        (["set", "herbert-dune", "tags=a,,b"], "holds an empty item"),
        (["set", "herbert-dune", "genres=x,"], "holds an empty item"),
    ])
    func anEmptyTitleOrTagIsRefusedAndNothingIsWritten(args: [String], message: String) throws {
        let library = try TemporaryLibrary(books: [Self.dune])
        let before = try library.snapshot()
        let result = try library.run(args)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
        #expect(!result.stderr.contains("internal error"), "\(result)")
        #expect(try library.snapshot() == before)
    }

    @Test(arguments: [["add", "--title", ""], ["add", "--title", "  "], ["add", "--title", "X", "--tag", ""]])
    func addRefusesAnEmptyTitleOrTag(args: [String]) throws {
        let library = try TemporaryLibrary(books: [Self.dune])
        let before = try library.snapshot()
        let result = try library.run(args)
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("a book needs a title") || result.stderr.contains("an empty tag"), "\(result)")
        #expect(try library.snapshot() == before)
    }

    @Test func anImportRowWithAnEmptyTitleIsSkippedWithItsRow() throws {
        let library = try TemporaryLibrary()
        try library.write("in.csv", "Book Id,Title,Author\n1,,Nobody\n2,Emma,Jane Austen\n")
        let result = try library.run(["import", "goodreads", library.path("in.csv")])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("row 2: skipped, no title"), "\(result)")
        #expect(result.stderr.contains("1 created"), "\(result)")
    }

    @Test(arguments: [("Con", "con-book.md"), ("nul", "nul-book.md"), ("AUX", "aux-book.md"), ("com1", "com1-book.md")])
    func aBookTitledLikeAWindowsDeviceGetsAPortableName(title: String, file: String) throws {
        let library = try TemporaryLibrary(config: "filename: \"{title}\"\n")
        let result = try library.run(["add", "--title", title])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == file + "\n", "\(result)")
        #expect(FileManager.default.fileExists(atPath: library.path(file)))
    }

    @Test func aNewBookNeverDiffersOnlyInCaseFromABookInTheFolder() throws {
        let library = try TemporaryLibrary(books: [("Herbert-Dune.md", bookFile("title: Dune\nauthors: [Frank Herbert]"))])
        let result = try library.run(["add", "--title", "Dune", "--author", "Frank Herbert", "--force"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "herbert-dune-2.md\n", "\(result)")
        let names = try FileManager.default.contentsOfDirectory(atPath: library.root.path).filter { $0.hasSuffix(".md") }.sorted()
        #expect(names == ["Herbert-Dune.md", "herbert-dune-2.md"])
    }

    @Test func anImportNeverCreatesTwoNamesDifferingOnlyInCaseOrADeviceName() throws {
        let library = try TemporaryLibrary(config: "filename: \"{title}\"\n", books: [("Emma.md", bookFile("title: Something Else"))])
        try library.write("in.csv", "Book Id,Title,Author\n1,Emma,Jane Austen\n2,aux,Someone\n3,EMMA,Other Author\n")
        let result = try library.run(["import", "goodreads", library.path("in.csv")])
        #expect(result.status == 0, "\(result)")
        let names = try FileManager.default.contentsOfDirectory(atPath: library.root.path).filter { $0.hasSuffix(".md") }
        #expect(Set(names.map { $0.lowercased() }).count == names.count, "\(names)")
        #expect(!names.contains { BookNameCheck.isWindowsDevice($0) }, "\(names)")
        #expect(names.count == 4, "\(names)\n\(result)")
    }

    @Test func aCSVQuoteNeverClosedIsReportedWithItsLineAndLaterRowsStillImport() throws {
        let library = try TemporaryLibrary()
        try library.write("in.csv", "Book Id,Title,Author\n1,Dune,Frank Herbert\n2,\"Broken, Title,Someone\n3,Emma,Jane Austen\n")
        let result = try library.run(["import", "goodreads", library.path("in.csv")])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("in.csv: line 3: a quote opens a cell and is never closed"), "\(result)")
        let titles = try parseJSONArray(try library.run(["ls", "--format", "json"]).stdout).compactMap { $0["title"] as? String }
        #expect(titles.contains("Dune") && titles.contains("Emma"), "\(titles)")
    }
}

/// Windows' device names, checked here independently of shelf.
enum BookNameCheck {
    static func isWindowsDevice(_ name: String) -> Bool {
        let stem = name.prefix { $0 != "." }.lowercased()
        return ["con", "prn", "aux", "nul"].contains(stem)
            || (stem.count == 4 && ["com", "lpt"].contains(String(stem.prefix(3))) && stem.last?.isNumber == true)
    }
}
