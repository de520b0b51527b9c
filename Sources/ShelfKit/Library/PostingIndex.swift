/// An inverted index from folded terms to the ids of the books holding them, ascending.
struct PostingIndex: Sendable {
    private var postings: [String: [Int32]] = [:]

    init() {}

    /// Makes room for `count` terms, so that adding them does not rehash the ones before.
    mutating func reserveCapacity(_ count: Int) {
        postings.reserveCapacity(count)
    }

    /// Records that book `id` holds `term`. Ids must be added in ascending order.
    mutating func add(_ term: String, book id: Int32) {
        postings[term, default: []].appendUnique(id)
    }

    /// The books holding `term`, ascending.
    func books(with term: String) -> [Int32] {
        postings[term] ?? []
    }

    /// The books holding any term that starts with `prefix`, ascending.
    func books(withPrefix prefix: String) -> [Int32] {
        var union: Set<Int32> = []
        for (term, ids) in postings where term.hasPrefix(prefix) {
            union.formUnion(ids)
        }
        return union.sorted()
    }

    /// Every term with the number of books holding it.
    var termCounts: [(term: String, count: Int)] {
        postings.map { ($0.key, $0.value.count) }
    }

    var isEmpty: Bool { postings.isEmpty }

    /// Adds the postings of `other`, whose ids are first mapped through `ids` (which keeps their
    /// order); the books of each term stay ascending and unique.
    mutating func merge(_ other: PostingIndex, mappingIDs ids: [Int32]) {
        if postings.isEmpty {
            postings = other.postings.mapValues { $0.map { ids[Int($0)] } }
            return
        }
        for (term, others) in other.postings {
            postings[term, default: []].mergeAscending(others.map { ids[Int($0)] })
        }
    }
}

/// Equal when every term has the same books.
extension PostingIndex: Equatable {}

extension Array where Element == Int32 {
    /// Appends `id` unless it is already the last element (ids arrive in ascending order).
    mutating func appendUnique(_ id: Int32) {
        if last != id { append(id) }
    }

    /// Merges `other` (ascending, unique) into this ascending, unique array.
    mutating func mergeAscending(_ other: [Int32]) {
        guard let first = other.first else { return }
        guard let last, last >= first else {
            append(contentsOf: other)
            return
        }
        var result: [Int32] = []
        result.reserveCapacity(count + other.count)
        var left = 0
        var right = 0
        while left < count || right < other.count {
            if right == other.count || (left < count && self[left] <= other[right]) {
                result.appendUnique(self[left])
                left += 1
            } else {
                result.appendUnique(other[right])
                right += 1
            }
        }
        self = result
    }
}
