/// The filters of `shelf ls`'s flags: every tag must match, any status may, the author's words
/// must all appear in one author, and the rating must fall in a range.
public struct ListFilter: Sendable {
    public var tags: [String] = []
    public var statuses: [ReadingStatus] = []
    public var author: String?
    public var rating: ClosedRange<Int>?

    public init(tags: [String] = [], statuses: [ReadingStatus] = [], author: String? = nil, rating: ClosedRange<Int>? = nil) {
        self.tags = tags
        self.statuses = statuses
        self.author = author
        self.rating = rating
    }

    /// The ids of the matching books, ascending. Tags narrow through the tag index first, so a
    /// rare tag is answered without looking at every book.
    public func matches(in index: LibraryIndex) -> [Int32] {
        var candidates: [Int32]?
        for tag in tags {
            let ids = index.books(taggedWith: tag)
            candidates = candidates.map { intersect($0, ids) } ?? ids
        }
        let authorWords = author.map(TextFolding.words) ?? []
        let pool = candidates ?? Array(0..<Int32(index.books.count))
        return pool.filter { id in
            let book = index.books[Int(id)]
            if !statuses.isEmpty {
                guard let status = book.status, statuses.contains(status) else { return false }
            }
            if let rating {
                guard let value = book.rating, rating.contains(value) else { return false }
            }
            if !authorWords.isEmpty {
                guard book.authors.contains(where: { ListFilter.author($0, holds: authorWords) }) else { return false }
            }
            return true
        }
    }

    /// True when every word is a word of the author's name (the last may be a prefix).
    static func author(_ name: String, holds words: [String]) -> Bool {
        let nameWords = TextFolding.words(name)
        for (position, word) in words.enumerated() {
            let isLast = position == words.count - 1
            guard nameWords.contains(where: { $0 == word || (isLast && $0.hasPrefix(word)) }) else { return false }
        }
        return true
    }
}

/// The intersection of two ascending id lists.
func intersect(_ lhs: [Int32], _ rhs: [Int32]) -> [Int32] {
    var result: [Int32] = []
    var left = 0
    var right = 0
    while left < lhs.count && right < rhs.count {
        if lhs[left] == rhs[right] {
            result.append(lhs[left])
            left += 1
            right += 1
        } else if lhs[left] < rhs[right] {
            left += 1
        } else {
            right += 1
        }
    }
    return result
}
