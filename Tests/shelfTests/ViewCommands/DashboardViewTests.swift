import Foundation
import Testing

/// `shelf` with no command: the dashboard's sections, in order, and its empty states.
@Suite struct DashboardViewTests {
    static let environment = ["SHELF_TODAY": "2025-06-15", "NO_COLOR": ""]

    static func read(_ name: String, finished: String, rating: Int?, pages: Int) -> (String, String) {
        (
            name.lowercased().replacingOccurrences(of: " ", with: "-") + ".md",
            bookFile(
                """
                title: \(name)
                authors: [Author \(name)]
                status: read
                finished: \(finished)
                pages: \(pages)
                """ + (rating.map { "\nrating: \($0)" } ?? ""))
        )
    }

    static let books: [(String, String)] = [
        ("reading-one.md", bookFile("title: Reading One\nauthors: [Ann Reader]\nstatus: reading\nstarted: 2025-05-01")),
        ("reading-two.md", bookFile("title: Reading Two\nauthors: [Bo Reader]\nstatus: currently-reading\nstarted: 2025-04-02")),
        read("Oldest Read", finished: "2023-12-01", rating: 2, pages: 1000),
        read("Second Read", finished: "2024-07-10", rating: 3, pages: 50),
        read("Third Read", finished: "2024-12-31", rating: nil, pages: 70),
        read("Fourth Read", finished: "2025-01-15", rating: 5, pages: 100),
        read("Fifth Read", finished: "2025-03-02", rating: 1, pages: 200),
        read("Newest Read", finished: "2025-06-01", rating: 4, pages: 300),
        ("wanted.md", bookFile("title: Wanted\nstatus: to-read")),
        ("dropped.md", bookFile("title: Dropped\nstatus: dnf")),
    ]

    static func library(goal: Int? = 10, books: [(String, String)] = books) throws -> TemporaryLibrary {
        try TemporaryLibrary(
            config: TemporaryLibrary.defaultConfig + (goal.map { "goal: \($0)\n" } ?? ""), books: books)
    }

    /// The lines below the heading that starts with `heading`, up to the next blank line.
    static func section(_ heading: String, in text: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix(heading) }) else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
    }

    @Test func theSectionsComeInOrder() throws {
        let library = try Self.library()
        let result = try library.run([], environment: Self.environment)
        #expect(result.status == 0, "\(result)")
        let text = result.stdout
        let headings = ["Currently reading", "Recently read", "Library", "2025 so far"]
        let positions = headings.map { text.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil }, "\(result)")
        let found = positions.compactMap { $0 }
        #expect(found == found.sorted(), "sections out of order\n\(result)")
        #expect(!hasANSI(text))

        let named = try library.run(["dashboard"], environment: Self.environment)
        #expect(named.status == 0)
        #expect(named.stdout == text, "`shelf dashboard` differs from `shelf`")
    }

    @Test func currentlyReadingListsEveryBookWithItsStartDate() throws {
        let library = try Self.library()
        let result = try library.run([], environment: Self.environment)
        let lines = Self.section("Currently reading", in: result.stdout)
        #expect(lines.count == 2, "\(result)")
        #expect(lines.contains { $0.contains("Reading One") && $0.contains("Ann Reader") && $0.contains("2025-05-01") }, "\(result)")
        #expect(lines.contains { $0.contains("Reading Two") && $0.contains("2025-04-02") }, "\(result)")
    }

    @Test func recentlyReadIsTheFiveLatestNewestFirstWithStars() throws {
        let library = try Self.library()
        let result = try library.run([], environment: Self.environment)
        let lines = Self.section("Recently read", in: result.stdout)
        let order = ["Newest Read", "Fifth Read", "Fourth Read", "Third Read", "Second Read"]
        #expect(lines.count == 5, "\(result)")
        for (line, title) in zip(lines, order) {
            #expect(line.contains(title), "expected \(title) in \(line)\n\(result)")
        }
        #expect(!result.stdout.contains("Oldest Read"), "\(result)")
        #expect(lines.first?.contains("★★★★☆") == true, "\(lines)")
        #expect(lines.first?.contains("2025-06-01") == true, "\(lines)")
        #expect(lines.dropFirst().first?.contains("★☆☆☆☆") == true, "\(lines)")
        #expect(lines.dropFirst(2).first?.contains("★★★★★") == true, "\(lines)")
        // No rating, no stars.
        #expect(lines.dropFirst(3).first?.contains("★") == false, "\(lines)")
    }

    @Test func libraryCountsAndThisYearWithTheGoal() throws {
        let library = try Self.library()
        let result = try library.run([], environment: Self.environment)
        let text = result.stdout
        let counts = try #require(text.components(separatedBy: "\n").first { $0.hasPrefix("Library") }, "\(result)")
        #expect(counts.contains("10 books"), "\(counts)")
        for expected in ["1 to-read", "2 reading", "6 read", "1 abandoned"] {
            #expect(counts.contains(expected), "\(expected) missing from \(counts)")
        }
        let year = try #require(text.components(separatedBy: "\n").first { $0.hasPrefix("2025 so far") }, "\(result)")
        #expect(year.contains("3 books"), "\(year)")
        #expect(year.contains("600 pages"), "\(year)")
        #expect(text.contains("3 of 10"), "\(result)")
        let bar = try #require(Self.section("2025 so far", in: text).first, "\(result)")
        #expect(bar.contains("█") && bar.contains("░") && bar.contains("3 of 10"), "\(bar)")
    }

    @Test func noGoalNoBar() throws {
        let library = try Self.library(goal: nil)
        let result = try library.run([], environment: Self.environment)
        #expect(result.status == 0)
        #expect(result.stdout.contains("2025 so far"), "\(result)")
        #expect(!result.stdout.contains(" of "), "\(result)")
        #expect(!result.stdout.contains("░"), "\(result)")
    }

    @Test func aReachedGoalSaysSo() throws {
        let library = try Self.library(goal: 3)
        let result = try library.run([], environment: Self.environment)
        #expect(result.stdout.contains("3 of 3"), "\(result)")
        #expect(result.stdout.contains("goal reached"), "\(result)")
    }

    @Test func anEmptyLibrarySaysNoBooksYet() throws {
        let library = try Self.library(books: [])
        let result = try library.run([], environment: Self.environment)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("No books yet"), "\(result)")
        #expect(result.stdout.contains("shelf add"), "\(result)")
        #expect(!result.stdout.contains("Currently reading"), "\(result)")
    }

    @Test func emptySectionsSayWhatToDo() throws {
        let library = try Self.library(books: [("wanted.md", bookFile("title: Wanted\nstatus: to-read"))])
        let result = try library.run([], environment: Self.environment)
        #expect(result.status == 0, "\(result)")
        let reading = Self.section("Currently reading", in: result.stdout)
        #expect(reading.count == 1 && reading[0].contains("shelf start"), "\(result)")
        let recent = Self.section("Recently read", in: result.stdout)
        #expect(recent.count == 1 && recent[0].contains("shelf finish"), "\(result)")
        #expect(result.stdout.contains("0 books, 0 pages"), "\(result)")
        #expect(result.stdout.contains("0 of 10"), "\(result)")
    }
}
