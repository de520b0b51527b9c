import Foundation
import ArgumentParser
import ShelfKit

/// `shelf ls`: the books matching the filters, sorted.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ls",
        abstract: "List books.",
        discussion: """
            Several --tag must all match (a tag also matches the tags nested under it: sci-fi \
            matches sci-fi/space; case is ignored); several --status may any.

            Examples:
              shelf ls --tag sci-fi
              shelf ls --status reading --status to-read --sort added
              shelf ls --author "le guin" --rating 4..5 --format json
              shelf ls --tag classics --format paths | xargs wc -w
            """,
        aliases: ["list"]
    )

    @OptionGroup var library: LibraryOptions

    @Option(name: .customLong("tag"), help: ArgumentHelp("Only books with this tag (repeatable: all must match).", valueName: "tag"))
    var tags: [String] = []

    @Option(name: .customLong("status"), help: ArgumentHelp(
        "Only books with this status: to-read, reading, read, abandoned (repeatable: any may match).", valueName: "status"))
    var statuses: [String] = []

    @Option(help: ArgumentHelp("Only books by an author whose name holds these words.", valueName: "name"))
    var author: String?

    @Option(help: ArgumentHelp("Only books rated N, or in a range N..M.", valueName: "N|N..M"))
    var rating: String?

    @Option(help: ArgumentHelp(
        "Sort by title, author, added, started, finished, rating, pages or published.", valueName: "key"))
    var sort: BookSortKey = .title

    @Flag(help: "Reverse the order (books lacking the sort key stay last).")
    var reverse = false

    @Option(help: ArgumentHelp("Show at most N books.", valueName: "N"))
    var limit: Int?

    @OptionGroup var output: FormatOptions

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
        for status in statuses where ReadingStatus(alias: status) == nil {
            throw ValidationError("'\(status)' is not a status: use to-read, reading, read or abandoned")
        }
        if let rating, RatingRange.parse(rating) == nil {
            throw ValidationError("--rating takes N or N..M with ratings from 1 to 5, not '\(rating)'")
        }
    }

    func run() throws {
        let library = try library.open()
        let (index, problems) = try LoadLibrary.load(library, withNotes: false)
        Diagnostics.report(problems, library: library)
        let filter = ListFilter(
            tags: tags,
            statuses: statuses.compactMap(ReadingStatus.init(alias:)),
            author: author,
            rating: rating.flatMap(RatingRange.parse))
        var books = sort.sort(filter.matches(in: index).map { index.books[Int($0)] }, reversed: reverse)
        if let limit { books = Array(books.prefix(limit)) }
        Output.write(BookListRenderer.render(books, format: output.resolved, library: library))
    }
}

extension BookSortKey: ExpressibleByArgument {}

/// `N` or `N..M` for --rating.
enum RatingRange {
    static func parse(_ text: String) -> ClosedRange<Int>? {
        let parts = text.components(separatedBy: "..")
        let numbers = parts.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == parts.count, numbers.allSatisfy({ (1...5).contains($0) }) else { return nil }
        switch numbers.count {
        case 1: return numbers[0]...numbers[0]
        case 2 where numbers[0] <= numbers[1]: return numbers[0]...numbers[1]
        default: return nil
        }
    }
}
