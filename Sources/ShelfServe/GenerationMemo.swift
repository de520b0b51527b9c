import ShelfKit
import Synchronization

/// What pages work out from the whole library (the grid's order and facet counts, the stats, the
/// loans, every highlight), kept per set of books (`LiveLibrary.Snapshot.generation`) until a
/// file changes: a page of an unchanged library of 100,000 books then costs the look at the
/// folder (a `stat` per file), not another pass over every book, or every book's notes read
/// again. A snapshot that is not held (files changed moments ago) keeps nothing.
final class GenerationMemo<Value: Sendable>: Sendable {
    private let kept = Mutex<(generation: UInt64, values: [String: Value])?>(nil)
    /// Values kept per generation: the keys come from the address (`/stats?year=`), so they are
    /// capped; past the cap all are dropped and worked out again when asked.
    static var capacity: Int { 64 }

    /// The value for `key` worked out from `snapshot`'s books: the one kept when it is of the same
    /// generation, else `make()`'s, kept for the next page.
    func value(of snapshot: LiveLibrary.Snapshot, key: String = "", make: () -> Value) -> Value {
        guard let generation = snapshot.generation else { return make() }
        if let found = kept.withLock({ $0?.generation == generation ? $0?.values[key] : nil }) { return found }
        let value = make()
        kept.withLock { state in
            var values = state?.generation == generation ? state?.values ?? [:] : [:]
            if values.count >= Self.capacity { values.removeAll() }
            values[key] = value
            state = (generation, values)
        }
        return value
    }

    /// The value kept for `key` from the last set of books a page worked it out for, if any: a
    /// form's suggestions may be a change behind, and a book page need not look at every file.
    func latest(key: String = "") -> Value? { kept.withLock { $0?.values[key] } }
}
