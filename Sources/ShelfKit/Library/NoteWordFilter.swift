#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The note words a query can ask about: those that start with one of its words. The note index
/// answers only exact and prefix lookups of a query's own words, so an index of just these words
/// answers exactly as one of every word would, for a fraction of the memory and time.
struct NoteWordFilter: Sendable {
    private let prefixes: [[UInt8]]

    /// Keeps the note words that start with one of `words` (folded, as the query holds them).
    init(words: [String]) {
        prefixes = Set(words).map { Array($0.utf8) }
    }

    /// True when a folded note word, as UTF-8 bytes, is kept.
    func keeps(_ word: UnsafeRawBufferPointer) -> Bool {
        prefixes.contains { prefix in
            guard prefix.count <= word.count else { return false }
            guard let base = word.baseAddress, !prefix.isEmpty else { return true }
            return prefix.withUnsafeBytes { bytes in
                guard let start = bytes.baseAddress else { return true }
                return memcmp(start, base, prefix.count) == 0
            }
        }
    }

    /// True when a folded note word is kept.
    func keeps(_ word: String) -> Bool {
        var copy = word
        return copy.withUTF8 { keeps(UnsafeRawBufferPointer($0)) }
    }
}

extension QueryExpression {
    /// Every word of the query, in words and phrases, negated or not: what the note index must hold.
    var allWords: [String] {
        switch self {
        case .all, .field, .has: return []
        case .word(let word, _): return [word]
        case .phrase(let words): return words
        case .and(let parts), .or(let parts): return parts.flatMap(\.allWords)
        case .not(let inner): return inner.allWords
        }
    }
}
