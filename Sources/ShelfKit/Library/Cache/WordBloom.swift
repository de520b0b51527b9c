/// A small Bloom filter of the words a cache entry records (its title, author, series, tag and
/// publisher words and its note words), kept beside the entry: a query for a word skips every
/// book whose filter says the word is not there, and reads the word lists of the rest.
///
/// 1,024 bits and two bits per word: a book of 150 distinct words passes a word it lacks about
/// once in fifteen. A word is the bytes of its folded form, as the lists hold it.
enum WordBloom {
    static let byteCount = 128

    /// The filter of the words in `lists`, each a count then length-prefixed strings (as
    /// `CacheByteWriter` writes them); a list that does not decode adds nothing further.
    static func make(_ lists: [UnsafeRawBufferPointer]) -> [UInt8] {
        var bits = [UInt8](repeating: 0, count: byteCount)
        for list in lists {
            var reader = CacheByteReader(list)
            guard let count = try? reader.count() else { continue }
            for _ in 0..<count {
                guard let length = try? reader.count(), let word = try? reader.bytes(length) else { break }
                let (first, second) = positions(of: word)
                bits[first >> 3] |= 1 << UInt8(first & 7)
                bits[second >> 3] |= 1 << UInt8(second & 7)
            }
        }
        return bits
    }

    /// False when `filter` shows `word` is among none of the lists it was made from.
    static func mayHold(_ filter: UnsafeRawBufferPointer, _ word: UnsafeRawBufferPointer) -> Bool {
        guard filter.count == byteCount else { return true }
        let (first, second) = positions(of: word)
        return filter[first >> 3] & (1 << UInt8(first & 7)) != 0 && filter[second >> 3] & (1 << UInt8(second & 7)) != 0
    }

    /// The two bits of a word: two 10-bit slices of one 64-bit hash (FNV-1a, then mixed).
    private static func positions(of word: UnsafeRawBufferPointer) -> (Int, Int) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in word {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        hash ^= hash >> 29
        hash = hash &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 32
        return (Int(hash & 1023), Int((hash >> 20) & 1023))
    }
}
