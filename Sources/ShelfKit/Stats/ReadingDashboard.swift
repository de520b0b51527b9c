/// What the dashboard shows, worked out once for the command line (`shelf`) and the web UI
/// (`/dashboard`), so the two never tell a reader different things: the books being read, the
/// ones finished lately, how many books have each status, and the year so far against its goal
/// (every read finished in the year, re-reads included, as `shelf goal` counts them; the goal
/// from `goals:` in shelf.yaml, or the older `goal:`).
public struct ReadingDashboard: Sendable {
    /// Books being read, longest-running first.
    public let reading: [Book]
    /// Books read, the latest finished first, at most `recentLimit` of them.
    public let recentlyRead: [Book]
    /// How many books have each status.
    public let statusCounts: [ReadingStatus: Int]
    /// Every book.
    public let total: Int
    /// This year's reads and pages against the year's goal.
    public let year: GoalProgress

    /// - Parameters:
    ///   - config: the library's settings as they are now (a goal set meanwhile counts).
    ///   - recentLimit: how many finished books to list.
    public init(books: [Book], config: LibraryConfig, today: BookDate, recentLimit: Int) {
        reading = BookSortKey.started.sort(books.filter { $0.status == .reading })
        recentlyRead = Array(BookSortKey.finished.sort(books.filter { $0.status == .read && $0.finished != nil }).prefix(recentLimit))
        var counts: [ReadingStatus: Int] = [:]
        for book in books { if let status = book.status { counts[status, default: 0] += 1 } }
        statusCounts = counts
        total = books.count
        year = GoalProgress(year: today.year, goal: config.goal(for: today.year, currentYear: today.year), books: books, today: today)
    }
}
