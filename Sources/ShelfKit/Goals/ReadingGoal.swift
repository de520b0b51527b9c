/// A year's reading goal: how many books, how many pages, or both.
///
/// Kept in `shelf.yaml` under `goals:`, one line a year (`2026: {books: 52, pages: 15000}`).
/// The older single `goal: 30` setting still counts as this year's books goal when `goals:` has
/// no line for this year.
public struct ReadingGoal: Sendable, Equatable {
    var year: Int
    /// Books to finish in the year; nil when not set.
    public var books: Int?
    /// Pages to read in the year; nil when not set.
    public var pages: Int?

    init(year: Int, books: Int? = nil, pages: Int? = nil) {
        self.year = year
        self.books = books
        self.pages = pages
    }

    /// The settings key of the goals.
    static let key = "goals"
    /// The older key: books to finish this year.
    static let legacyKey = "goal"

    /// The goal as its line in `shelf.yaml` writes it: `{books: 52, pages: 15000}`.
    var flowMap: String {
        var parts: [String] = []
        if let books { parts.append("books: \(books)") }
        if let pages { parts.append("pages: \(pages)") }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// Reads one year's value: a map with `books:` / `pages:`, or a bare number of books.
    init?(year: Int, value: FieldValue) {
        self.init(year: year)
        switch value {
        case .scalar(let text, _):
            books = ReadingGoal.count(text)
        case .map(let entries):
            for entry in entries {
                let count = entry.value.text.flatMap(ReadingGoal.count)
                switch CanonicalField.fold(entry.key) {
                case "books", "book": books = count
                case "pages", "page": pages = count
                default: break
                }
            }
        case .list, .null:
            return nil
        }
        guard books != nil || pages != nil else { return nil }
    }

    /// A count above zero, as a goal takes it.
    static func count(_ text: String) -> Int? {
        guard let number = Int(text.trimmingSpaces), number > 0 else { return nil }
        return number
    }
}

extension LibraryConfig {
    /// The goal for `year`: its `goals:` line, else (for the current year) the older `goal:`.
    public func goal(for year: Int, currentYear: Int) -> ReadingGoal? {
        if let goal = goals[year] { return goal }
        if year == currentYear, let books = goal, books > 0 { return ReadingGoal(year: year, books: books) }
        return nil
    }

    /// Reads the `goals:` map of the settings: years to goals; lines shelf cannot read are skipped.
    static func readGoals(_ value: FieldValue) -> [Int: ReadingGoal] {
        guard case .map(let entries) = value else { return [:] }
        var goals: [Int: ReadingGoal] = [:]
        for entry in entries {
            guard let year = Int(entry.key.trimmingSpaces), let goal = ReadingGoal(year: year, value: entry.value) else { continue }
            goals[year] = goal
        }
        return goals
    }
}
