import ArgumentParser
import ShelfKit

/// `shelf goal [YEAR] [--books N] [--pages N] [--clear]`: a year's reading goal, set in
/// shelf.yaml or shown against the reads finished that year.
struct GoalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "goal",
        abstract: "Set a year's reading goal (books, pages), or see how the year stands against it.",
        discussion: """
            Without --books or --pages, shows the goal of the year (this year by default): how \
            many books (and pages) are done, how many remain, whether you are on pace (the \
            goal pro rata to today) or behind, and how many a week the rest of the year needs. \
            Every read finished in the year counts, re-reads too; pages are each book's pages:.

            A goal is one line of goals: in shelf.yaml (2026: {books: 52, pages: 15000}); \
            the rest of the file, comments included, is kept as it is. The older setting \
            goal: 30 still counts as this year's books goal.

            Examples:
              shelf goal 2026 --books 52
              shelf goal 2026 --pages 15000          # keeps the books goal
              shelf goal                             # this year
              shelf goal 2025 --json
              shelf goal --clear 2026
            """)

    @OptionGroup var library: LibraryOptions

    @Argument(help: ArgumentHelp("The year (default: this year).", valueName: "year"))
    var year: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Books to finish in the year (a whole number above 0).", valueName: "N"))
    var books: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Pages to read in the year (a whole number above 0).", valueName: "N"))
    var pages: String?

    @Option(help: ArgumentHelp("Remove the goal of this year.", valueName: "year"))
    var clear: String?

    @OptionGroup var output: TextOrJSONOptions

    func validate() throws {
        if let books { _ = try Self.count(books, option: "--books", noun: "books") }
        if let pages { _ = try Self.count(pages, option: "--pages", noun: "pages") }
        if let year { _ = try Self.year(year) }
        if let clear {
            _ = try Self.year(clear)
            if books != nil || pages != nil { throw ValidationError("--clear removes a goal; it takes no --books or --pages") }
            if year != nil && year != clear { throw ValidationError("give the year once: shelf goal --clear \(clear)") }
        }
    }

    func run() throws {
        let library = try library.open()
        let today = Clock.today()
        if let clear {
            let year = try Self.year(clear)
            guard try GoalAction.clear(year: year, library: library, currentYear: today.year) else {
                throw Diagnostics.failure("no goal for \(year) in shelf.yaml; nothing was written")
            }
            return Output.line("cleared the \(year) goal")
        }
        let year = try year.map(Self.year) ?? today.year
        if books != nil || pages != nil {
            let goal = try GoalAction.set(
                year: year, books: try books.map { try Self.count($0, option: "--books", noun: "books") },
                pages: try pages.map { try Self.count($0, option: "--pages", noun: "pages") },
                library: library, currentYear: today.year)
            Output.line("goal for \(year): " + GoalRenderer.targets(goal))
            return
        }
        let (index, problems) = try LoadLibrary.load(library, withNotes: false)
        Diagnostics.report(problems, library: library)
        let progress = GoalProgress(
            year: year, goal: library.config.goal(for: year, currentYear: today.year),
            books: index.books, today: today)
        if output.isJSON { return Output.line(GoalRenderer.json(progress).serialized(indent: 2)) }
        Output.write(GoalRenderer.render(progress, style: .standard))
    }

    /// A count the goal takes, or a validation error that says why not.
    static func count(_ text: String, option: String, noun: String) throws -> Int {
        guard let number = Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw ValidationError("\(option) takes a whole number of \(noun), not '\(text)'")
        }
        guard number > 0 else {
            throw ValidationError("\(option) takes a number of \(noun) above 0, not \(number); to remove a goal: shelf goal --clear YEAR")
        }
        return number
    }

    static func year(_ text: String) throws -> Int {
        guard text.count == 4, let year = Int(text), year >= 1000 else {
            throw ValidationError("'\(text)' is not a year (four digits, 2026)")
        }
        return year
    }
}
