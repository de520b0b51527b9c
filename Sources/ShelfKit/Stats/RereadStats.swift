import ShelfPresentation

/// How often books were read: every finished read counts, so a book read three times counts
/// three times. Kept apart from `LibraryStats` so the two grow without colliding.
public struct RereadStats: Sendable, Equatable {
    /// Finished reads over all books (of the year, when one was asked for).
    var reads: Int
    /// Books with a re-read counted: finished more than once (a re-read in the year, with one).
    var rereadBooks: Int
    /// Finished reads beyond each book's first.
    var rereads: Int
    /// Year → finished reads that year (a re-read counts in its own year).
    var readsByYear: [Int: Int]
    /// The year the figures are narrowed to, if any.
    var year: Int?

    /// - Parameter year: count only the reads finished in that year. A read of the year is a
    ///   re-read when the book has a finished read before it (in the `reads:` list, oldest
    ///   first), whatever year that was.
    public init(_ books: [Book], year: Int? = nil) {
        self.year = year
        reads = 0
        rereadBooks = 0
        rereads = 0
        readsByYear = [:]
        for book in books {
            let finished = book.reads.filter { $0.outcome == .finished }
            var bookRereads = 0
            for (position, read) in finished.enumerated() {
                // A read whose day is not known (`{finished: true}`) belongs to no year.
                if let year, read.ended?.year != year { continue }
                reads += 1
                if position > 0 { bookRereads += 1 }
                if let ended = read.ended?.year { readsByYear[ended, default: 0] += 1 }
            }
            rereads += bookRereads
            if bookRereads > 0 { rereadBooks += 1 }
        }
    }

    /// `{"reads": 12, "reread_books": 2, "rereads": 3, "reads_by_year": {"2024": 5}}`.
    public func json() -> JSONValue {
        .object([
            ("reads", .integer(reads)),
            ("reread_books", .integer(rereadBooks)),
            ("rereads", .integer(rereads)),
            ("reads_by_year", .object(readsByYear.keys.sorted().map { (String($0), .integer(readsByYear[$0] ?? 0)) })),
        ])
    }

    /// `12 reads · 3 re-reads of 2 books` (`5 reads in 2024 · …` for a year), or nil when
    /// nothing was re-read.
    public var summary: String? {
        guard rereads > 0 else { return nil }
        return "\(reads) read\(reads == 1 ? "" : "s")" + (year.map { " in \($0)" } ?? "")
            + " · \(rereads) re-read\(rereads == 1 ? "" : "s") of \(rereadBooks) book\(rereadBooks == 1 ? "" : "s")"
    }
}
