import Foundation
@testable import ShelfKit

// Helpers for the sync tests of ShelfKit. Every name starts with `sync`/`Sync`, so nothing
// clashes with other folders of the test target.

/// A small seeded random generator (SplitMix64): the same seed gives the same cases on every
/// machine, so a failing case can be replayed.
struct SyncRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func nextBits() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (0 when bound is 0).
    mutating func next(upTo bound: Int) -> Int {
        bound <= 0 ? 0 : Int(nextBits() % UInt64(bound))
    }

    mutating func chance(_ percent: Int) -> Bool { next(upTo: 100) < percent }

    mutating func pick<T>(_ items: [T]) -> T { items[next(upTo: items.count)] }
}

/// A document from text; the test fails loudly if it does not read.
func syncDocument(_ text: String) throws -> BookDocument {
    try BookDocument(bytes: Array(text.utf8))
}

/// The text after applying `edits` to `document`.
func syncApplying(_ edits: [FieldEdit], to document: BookDocument) throws -> String {
    String(decoding: try BookBytes.apply(edits, to: document, displayPath: "test.md", vocabulary: .standard), as: UTF8.self)
}

/// The value of `key` as a reader sees it, or nil when absent.
func syncValue(_ key: String, in document: BookDocument) -> FieldValue? {
    document.frontMatter?.entry(key).map { FieldValue($0.value) }
}
