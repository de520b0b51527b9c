/// A small Bloom filter of the words a cache entry records (its title, author, series, tag and
/// publisher words and its note words), kept beside the entry: a query for a word skips every
/// book whose filter says the word is not there, and reads the word lists of the rest.
///
/// 1,024 bits and two bits per word: a book of 150 distinct words passes a word it lacks about
/// once in fifteen. A word is the bytes of its folded form, as the lists hold it.
enum WordBloom {
    static let byteCount = 128

    /// Appends an empty filter to `writer`; returns where it starts.
    static func appendEmpty(to writer: inout CacheByteWriter) -> Int {
        let start = writer.bytes.count
        writer.bytes += repeatElement(0, count: byteCount)
        return start
    }

    /// Adds the words with FNV-1a hashes `hashes` (`hash(of:)`) to the filter at `start`.
    static func add(_ hashes: some Sequence<UInt64>, toFilterAt start: Int, in writer: inout CacheByteWriter) {
        writer.bytes.withUnsafeMutableBufferPointer { bytes in
            for hash in hashes {
                let (first, second) = positions(hash)
                bytes[start + (first >> 3)] |= 1 << UInt8(first & 7)
                bytes[start + (second >> 3)] |= 1 << UInt8(second & 7)
            }
        }
    }

    /// The two bits a word sets, worked out once for a word looked for in every entry.
    struct Probe {
        let first: Int
        let second: Int

        init(_ word: UnsafeRawBufferPointer) {
            (first, second) = WordBloom.positions(WordBloom.hash(of: word))
        }
    }

    /// False when `filter` shows the word of `probe` is among none of the words it was made from.
    static func mayHold(_ filter: UnsafeRawBufferPointer, _ probe: Probe) -> Bool {
        guard filter.count == byteCount else { return true }
        return filter[probe.first >> 3] & (1 << UInt8(probe.first & 7)) != 0
            && filter[probe.second >> 3] & (1 << UInt8(probe.second & 7)) != 0
    }

    /// FNV-1a over a word's bytes.
    static func hash(of word: UnsafeRawBufferPointer) -> UInt64 {
        var hash = hashSeed
        for byte in word { hash = hashStep(hash, byte) }
        return hash
    }

    static let hashSeed: UInt64 = 0xCBF2_9CE4_8422_2325

    /// FNV-1a's step: `hash` with one more byte.
    @inline(__always)
    static func hashStep(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    /// The two bits of a word: two 10-bit slices of its hash, mixed.
    private static func positions(_ wordHash: UInt64) -> (Int, Int) {
        var hash = wordHash
        hash ^= hash >> 29
        hash = hash &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 32
        return (Int(hash & 1023), Int((hash >> 20) & 1023))
    }
}
