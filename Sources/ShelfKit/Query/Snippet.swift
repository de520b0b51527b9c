/// A short piece of text around the first place search terms match, for showing why a book matched.
public enum Snippet {
    /// The text around the first word matching a term (or the whole text when it is short), with
    /// line breaks folded into spaces and `…` where it was cut.
    static func around(_ terms: [[String]], prefixWord: String?, in text: String, wordsBefore: Int = 6, wordsAfter: Int = 10) -> String? {
        if let answer = asciiAround(terms, prefixWord: prefixWord, in: text, wordsBefore: wordsBefore, wordsAfter: wordsAfter) {
            return answer
        }
        return around(
            terms, prefixWord: prefixWord, in: text, words: TextFolding.wordRanges(in: text), wordsBefore: wordsBefore,
            wordsAfter: wordsAfter)
    }

    /// The snippet cut from `words`, the words of `text` with their folded forms.
    static func around(
        _ terms: [[String]], prefixWord: String?, in text: String, words: [(range: Range<String.Index>, folded: String)],
        wordsBefore: Int, wordsAfter: Int
    ) -> String? {
        let wanted = Set(terms.flatMap { $0 })
        guard let hit = words.firstIndex(where: { wanted.contains($0.folded) || (prefixWord.map($0.folded.hasPrefix) ?? false) })
        else { return nil }
        let first = max(0, hit - wordsBefore)
        let last = min(words.count - 1, hit + wordsAfter)
        let start = first == 0 ? text.startIndex : words[first].range.lowerBound
        let end = last == words.count - 1 ? text.endIndex : words[last].range.upperBound
        var snippet = String(text[start..<end]).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if first > 0 { snippet = "…" + snippet }
        if last < words.count - 1 { snippet += "…" }
        return snippet
    }

    /// Ranges of the words in `text` that match the terms, for highlighting.
    public static func highlights(_ terms: [[String]], prefixWord: String?, in text: String) -> [Range<String.Index>] {
        let wanted = Set(terms.flatMap { $0 })
        return TextFolding.wordRanges(in: text)
            .filter { wanted.contains($0.folded) || (prefixWord.map($0.folded.hasPrefix) ?? false) }
            .map(\.range)
    }

    /// `text` with the words `highlights` finds passed through `match` and the text between
    /// through `plain`: the terminal's colours, the web's `<mark>` around escaped text.
    public static func marked(
        _ terms: [[String]], prefixWord: String?, in text: String, plain: (Substring) -> String, match: (Substring) -> String
    ) -> String {
        var output = ""
        var cursor = text.startIndex
        for range in highlights(terms, prefixWord: prefixWord, in: text) {
            output += plain(text[cursor..<range.lowerBound]) + match(text[range])
            cursor = range.upperBound
        }
        return output + plain(text[cursor...])
    }

    /// `around` for ASCII text and terms, byte by byte: the same snippet without a string per
    /// word or a character-by-character split, which were most of a search's snippet time.
    /// `.some(nil)` when nothing matches; nil when the text or a term is not ASCII.
    static func asciiAround(_ terms: [[String]], prefixWord: String?, in text: String, wordsBefore: Int, wordsAfter: Int) -> String?? {
        let wanted = terms.flatMap { $0 }
        guard wanted.allSatisfy(\.utf8.allASCII), prefixWord?.utf8.allASCII ?? true else { return nil }
        let found = text.utf8.withContiguousStorageIfAvailable { bytes -> String?? in
            guard bytes.allASCII else { return nil }
            // Word bounds (in ASCII every byte is a character but a CR before an LF, and the
            // word characters are the letters and digits), up to the first word after the snippet.
            var starts: [Int] = [], ends: [Int] = []
            var hit: Int?
            var more = false
            var wordStart = -1
            var offset = 0
            scan: while offset <= bytes.count {
                let isWordByte = offset < bytes.count && bytes[offset].isASCIIWordByte
                if isWordByte {
                    if wordStart < 0 {
                        if let hit, starts.count > hit + wordsAfter {
                            more = true
                            break scan
                        }
                        wordStart = offset
                    }
                } else if wordStart >= 0 {
                    let word = UnsafeBufferPointer(rebasing: bytes[wordStart..<offset])
                    if hit == nil,
                        wanted.contains(where: { word.equalsFolded($0) }) || (prefixWord.map { word.startsWithFolded($0) } ?? false)
                    {
                        hit = starts.count
                    }
                    starts.append(wordStart)
                    ends.append(offset)
                    wordStart = -1
                }
                offset += 1
            }
            guard let hit else { return .some(nil) }
            let first = max(0, hit - wordsBefore)
            let last = min(starts.count - 1, hit + wordsAfter)
            let start = first == 0 ? 0 : starts[first]
            let end = more ? ends[last] : bytes.count
            var snippet: [UInt8] = []
            snippet.reserveCapacity(end - start + 8)
            if first > 0 { snippet.append(contentsOf: "…".utf8) }
            var pendingSpace = false
            for byte in bytes[start..<end] {
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                    pendingSpace = true
                } else {
                    if pendingSpace, snippet.count > (first > 0 ? 3 : 0) { snippet.append(0x20) }
                    pendingSpace = false
                    snippet.append(byte)
                }
            }
            if more { snippet.append(contentsOf: "…".utf8) }
            return .some(String(decoding: snippet, as: UTF8.self))
        }
        return found ?? nil
    }
}

private extension Sequence<UInt8> {
    var allASCII: Bool { allSatisfy { $0 < 0x80 } }
}

private extension UnsafeBufferPointer<UInt8> {
    /// True when these bytes, folded to lower case, are `term`'s.
    func equalsFolded(_ term: String) -> Bool {
        term.utf8.count == count && term.utf8.enumerated().allSatisfy { self[$0.offset].asciiFolded == $0.element }
    }

    /// True when these bytes, folded to lower case, start with `prefix`'s.
    func startsWithFolded(_ prefix: String) -> Bool {
        prefix.utf8.count <= count && prefix.utf8.enumerated().allSatisfy { self[$0.offset].asciiFolded == $0.element }
    }
}
