import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `shelf export` writes: anywhere the user says, atomically, but never over a book or
/// note of the library, its settings, or into its hidden folders; the HTML catalog copies only
/// covers that are regular files inside the library.
@Suite struct ExportDestinationTests {
    static func library() throws -> TemporaryLibrary {
        let library = try TemporaryLibrary(books: [
            ("herbert-dune.md", "---\ntitle: Dune\nauthors: [Frank Herbert]\nstatus: read\n---\nNotes.\n"),
            ("Daily/2024-03-02.md", "# Saturday\n"),
            (".git/config", "[core]\n"),
        ])
        return library
    }

    @Test(arguments: [
        ["json", "-o", "herbert-dune.md"], ["csv", "-o", "Daily/2024-03-02.md"], ["json", "-o", "shelf.yaml"],
        ["csv", "-o", ".git/config"], ["csv", "-o", ".git/new.csv"], ["json", "-o", ".hidden.json"],
        ["html", ".git/site"], ["html", "."], ["goodreads", "-o", "Daily"],
    ])
    func anExportNeverReplacesAFileOfTheLibraryNorWritesInItsHiddenFolders(_ args: [String]) throws {
        let library = try Self.library()
        let before = try library.snapshot()
        let result = try library.run(["export"] + args)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.hasPrefix("shelf: "), "\(result)")
        let after = try library.snapshot()
        #expect(after == before, "\(after.differences(from: before))")
    }

    @Test func theSameRefusalThroughALinkedFolder() throws {
        let library = try Self.library()
        let elsewhere = try TemporaryLibrary(config: nil)
        // A folder outside the library that leads back into its .git folder.
        try FileManager.default.createSymbolicLink(atPath: elsewhere.path("into-git"), withDestinationPath: library.path(".git"))
        let before = try library.snapshot()
        let result = try library.run(["export", "json", "-o", elsewhere.path("into-git/out.json")])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("hidden folder .git"), "\(result)")
        #expect(try library.snapshot() == before)
    }

    @Test func anExportReplacesItsOwnFileKeepingItsModeAndLeavesItAloneWhenNothingChanged() throws {
        let library = try Self.library()
        let out = try TemporaryLibrary(config: nil)
        try out.write("books.json", "old\n")
        chmod(out.path("books.json"), 0o640)
        try library.interchangeRun(["export", "json", "-o", out.path("books.json")])
        let text = try out.interchangeText("books.json")
        #expect(text.contains("\"title\": \"Dune\""), "\(text)")
        var info = stat()
        #expect(stat(out.path("books.json"), &info) == 0 && info.st_mode & 0o7777 == 0o640)
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.root.path) == ["books.json"])

        let written = try out.snapshot()
        try library.interchangeRun(["export", "json", "-o", out.path("books.json")])
        #expect(try out.snapshot() == written, "an identical export rewrote the file")
    }

    @Test func anExportIntoTheLibraryMayCreateANewFile() throws {
        let library = try Self.library()
        try library.interchangeRun(["export", "csv", "-o", "export.csv"])
        #expect(try library.interchangeText("export.csv").hasPrefix("path,title,"))
    }

    @Test func theCatalogCopiesOnlyCoversThatAreRegularFilesInsideTheLibrary() throws {
        let outside = try TemporaryLibrary(config: nil)
        try outside.write("secret.jpg", "SECRET")
        let library = try TemporaryLibrary(books: [
            ("a.md", "---\ntitle: Absolute\ncover: \(outside.path("secret.jpg"))\n---\n"),
            ("b.md", "---\ntitle: Linked\ncover: covers/b.jpg\n---\n"),
            ("c.md", "---\ntitle: Kept\ncover: covers/c.jpg\n---\n"),
            ("d.md", "---\ntitle: Hidden\ncover: .git/d.jpg\n---\n"),
            ("covers/c.jpg", "JPEG-C"),
            (".git/d.jpg", "HIDDEN"),
        ])
        try FileManager.default.createSymbolicLink(atPath: library.path("covers/b.jpg"), withDestinationPath: outside.path("secret.jpg"))
        let site = try TemporaryLibrary(config: nil)
        try library.interchangeRun(["export", "html", site.path("catalog")])
        let covers = try FileManager.default.contentsOfDirectory(atPath: site.path("catalog/covers"))
        #expect(covers == ["c.jpg"], "\(covers)")
        #expect(try site.bytes("catalog/covers/c.jpg") == Array("JPEG-C".utf8))
        let index = try site.interchangeText("catalog/index.html")
        #expect(!index.contains("secret"), "\(index)")
    }

    @Test func theCatalogNeverWritesThroughALinkedSubfolder() throws {
        let library = try Self.library()
        let site = try TemporaryLibrary(config: nil)
        let elsewhere = try TemporaryLibrary(config: nil)
        try site.makeFolder("catalog")
        try FileManager.default.createSymbolicLink(atPath: site.path("catalog/books"), withDestinationPath: elsewhere.root.path)
        let result = try library.run(["export", "html", site.path("catalog")])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("is not a folder of the library") || result.stderr.contains("link"), "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.root.path).isEmpty)
    }
}
