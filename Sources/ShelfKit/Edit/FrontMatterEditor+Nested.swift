/// Edits of keys inside a page's map (Hugo's `params: {author:, isbn:}`), which a book reads as
/// `params.author` (see `Vocabulary.readsInside`): the inner value is spliced where it is, and a
/// missing inner key is written inside the map, never as a top-level `params.author:`.
extension FrontMatter {
    /// The keys inside the top-level maps the vocabulary reads inside, each named by its dotted
    /// path (`params.author`), with its byte ranges (its `lineRange` is from its key to its
    /// value's end: the whole lines are found in the bytes when it is removed).
    func pageEntries(vocabulary: Vocabulary) -> [FrontMatterEntry] {
        var found: [FrontMatterEntry] = []
        for entry in entries {
            guard case .mapping(let map) = entry.value, vocabulary.field(forKey: entry.key) == nil, vocabulary.readsInside(entry.key) else { continue }
            for pair in map.entries {
                guard case .scalar(let key) = pair.key else { continue }
                found.append(FrontMatterEntry(key: entry.key + "." + key.value, keyRange: key.range, value: pair.value,
                                              lineRange: key.range.lowerBound..<max(key.range.upperBound, pair.value.range.upperBound)))
            }
        }
        return found
    }

    /// The top-level map a dotted path names a key of (`params` for `params.rating`).
    func pageMap(of path: String) -> (key: String, map: YAMLMapping)? {
        for entry in entries.reversed() where path.hasPrefix(entry.key + ".") {
            if case .mapping(let map) = entry.value { return (entry.key, map) }
        }
        return nil
    }
}

extension FrontMatterEditor {
    /// Removes an inner key's whole lines from its block map; an inner key of a flow map
    /// (`params: {author: X}`) shares its line with others and is left to the user.
    mutating func unsetInner(_ entry: FrontMatterEntry, in frontMatter: FrontMatter) throws(EditError) {
        guard let (_, map) = frontMatter.pageMap(of: entry.key), !map.isFlow else {
            throw .invalidValue(key: entry.key, reason: "is written inside a flow map ({…}); edit it by hand (shelf edit)")
        }
        let lines = document.bytes.withUnsafeBufferPointer { bytes in
            FrontMatter.lineRange(from: entry.keyRange.lowerBound, through: entry.lineRange.upperBound,
                                  within: frontMatter.layout.contentRange, in: bytes)
        }
        try replace(lines, with: [])
    }

    /// Writes a missing key inside the page map its dotted spelling names (`params.rating` into
    /// `params:`), in the map's own style: a line indented as its other keys, or `, key: value`
    /// inside its braces. False when the file has no such map.
    mutating func insertInner(_ path: String, value: NewValue, in frontMatter: FrontMatter) throws(EditError) -> Bool {
        guard let (parent, map) = frontMatter.pageMap(of: path), let last = map.entries.last else { return false }
        let leaf = String(path.dropFirst(parent.count + 1))
        if map.isFlow {
            let text = ", " + YAMLScalarWriter.string(leaf, context: .flow) + ": " + render(value, context: .flow)
            let at = last.value.range.upperBound
            try replace(at..<at, with: Array(text.utf8))
            return true
        }
        let (indent, end) = document.bytes.withUnsafeBufferPointer { bytes -> ([UInt8], Int) in
            var start = last.key.range.lowerBound
            while start > frontMatter.layout.contentRange.lowerBound && bytes[start - 1] != 0x0A { start -= 1 }
            let lines = FrontMatter.lineRange(from: last.key.range.lowerBound, through: last.value.range.upperBound,
                                              within: frontMatter.layout.contentRange, in: bytes)
            return (Array(bytes[start..<last.key.range.lowerBound]), lines.upperBound)
        }
        var line = indent + Array((YAMLScalarWriter.string(leaf) + ": " + render(value)).utf8) + document.lineEnding.bytes
        // The map's last line may end the front matter without a line break of its own.
        if end > 0, document.bytes[end - 1] != 0x0A { line = document.lineEnding.bytes + line }
        try replace(end..<end, with: line)
        return true
    }
}
