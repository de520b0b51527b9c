import ArgumentParser
import ShelfKit

/// The collection commands share one body: filter with a query, group, print.
protocol CollectionCommand: ParsableCommand {
    static var collection: BookCollection { get }
    var library: LibraryOptions { get }
    var filters: QueryOptions { get }
    var output: FormatOptions { get }
}

extension CollectionCommand {
    func run() throws {
        let library = try library.open()
        let result = try QueryRunner.run(filters, library: library, explainingEmpty: true)
        let entries = Self.collection.entries(result.books, config: library.config)
        Output.write(CollectionRenderer.render(entries, collection: Self.collection, format: output.resolved, library: library))
    }

    static func collectionConfiguration(_ name: String, _ abstract: String) -> CommandConfiguration {
        CommandConfiguration(
            commandName: name, abstract: abstract,
            discussion: "Takes a query to narrow the books first.\n\nExamples:\n  shelf \(name)\n  shelf \(name) tag:sci-fi --format json")
    }
}

struct AuthorsCommand: CollectionCommand {
    static let collection = BookCollection.authors
    static let configuration = collectionConfiguration("authors", "Authors with their books, sorted by family name.")
    @OptionGroup var library: LibraryOptions
    @OptionGroup var filters: QueryOptions
    @OptionGroup var output: FormatOptions
}

struct SeriesCommand: CollectionCommand {
    static let collection = BookCollection.series
    static let configuration = CommandConfiguration(
        commandName: "series",
        abstract: "Series with their books in order, what you have read, the next to read and the gaps.",
        discussion: """
            A number from 1 to the highest you have (or to the series' series_count) that no \
            book carries is a gap: #3 missing. The next to read is the first book in order not \
            read, being read or abandoned. Takes a query to narrow the books first.

            Examples:
              shelf series
              shelf series --missing
              shelf series 'series:dune' --format json
            """)
    @OptionGroup var library: LibraryOptions
    @OptionGroup var filters: QueryOptions
    @OptionGroup var output: FormatOptions
    @Flag(help: "Only the gaps: each series with numbers missing, and which.") var missing = false

    func run() throws {
        let library = try library.open()
        let result = try QueryRunner.run(filters, library: library)
        var entries = Self.collection.entries(result.books, config: library.config)
        guard missing else {
            Output.write(CollectionRenderer.render(entries, collection: Self.collection, format: output.resolved, library: library))
            return
        }
        entries = entries.filter { !$0.missingNumbers.isEmpty }
        switch output.resolved {
        case .table, .plain: Output.write(SeriesLines.gaps(entries))
        default: Output.write(CollectionRenderer.render(entries, collection: Self.collection, format: output.resolved, library: library))
        }
    }
}

struct GenresCommand: CollectionCommand {
    static let collection = BookCollection.genres
    static let configuration = collectionConfiguration("genres", "Genres with counts.")
    @OptionGroup var library: LibraryOptions
    @OptionGroup var filters: QueryOptions
    @OptionGroup var output: FormatOptions
}

struct LocationsCommand: CollectionCommand {
    static let collection = BookCollection.locations
    static let configuration = collectionConfiguration("locations", "Where your books are, with counts.")
    @OptionGroup var library: LibraryOptions
    @OptionGroup var filters: QueryOptions
    @OptionGroup var output: FormatOptions
}

struct FormatsCommand: CollectionCommand {
    static let collection = BookCollection.formats
    static let configuration = collectionConfiguration("formats", "Book formats (hardcover, ebook…) with counts.")
    @OptionGroup var library: LibraryOptions
    @OptionGroup var filters: QueryOptions
    @OptionGroup var output: FormatOptions
}
