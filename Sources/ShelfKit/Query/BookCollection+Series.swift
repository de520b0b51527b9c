/// What a series entry tells about reading it: the next book and the numbers missing.
extension BookCollection.Entry {
    /// Whole numbers from 1 to the highest held (or to the series' known total) that no book of
    /// the entry carries: `#3 missing`. Meaningful for a series.
    public var missingNumbers: [Int] {
        let held = Set(books.compactMap { $0.seriesIndex.map { Int($0.rounded(.down)) } })
        let highest = min(max(held.max() ?? 0, total ?? 0), 10_000)
        guard highest >= 1, !held.isEmpty else { return [] }
        return (1...highest).filter { !held.contains($0) }
    }

    /// The first book in series order not read yet and not given up.
    public var nextToRead: Book? {
        books.first { $0.timesRead == 0 && $0.status != .abandoned && $0.status != .reading }
    }
}
