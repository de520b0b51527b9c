/// A set of book ids as bits: AND, OR and NOT over a whole library in a few thousand word operations.
struct BitSet: Sendable, Equatable {
    let capacity: Int
    private var words: [UInt64]

    /// An empty set, or a full one, for ids `0..<capacity`.
    init(capacity: Int, full: Bool = false) {
        self.capacity = capacity
        words = Array(repeating: full ? ~0 : 0, count: (capacity + 63) / 64)
        if full { clearTail() }
    }

    /// The set holding `ids`.
    init<S: Sequence>(capacity: Int, ids: S) where S.Element == Int32 {
        self.init(capacity: capacity)
        for id in ids { insert(Int(id)) }
    }

    mutating func insert(_ id: Int) {
        words[id >> 6] |= 1 << UInt64(id & 63)
    }

    func contains(_ id: Int) -> Bool {
        words[id >> 6] & (1 << UInt64(id & 63)) != 0
    }

    mutating func formIntersection(_ other: BitSet) {
        for index in words.indices { words[index] &= other.words[index] }
    }

    mutating func formUnion(_ other: BitSet) {
        for index in words.indices { words[index] |= other.words[index] }
    }

    func inverted() -> BitSet {
        var copy = self
        for index in copy.words.indices { copy.words[index] = ~copy.words[index] }
        copy.clearTail()
        return copy
    }

    var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// `body` for each id in the set, ascending, without making an array of them.
    func forEachID(_ body: (Int) throws -> Void) rethrows {
        for (index, word) in words.enumerated() where word != 0 {
            var remaining = word
            while remaining != 0 {
                try body(index * 64 + remaining.trailingZeroBitCount)
                remaining &= remaining - 1
            }
        }
    }

    /// The ids in the set, ascending.
    var ids: [Int32] {
        var result: [Int32] = []
        for (index, word) in words.enumerated() where word != 0 {
            var remaining = word
            while remaining != 0 {
                let bit = remaining.trailingZeroBitCount
                result.append(Int32(index * 64 + bit))
                remaining &= remaining - 1
            }
        }
        return result
    }

    private mutating func clearTail() {
        let used = capacity & 63
        if used != 0, !words.isEmpty { words[words.count - 1] &= (1 << UInt64(used)) - 1 }
    }
}
