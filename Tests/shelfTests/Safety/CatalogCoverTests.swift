import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `shelf export html` copies a cover only when it is a regular file inside the library; any
/// other `cover:` gets a warning naming the book, and its page shows no cover.
@Suite struct CatalogCoverTests {
    @Test func onlyRegularFilesInsideTheLibraryAreCopiedAsCovers() throws {
        let outside = try TemporaryLibrary(config: nil, books: [("secret.jpg", "outside secret")])
        let library = try TemporaryLibrary(books: [
            ("good.md", bookFile("title: Good\ncover: covers/good.jpg")),
            ("absolute.md", bookFile("title: Absolute\ncover: /etc/passwd")),
            ("climbing.md", bookFile("title: Climbing\ncover: ../../\(outside.root.lastPathComponent)/secret.jpg")),
            ("linked.md", bookFile("title: Linked\ncover: covers/link.jpg")),
            ("fifo.md", bookFile("title: Fifo\ncover: covers/fifo.jpg")),
            ("missing.md", bookFile("title: Missing\ncover: covers/none.jpg")),
            ("covers/good.jpg", "good image"),
        ])
        try FileManager.default.createSymbolicLink(atPath: library.path("covers/link.jpg"), withDestinationPath: outside.path("secret.jpg"))
        #expect(mkfifo(library.path("covers/fifo.jpg"), 0o644) == 0)
        let catalog = try TemporaryLibrary(config: nil)

        let result = try run(["export", "html", catalog.path("site")], in: library.root, environment: ["NO_COLOR": "1"], timeout: 30)
        #expect(result.status == 0, "\(result)")
        #expect(!result.stderr.contains("killed after"), "the export blocked\n\(result)")
        let covers = try FileManager.default.contentsOfDirectory(atPath: catalog.path("site/covers"))
        #expect(covers == ["good.jpg"], "\(covers)")
        #expect(try catalog.bytes("site/covers/good.jpg") == Array("good image".utf8))
        for (book, reason) in [
            ("absolute.md", "cover /etc/passwd is outside the library"),
            ("climbing.md", "is outside the library"),
            ("linked.md", "cover covers/link.jpg is outside the library"),
            ("fifo.md", "cover covers/fifo.jpg is not a regular file (a FIFO)"),
            ("missing.md", "cover covers/none.jpg does not exist"),
        ] {
            #expect(result.stderr.contains(book + ": ") && result.stderr.contains(reason), "no warning for \(book)\n\(result)")
        }
        let index = String(decoding: try catalog.bytes("site/index.html"), as: UTF8.self)
        #expect(!index.contains("passwd") && !index.contains("secret.jpg"), "the index points at a refused cover")
        let page = String(decoding: try catalog.bytes("site/books/absolute.html"), as: UTF8.self)
        #expect(!page.contains("<img class=\"cover\""), "a refused cover is shown")
    }
}
