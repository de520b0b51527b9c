import Foundation
import Testing
@testable import ShelfKit

@Suite struct BookCodecTests {
    /// Every stored property of `Book`. A new one must be written by `BookCodec` (and the cache
    /// format version bumped) before this list is updated.
    static let storedProperties = [
        "path", "title", "subtitle", "authors", "isbn", "isbns13", "status", "rating", "tags", "added", "started",
        "finished", "series", "seriesIndex", "publisher", "published", "pages", "language", "genres", "location",
        "format", "favorite", "cover", "openlibrary", "goodreads", "source", "fields", "problems",
    ]

    @Test func theCodecKnowsEveryStoredPropertyOfBook() {
        let labels = Mirror(reflecting: Book(path: "a.md", title: "A")).children.compactMap(\.label)
        #expect(labels == Self.storedProperties)
    }

    static func roundTrip(_ book: Book) throws -> Book {
        var writer = CacheByteWriter()
        BookCodec.encode(book, into: &writer)
        return try writer.bytes.withUnsafeBytes { bytes in
            var reader = CacheByteReader(bytes)
            let decoded = try BookCodec.decode(path: book.path, from: &reader)
            #expect(reader.isAtEnd)
            return decoded
        }
    }

    @Test func everyExampleBookSurvivesTheRoundTrip() throws {
        let library = try CacheTestLibrary()
        defer { library.remove() }
        let books = try library.fresh().books
        #expect(books.count > 30)
        for book in books {
            #expect(try Self.roundTrip(book) == book, "\(book.path)")
        }
    }

    @Test func aBookWithEveryPropertySetSurvivesTheRoundTrip() throws {
        var book = Book(path: "x/y.md", title: "Title ✓")
        book.subtitle = "Sub"
        book.authors = ["A", "Ünïcode Äuthor with a long name"]
        book.isbn = "0-441-47812-3"
        book.status = .abandoned
        book.rating = -3
        book.tags = ["sci-fi/space", "x"]
        book.added = BookDate("2024-01-02 10:30")
        book.started = BookDate("2024-02")
        book.finished = BookDate("-0044")
        book.published = BookDate("1969")
        book.series = "S"
        book.seriesIndex = 2.5
        book.publisher = "P"
        book.pages = Int.max
        book.language = "en"
        book.genres = ["g"]
        book.location = "l"
        book.format = "f"
        book.favorite = false
        book.cover = "c.jpg"
        book.openlibrary = "OL1M"
        book.goodreads = "1"
        book.source = "s"
        book.fields = [
            BookField(key: "title", canonical: .title, value: .scalar("Title ✓", isPlain: true)),
            BookField(
                key: "mood", canonical: nil,
                value: .map([
                    FieldEntry(key: "a", value: .list([.scalar("4", isPlain: false), .null, .list([])]))
                ])),
        ]
        book.problems = [BookProblem(code: "invalid-rating", key: "rating", message: "7 is not 1–5")]
        #expect(!book.isbns13.isEmpty)
        let decoded = try Self.roundTrip(book)
        #expect(decoded == book)
        #expect(decoded.isbns13 == book.isbns13)
    }

    /// A value equal as characters to another field's, but written with other bytes (`ï`, or
    /// `i` and a combining diaeresis), comes back with its own bytes: the index once shared the
    /// title's, so a tag came back decomposed, and `tag:/ï/` missed it.
    @Test func valuesComeBackWithTheirOwnBytes() throws {
        let decomposed = "nai\u{0308}ve"
        let precomposed = "na\u{00EF}ve"
        #expect(decomposed == precomposed && !decomposed.utf8.elementsEqual(precomposed.utf8))
        var book = Book(path: "a.md", title: decomposed)
        book.tags = [precomposed]
        book.subtitle = precomposed
        book.authors = [precomposed]
        book.series = precomposed
        book.fields = [
            BookField(key: "title", canonical: .title, value: .scalar(decomposed, isPlain: false)),
            BookField(key: "mood", canonical: nil, value: .list([.scalar(decomposed, isPlain: true)])),
        ]
        let decoded = try Self.roundTrip(book)
        let texts: (Book) -> [String] = { [$0.title, $0.subtitle ?? "", $0.series ?? ""] + $0.tags + $0.authors }
        #expect(texts(decoded).map { Array($0.utf8) } == texts(book).map { Array($0.utf8) })
    }

    @Test func anyTruncationFailsCleanly() throws {
        var book = Book(path: "a.md", title: "A title long enough to need the heap")
        book.tags = ["one", "two"]
        book.fields = [
            BookField(key: "tags", canonical: .tags, value: .list([.scalar("one", isPlain: true), .scalar("two", isPlain: true)]))
        ]
        var writer = CacheByteWriter()
        BookCodec.encode(book, into: &writer)
        for length in 0..<writer.bytes.count {
            let prefix = Array(writer.bytes.prefix(length))
            prefix.withUnsafeBytes { bytes in
                var reader = CacheByteReader(bytes)
                #expect(throws: CacheCorruption.self) { try BookCodec.decode(path: "a.md", from: &reader) }
            }
        }
    }
}
