/// Reads kept as a list of `[start, end]` pairs under the finished key, as some sites log them:
/// `readDates: [[2019-01-02, 2019-01-20], [2021-05-01, 2021-05-09]]`. Each pair is one read; the
/// last is the latest (its start the book's `started`, its end its `finished`), the others are
/// earlier reads. A pair with no end (`[2024-10-22]`, `[2024-10-22, null]`) is a read going on.
struct ReadPair: Equatable {
    var started: BookDate
    var ended: BookDate?

    /// The read it stands for.
    var read: BookRead { BookRead(started: started, ended: ended, outcome: ended == nil ? .open : .finished) }
}

extension Book {
    /// The pairs of a list of `[start, end]` pairs, in written order (nil for an item that is no
    /// such pair), or nil when the value is not a list of lists. A bare link (`[[2019-01-02]]`)
    /// is a linked date, as Obsidian writes one, not a pair list.
    static func readPairs(in value: FieldValue) -> [ReadPair?]? {
        guard case .list(let items) = value, !items.isEmpty, !value.isBareLink else { return nil }
        var pairs: [ReadPair?] = []
        pairs.reserveCapacity(items.count)
        for item in items {
            guard case .list(let dates) = item else { return nil }
            pairs.append(readPair(dates))
        }
        return pairs
    }

    /// One `[start]` or `[start, end]` item; the end may be empty or null (a read going on).
    private static func readPair(_ dates: [FieldValue]) -> ReadPair? {
        guard (1...2).contains(dates.count), let start = dates[0].writtenText.flatMap({ BookDate($0.trimmingSpaces) }) else { return nil }
        guard dates.count == 2 else { return ReadPair(started: start) }
        switch dates[1] {
        case .null: return ReadPair(started: start)
        case .scalar(let text, _):
            let trimmed = text.trimmingSpaces
            if trimmed.isEmpty || trimmed == "~" || trimmed.lowercased() == "null" { return ReadPair(started: start) }
            return BookDate(trimmed).map { ReadPair(started: start, ended: $0) }
        case .list, .map: return nil
        }
    }

    /// The pairs of the book's finished key, when it holds a list of pairs.
    var readPairs: [ReadPair?]? {
        fields.first { $0.canonical == .finished }.flatMap { Book.readPairs(in: $0.value) }
    }
}
