import ArgumentParser
import ShelfKit
import ShelfPresentation

/// `shelf stats`: figures and charts about your reading.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Figures and charts about your reading: per year, per month, ratings, pace, length, authors, tags.",
        discussion: """
            A query narrows the books first. JSON keys: total, by_status, finished_by_year, \
            finished_by_month (with --year), pages_by_year, ratings, average_rating, top_authors, \
            top_tags, average_days_to_finish, pages_per_day, lengths (of the finished books: \
            under_200, 200_399, 400_599, 600_or_more), by (with --by), reads (every finished \
            read: reads, rereads, reread_books, reads_by_year; with --year only the reads \
            finished in that year).

            Examples:
              shelf stats
              shelf stats --year 2024            # the books finished in 2024
              shelf stats --year 2024 --added    # the books added in 2024, read or not
              shelf stats tag:sci-fi --by language
              shelf stats --format json | jq .finished_by_year
            """)

    @OptionGroup var library: LibraryOptions
    @OptionGroup var filters: QueryOptions
    @Option(
        help: ArgumentHelp(
            "Only the books of one year: those finished in it (a re-read too), or with --started or --added, started or added in it; finished month by month.",
            valueName: "year"))
    var year: Int?
    @Flag var basis: LibraryStats.YearBasis = .finished
    @Option(help: ArgumentHelp("Count books by any field (language, genre, your own country…).", valueName: "field")) var by: String?
    @OptionGroup var output: TextOrJSONOptions

    func run() throws {
        let library = try library.open()
        let result = try QueryRunner.run(filters, library: library)
        if year == nil, basis != .finished {
            throw ValidationError(
                "--\(basis.rawValue) says how --year counts a book; give a year: shelf stats --year 2024 --\(basis.rawValue)")
        }
        let stats = LibraryStats(result.books, year: year, basis: basis, by: by)
        // The reads of the year only, over every book: a re-read in the year of a book whose
        // latest read is later still counts.
        let reads = RereadStats(result.books, year: year)
        if output.isJSON {
            Output.line(stats.json().adding("reads", reads.json()).serialized(indent: 2))
            return
        }
        Output.write(StatsRenderer.render(stats, byField: by, width: Terminal.width ?? 80, style: .standard))
        if let rereads = reads.summary { Output.write("\n" + rereads + "\n") }
    }
}

/// The terminal view of the stats.
enum StatsRenderer {
    /// - Parameter byField: the field of `--by`, as typed, for its section's heading.
    static func render(_ stats: LibraryStats, byField: String? = nil, width: Int, style: Style) -> String {
        var text = style.bold(Plural.count(stats.total, "book")) + "  "
        text += ReadingStatus.allCases.map { "\(stats.byStatus[$0] ?? 0) \($0.rawValue)" }.joined(separator: " · ") + "\n"
        if let average = stats.averageRating {
            text += "Average rating \(String(format2: average)) ★"
        }
        if let days = stats.averageDaysToFinish {
            text += (stats.averageRating == nil ? "" : " · ") + Plural.count(Int(days.rounded()), "day") + " to finish a book on average"
        }
        text += "\n"
        if let pace = stats.pagesPerDay {
            text +=
                "Pace \(Plural.count(Int(pace.rounded()), "page")) a day, over \(Plural.count(stats.paceBooks, "book")) with pages and both dates\n"
        }
        if let months = stats.finishedByMonth, let year = stats.monthYear {
            text += "\n" + style.bold("Finished in \(year), by month") + "\n"
            text += Charts.bars((1...12).map { (BookDate.monthAbbreviations[$0 - 1], months[$0] ?? 0) }, width: width, style: style)
        } else if !stats.finishedByYear.isEmpty {
            text += "\n" + style.bold("Finished per year") + "\n"
            text += Charts.bars(
                stats.finishedByYear.keys.sorted().map { (String($0), stats.finishedByYear[$0] ?? 0) }, width: width, style: style)
        }
        if stats.ratings.values.contains(where: { $0 > 0 }) {
            text += "\n" + style.bold("Ratings") + "\n"
            text += Charts.bars((1...5).reversed().map { (Stars.render($0), stats.ratings[$0] ?? 0) }, width: width, style: style)
        }
        if let year = stats.monthYear, !stats.pagesByMonth.isEmpty {
            let pages = (1...12).map { stats.pagesByMonth[$0] ?? 0 }
            text += "\n" + style.bold("Pages per month, \(year)") + "  " + Charts.sparkline(pages) + "  \(pages.reduce(0, +)) pages\n"
        }
        if !stats.lengths.isEmpty {
            text += "\n" + style.bold("Length of the books finished") + "\n"
            text += Charts.bars(LibraryStats.LengthBand.allCases.map { ($0.label, stats.lengths[$0] ?? 0) }, width: width, style: style)
        }
        for (title, rows) in [("Top authors", stats.topAuthors), ("Top tags", stats.topTags)] where !rows.isEmpty {
            text += "\n" + style.bold(title) + "\n" + Charts.bars(rows.prefix(5).map { ($0.name, $0.count) }, width: width, style: style)
        }
        if let by = stats.by {
            text +=
                "\n" + style.bold("By " + (byField ?? "value")) + "\n"
                + Charts.bars(by.prefix(15).map { ($0.value, $0.count) }, width: width, style: style)
        }
        return text
    }

}

extension String {
    /// A number with one decimal.
    init(format2 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(tenths % 10)"
    }
}

extension JSONValue {
    /// The object with one more member (the stats' re-read counts).
    func adding(_ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(let members) = self else { return self }
        return .object(members + [(key, value)])
    }
}

/// `--finished` (the default), `--started`, `--added`: what puts a book in `--year`'s year.
extension LibraryStats.YearBasis: EnumerableFlag {
    public static func help(for value: LibraryStats.YearBasis) -> ArgumentHelp? {
        switch value {
        case .finished: return "Count the books with a read finished in --year's year (the default)."
        case .started: return "Count the books with a read started in --year's year."
        case .added: return "Count the books added in --year's year, read or not."
        }
    }
}
