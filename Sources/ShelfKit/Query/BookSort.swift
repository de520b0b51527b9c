import Foundation

/// The orders `--sort` offers, each in its natural direction: text A to Z, dates newest first,
/// rating and pages highest first. Books lacking the key always come last.
public enum BookSortKey: String, Sendable, CaseIterable {
    case title, author, added, started, finished, rating, pages, published

    /// Sorts `books`; `reversed` flips the natural direction but keeps books lacking the key last.
    public func sort(_ books: [Book], reversed: Bool = false) -> [Book] {
        // Sort positions, with the keys worked out once in arrays beside them: moving whole books
        // (or tuples of strings) through the sort costs more.
        let titles = books.map { BookSortKey.titleKey($0.title) }
        let keys = self == .title ? titles.map(SortValue.text) : books.map { key(of: $0) }
        let flipped = descending != reversed
        func byTitle(_ lhs: Int, _ rhs: Int) -> Bool {
            if titles[lhs] != titles[rhs] { return titles[lhs] < titles[rhs] }
            return books[lhs].path < books[rhs].path
        }
        return books.indices.sorted { lhs, rhs in
            switch (keys[lhs], keys[rhs]) {
            case (nil, nil): return byTitle(lhs, rhs)
            case (nil, _): return false
            case (_, nil): return true
            case let (left?, right?):
                if left == right { return byTitle(lhs, rhs) }
                return (left < right) != flipped
            }
        }.map { books[$0] }
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
        case .finished: return book.lastFinished.map { .number($0.sortKey) }
        // Hundredths of a star: quarter stars sort apart.
        case .rating: return book.rating.map { .number(Int(($0 * 100).rounded())) }
        case .pages: return book.pages.map { .number($0) }
        case .published: return book.published.map { .number($0.sortKey) }
        }
    }

    /// A title folded for sorting, without a leading article (`The Dispossessed` sorts under D).
    static func titleKey(_ title: String) -> String {
        var title = title
        if let key = title.withUTF8(asciiTitleKey) { return key }
        let folded = TextFolding.fold(title)
        for article in ["the ", "a ", "an "] where folded.hasPrefix(article) && folded.utf8.count > article.utf8.count {
            return String(folded.dropFirst(article.count))
        }
        return folded
    }

    /// `titleKey` of an all-ASCII title, made from its bytes at once (every index build makes
    /// one for each book); nil for any other title.
    private static func asciiTitleKey(_ title: UnsafeBufferPointer<UInt8>) -> String? {
        var capitals = false
        for byte in title {
            guard byte < 0x80 else { return nil }
            if byte >= 0x41 && byte <= 0x5A { capitals = true }
        }
        func startsWith(_ article: StaticString) -> Bool {
            guard title.count > article.utf8CodeUnitCount else { return false }
            for offset in 0..<article.utf8CodeUnitCount where title[offset].asciiFolded != article.utf8Start[offset] { return false }
            return true
        }
        let start = startsWith("the ") ? 4 : startsWith("a ") ? 2 : startsWith("an ") ? 3 : 0
        let kept = UnsafeBufferPointer(rebasing: title[start...])
        guard capitals else { return String(decoding: kept, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: kept.count) { target in
            for (offset, byte) in kept.enumerated() { target[offset] = byte.asciiFolded }
            return kept.count
        }
    }

    /// An author folded for sorting by family name: `Ursula K. Le Guin` as `le guin, ursula k.`.
    static func authorKey(_ name: String) -> String {
        TextFolding.fold(sortName(name))
    }

    /// An author's name as sorted: `Le Guin, Ursula K.`; a name already written with a comma stays.
    static func sortName(_ name: String) -> String {
        // `Kurt Vonnegut Jr.` sorts as `Vonnegut, Kurt, Jr.`; `Martin Luther King, Jr.` as `King, Martin Luther, Jr.`.
        let base = BookFileName.withoutSuffix(name)
        let suffix = BookFileName.suffix(of: name).map { ", " + $0 } ?? ""
        if base.contains(",") { return base + suffix }
        let family = BookFileName.lastName(base)
        let given = base.dropLast(family.count).trimmingCharacters(in: .whitespaces)
        return (given.isEmpty ? family : family + ", " + given) + suffix
    }
}

/// Ordered as Swift orders the cases of a `Comparable` enum: every text before every number.
private enum SortValue: Comparable {
    case text(String)
    case number(Int)

    static func < (lhs: SortValue, rhs: SortValue) -> Bool {
        switch (lhs, rhs) {
        case let (.text(left), .text(right)): return left < right
        case let (.number(left), .number(right)): return left < right
        case (.text, .number): return true
        case (.number, .text): return false
        }
    }

    static func == (lhs: SortValue, rhs: SortValue) -> Bool {
        switch (lhs, rhs) {
        case let (.text(left), .text(right)): return left == right
        case let (.number(left), .number(right)): return left == right
        default: return false
        }
    }
}
