/// The library seen by author, series, genre, location or format, each value with its books.
public enum BookCollection: String, Sendable, CaseIterable {
    case authors, series, genres, locations, formats

    /// One value of the collection (an author, a series…) with its books.
    public struct Entry: Sendable {
        /// The value as written (`Ursula K. Le Guin`).
        public var name: String
        /// How the entry sorts: `Le Guin, Ursula K.` for an author.
        public var sortName: String
        /// The books, in series order for a series, else by title.
        public var books: [Book]
        /// For a series: how many books it has, from `series_count` in a book or in shelf.yaml's
        /// `series_counts:`; nil when unknown.
        public var total: Int?

        /// Books read at least once (for a series: "3 of 5 read"); a re-read under way counts.
        public var readCount: Int { books.filter { $0.timesRead > 0 }.count }
    }

    /// The entries for `books`, sorted by sort name.
    public func entries(_ books: [Book], config: LibraryConfig = LibraryConfig()) -> [Entry] {
        var order: [String] = []
        var entries: [String: Entry] = [:]
        for book in books {
            for name in values(of: book) {
                let key = TextFolding.fold(name)
                if entries[key] == nil {
                    order.append(key)
                    entries[key] = Entry(name: name, sortName: self == .authors ? BookSortKey.sortName(name) : name, books: [])
                }
                entries[key]?.books.append(book)
            }
        }
        return order.compactMap { key -> Entry? in
            guard var entry = entries[key] else { return nil }
            if self == .series {
                entry.books.sort {
                    ($0.seriesIndex ?? .infinity, BookSortKey.titleKey($0.title)) < (
                        $1.seriesIndex ?? .infinity, BookSortKey.titleKey($1.title)
                    )
                }
                entry.total =
                    config.seriesCounts.first { TextFolding.fold($0.key) == TextFolding.fold(entry.name) }?.value
                    ?? entry.books.lazy.compactMap { $0.value(of: "series_count")?.text.flatMap { Int($0) } }.first
            } else {
                entry.books.sort { BookSortKey.titleKey($0.title) < BookSortKey.titleKey($1.title) }
            }
            return entry
        }
        .sorted { TextFolding.fold($0.sortName) < TextFolding.fold($1.sortName) }
    }

    private func values(of book: Book) -> [String] {
        switch self {
        case .authors: return book.authors
        case .series: return book.series.map { [$0] } ?? []
        case .genres: return book.genres
        case .locations: return book.location.map { [$0] } ?? []
        case .formats: return book.format.map { [$0] } ?? []
        }
    }
}
