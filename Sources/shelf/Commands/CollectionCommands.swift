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
    static let configuration = collectionConfiguration("series", "Series with their books in order and how many you have read.")
    @OptionGroup var library: LibraryOptions
    @OptionGroup var filters: QueryOptions
    @OptionGroup var output: FormatOptions
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
