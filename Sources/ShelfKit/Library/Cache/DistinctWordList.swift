/// The distinct folded words of some texts, in the order they were first met, built as the cache
/// keeps a word list (a count, then length-prefixed strings) without making a string of each
/// word: an index's first build meets every word of every book, and a `Set<String>` of them was
/// a tenth of its time.
///
/// Words are those of `TextFolding.forEachWord`, folded the same way; each word's FNV-1a hash is
/// kept, for the duplicate check and for the entry's Bloom filter (`WordBloom`).
struct DistinctWordList {
    private struct Word {
        /// Where the word's bytes start in `storage`, and how many there are.
        var start: Int32
        var length: Int32
        var hash: UInt64
    }

    /// The words, each a varint length then its bytes: the first `used` bytes of `storage`,
    /// which is grown in steps and written through a pointer (appending a word to an array
    /// cost more than finding it).
    private var storage: [UInt8] = []
    private var used = 0
    private var words: [Word] = []
    /// Open addressing over the words, once there are more than a linear search should look
    /// through: a word's position plus one, 0 for an empty slot.
    private var slots: [Int32] = []
    private static let linearLimit = 16

    /// - Parameter expectedWords: room made at once for about this many words, so that a list
    ///   of a book's words is not copied again and again as it grows.
    init(expectedWords: Int = 0) {
        guard expectedWords > 0 else { return }
        words.reserveCapacity(expectedWords)
        storage = [UInt8](repeating: 0, count: expectedWords * 8)
        if expectedWords >= 64 {
            // The table's size for that many words, made once rather than doubled four times.
            var size = 64
            while size < 2 * expectedWords { size *= 2 }
            slots = [Int32](repeating: 0, count: size)
        }
    }

    /// How many distinct words the list holds.
    var count: Int { words.count }

    /// Each word's hash, in the list's order.
    var hashes: some Sequence<UInt64> { words.lazy.map(\.hash) }

    /// Writes the list as the cache stores it: the count, then each word with its length.
    func encode(into writer: inout CacheByteWriter) {
        writer.count(count)
        writer.bytes += storage[..<used]
    }

    /// The words as strings, in the list's order; with a filter, only the words it keeps.
    func strings(keeping filter: NoteWordFilter?) -> [String] {
        storage.withUnsafeBytes { bytes in
            var strings: [String] = []
            strings.reserveCapacity(filter == nil ? words.count : 0)
            for word in words {
                let slice = UnsafeRawBufferPointer(rebasing: bytes[Int(word.start)..<Int(word.start + word.length)])
                if filter?.keeps(slice) ?? true { strings.append(String(decoding: slice, as: UTF8.self)) }
            }
            return strings
        }
    }

    /// Adds the words of `text`.
    mutating func addWords(of text: String) {
        var text = text
        text.withUTF8 { addWords(in: $0) }
    }

    /// Adds the words of UTF-8 bytes.
    ///
    /// ASCII words are found, hashed and folded here in one pass over the bytes (a book's notes
    /// are most of the words an index's first build meets). At the first byte past ASCII, the
    /// rest, from the start of the word under way if any, goes to `TextFolding.scanWords`, which
    /// splits it as it would have split the whole: at a word's start, or between words, no word
    /// is under way in either.
    mutating func addWords(in bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        // One load per byte says whether it is a word's, and what it folds to.
        let fold = TextFolding.asciiWordFolds
        var index = 0
        while index < count {
            var byte = base[index]
            guard byte < 0x80 else { return addWordsGenerally(in: UnsafeBufferPointer(rebasing: bytes[index...])) }
            var folded = fold[Int(byte)]
            guard folded != 0 else {
                index += 1
                continue
            }
            let start = index
            var hash = WordBloom.hashSeed
            repeat {
                hash = WordBloom.hashStep(hash, folded)
                index += 1
                guard index < count else { break }
                byte = base[index]
                folded = fold[Int(byte)]
            } while folded != 0
            if index < count, byte >= 0x80 {
                return addWordsGenerally(in: UnsafeBufferPointer(rebasing: bytes[start...]))
            }
            add(UnsafeBufferPointer(start: base + start, count: index - start), hash: hash, folding: true)
        }
    }

    /// `addWords(in:)` by `TextFolding.scanWords`, for any text.
    mutating func addWordsGenerally(in bytes: UnsafeBufferPointer<UInt8>) {
        TextFolding.scanWords(
            in: bytes,
            ascii: { word in
                // An all-ASCII word, unfolded: its A–Z are lowered as it is hashed, compared and stored.
                add(word, folding: true)
            },
            other: { word in
                add(folded: TextFolding.fold(String(decoding: word, as: UTF8.self)))
            })
    }

    /// Adds one word, already folded.
    mutating func add(folded word: String) {
        var word = word
        word.withUTF8 { add($0, folding: false) }
    }

    /// Adds a word's UTF-8 bytes, A–Z lowered when `folding`. A word met before (most of a
    /// book's words) is found by comparing with the stored bytes, and costs no append.
    @inline(__always)
    private mutating func add(_ word: UnsafeBufferPointer<UInt8>, folding: Bool) {
        var hash = WordBloom.hashSeed
        for byte in word { hash = WordBloom.hashStep(hash, folding ? byte.asciiFolded : byte) }
        add(word, hash: hash, folding: folding)
    }

    /// `add(_:folding:)` of a word whose hash (of its folded bytes) is known.
    @inline(__always)
    private mutating func add(_ word: UnsafeBufferPointer<UInt8>, hash: UInt64, folding: Bool) {
        let found = find(hash: hash, length: word.count) { stored in
            for offset in 0..<word.count where stored[offset] != (folding ? word[offset].asciiFolded : word[offset]) { return false }
            return true
        }
        guard case .absent(let slot) = found else { return }
        let start = append(word, folding: folding)
        insert(Word(start: Int32(truncatingIfNeeded: start), length: Int32(truncatingIfNeeded: word.count), hash: hash), at: slot)
    }

    /// Appends a word's length (a varint) and its bytes, A–Z lowered when `folding`; returns
    /// where the bytes start.
    private mutating func append(_ word: UnsafeBufferPointer<UInt8>, folding: Bool) -> Int {
        let needed = used + word.count + 10
        if needed > storage.count {
            storage.append(contentsOf: repeatElement(0, count: max(needed, 2 * storage.count) - storage.count))
        }
        let (start, end) = storage.withUnsafeMutableBufferPointer { buffer -> (Int, Int) in
            var at = used
            var rest = UInt64(word.count)
            while rest >= 0x80 {
                buffer[at] = UInt8(truncatingIfNeeded: rest) | 0x80
                rest >>= 7
                at += 1
            }
            buffer[at] = UInt8(rest)
            at += 1
            let start = at
            if folding {
                for byte in word {
                    buffer[at] = byte.asciiFolded
                    at += 1
                }
            } else if let source = word.baseAddress, let target = buffer.baseAddress {
                (target + at).update(from: source, count: word.count)
                at += word.count
            }
            return (start, at)
        }
        used = end
        return start
    }

    /// Where a word stands in the list: there already, or absent, with the table slot it would
    /// take (nil while the list is searched linearly).
    private enum Lookup {
        case present
        case absent(slot: Int?)
    }

    /// Looks for a word by its hash and length; `equals` compares a stored word's bytes (as
    /// many as the length) with it.
    @inline(__always)
    private mutating func find(hash: UInt64, length: Int, equals: (UnsafeBufferPointer<UInt8>) -> Bool) -> Lookup {
        // A list made for few words is searched linearly until it holds more (a table made at
        // once, for many, is used from the first word).
        let linear = slots.isEmpty && words.count < DistinctWordList.linearLimit
        if !linear, 2 * (words.count + 1) > slots.count { grow() }
        return storage.withUnsafeBufferPointer { bytes in
            words.withUnsafeBufferPointer { words in
                @inline(__always)
                func same(_ word: Word) -> Bool {
                    guard word.hash == hash, Int(word.length) == length else { return false }
                    return equals(UnsafeBufferPointer(rebasing: bytes[Int(word.start)..<Int(word.start) + length]))
                }
                if linear {
                    for word in words where same(word) { return .present }
                    return .absent(slot: nil)
                }
                return slots.withUnsafeBufferPointer { slots in
                    let mask = slots.count - 1
                    var slot = DistinctWordList.slot(of: hash, mask: mask)
                    while slots[slot] != 0 {
                        if same(words[Int(slots[slot]) - 1]) { return .present }
                        slot = (slot + 1) & mask
                    }
                    return .absent(slot: slot)
                }
            }
        }
    }

    /// Keeps a new word, whose bytes are the last of `storage`, in the table slot `find` gave.
    private mutating func insert(_ word: Word, at slot: Int?) {
        if let slot { slots[slot] = Int32(words.count + 1) }
        words.append(word)
    }

    /// A hash's first slot: FNV-1a's low bits alone vary too little from word to word.
    private static func slot(of hash: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
    }

    /// Doubles the table (from 64 slots), placing every word again by its hash.
    private mutating func grow() {
        let size = max(64, slots.count * 2)
        slots = [Int32](repeating: 0, count: size)
        let mask = size - 1
        for (position, word) in words.enumerated() {
            var slot = DistinctWordList.slot(of: word.hash, mask: mask)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(position + 1)
        }
    }
}
