/// Keys a file lacks, inserted: at the end of the front matter (`set`), or where and as a new
/// book's file writes them (`fill`, what a lookup found).
extension FrontMatterEditor {
    /// Inserts `key: value` as the front matter's last entry (inside the braces of a flow map).
    mutating func insertLine(key: String, value: NewValue, in frontMatter: FrontMatter) throws(EditError) {
        if frontMatter.isFlowMapping {
            // `{title: Dune}` gains `, rating: 4` inside its braces.
            let keyText = YAMLScalarWriter.string(key, context: .flow)
            if let last = frontMatter.entries.last {
                let at = last.value.range.upperBound
                try replace(at..<at, with: Array((", " + keyText + ": " + render(value, context: .flow)).utf8))
            }
            return
        }
        let indent = keyIndent(in: frontMatter)
        let keyText = YAMLScalarWriter.string(key)
        let line = indent + Array((keyText + ": " + render(value)).utf8) + document.lineEnding.bytes
        let end = frontMatter.layout.contentRange.upperBound
        try replace(end..<end, with: line)
    }

    /// Inserts a key the file lacks where and as a new book's file writes it (`FieldEdit.fill`):
    /// after the last key that a new file writes before it (`authors:` after `title:`), at the
    /// end when none does, in `NewBookFile`'s style and the file's indentation and line endings.
    mutating func insertAsNewFileWrites(
        key: String, value: NewValue, field: CanonicalField?, in frontMatter: FrontMatter
    ) throws(EditError) {
        var at = frontMatter.layout.contentRange.upperBound
        if let rank = NewBookFile.rank(of: field) {
            let before = frontMatter.entries.filter { entry in
                NewBookFile.rank(of: vocabulary.field(forKey: entry.key)).map { $0 < rank } ?? false
            }
            let after = frontMatter.entries.filter { entry in
                NewBookFile.rank(of: vocabulary.field(forKey: entry.key)).map { $0 > rank } ?? false
            }
            if let last = before.max(by: { $0.value.range.upperBound < $1.value.range.upperBound }) {
                // The line after the value's last line (a block list's last item included).
                var end = last.value.range.upperBound
                while end < frontMatter.layout.contentRange.upperBound, document.bytes[end] != 0x0A { end += 1 }
                at = min(end + 1, frontMatter.layout.contentRange.upperBound)
            } else if let first = after.min(by: { $0.keyRange.lowerBound < $1.keyRange.lowerBound }) {
                var start = first.keyRange.lowerBound
                while start > frontMatter.layout.contentRange.lowerBound, document.bytes[start - 1] != 0x0A { start -= 1 }
                at = start
            }
        }
        let indent = keyIndent(in: frontMatter)
        let text = NewBookFile.entry(key: key, value: value, field: field, vocabulary: vocabulary)
        var bytes: [UInt8] = []
        for line in text.split(separator: "\n") {
            bytes += indent + Array(line.utf8) + document.lineEnding.bytes
        }
        try replace(at..<at, with: bytes)
    }

    /// The spaces before the first key, which a new key's line repeats.
    private func keyIndent(in frontMatter: FrontMatter) -> [UInt8] {
        guard let entry = frontMatter.entries.first else { return [] }
        var start = entry.keyRange.lowerBound
        while start > frontMatter.layout.contentRange.lowerBound && document.bytes[start - 1] != 0x0A { start -= 1 }
        return Array(document.bytes[start..<entry.keyRange.lowerBound])
    }
}
