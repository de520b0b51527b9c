/// Checks that words appear in order, in one of a book's searchable texts.
enum PhraseMatcher {
    /// True when the folded `words` follow each other in one of the book's title, subtitle,
    /// series, publisher, authors or tags, or in its notes (read only when no field holds them).
    static func book(_ book: Book, holds words: [String], notes: () -> String?) -> Bool {
        guard !words.isEmpty else { return false }
        var scan = PhraseScan(words)
        func holds(_ text: String?) -> Bool {
            guard let text, !text.isEmpty else { return false }
            return scan.holds(in: text)
        }
        if holds(book.title) || holds(book.subtitle) || holds(book.series) || holds(book.publisher)
            || book.authors.contains(where: holds) || book.tags.contains(where: holds)
        {
            return true
        }
        return holds(notes())
    }

    /// True when the folded `words` follow each other in `body`.
    static func phraseIn(_ body: String, _ words: [String]) -> Bool {
        guard !words.isEmpty else { return false }
        var scan = PhraseScan(words)
        return scan.holds(in: body)
    }

    /// True when `words` appear, in a row, among `textWords` (both folded).
    static func text(_ textWords: [String], holds words: [String]) -> Bool {
        guard !words.isEmpty, textWords.count >= words.count else { return false }
        for start in 0...(textWords.count - words.count) where Array(textWords[start..<(start + words.count)]) == words {
            return true
        }
        return false
    }
}

/// Follows a text's words one by one, as `TextFolding` splits and folds them, to tell whether
/// the folded target words came in a row.
///
/// A phrase of common words (`"the reader"`) leaves thousands of books whose notes must be read
/// through, so ASCII text is split, folded and compared in one loop over its bytes, by one table
/// load a byte, making no string of any word; a word whose length no target has is passed over
/// at once. From the first byte past ASCII, the rest (from the start of the word under way) goes
/// to `TextFolding.scanWords`, which splits it as it would have split the whole.
struct PhraseScan {
    /// The target words' UTF-8 bytes (folded, as query words are).
    private let targets: [[UInt8]]
    /// Bit `n` set when a target is `n` bytes long (bit 63: 63 or more).
    private let lengths: UInt64
    /// `matched[k]`: the last k + 1 words were `targets[0...k]`.
    private var matched: [Bool]
    private var anyMatched = false
    private var found = false

    init(_ words: [String]) {
        targets = words.map { Array($0.utf8) }
        lengths = targets.reduce(0) { $0 | 1 << UInt64(min($1.count, 63)) }
        matched = [Bool](repeating: false, count: words.count)
    }

    /// True when the targets follow each other in `text` (on its own: no word before it counts).
    mutating func holds(in text: String) -> Bool {
        var text = text
        return text.withUTF8 { holds(in: $0) }
    }

    /// True when the targets follow each other in the UTF-8 `bytes` (on their own).
    mutating func holds(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        clear()
        found = false
        guard !targets.isEmpty, let base = bytes.baseAddress else { return false }
        let fold = TextFolding.asciiWordFolds
        let count = bytes.count
        var index = 0
        while index < count {
            var byte = base[index]
            guard byte < 0x80 else { return generally(UnsafeBufferPointer(rebasing: bytes[index...])) }
            guard fold[Int(byte)] != 0 else {
                index += 1
                continue
            }
            let start = index
            repeat {
                index += 1
                guard index < count else { break }
                byte = base[index]
            } while fold[Int(byte)] != 0
            if index < count, byte >= 0x80 { return generally(UnsafeBufferPointer(rebasing: bytes[start...])) }
            asciiWord(UnsafeBufferPointer(start: base + start, count: index - start))
            if found { return true }
        }
        return false
    }

    /// The rest of a text, from a word's start or between words, by `TextFolding.scanWords`.
    private mutating func generally(_ rest: UnsafeBufferPointer<UInt8>) -> Bool {
        TextFolding.scanWords(in: rest, ascii: { asciiWord($0) }, other: { otherWord($0) })
        return found
    }

    /// An all-ASCII word, unfolded.
    private mutating func asciiWord(_ word: UnsafeBufferPointer<UInt8>) {
        guard !found else { return }
        guard lengths & 1 << UInt64(min(word.count, 63)) != 0 else { return clear() }
        let fold = TextFolding.asciiWordFolds
        advance { target in
            guard target.count == word.count else { return false }
            for offset in 0..<word.count where fold[Int(word[offset])] != target[offset] { return false }
            return true
        }
    }

    /// Any other word, folded as `TextFolding.fold` folds it.
    private mutating func otherWord(_ word: UnsafeBufferPointer<UInt8>) {
        guard !found else { return }
        let folded = Array(TextFolding.fold(String(decoding: word, as: UTF8.self)).utf8)
        advance { $0 == folded }
    }

    /// One more word, which is the target `equals` says it is.
    private mutating func advance(_ equals: ([UInt8]) -> Bool) {
        let last = targets.count - 1
        var any = false
        var k = last
        while k >= 1 {
            let now = matched[k - 1] && equals(targets[k])
            matched[k] = now
            any = any || now
            k -= 1
        }
        let first = equals(targets[0])
        matched[0] = first
        anyMatched = any || first
        if matched[last] { found = true }
    }

    /// A word that is no target: nothing is under way.
    private mutating func clear() {
        guard anyMatched else { return }
        for k in matched.indices { matched[k] = false }
        anyMatched = false
    }
}
