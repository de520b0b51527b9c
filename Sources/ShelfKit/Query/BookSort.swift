import Foundation

/// The orders `--sort` offers, each in its natural direction: text A to Z, dates newest first,
/// rating and pages highest first. Books lacking the key always come last.
public enum BookSortKey: String, Sendable, CaseIterable {
    case title, author, added, started, finished, rating, pages, published

    /// Sorts `books`; `reversed` flips the natural direction but keeps books lacking the key last.
    public func sort(_ books: [Book], reversed: Bool = false) -> [Book] {
        // Sort small keys with an index, then pick the books: moving whole books through the sort costs more.
        let keyed = books.indices.map { (index: $0, key: key(of: books[$0]), title: BookSortKey.titleKey(books[$0].title), path: books[$0].path) }
        return keyed.sorted { lhs, rhs in
            switch (lhs.key, rhs.key) {
            case (nil, nil): return (lhs.title, lhs.path) < (rhs.title, rhs.path)
            case (nil, _): return false
            case (_, nil): return true
            case let (left?, right?):
                if left == right { return (lhs.title, lhs.path) < (rhs.title, rhs.path) }
                return (left < right) != (descending != reversed)
            }
        }.map { books[$0.index] }
    }

    private var descending: Bool {
        switch self {
        case .title, .author: return false
        default: return true
        }
    }

    private func key(of book: Book) -> SortValue? {
        switch self {
        case .title: return .text(BookSortKey.titleKey(book.title))
        case .author: return book.authors.first.map { .text(BookSortKey.authorKey($0)) }
        case .added: return book.added.map { .number($0.sortKey) }
        case .started: return book.started.map { .number($0.sortKey) }
        case .finished: return book.finished.map { .number($0.sortKey) }
        case .rating: return book.rating.map { .number($0) }
        case .pages: return book.pages.map { .number($0) }
        case .published: return book.published.map { .number($0.sortKey) }
        }
    }

    /// A title folded for sorting, without a leading article (`The Dispossessed` sorts under D).
    static func titleKey(_ title: String) -> String {
        let folded = TextFolding.fold(title)
        for article in ["the ", "a ", "an "] where folded.hasPrefix(article) && folded.utf8.count > article.utf8.count {
            return String(folded.dropFirst(article.count))
        }
        return folded
    }

    /// An author folded for sorting by family name: `Ursula K. Le Guin` as `le guin, ursula k.`.
    public static func authorKey(_ name: String) -> String {
        TextFolding.fold(sortName(name))
    }

    /// An author's name as sorted: `Le Guin, Ursula K.`; a name already written with a comma stays.
    public static func sortName(_ name: String) -> String {
        if name.contains(",") { return name }
        let family = BookFileName.lastName(name)
        let given = name.dropLast(family.count).trimmingCharacters(in: .whitespaces)
        return given.isEmpty ? family : family + ", " + given
    }
}

private enum SortValue: Comparable {
    case text(String)
    case number(Int)
}
