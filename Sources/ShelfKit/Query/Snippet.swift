/// A short piece of text around the first place search terms match, for showing why a book matched.
public enum Snippet {
    /// The text around the first word matching a term (or the whole text when it is short), with
    /// line breaks folded into spaces and `…` where it was cut.
    public static func around(_ terms: [[String]], prefixWord: String?, in text: String, wordsBefore: Int = 6, wordsAfter: Int = 10) -> String? {
        let words = TextFolding.wordRanges(in: text)
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
}
