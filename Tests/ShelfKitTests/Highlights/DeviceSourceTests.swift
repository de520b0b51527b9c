import Foundation
import ShelfTestSupport
import Testing
@testable import ShelfKit

/// KOReader sidecars and statistics, Kobo's database and Readwise's CSV, in the shapes those
/// programs write (fixtures written here, by hand, after their formats).
@Suite struct DeviceSourceTests {
    static let sidecar = """
        -- we can read Lua syntax here!
        return {
            ["annotations"] = {
                [1] = {
                    ["chapter"] = "Глава 1",
                    ["datetime"] = "2024-03-03 22:15:32",
                    ["drawer"] = "lighten",
                    ["note"] = "Мой комментарий",
                    ["page"] = "/body/DocFragment[12]/body/p[3]/text().0",
                    ["pageno"] = 12,
                    ["pos0"] = "/body/DocFragment[12]/body/p[3]/text().0",
                    ["pos1"] = "/body/DocFragment[12]/body/p[3]/text().80",
                    ["text"] = "Все счастливые семьи похожи друг на друга.",
                },
                [2] = {
                    ["datetime"] = "2024-03-04 08:00:00",
                    ["page"] = 40,
                    ["pageno"] = 40,
                },
            },
            ["doc_pages"] = 800,
            ["doc_props"] = {
                ["authors"] = "Лев Толстой",
                ["identifiers"] = "uuid:1234\\nISBN:9780143035008",
                ["language"] = "ru",
                ["title"] = "Анна Каренина",
            },
            ["percent_finished"] = 0.25,
            ["summary"] = {
                ["modified"] = "2024-03-10",
                ["status"] = "reading",
            },
        }
        """

    @Test func aKOReaderSidecarGivesHighlightsNotesAndReadingState() throws {
        let book = try #require(try KOReaderSidecar.parse(Self.sidecar))
        #expect(book.title == "Анна Каренина")
        #expect(book.authors == ["Лев Толстой"])
        #expect(book.isbn == "9780143035008")
        #expect(
            book.highlights == [
                Highlight(
                    text: "Все счастливые семьи похожи друг на друга.", note: "Мой комментарий",
                    chapter: "Глава 1", page: "12", date: BookDate(year: 2024, month: 3, day: 3))
            ])
        var reading = DeviceReading(status: .reading, percent: 25, page: 200, pages: 800, lastRead: BookDate(year: 2024, month: 3, day: 10))
        // The first passage marked is before the day the status was set.
        reading.started = BookDate(year: 2024, month: 3, day: 3)
        #expect(book.reading == reading)
    }

    @Test func anOlderKOReaderSidecarKeepsHighlightsByPageAndNotesInBookmarks() throws {
        let text = """
            return {
                ["bookmarks"] = {
                    [1] = { ["highlighted"] = true, ["notes"] = "The sky above the port", ["text"] = "Gibson's opening", ["page"] = 1 },
                    [2] = { ["notes"] = "Page 5 bookmark", ["text"] = "Page 5 Chapter 1 @ 2020-01-01 10:00:00", ["page"] = 5 },
                },
                ["highlight"] = {
                    [3] = { [1] = { ["chapter"] = "One", ["datetime"] = "2020-01-02 10:00:00", ["text"] = "The sky above the port" } },
                },
                ["doc_props"] = { ["title"] = "Neuromancer", ["authors"] = "William Gibson" },
                ["summary"] = { ["status"] = "complete" },
            }
            """
        let book = try #require(try KOReaderSidecar.parse(text))
        #expect(
            book.highlights == [
                Highlight(
                    text: "The sky above the port", note: "Gibson's opening", chapter: "One", page: "3",
                    date: BookDate(year: 2020, month: 1, day: 2))
            ])
        #expect(book.reading?.status == .finished)
    }

    static func koboDatabase(at path: String) throws {
        let database = try SQLiteDatabase(path: path, writable: true)
        try database.execute(
            """
            CREATE TABLE content (ContentID TEXT NOT NULL, ContentType TEXT NOT NULL, MimeType TEXT, BookID TEXT, BookTitle TEXT,
              Title TEXT, Attribution TEXT, ISBN TEXT, ReadStatus INT, ___PercentRead INT, DateLastRead TEXT, PRIMARY KEY (ContentID));
            CREATE TABLE Bookmark (BookmarkID TEXT NOT NULL, VolumeID TEXT NOT NULL, ContentID TEXT NOT NULL, StartContainerPath TEXT,
              Text TEXT, Annotation TEXT, ExtraAnnotationData BLOB, DateCreated TEXT, ChapterProgress REAL, Hidden BOOL DEFAULT 0,
              Type TEXT, DateModified TEXT, PRIMARY KEY (BookmarkID));
            INSERT INTO content VALUES ('file:///mnt/onboard/dune.epub', '6', 'application/epub+zip', NULL, NULL, 'Dune', 'Frank Herbert',
              '9780441013593', 2, 100, '2024-03-10T21:00:00.000');
            INSERT INTO content VALUES ('file:///mnt/onboard/dune.epub#(3)OEBPS/ch01.xhtml', '9', NULL, 'file:///mnt/onboard/dune.epub', NULL,
              'Book One: Dune', NULL, NULL, 0, 0, NULL);
            INSERT INTO content VALUES ('file:///mnt/onboard/preview.epub', '6', NULL, NULL, NULL, 'A Preview', 'Someone', NULL, 0, 0, NULL);
            INSERT INTO Bookmark VALUES ('b1', 'file:///mnt/onboard/dune.epub', 'file:///mnt/onboard/dune.epub#(3)OEBPS/ch01.xhtml', NULL,
              'I must not fear.', 'The litany.', NULL, '2024-03-04T08:00:00.000', 0.1, 'false', 'highlight', NULL);
            INSERT INTO Bookmark VALUES ('b2', 'file:///mnt/onboard/dune.epub', 'file:///mnt/onboard/dune.epub#(3)OEBPS/ch01.xhtml', NULL,
              'Deleted on the device.', NULL, NULL, '2024-03-05T08:00:00.000', 0.2, 'true', 'highlight', NULL);
            INSERT INTO Bookmark VALUES ('b3', 'file:///mnt/onboard/dune.epub', 'file:///mnt/onboard/dune.epub', NULL,
              NULL, NULL, NULL, '2024-03-06T08:00:00.000', 0.3, 'false', 'dogear', NULL);
            """)
    }

    @Test func aKoboDatabaseGivesHighlightsWithChapterAndTheBooksReadState() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("KoboReader.sqlite")
        try Self.koboDatabase(at: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let source = try #require(try HighlightSource.readFile(path))
        #expect(source.kind == .kobo)
        #expect(
            source.books == [
                HighlightedBook(
                    title: "Dune", authors: ["Frank Herbert"], isbn: "9780441013593",
                    highlights: [
                        Highlight(
                            text: "I must not fear.", note: "The litany.", chapter: "Book One: Dune",
                            date: BookDate(year: 2024, month: 3, day: 4))
                    ],
                    reading: DeviceReading(status: .finished, percent: 100, lastRead: BookDate(year: 2024, month: 3, day: 10)))
            ])
        // Read-only: the device's database is exactly as it was, and no journal was left beside it.
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["KoboReader.sqlite"])
    }

    @Test func koreaderStatisticsGiveTimeSpentAndPagesRead() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("statistics.sqlite3")
        let database = try SQLiteDatabase(path: path, writable: true)
        try database.execute(
            """
            CREATE TABLE book (id integer PRIMARY KEY autoincrement, title text, authors text, notes integer, last_open integer,
              highlights integer, pages integer, series text, language text, md5 text, total_read_time integer, total_read_pages integer);
            CREATE TABLE page_stat_data (id_book integer, page integer NOT NULL DEFAULT 0, start_time integer NOT NULL DEFAULT 0,
              duration integer NOT NULL DEFAULT 0, total_pages integer NOT NULL DEFAULT 0);
            INSERT INTO book VALUES (1, 'Neuromancer', 'William Gibson', 0, 1709500000, 2, 271, NULL, 'en', 'abc', 36000, 250);
            """)
        let source = try #require(try HighlightSource.readFile(path))
        #expect(source.kind == .koreaderStatistics)
        #expect(
            source.books == [
                HighlightedBook(
                    title: "Neuromancer", authors: ["William Gibson"],
                    reading: DeviceReading(
                        page: 250, pages: 271, lastRead: BookDate(year: 2024, month: 3, day: 3), secondsRead: 36000))
            ])
    }

    @Test func aReadwiseExportIsReadByItsHeaderNames() throws {
        let csv =
            "Highlight,Book Title,Book Author,Amazon Book ID,Note,Color,Tags,Location Type,Location,Highlighted at,Document tags\r\n"
            + "\"A line, with a comma\",Dune,Frank Herbert,B00B7NPRY8,\"My \"\"note\"\"\",yellow,,location,1234,2024-03-04 08:00:00+00:00,\r\n"
            + "Second,Dune,Frank Herbert,,,,,page,12,,\r\n"
        let books = ReadwiseCSV.parse(CSVTable(text: csv))
        #expect(
            books == [
                HighlightedBook(
                    title: "Dune", authors: ["Frank Herbert"],
                    highlights: [
                        Highlight(
                            text: "A line, with a comma", note: "My \"note\"", location: "1234",
                            date: BookDate(year: 2024, month: 3, day: 4)),
                        Highlight(text: "Second", page: "12"),
                    ])
            ])
    }

    @Test func unknownAndBrokenSourcesAreRefusedWithTheReason() throws {
        let folder = try TemporaryFolder()
        try Data("just some text\n".utf8).write(to: URL(fileURLWithPath: folder.file("notes.txt")))
        #expect(try HighlightSource.readFile(folder.file("notes.txt")) == nil)
        try Data([0x41, 0x0A, 0x42, 0xE9, 0x0A] + Array("==========\n".utf8)).write(to: URL(fileURLWithPath: folder.file("latin1.txt")))
        #expect(
            throws: HighlightSourceError(
                path: folder.file("latin1.txt"), reason: "line 2, column 2: not UTF-8 text; save it as UTF-8 and import it again")
        ) {
            try HighlightSource.readFile(folder.file("latin1.txt"))
        }
        try Data("return { [\"doc_props\"] = { [\"title\"] = \"x\" ".utf8).write(to: URL(fileURLWithPath: folder.file("metadata.epub.lua")))
        #expect(throws: HighlightSourceError.self) { try HighlightSource.readFile(folder.file("metadata.epub.lua")) }
    }
}

extension HighlightSourceFile: Equatable {
    public static func == (lhs: HighlightSourceFile, rhs: HighlightSourceFile) -> Bool {
        lhs.path == rhs.path && lhs.kind == rhs.kind && lhs.books == rhs.books && lhs.bookmarks == rhs.bookmarks
    }
}

extension HighlightSourceError: Equatable {
    public static func == (lhs: HighlightSourceError, rhs: HighlightSourceError) -> Bool {
        lhs.path == rhs.path && lhs.reason == rhs.reason
    }
}

extension TemporaryFolder {
    func file(_ name: String) -> String { url.appendingPathComponent(name).path }
}
