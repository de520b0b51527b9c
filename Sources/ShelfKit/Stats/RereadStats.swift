/// How often books were read: every finished read counts, so a book read three times counts
/// three times. Kept apart from `LibraryStats` so the two grow without colliding.
public struct RereadStats: Sendable, Equatable {
    /// Finished reads over all books.
    public var reads: Int
    /// Books finished more than once.
    var rereadBooks: Int
    /// Finished reads beyond each book's first.
    public var rereads: Int
    /// Year → finished reads that year (a re-read counts in its own year).
    var readsByYear: [Int: Int]

    public init(_ books: [Book]) {
        reads = 0
        rereadBooks = 0
        rereads = 0
        readsByYear = [:]
        for book in books {
            let finished = book.reads.filter { $0.outcome == .finished }
            reads += finished.count
            if finished.count > 1 {
                rereadBooks += 1
                rereads += finished.count - 1
            }
            for read in finished {
                if let year = read.ended?.year { readsByYear[year, default: 0] += 1 }
            }
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

    /// `12 reads · 3 re-reads of 2 books`, or nil when nothing was re-read.
    public var summary: String? {
        guard rereads > 0 else { return nil }
        return "\(reads) reads · \(rereads) re-read\(rereads == 1 ? "" : "s") of \(rereadBooks) book\(rereadBooks == 1 ? "" : "s")"
    }
}
