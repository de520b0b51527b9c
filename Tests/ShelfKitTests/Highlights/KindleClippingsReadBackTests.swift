import Foundation
import Testing
@testable import ShelfKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A clippings file read in two passes — where each book's clippings lie, then each book's read
/// back by their offsets — gives every book the highlights one reading of the whole text gives
/// it, and the books written are the bytes that reading would write.
@Suite struct KindleClippingsReadBackTests {
    static func clipping(_ title: String, _ meta: String, _ text: String, lineEnd: String = "\r\n") -> String {
        "\u{FEFF}\(title)\(lineEnd)\(meta)\(lineEnd)\(lineEnd)\(text)\(lineEnd)==========\(lineEnd)"
    }

    /// Three books' clippings interleaved: a highlight extended later, notes (one at a
    /// highlight's end, one alone), a bookmark, CRLF and LF, and a last entry with no separator.
    static let text =
        clipping(
            "Dune (Herbert, Frank)", "- Your Highlight on page 8 | Location 120-121 | Added on Monday, March 4, 2024 8:00:00 AM",
            "Fear is the mind-killer.")
        + clipping(
            "The Left Hand of Darkness (Le Guin, Ursula K.)",
            "- Your Highlight on page 233 | Location 3540-3542 | Added on Sunday, March 3, 2024 10:15:32 PM",
            "Light is the left hand of darkness,\r\nand darkness the right hand of light.")
        + clipping(
            "Dune (Herbert, Frank)", "- Your Highlight on page 8 | Location 120-124 | Added on Monday, March 4, 2024 8:05:00 AM",
            "Fear is the mind-killer. Fear is the little-death.", lineEnd: "\n")
        + clipping("Dune (Herbert, Frank)", "- Your Bookmark on page 9 | Location 130 | Added on Monday, March 4, 2024 8:01:00 AM", "")
        + clipping(
            "The Left Hand of Darkness (Le Guin, Ursula K.)",
            "- Your Note on page 233 | Location 3542 | Added on Sunday, March 3, 2024 10:16:00 PM", "The whole book in one line.")
        + clipping("挪威的森林 (村上春树)", "- 您在位置 #120-121的标注 | 添加于 2024年3月3日星期日 下午10:15:32", "每个人都有属于自己的一片森林。")
        + clipping("Dune (Herbert, Frank)", "- Your Note on Location 900 | Added on Monday, March 4, 2024 9:00:00 AM", "A note alone.")
        + "Dune (Herbert, Frank)\n- Your Highlight on Location 1170-72 | Added on Monday, March 4, 2024 9:10:00 AM\n\nWaste no more time."

    /// The books `text` holds, each read back from a file by its offsets after one indexing pass
    /// (in pieces of `size` bytes).
    static func readBack(_ text: String, size: Int = ImportChunks.defaultSize) throws -> KindleClippings.Parsed {
        let folder = try EditTempFolder()
        let path = try folder.write("My Clippings.txt", text)
        let file = try ReadBackFile(descriptor: open(path, O_RDONLY | O_CLOEXEC), path: path)
        let index = try KindleClippings.index(
            ImportChunks(duplicating: file.descriptor, path: path, size: size, rewinding: true), path: path)
        let books = try index.books.map { book in
            HighlightedBook(title: book.title, authors: book.authors, highlights: try KindleClippings.highlights(of: book, in: file))
        }
        return KindleClippings.Parsed(books: books, bookmarks: index.bookmarks)
    }

    @Test func eachBookReadBackHasTheHighlightsOfTheWholeText() throws {
        let whole = KindleClippings.parse(Self.text)
        #expect(whole.books.map(\.title) == ["Dune", "The Left Hand of Darkness", "挪威的森林"])
        #expect(whole.books[0].highlights.count == 3 && whole.bookmarks == 1)
        for size in [1, 5, 64, 1 << 20] {
            #expect(try Self.readBack(Self.text, size: size) == whole, "pieces of \(size) bytes")
        }
    }

    @Test func randomClippingsReadBackAsTheWholeText() throws {
        var generator = CorpusRandom(seed: 11)
        let parts = [
            "Dune (Frank Herbert)", "Solaris (Lem, Stanisław)",
            "- Your Highlight at location 120-125 | Added on Monday, 4 March 2024 08:01:00",
            "- Your Note at location 125 | Added on Monday, 4 March 2024 08:02:00", "- Your Bookmark at location 7",
            "Fear é 🦋", "==========", "", "\u{FEFF}",
        ]
        for _ in 0..<60 {
            let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                (parts.randomElement(using: &generator) ?? "") + (Bool.random(using: &generator) ? "\r\n" : "\n")
            }.joined()
            #expect(try Self.readBack(text, size: 3) == KindleClippings.parse(text), "\(text.debugDescription)")
        }
    }

    @Test func aFileChangedBetweenThePassesIsReportedNotReadAtOldOffsets() throws {
        let folder = try EditTempFolder()
        let path = try folder.write("My Clippings.txt", Self.text)
        let file = try ReadBackFile(descriptor: open(path, O_RDONLY | O_CLOEXEC), path: path)
        let index = try KindleClippings.index(ImportChunks(duplicating: file.descriptor, path: path, rewinding: true), path: path)
        let appended = open(path, O_WRONLY | O_APPEND)
        _ = write(appended, "x", 1)
        close(appended)
        #expect {
            try KindleClippings.highlights(of: index.books[0], in: file)
        } throws: { error in
            (error as? HighlightSourceError)?.reason.hasPrefix("changed while shelf read it") == true
        }
    }

    /// A library of the fixture's books, and its door.
    static func library() throws -> (EditTempFolder, LibraryWriter, [Book]) {
        let folder = try EditTempFolder()
        try folder.write("dune.md", "---\ntitle: Dune\nauthors: [Frank Herbert]\n---\n\n## Notes\n\nSand.\n")
        try folder.write("left-hand.md", "---\ntitle: The Left Hand of Darkness\nauthors: [Ursula K. Le Guin]\n---\n")
        let library = try Library(root: folder.path)
        return (folder, try folder.writer, try library.load().index.books)
    }

    @Test func theBooksWrittenAreTheBytesOneReadingOfTheWholeTextWrites() throws {
        let (oneReading, oneWriter, _) = try Self.library()
        for book in KindleClippings.parse(Self.text).books {
            let path = book.title == "Dune" ? "dune.md" : book.title == "The Left Hand of Darkness" ? "left-hand.md" : nil
            if let path { _ = try oneWriter.edit(path, edits: [.addHighlights(book.highlights)]) }
        }
        let (twoPasses, writer, books) = try Self.library()
        let clippings = try twoPasses.write("My Clippings.txt", Self.text)
        let action = ImportHighlightsAction(library: writer.library, options: .init(), today: BookDate(year: 2024, month: 5, day: 1))
        let report = try action.run(clippings, books: books, reporter: RecordingReporter())
        #expect(report.sources.map(\.highlights) == [5] && report.unmatched == ["挪威的森林 (村上春树)"])
        for name in ["dune.md", "left-hand.md"] {
            #expect(try twoPasses.bytes(name) == oneReading.bytes(name), "\(name)")
        }
        #expect(try twoPasses.bytes("dune.md") != Array("---\ntitle: Dune\nauthors: [Frank Herbert]\n---\n\n## Notes\n\nSand.\n".utf8))
    }
}
