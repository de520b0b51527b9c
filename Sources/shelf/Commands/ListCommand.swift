import ArgumentParser
import ShelfKit

/// `shelf ls [QUERY…]`: the books matching a query and the filter flags, sorted.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ls",
        abstract: "List books matching a query.",
        discussion: """
            The query language is described in docs/query.md. Flags combine with the query by AND. \
            Several --tag must all match (a tag also matches the tags nested under it: sci-fi \
            matches sci-fi/space; case is ignored); several --status may any.

            Examples:
              shelf ls --tag sci-fi
              shelf ls 'rating:>=4 finished:2024'
              shelf ls 'tag:sci-fi (author:"le guin" OR author:banks) -status:to-read'
              shelf ls @reading --sort started
              shelf ls --group-by finished --status read
              shelf ls --format '{title} ({published}) — {authors}'
            """,
        aliases: ["list"]
    )

    @OptionGroup var library: LibraryOptions
    @OptionGroup var filters: QueryOptions

    @Option(
        help: ArgumentHelp(
            "Sort by title, author, added, started, finished, rating, pages or published.", valueName: "key"))
    var sort: BookSortKey = .title

    @Flag(help: "Reverse the order (books lacking the sort key stay last).")
    var reverse = false

    @Option(help: ArgumentHelp("Show at most N books.", valueName: "N"))
    var limit: Int?

    @Option(
        help: ArgumentHelp(
            "One section per value of a field (author, series, status, tags, finished → year, any field).", valueName: "field"))
    var groupBy: String?

    @OptionGroup var output: FormatOptions

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
    }

    func run() throws {
        let library = try library.open()
        // Paths in title order come from the index without decoding the books, when it can.
        if sort == .title, groupBy == nil, output.resolved == .paths,
            let ordered = try QueryRunner.pathsInTitleOrder(filters, library: library, reversed: reverse)
        {
            Output.write(utf8: Paths.lineBytes(ordered, limit: limit, in: library))
            return
        }
        let result = try QueryRunner.run(filters, library: library, explainingEmpty: true)
        var books = sort.sort(result.books, reversed: reverse)
        if let limit { books = Array(books.prefix(limit)) }
        ProcessLifetime.keepUntilExit(books)
        guard let groupBy else {
            Output.write(BookListRenderer.render(books, format: output.resolved, library: library))
            return
        }
        Output.write(GroupRenderer.render(BookGrouping.group(books, by: groupBy), format: output.resolved, library: library))
    }
}

extension BookSortKey: ExpressibleByArgument {}

extension ListCommand: QuicklyParsed {
    /// `ls` as `QuickArguments` reads it (the defaults as declared above).
    static func quick(_ arguments: inout QuickArguments) throws -> Self {
        var command = Self()
        command.library = try LibraryOptions.quick(&arguments)
        command.sort = arguments.value("sort", as: BookSortKey.self) ?? .title
        command.reverse = arguments.flag("reverse")
        command.limit = arguments.value("limit", as: Int.self)
        command.groupBy = arguments.value("group-by")
        command.output = try FormatOptions.quick(&arguments)
        command.filters = try QueryOptions.quick(&arguments)
        return command
    }
}
