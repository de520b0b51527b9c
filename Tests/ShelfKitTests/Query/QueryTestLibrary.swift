import Testing
@testable import ShelfKit

/// A fixed library of fifteen books, built in memory, designed so that every construct of the
/// query language (docs/query.md) has its own known answer. "Today" is 2025-06-10.
///
/// | path | points of interest |
/// | --- | --- |
/// | left-hand | Le Guin, ISBN 978-0-441-47812-5 (= 0441478123), sci-fi, rating 5, finished 2023-03-10, notes: Estraven, "gobrin ice" |
/// | dispossessed | Le Guin, subtitle *An Ambiguous Utopia*, sci-fi/utopia, to-read, added 2024-07-01 |
/// | earthsea | Le Guin, currently-reading, added 2024-06-15, started 2025-06-01, 183 pages, mood cozy |
/// | godel | *Gödel, Escher, Bach*, subtitle *An Eternal Golden Braid*, Basic Books, finished 2023-06-30 |
/// | solaris | Stanisław Lem, `status: dnf`, `SCI-FI`, rating 2, finished 2023-07-01, price 8.5 |
/// | dune, dune-messiah | Herbert, series Dune 1 and 2 (`series_count: 6`), sci-fi/space |
/// | chiang | `sci-fiction` (not sci-fi), ISBN 979…, rating 5, favorite false |
/// | guards | Discworld 8, mood "cozy, funny", price 12, bought 2024-03-05, notes "sci fi" |
/// | player | Banks, reading, added and started 2025-05-20 |
/// | hobbit | read without a rating, finished 2025-05-25, price "9.99", bought 2023-12-24 |
/// | hail-mary | stores the ISBN-10 0593135202, added 2025-06-01 |
/// | animal-farm | 112 pages, published 1945, finished 2020-08-01 |
/// | ancillary | tag "space opera", added 2025-05-11, finished 2024-06-20, notes: "Le Guin", "Banks", ice … gobrin |
/// | commonplace | only a title (with a `/`) and a cover |
enum QueryTestLibrary {
    static let today = BookDate(year: 2025, month: 6, day: 10)

    static let files: [(path: String, frontMatter: String, body: String)] = [
        (
            "left-hand.md",
            """
            title: The Left Hand of Darkness
            author: Ursula K. Le Guin
            isbn: 978-0-441-47812-5
            status: read
            rating: 5
            tags: [sci-fi, classics]
            added: 2023-01-05
            finished: 2023-03-10
            published: 1969
            pages: 304
            series: Hainish Cycle
            series_index: 4
            publisher: Ace Books
            genres: [science fiction, anthropology]
            location: living room
            format: paperback
            favorite: true
            """,
            "Genly Ai spends half the book misreading Estraven, and so did I. The long crossing of the gobrin ice\nis the heart of the novel, and the part I reread every winter when the nights get long.\n"
        ),
        (
            "dispossessed.md",
            """
            title: The Dispossessed
            subtitle: An Ambiguous Utopia
            authors: [Ursula K. Le Guin]
            status: to-read
            tags: [sci-fi/utopia]
            added: 2024-07-01
            published: 1974
            pages: 387
            series: Hainish Cycle
            series_index: 6
            """, ""
        ),
        (
            "earthsea.md",
            """
            title: A Wizard of Earthsea
            authors: [Ursula K. Le Guin]
            status: currently-reading
            tags: [fantasy, classics]
            added: 2024-06-15
            started: 2025-06-01
            published: 1968
            pages: 183
            series: Earthsea
            series_index: 1
            mood: cozy
            location: bedroom
            format: hardcover
            genres: [fantasy]
            """, ""
        ),
        (
            "godel.md",
            """
            title: Gödel, Escher, Bach
            subtitle: An Eternal Golden Braid
            author: Douglas R. Hofstadter
            isbn: "9780465026562"
            status: read
            rating: 4
            tags: [nonfiction, math]
            added: 2022-02-01
            finished: 2023-06-30
            published: 1979
            pages: 777
            publisher: Basic Books
            language: English
            location: living room
            format: hardcover
            genres: [nonfiction]
            """, ""
        ),
        (
            "solaris.md",
            """
            title: Solaris
            author: Stanisław Lem
            status: dnf
            rating: 2
            tags: [SCI-FI]
            added: 2023-02-01
            finished: 2023-07-01
            published: 1961
            pages: 204
            price: 8.5
            format: ebook
            """, ""
        ),
        (
            "dune.md",
            """
            title: Dune
            author: Frank Herbert
            status: read
            rating: 3
            tags: [sci-fi/space]
            added: 2021-03-01
            finished: 2022-11-20
            published: 1965
            pages: 612
            series: Dune
            series_index: 1
            location: living room
            format: paperback
            """, ""
        ),
        (
            "dune-messiah.md",
            """
            title: Dune Messiah
            author: Frank Herbert
            status: to-read
            tags: [sci-fi/space]
            added: 2021-03-01
            published: 1969
            pages: 256
            series: Dune
            series_index: 2
            series_count: 6
            """, ""
        ),
        (
            "chiang.md",
            """
            title: Stories of Your Life and Others
            author: Ted Chiang
            isbn: 979-10-40000-00-6
            status: read
            rating: 5
            tags: [sci-fiction]
            added: 2024-01-10
            finished: 2024-05-01
            published: 2002
            pages: 281
            favorite: false
            """, ""
        ),
        (
            "guards.md",
            """
            title: Guards! Guards!
            author: Terry Pratchett
            status: read
            rating: 4
            tags: [fantasy, humor]
            added: 2023-11-11
            finished: 2024-01-15
            published: 1989
            pages: 416
            series: Discworld
            series_index: 8
            mood: cozy, funny
            price: 12
            bought: 2024-03-05
            """, "Not sci fi at all, but the dragon is great.\n"
        ),
        (
            "player.md",
            """
            title: The Player of Games
            author: Iain M. Banks
            status: reading
            tags: [sci-fi/space]
            added: 2025-05-20
            started: 2025-05-20
            published: 1988
            pages: 309
            series: Culture
            series_index: 2
            format: ebook
            """, ""
        ),
        (
            "hobbit.md",
            """
            title: The Hobbit
            author: J. R. R. Tolkien
            status: read
            tags: [Fantasy, classics]
            added: 2020-01-01
            finished: 2025-05-25
            published: 1937
            pages: 310
            price: "9.99"
            bought: 2023-12-24
            location: bedroom
            """, ""
        ),
        (
            "hail-mary.md",
            """
            title: Project Hail Mary
            author: Andy Weir
            isbn: "0593135202"
            status: to-read
            tags: [sci-fi/space]
            added: 2025-06-01
            published: 2021
            pages: 476
            format: ebook
            """, ""
        ),
        (
            "animal-farm.md",
            """
            title: Animal Farm
            author: George Orwell
            status: read
            rating: 4
            tags: [classics, politics]
            added: 2019-05-05
            finished: 2020-08-01
            published: 1945
            pages: 112
            """, ""
        ),
        (
            "ancillary.md",
            """
            title: Ancillary Justice
            author: Ann Leckie
            status: read
            rating: 4
            tags: [space opera]
            added: 2025-05-11
            finished: 2024-06-20
            published: 2013
            pages: 386
            """, "Reads like Le Guin by way of Banks. The ice planet chapters have no gobrin in them.\n"
        ),
        (
            "commonplace.md",
            """
            title: Commonplace Book 2019/2020
            cover: covers/commonplace.jpg
            """, ""
        ),
    ]

    /// The books, in the order above (a book's id is its position).
    static let books: [Book] = files.map { file in
        let text = "---\n" + file.frontMatter + "\n---\n" + file.body
        guard let document = try? BookDocument(bytes: Array(text.utf8)), let frontMatter = document.frontMatter,
            let book = Book(path: file.path, frontMatter: frontMatter)
        else { fatalError("fixture \(file.path) is not a book") }
        return book
    }

    static let bodies: [String: String] = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.body) })

    /// The index with the notes' words, as `Library.load(withNotes: true)` builds it.
    static let index = LibraryIndex(books: books, noteWords: files.map { TextFolding.words($0.body) })

    static let allNames: Set<String> = Set(files.map { "\($0.path.dropLast(3))" })

    /// The names (paths without `.md`) of the books matching `query`.
    static func names(_ query: String, saved: [String: String] = [:]) throws -> Set<String> {
        let expression = try QueryParser(savedQueries: saved, today: today).parse(query)
        let evaluator = QueryEvaluator(index: index, today: today, notesReader: { bodies[$0.path] })
        return Set(evaluator.evaluate(expression).ids.map { String(index.books[Int($0)].path.dropLast(3)) })
    }

    /// The error parsing `query` throws, or nil when it parses.
    static func parseError(_ query: String, saved: [String: String] = [:]) -> QueryError? {
        do {
            _ = try QueryParser(savedQueries: saved, today: today).parse(query)
            return nil
        } catch {
            return error
        }
    }

    /// The book at `name` (path without `.md`).
    static func book(_ name: String) -> Book {
        guard let found = books.first(where: { $0.path == name + ".md" }) else { fatalError("no fixture \(name)") }
        return found
    }

    // Answers shared by several tests.
    static let sciFi: Set<String> = ["left-hand", "dispossessed", "solaris", "dune", "dune-messiah", "player", "hail-mary"]
    static let read: Set<String> = ["left-hand", "godel", "dune", "chiang", "guards", "hobbit", "animal-farm", "ancillary"]
    static let ratedFourOrMore: Set<String> = ["left-hand", "godel", "chiang", "guards", "animal-farm", "ancillary"]
    static let rated: Set<String> = ratedFourOrMore.union(["solaris", "dune"])
}

@Suite struct QueryTestLibrarySanityTests {
    @Test func everyFixtureReadsWithoutProblems() {
        #expect(QueryTestLibrary.books.count == 15)
        for book in QueryTestLibrary.books {
            #expect(book.problems.isEmpty, "\(book.path): \(book.problems)")
        }
        #expect(QueryTestLibrary.book("solaris").status == .abandoned)
        #expect(QueryTestLibrary.book("hail-mary").isbn13 == "9780593135204")
        #expect(QueryTestLibrary.book("left-hand").isbn13 == "9780441478125")
        #expect(QueryTestLibrary.book("chiang").isbn13 == "9791040000006")
    }

    @Test func theEmptyQueryMatchesEveryBook() throws {
        #expect(try QueryTestLibrary.names("") == QueryTestLibrary.allNames)
        #expect(try QueryTestLibrary.names("   ") == QueryTestLibrary.allNames)
    }
}
