import ShelfKit

/// What the grid works out from the whole library on every page: the books by title and the
/// facet counts. Worked out once per set of books (`Pages.gridMemo`), so a page of an unchanged
/// library of 10,000 books does not sort and count them all again.
struct GridOverview: Sendable {
    var byTitle: [Book]
    var statuses: [(name: String, count: Int)]
    var tags: [(name: String, count: Int)]
    var authors: [(name: String, count: Int)]
    var series: [(name: String, count: Int)]
    /// The whole library's tags, authors and series, for the forms' suggestions (none in the
    /// overview of a filtered grid).
    var values = LibraryValues()

    /// The overview of the whole library.
    init(library index: LibraryIndex) {
        self.init(books: index.books)
        values = LibraryValues(index: index)
    }

    init(books: [Book]) {
        byTitle = BookSortKey.title.sort(books)
        statuses = ReadingStatus.allCases.map { status in (status.rawValue, books.filter { $0.status == status }.count) }
        tags = Pages.topTags(books)
        authors = Pages.top(books.flatMap(\.authors))
        series = Pages.top(books.compactMap(\.series))
    }
}
