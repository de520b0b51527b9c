import ArgumentParser
import ShelfKit
import ShelfPresentation

/// `shelf search WORDS…`: ranked full-text search that says why each book matched.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search titles, authors, series, tags, ISBNs, publishers and notes, ranked.",
        discussion: """
            A match in the title counts most, then authors, then series and tags, then ISBN and \
            publisher, then notes; whole words before prefixes; ties by title. Each result says \
            where it matched. The whole query language works here too (docs/query.md).

            Examples:
              shelf search estraven
              shelf search "gobrin ice" --format json
              shelf search le guin tag:sci-fi
            """)

    @OptionGroup var library: LibraryOptions
    @OptionGroup var filters: QueryOptions

    @Option(help: ArgumentHelp("Show at most N results.", valueName: "N"))
    var limit: Int?

    @OptionGroup var output: FormatOptions

    func run() throws {
        let library = try library.open()
        let today = Clock.today()
        let expression = try filters.expression(parser: library.queryParser(today: today))
        let found: (results: [SearchResult], problems: [LibraryProblem])
        let format = output.resolved
        do {
            // Snippets are shown by the table and JSON only.
            found = try library.search(expression, today: today, limit: limit, withSnippets: format == .table || format == .json)
        } catch {
            throw Diagnostics.failure(error.description)
        }
        ProcessLifetime.keepUntilExit(found)
        Diagnostics.report(found.problems, library: library)
        switch format {
        case .json:
            Output.line(JSONValue.array(found.results.map(json)).serialized(indent: 2))
        case .table:
            if found.results.isEmpty {
                Diagnostics.write("No books match.")
                QueryRunner.explain(expression, library: library, today: today)
                return
            }
            let terms = expression.positiveTerms
            let highlighter = Highlighter.standard
            // Written at once: a write (and a terminal check) per line cost more than the lines.
            var text = ""
            for result in found.results {
                let authors = result.book.authors.isEmpty ? "" : " — " + result.book.authors.joined(separator: ", ")
                let path = highlighter.dim(Paths.display(result.book.path, in: library))
                text += highlighter.bold(result.book.title) + authors + "  " + path + "\n"
                for match in result.shownMatches {
                    let snippet = highlighter.highlight(terms, prefixWord: expression.lastPrefixWord, in: match.snippet)
                    text += "  Matched in \(match.field): \"\(snippet)\"\n"
                }
            }
            Output.write(text)
        default:
            Output.write(BookListRenderer.render(found.results.map(\.book), format: format, library: library))
        }
    }

    private func json(_ result: SearchResult) -> JSONValue {
        guard case .object(var members) = result.book.jsonObject() else { return .null }
        members.append(("score", .number(result.score)))
        members.append(
            ("matches", .array(result.matches.map { .object([("field", .string($0.field)), ("snippet", .string($0.snippet))]) })))
        return .object(members)
    }
}

extension SearchCommand: QuicklyParsed {
    /// `search` as `QuickArguments` reads it (the defaults as declared above).
    static func quick(_ arguments: inout QuickArguments) throws -> Self {
        var command = Self()
        command.library = try LibraryOptions.quick(&arguments)
        command.limit = arguments.value("limit", as: Int.self)
        command.output = try FormatOptions.quick(&arguments)
        command.filters = try QueryOptions.quick(&arguments)
        return command
    }
}
