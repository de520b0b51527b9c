/// The distinct folded words of some texts, in the order they were first met, built as the cache
/// keeps a word list (a count, then length-prefixed strings) without making a string of each
/// word: an index's first build meets every word of every book, and a `Set<String>` of them was
/// a tenth of its time.
///
/// Words are those of `TextFolding.forEachWord`, folded the same way; each word's FNV-1a hash is
/// kept, for the duplicate check and for the entry's Bloom filter (`WordBloom`).
struct DistinctWordList {
    private struct Word {
        /// Where the word's bytes start in `body`, and how many there are.
        var start: Int32
        var length: Int32
        var hash: UInt64
    }

    /// The words, each a varint length then its bytes.
    private var body = CacheByteWriter()
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
        body.bytes.reserveCapacity(expectedWords * 8)
    }

    /// How many distinct words the list holds.
    var count: Int { words.count }

    /// Each word's hash, in the list's order.
    var hashes: some Sequence<UInt64> { words.lazy.map(\.hash) }

    /// Writes the list as the cache stores it: the count, then each word with its length.
    func encode(into writer: inout CacheByteWriter) {
        writer.count(count)
        writer.bytes += body.bytes
    }

    /// Adds the words of `text`.
    mutating func addWords(of text: String) {
        var text = text
        text.withUTF8 { addWords(in: $0) }
    }

    /// Adds the words of UTF-8 bytes.
    mutating func addWords(in bytes: UnsafeBufferPointer<UInt8>) {
        TextFolding.scanWords(in: bytes, ascii: { word in
            let (mark, start) = startWord(length: word.count)
            body.bytes.append(contentsOf: word)
            // Folded and hashed where the bytes now lie, rather than appended one at a time.
            let hash = body.bytes.withUnsafeMutableBufferPointer { body in
                var hash = WordBloom.hashSeed
                for index in start..<body.count {
                    let folded = body[index].asciiFolded
                    body[index] = folded
                    hash = WordBloom.hashStep(hash, folded)
                }
                return hash
            }
            finishWord(mark, start, hash: hash)
        }, other: { word in
            add(folded: TextFolding.fold(String(decoding: word, as: UTF8.self)))
        })
    }

    /// Adds one word, already folded.
    mutating func add(folded word: String) {
        var word = word
        word.withUTF8 { utf8 in
            let (mark, start) = startWord(length: utf8.count)
            body.bytes.append(contentsOf: utf8)
            finishWord(mark, start, hash: WordBloom.hash(of: UnsafeRawBufferPointer(utf8)))
        }
    }

    /// Appends a word's length; returns where the word's entry starts, and where its bytes will.
    private mutating func startWord(length: Int) -> (mark: Int, start: Int) {
        let mark = body.bytes.count
        body.count(length)
        return (mark, body.bytes.count)
    }

    /// Keeps the word just appended (its entry from `mark`, its bytes from `start`), or takes it
    /// back when the list has it already.
    private mutating func finishWord(_ mark: Int, _ start: Int, hash: UInt64) {
        let word = Word(start: Int32(truncatingIfNeeded: start), length: Int32(truncatingIfNeeded: body.bytes.count - start), hash: hash)
        if words.count < DistinctWordList.linearLimit {
            if words.contains(where: { isSame($0, word) }) {
                body.bytes.removeLast(body.bytes.count - mark)
                return
            }
        } else {
            if 2 * (words.count + 1) > slots.count { grow() }
            let mask = slots.count - 1
            var slot = DistinctWordList.slot(of: hash, mask: mask)
            while slots[slot] != 0 {
                if isSame(words[Int(slots[slot]) - 1], word) {
                    body.bytes.removeLast(body.bytes.count - mark)
                    return
                }
                slot = (slot + 1) & mask
            }
            slots[slot] = Int32(words.count + 1)
        }
        words.append(word)
    }

    private func isSame(_ first: Word, _ second: Word) -> Bool {
        guard first.hash == second.hash, first.length == second.length else { return false }
        return body.bytes.withUnsafeBufferPointer { bytes in
            let one = Int(first.start)
            let other = Int(second.start)
            for offset in 0..<Int(first.length) where bytes[one + offset] != bytes[other + offset] { return false }
            return true
        }
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
