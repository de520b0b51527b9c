import ArgumentParser
import ShelfKit

/// `shelf` with no command: what you are reading, what you finished lately, and this year so far.
struct DashboardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dashboard",
        abstract: "What you are reading, what you finished lately, and this year's progress (the default command).",
        discussion: "Example:\n  shelf\n  shelf --library ~/Books")

    @OptionGroup var library: LibraryOptions

    func run() throws {
        let library = try library.open()
        let (index, problems) = try LoadLibrary.load(library, withNotes: false)
        Diagnostics.report(problems, library: library)
        let dashboard = ReadingDashboard(books: index.books, config: library.config, today: Clock.today(), recentLimit: 5)
        Output.write(DashboardRenderer.render(dashboard, style: .standard))
    }
}

/// The dashboard's sections, in order: currently reading, recently read, counts, this year.
enum DashboardRenderer {
    static func render(_ dashboard: ReadingDashboard, style: Style) -> String {
        guard dashboard.total > 0 else {
            return "No books yet — try `shelf add --isbn 9780441478125`, or `shelf add --title \"…\" --author \"…\"`,\n"
                + "or bring a Goodreads export: `shelf import goodreads goodreads_library_export.csv`.\n"
        }
        var text = style.bold("Currently reading") + "\n"
        if dashboard.reading.isEmpty {
            text += "  Nothing right now — start one with `shelf start BOOK` (`shelf ls @to-read` lists candidates).\n"
        }
        for book in dashboard.reading {
            let since = book.started.map { "  since \($0.text)" } ?? ""
            text +=
                "  " + style.green(book.title) + byline(book) + (position(book).map { "  " + style.blue($0) } ?? "") + style.dim(since)
                + "\n"
        }
        text += "\n" + style.bold("Recently read") + "\n"
        if dashboard.recentlyRead.isEmpty { text += "  Nothing finished yet — `shelf finish BOOK --rating N` records one.\n" }
        for book in dashboard.recentlyRead {
            let rating = book.rating.map { "  " + style.yellow(Stars.render($0)) } ?? ""
            text += "  " + book.title + byline(book) + rating + style.dim("  " + (book.finished?.text ?? "")) + "\n"
        }
        text +=
            "\n" + style.bold("Library") + "  \(count(dashboard.total, "book")): "
            + ReadingStatus.allCases.map { "\(dashboard.statusCounts[$0] ?? 0) \($0.rawValue)" }.joined(separator: " · ") + "\n"
        let year = dashboard.year
        text += "\n" + style.bold("\(year.year) so far") + "  \(count(year.books, "book")), \(count(year.pages, "page"))"
        for (measure, noun) in [(year.bookMeasure, "book"), (year.pageMeasure, "page")] {
            guard let measure else { continue }
            text +=
                "\n  " + style.blue(Charts.progress(measure.done, of: measure.target, width: 30))
                + "  \(measure.done) of \(count(measure.target, noun))"
            if measure.reached {
                text += " — goal reached!"
            } else {
                text +=
                    " · " + (measure.onPace ? "on pace" : "behind") + " (\(measure.expected) by today)"
                    + (measure.perWeek.map { " · \(GoalRenderer.decimal($0)) \(noun)s a week to make it" } ?? "")
            }
        }
        return text + "\n"
    }

    /// Where the reader is in a book being read, from its progress log: `page 120 of 400 (30%)`,
    /// `45%`, `3h20m`; nil when nothing is logged.
    private static func position(_ book: Book) -> String? {
        let progress = ReadingProgress(book: book)
        guard let current = progress.current else { return nil }
        var text = current.position.text
        if case .page = current.position {
            if let pages = book.pages { text += " of \(pages)" }
            if let percent = progress.percent { text += " (\(Int(percent.rounded()))%)" }
        }
        return text
    }

    /// `1 book`, `2 books`.
    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)" + (number == 1 ? "" : "s")
    }

    private static func byline(_ book: Book) -> String {
        book.authors.isEmpty ? "" : " — " + book.authors.joined(separator: ", ")
    }
}
