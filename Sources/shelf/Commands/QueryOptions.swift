import Foundation
import ArgumentParser
import ShelfKit

/// A query given as arguments, plus the filter flags that combine with it by AND.
struct QueryOptions: ParsableArguments {
    // `.allUnrecognized` lets a query start with `-` (`-has:rating`) without being taken for an option.
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp(
            "A query (see docs/query.md): words, \"phrases\", field:value, rating:>=4, -tag:x, @saved…", valueName: "query"),
        completion: .custom(CompletionValues.queryTerms))
    var query: [String] = []

    func validate() throws {
        if let unknown = query.first(where: { $0.hasPrefix("--") }) {
            throw ValidationError("unknown option '\(unknown)'")
        }
    }

    @Option(
        name: .customLong("tag"),
        help: ArgumentHelp("Only books with this tag, or a tag nested under it (repeatable: all must match).", valueName: "tag"),
        completion: .custom(CompletionValues.tags))
    var tags: [String] = []

    @Option(
        name: .customLong("status"), help: ArgumentHelp("Only books with this status (repeatable: any may match).", valueName: "status"),
        completion: .custom(CompletionValues.statuses))
    var statuses: [String] = []

    @Option(
        help: ArgumentHelp("Only books by an author whose name holds these words.", valueName: "name"),
        completion: .custom(CompletionValues.authors))
    var author: String?

    @Option(help: ArgumentHelp("Only books rated N, or in a range N..M.", valueName: "N|N..M"))
    var rating: String?

    @Option(
        help: ArgumentHelp("Only books in a series whose name holds these words.", valueName: "name"),
        completion: .custom(CompletionValues.series))
    var series: String?

    @Option(help: ArgumentHelp("Only books of this genre.", valueName: "genre"))
    var genre: String?

    @Option(help: ArgumentHelp("Only books at this location.", valueName: "place"))
    var location: String?

    @Option(name: .customLong("book-format"), help: ArgumentHelp("Only books in this format (hardcover, ebook…).", valueName: "format"))
    var bookFormat: String?

    // `.unconditional`: a relative date (`-30d`) starts with a dash but is a value, not an option.
    @Option(parsing: .unconditional, help: ArgumentHelp("Added on or after this date (YYYY[-MM[-DD]] or -30d).", valueName: "date"))
    var addedAfter: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Added on or before this date.", valueName: "date")) var addedBefore: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Started on or after this date.", valueName: "date")) var startedAfter: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Started on or before this date.", valueName: "date")) var startedBefore: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Finished on or after this date.", valueName: "date")) var finishedAfter: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Finished on or before this date.", valueName: "date")) var finishedBefore: String?

    @Flag(help: "Only favorites.") var favorite = false

    /// The query text and the flags, as one expression.
    func expression(parser: QueryParser) throws -> QueryExpression {
        var parts: [QueryExpression] = []
        do {
            let text = query.joined(separator: " ")
            let parsed = try parser.parse(text)
            if parsed != .all { parts.append(parsed) }
            for tag in tags { parts.append(.field(FieldQuery(name: "tags", operation: .matches, value: tag))) }
            if !statuses.isEmpty {
                let options = try statuses.map { try field("status", .matches, $0, flag: "--status", parser: parser) }
                parts.append(options.count == 1 ? options[0] : .or(options))
            }
            if let author { parts.append(try field("authors", .matches, author, flag: "--author", parser: parser)) }
            if let rating {
                guard let range = RatingRange.parse(rating) else {
                    throw ValidationError("--rating takes N or N..M with ratings from 1 to 5, not '\(rating)'")
                }
                parts.append(
                    try field(
                        "rating", .range(String(range.lowerBound), String(range.upperBound)), rating, flag: "--rating", parser: parser))
            }
            for (key, flag, value) in [
                ("series", "--series", series), ("genres", "--genre", genre), ("location", "--location", location),
                ("format", "--book-format", bookFormat),
            ] {
                if let value { parts.append(try field(key, .matches, value, flag: flag, parser: parser)) }
            }
            let dates: [(String, FieldQuery.Operation, String?, String)] = [
                ("added", .greaterOrEqual, addedAfter, "--added-after"), ("added", .lessOrEqual, addedBefore, "--added-before"),
                ("started", .greaterOrEqual, startedAfter, "--started-after"), ("started", .lessOrEqual, startedBefore, "--started-before"),
                ("finished", .greaterOrEqual, finishedAfter, "--finished-after"),
                ("finished", .lessOrEqual, finishedBefore, "--finished-before"),
            ]
            for case let (key, operation, value?, flag) in dates {
                parts.append(try field(key, operation, value, flag: flag, parser: parser))
            }
            if favorite { parts.append(.field(FieldQuery(name: "favorite", operation: .matches, value: "true"))) }
        } catch let error as QueryError {
            throw Diagnostics.failure(error.description)
        }
        switch parts.count {
        case 0: return .all
        case 1: return parts[0]
        default: return .and(parts)
        }
    }

    /// A flag's field term, checked the way the query language checks it; a bad value is named
    /// with its flag (`--status: 'finishd' is not a status…`), not with a query the user never typed.
    private func field(
        _ name: String, _ operation: FieldQuery.Operation, _ value: String, flag: String, parser: QueryParser
    ) throws -> QueryExpression {
        do {
            return try term(name, operation, value, parser: parser)
        } catch let error as QueryError {
            throw Diagnostics.failure("\(flag): \(error.message)")
        }
    }

    private func term(_ name: String, _ operation: FieldQuery.Operation, _ value: String, parser: QueryParser) throws -> QueryExpression {
        let quoted = "\"" + value.replacingOccurrences(of: "\"", with: "\\\"") + "\""
        switch operation {
        case .range(let low, let high):
            return try parser.parse("\(name):\(low)..\(high)")
        case .greaterOrEqual:
            return try parser.parse("\(name):>=\(quoted)")
        case .lessOrEqual:
            return try parser.parse("\(name):<=\(quoted)")
        default:
            return try parser.parse("\(name):\(quoted)")
        }
    }
}

extension QueryOptions {
    /// The options as `QuickArguments` reads them (the defaults as declared above). The query's
    /// words are what no option took, so this is read after every other option of the command.
    static func quick(_ arguments: inout QuickArguments) throws -> Self {
        var options = Self()
        options.tags = arguments.values("tag")
        options.statuses = arguments.values("status")
        options.author = arguments.value("author")
        options.rating = arguments.value("rating")
        options.series = arguments.value("series")
        options.genre = arguments.value("genre")
        options.location = arguments.value("location")
        options.bookFormat = arguments.value("book-format")
        options.addedAfter = arguments.value("added-after")
        options.addedBefore = arguments.value("added-before")
        options.startedAfter = arguments.value("started-after")
        options.startedBefore = arguments.value("started-before")
        options.finishedAfter = arguments.value("finished-after")
        options.finishedBefore = arguments.value("finished-before")
        options.favorite = arguments.flag("favorite")
        options.query = arguments.words()
        try options.validate()
        return options
    }
}

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

/// Running a query over the library, with problems reported and failures turned into messages.
enum QueryRunner {
    /// - Parameter explainingEmpty: when nothing matches, say why on stderr, in terms of the
    ///   query typed (a field or tag no book has, the nearest spelling that exists).
    static func run(_ options: QueryOptions, library: Library, explainingEmpty: Bool = false) throws -> QueryResult {
        let today = Clock.today()
        let expression = try options.expression(parser: library.queryParser(today: today))
        do {
            let result = try library.query(expression, today: today)
            ProcessLifetime.keepUntilExit(result)
            Diagnostics.report(result.problems, library: library)
            if explainingEmpty, result.matches.isEmpty {
                explain(expression, library: library, today: today)
            }
            return result
        } catch {
            throw Diagnostics.failure(error.description)
        }
    }

    /// The matching books' paths in title order, from the index, with problems reported; nil
    /// when the index cannot answer or nothing matches (then `run` answers, and explains).
    static func pathsInTitleOrder(_ options: QueryOptions, library: Library, reversed: Bool) throws -> OrderedPaths? {
        let today = Clock.today()
        let expression = try options.expression(parser: library.queryParser(today: today))
        do {
            guard let ordered = try library.pathsInTitleOrder(expression, today: today, reversed: reversed) else { return nil }
            Diagnostics.report(ordered.problems, library: library)
            return ordered
        } catch {
            throw Diagnostics.failure(error.description)
        }
    }

    /// Writes why `expression` matched nothing, from the whole library (a query's answer holds
    /// only the books the index could not rule out).
    static func explain(_ expression: QueryExpression, library: Library, today: BookDate) {
        // A script hears only of slips, and a query without a field shelf does not know holds
        // none: the whole library is not loaded for reasons nobody would read.
        guard isatty(STDERR_FILENO) == 1 || EmptyResultHints.mayFindSlip(in: expression) else { return }
        guard let loaded = try? library.load(withNotes: expression.needsNotes) else { return }
        ProcessLifetime.keepUntilExit(loaded.index)
        explain(expression, index: loaded.index, library: library, today: today)
    }

    /// Writes why `expression` matched nothing, one `shelf: …` line per reason (on a pipe, only
    /// the slips).
    static func explain(_ expression: QueryExpression, index: LibraryIndex, library: Library, today: BookDate) {
        let hints = EmptyResultHints(index: index, today: today, notesReader: { library.notes(of: $0) }).hints(for: expression)
        // A script asked a fair question and got an empty answer: it hears only of slips (a
        // field no book has). A person at a terminal hears every reason.
        let atTerminal = isatty(STDERR_FILENO) == 1
        for hint in hints where atTerminal || hint.isSlip { Diagnostics.write("shelf: " + hint.text) }
    }
}
