import Foundation
import Testing
@testable import ShelfKit

/// A long import draws a progress bar on a terminal (a pseudo-terminal here) and none on a
/// pipe; a clippings file given on a pipe is imported as the same file is.
@Suite struct ImportProgressTests {
    /// A Goodreads export of 400 rows (over the 16 KiB from which a bar is drawn).
    static let goodreads =
        "Title,Author,Book Id,Exclusive Shelf\n"
        + (0..<400).map { "Book Number \($0) With A Title Long Enough,Author \($0 % 37),\(1000 + $0),read\n" }.joined()

    /// Clippings of 60 books, each's spread through the file.
    static let clippings = (0..<300).map { number in
        HighlightsImportTests.clipping(
            "Book \(number % 60) (Writer, A.)",
            "- Your Highlight on Location \(number)-\(number + 1) | Added on Monday, March 4, 2024 8:00:00 AM",
            "Passage \(number) of book \(number % 60).")
    }.joined()

    static let bar = "█"
    /// The results are paged on a terminal: `cat` pages them without waiting for a key.
    static let noPager = ["SHELF_PAGER": "cat"]

    /// `args` draw a bar labelled `label` on a terminal, and nothing on a pipe.
    static func expectBarOnATerminalOnly(
        _ args: [String], label: String, in library: TemporaryLibrary,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        guard let terminal = try ViewTerminal.run(args, in: library.root, environment: noPager, timeout: 60) else { return }
        #expect(terminal.status == 0, "\(terminal)", sourceLocation: sourceLocation)
        #expect(
            terminal.stdout.contains(label + " ") && terminal.stdout.contains(bar), "\(terminal.stdout.suffix(400))",
            sourceLocation: sourceLocation)
        let piped = try library.run(args)
        #expect(piped.status == 0, sourceLocation: sourceLocation)
        #expect(
            !piped.stderr.contains(bar) && !piped.stderr.contains("\r") && !piped.stdout.contains(bar), "\(piped.stderr)",
            sourceLocation: sourceLocation)
    }

    @Test func aLongImportShowsABarOnATerminalAndNoneOnAPipe() throws {
        let library = try TemporaryLibrary()
        try library.write("export.csv", Self.goodreads)
        try Self.expectBarOnATerminalOnly(["import", "goodreads", "export.csv", "--dry-run"], label: "Checking", in: library)
    }

    @Test func aClippingsImportShowsABarOnATerminalAndNoneOnAPipe() throws {
        let library = try TemporaryLibrary()
        try library.write("My Clippings.txt", Self.clippings)
        try Self.expectBarOnATerminalOnly(["highlights", "import", "My Clippings.txt", "--dry-run"], label: "Reading", in: library)
    }

    @Test func clippingsOnAPipeAreImportedAsTheFileIs() throws {
        let books = (0..<60).map { ("book-\($0).md", "---\ntitle: Book \($0)\nauthors: [A. Writer]\n---\n") }
        let fromFile = try TemporaryLibrary(books: books)
        try fromFile.write("My Clippings.txt", Self.clippings)
        let file = try fromFile.run(["highlights", "import", "My Clippings.txt"])
        #expect(file.status == 0, "\(file)")
        #expect(file.stdout.hasPrefix("Read Kindle clippings My Clippings.txt: 60 books, 300 highlights\n"), "\(file.stdout.prefix(300))")

        let fromPipe = try TemporaryLibrary(books: books)
        let pipe = try fromPipe.run(["highlights", "import", "/dev/stdin"], stdin: Self.clippings)
        #expect(pipe.status == 0, "\(pipe)")
        #expect(pipe.stdout.hasPrefix("Read Kindle clippings /dev/stdin: 60 books, 300 highlights\n"), "\(pipe.stdout.prefix(300))")
        for (name, _) in books {
            #expect(try fromPipe.bytes(name) == fromFile.bytes(name), "\(name)")
        }
        #expect(String(decoding: try fromPipe.bytes("book-7.md"), as: UTF8.self).contains("> Passage 187 of book 7."))
    }
}
