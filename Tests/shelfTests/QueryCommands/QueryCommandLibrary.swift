import Foundation
import Testing

/// A small library on disk for the query commands (`ls`, `search`, the collections), with saved
/// queries and a series count in `shelf.yaml`. Commands run with `SHELF_TODAY=2025-06-10`.
///
/// Titles sort as: Ancillary Justice, The Dispossessed, Dune, Dune Messiah, Gödel Escher Bach,
/// Guards! Guards!, The Hobbit, The Left Hand of Darkness, The Player of Games, Project Hail Mary,
/// Solaris, A Wizard of Earthsea.
enum QueryCommandLibrary {
    static let today = "2025-06-10"

    static let config = """
        # shelf test library
        filename: "{author}-{title}"
        queries:
          keepers: "rating:5 -tag:reference"
          broken: "rating:>=x"
        series_counts:
          Hainish Cycle: 8

        """

    // Paths, for readable expectations.
    static let ancillary = "leckie-ancillary-justice.md"
    static let dispossessed = "le-guin-the-dispossessed.md"
    static let dune = "herbert-dune.md"
    static let messiah = "herbert-dune-messiah.md"
    static let godel = "hofstadter-godel-escher-bach.md"
    static let guards = "pratchett-guards-guards.md"
    static let hobbit = "tolkien-the-hobbit.md"
    static let leftHand = "le-guin-the-left-hand-of-darkness.md"
    static let player = "banks-the-player-of-games.md"
    static let hailMary = "weir-project-hail-mary.md"
    static let solaris = "lem-solaris.md"
    static let earthsea = "classics/le-guin-a-wizard-of-earthsea.md"

    static let books: [(String, String)] = [
        (
            leftHand,
            bookFile(
                """
                title: The Left Hand of Darkness
                author: Ursula K. Le Guin
                isbn: 978-0-441-47812-5
                status: read
                rating: 5
                tags: [sci-fi, classics]
                added: 2023-01-05
                finished: 2023-03-10
                series: Hainish Cycle
                series_index: 4
                genres: [science fiction]
                location: living room
                format: paperback
                favorite: true
                """,
                body:
                    "Genly Ai spends half the book misreading Estraven, and so did I. The long crossing of the gobrin ice\nis the heart of the novel.\n"
            )
        ),
        (
            dispossessed,
            bookFile(
                """
                title: The Dispossessed
                authors: [Ursula K. Le Guin]
                status: to-read
                tags: [sci-fi/utopia]
                added: 2024-07-01
                series: Hainish Cycle
                series_index: 6
                genres: [science fiction]
                """)
        ),
        (
            earthsea,
            bookFile(
                """
                title: A Wizard of Earthsea
                authors: [Ursula K. Le Guin]
                status: reading
                tags: [fantasy, classics]
                added: 2024-06-15
                started: 2025-06-01
                series: Earthsea
                series_index: 1
                genres: [fantasy]
                location: bedroom
                format: hardcover
                """)
        ),
        (
            godel,
            bookFile(
                """
                title: Gödel, Escher, Bach
                author: Douglas R. Hofstadter
                status: read
                rating: 4
                tags: [nonfiction]
                added: 2022-02-01
                finished: 2023-06-30
                location: living room
                format: hardcover
                """)
        ),
        (
            solaris,
            bookFile(
                """
                title: Solaris
                author: Stanisław Lem
                status: dnf
                rating: 2
                tags: [SCI-FI]
                added: 2023-02-01
                finished: 2023-07-01
                format: ebook
                """)
        ),
        (
            dune,
            bookFile(
                """
                title: Dune
                author: Frank Herbert
                status: read
                rating: 3
                tags: [sci-fi/space]
                added: 2021-03-01
                finished: 2022-11-20
                series: Dune
                series_index: 1
                location: living room
                format: paperback
                """)
        ),
        (
            messiah,
            bookFile(
                """
                title: Dune Messiah
                author: Frank Herbert
                status: to-read
                tags: [sci-fi/space]
                added: 2021-03-01
                series: Dune
                series_index: 2
                series_count: 6
                """)
        ),
        (
            guards,
            bookFile(
                """
                title: Guards! Guards!
                author: Terry Pratchett
                status: read
                rating: 5
                tags: [fantasy, humor]
                added: 2023-11-11
                finished: 2024-01-15
                series: Discworld
                series_index: 8
                genres: [fantasy, comedy]
                """, body: "Not sci fi at all, but the dragon is great.\n")
        ),
        (
            player,
            bookFile(
                """
                title: The Player of Games
                author: Iain M. Banks
                status: reading
                tags: [sci-fi/space]
                added: 2025-05-20
                started: 2025-05-20
                series: Culture
                series_index: 2
                format: ebook
                """)
        ),
        (
            hobbit,
            bookFile(
                """
                title: The Hobbit
                author: J. R. R. Tolkien
                status: read
                tags: [fantasy, classics]
                added: 2020-01-01
                finished: 2025-05-25
                location: bedroom
                """)
        ),
        (
            hailMary,
            bookFile(
                """
                title: Project Hail Mary
                author: Andy Weir
                status: to-read
                tags: [sci-fi/space]
                added: 2025-06-01
                format: ebook
                """)
        ),
        (
            ancillary,
            bookFile(
                """
                title: Ancillary Justice
                author: Ann Leckie
                status: read
                rating: 4
                tags: [space opera]
                added: 2025-05-11
                finished: 2024-06-20
                """, body: "Reads like Le Guin by way of Banks. Better than Dune, for me.\n")
        ),
    ]

    static func make() throws -> TemporaryLibrary {
        try TemporaryLibrary(config: config, books: books)
    }

    /// Runs shelf on a fresh copy of the library with today fixed.
    static func run(_ args: [String], in folder: String = "") throws -> CommandResult {
        let library = try make()
        return try library.run(args, in: folder, environment: ["SHELF_TODAY": today])
    }

    /// The paths `shelf ls ARGS --format paths` prints; the run must succeed quietly.
    static func ls(_ args: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let result = try run(["ls"] + args + ["--format", "paths"])
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr == "", "\(result)", sourceLocation: sourceLocation)
        return result.stdoutLines
    }
}
