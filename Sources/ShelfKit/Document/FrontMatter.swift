/// A file's parsed front matter: where it is, and every top-level entry with its byte ranges.
struct FrontMatter: Sendable, Equatable {
    var layout: FrontMatterLayout
    /// Top-level entries in written order. A key written twice appears twice.
    var entries: [FrontMatterEntry]
    /// Anchored nodes by name (a redefined anchor: its last definition).
    var anchors: [String: YAMLNode]
    /// True when the whole front matter is one flow mapping (`{title: Dune, rating: 4}`).
    var isFlowMapping = false

    /// The entry for `key`; when a key is written twice, the last one, as YAML readers take it.
    func entry(_ key: String) -> FrontMatterEntry? {
        entries.last { $0.key == key }
    }

    /// The entries as values (aliases resolved), as `FrontMatterValues` reads them.
    var values: [FieldEntry] {
        entries.map { FieldEntry(key: $0.key, value: FieldValue($0.value)) }
    }

    /// The node an alias stands for (one level), or the node itself.
    func resolved(_ node: YAMLNode) -> YAMLNode {
        if case .alias(let alias) = node, let target = alias.target {
            return target
        }
        return node
    }

    /// Reads the front matter of a file's bytes.
    ///
    /// - Returns: nil when the file has no front matter (it does not start with a `---` line).
    /// - Throws: `DocumentError` for invalid UTF-8, an unclosed front matter, malformed YAML,
    ///   or front matter that is not a mapping.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(DocumentError) -> FrontMatter? {
        guard let layout = try locate(in: bytes) else { return nil }
        let content = UnsafeBufferPointer(rebasing: bytes[layout.contentRange])
        let parser = YAMLTreeParser(baseOffset: layout.contentRange.lowerBound, firstLine: 1)
        let (parsedRoot, anchors) = try parser.parseWithAnchors(content)
        guard let root = parsedRoot else {
            return FrontMatter(layout: layout, entries: [], anchors: [:])
        }
        guard case .mapping(let mapping) = root else {
            throw notAMapping(at: root.range.lowerBound, in: bytes)
        }
        var entries: [FrontMatterEntry] = []
        entries.reserveCapacity(mapping.entries.count)
        for pair in mapping.entries {
            guard case .scalar(let key) = pair.key else { continue }
            entries.append(
                FrontMatterEntry(
                    key: key.value,
                    keyRange: key.range,
                    value: pair.value,
                    lineRange: lineRange(
                        from: key.range.lowerBound, through: pair.value.range.upperBound,
                        within: layout.contentRange, in: bytes)))
        }
        return FrontMatter(layout: layout, entries: entries, anchors: anchors, isFlowMapping: mapping.isFlow)
    }

    /// Where the front matter is, once the whole file is known to be UTF-8.
    /// - Returns: nil when the file has no front matter.
    /// - Throws: `DocumentError` for an unclosed front matter or invalid UTF-8.
    static func locate(in bytes: UnsafeBufferPointer<UInt8>) throws(DocumentError) -> FrontMatterLayout? {
        let layout: FrontMatterLayout
        switch FrontMatterSplitter.split(bytes) {
        case .none:
            return nil
        case .unclosed:
            throw DocumentError(
                line: 1, column: 1,
                message: "front matter opened here is never closed (expected a line '---' or '...')",
                code: "unclosed-front-matter")
        case .found(let found):
            layout = found
        }
        if let invalid = UTF8Validation.firstInvalidOffset(bytes) {
            let position = UTF8Validation.lineAndColumn(of: invalid, in: bytes)
            throw DocumentError(
                line: position.line, column: position.column,
                message: "invalid UTF-8 (byte 0x\(String(bytes[invalid], radix: 16, uppercase: true)))",
                code: "invalid-utf8")
        }
        return layout
    }

    /// The error for front matter whose root, starting at byte `offset`, is not a mapping.
    static func notAMapping(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> DocumentError {
        let position = UTF8Validation.lineAndColumn(of: offset, in: bytes)
        return DocumentError(
            line: position.line, column: position.column,
            message: "front matter must be a mapping of keys to values",
            code: "not-a-mapping")
    }

    /// The whole lines from the one holding `start` through the line break after `end`.
    static func lineRange(
        from start: Int, through end: Int, within content: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>
    ) -> Range<Int> {
        var lineStart = start
        while lineStart > content.lowerBound && bytes[lineStart - 1] != 0x0A {
            lineStart -= 1
        }
        // A block scalar's token already ends past its last line break.
        if end > lineStart && bytes[end - 1] == 0x0A {
            return lineStart..<end
        }
        var lineEnd = end
        while lineEnd < content.upperBound && bytes[lineEnd] != 0x0A {
            lineEnd += 1
        }
        if lineEnd < content.upperBound { lineEnd += 1 }
        return lineStart..<lineEnd
    }
}
