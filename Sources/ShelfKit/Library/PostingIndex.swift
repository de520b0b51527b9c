/// An inverted index from folded terms to the ids of the books holding them, ascending.
public struct PostingIndex: Sendable {
    private var postings: [String: [Int32]] = [:]

    public init() {}

    /// Makes room for `count` terms, so that adding them does not rehash the ones before.
    mutating func reserveCapacity(_ count: Int) {
        postings.reserveCapacity(count)
    }

    /// Records that book `id` holds `term`. Ids must be added in ascending order.
    public mutating func add(_ term: String, book id: Int32) {
        postings[term, default: []].appendUnique(id)
    }

    /// The books holding `term`, ascending.
    public func books(with term: String) -> [Int32] {
        postings[term] ?? []
    }

    /// The books holding any term that starts with `prefix`, ascending.
    public func books(withPrefix prefix: String) -> [Int32] {
        var union: Set<Int32> = []
        for (term, ids) in postings where term.hasPrefix(prefix) {
            union.formUnion(ids)
        }
        return union.sorted()
    }

    /// Every term with the number of books holding it.
    public var termCounts: [(term: String, count: Int)] {
        postings.map { ($0.key, $0.value.count) }
    }

    public var isEmpty: Bool { postings.isEmpty }
}

extension Array where Element == Int32 {
    /// Appends `id` unless it is already the last element (ids arrive in ascending order).
    mutating func appendUnique(_ id: Int32) {
        if last != id { append(id) }
    }
}
