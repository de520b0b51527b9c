/// Works out the splices that add an item to a list, remove one, or replace the items, keeping
/// the list's style: a flow list stays on its line, a block list gains or loses whole lines in
/// its own indentation.
struct ListSplicer {
    let document: BookDocument
    /// True when one string's items are separated by spaces, not commas (`tags: philosophy
    /// literature`, as Jekyll reads a tag string), for a vault whose tag strings are so written.
    var wordSeparated = false

    private var bytes: [UInt8] { document.bytes }

    /// The splice adding `item` to the entry's list, or nil when an equal item is already there.
    func add(_ item: String, to entry: FrontMatterEntry, afterColon: Int) throws(EditError) -> Splice? {
        let folded = ListSplicer.fold(item)
        switch entry.value {
        case .sequence(let sequence):
            let texts = try itemTexts(sequence, key: entry.key)
            if texts.contains(where: { ListSplicer.fold($0) == folded }) { return nil }
            guard let last = sequence.items.last else {
                let inside = sequence.range.lowerBound + 1
                return Splice(range: inside..<inside, bytes: Array(YAMLScalarWriter.string(item, context: .flow).utf8))
            }
            if sequence.isFlow {
                var separator =
                    sequence.items.count >= 2
                    ? Array(bytes[sequence.items[0].range.upperBound..<sequence.items[1].range.lowerBound])
                    : Array(", ".utf8)
                // A comment inside the list belongs to its item; it is not part of the style.
                if separator.contains(UInt8(ascii: "#")) { separator = Array(", ".utf8) }
                let at = last.range.upperBound
                return Splice(range: at..<at, bytes: separator + Array(YAMLScalarWriter.string(item, context: .flow).utf8))
            }
            let at = lineEnd(after: last.range.upperBound)
            let line = itemPrefix(of: last) + Array(YAMLScalarWriter.string(item).utf8) + document.lineEnding.bytes
            return Splice(range: at..<at, bytes: line)
        case .scalar(let scalar):
            if scalar.isNull {
                return Splice(
                    range: afterColon..<scalar.range.upperBound,
                    bytes: Array((" " + ListSplicer.flowList([item])).utf8))
            }
            let parts = commaParts(scalar.value)
            if parts.contains(where: { ListSplicer.fold($0) == folded }) { return nil }
            let text =
                parts.count > 1 || separates(scalar.value)
                ? YAMLScalarWriter.string((parts + [item]).joined(separator: separator(of: scalar.value)), preferred: scalar.style)
                : ListSplicer.flowList([scalar.value, item])
            return Splice(range: scalar.range, bytes: Array(text.utf8))
        case .mapping, .alias:
            throw .notAList(key: entry.key)
        }
    }

    /// The splice appending an item written as given (`{started: 2019-03-02}`) to the entry's
    /// list: a new line in a block list, `, item` in a flow list, `[item]` for an empty value.
    func append(raw item: String, to entry: FrontMatterEntry, afterColon: Int) throws(EditError) -> Splice {
        switch entry.value {
        case .sequence(let sequence):
            guard let last = sequence.items.last else {
                let inside = sequence.range.lowerBound + 1
                return Splice(range: inside..<inside, bytes: Array(item.utf8))
            }
            if sequence.isFlow {
                let at = last.range.upperBound
                let start = lineStart(of: last.range.lowerBound)
                let indent = bytes[start..<last.range.lowerBound]
                if start > sequence.range.lowerBound, indent.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                    // A flow list written one item a line: the new item on a line of its own, indented alike.
                    return Splice(range: at..<at, bytes: [UInt8(ascii: ",")] + document.lineEnding.bytes + Array(indent) + Array(item.utf8))
                }
                return Splice(range: at..<at, bytes: Array((", " + item).utf8))
            }
            let at = lineEnd(after: last.range.upperBound)
            return Splice(range: at..<at, bytes: itemPrefix(of: last) + Array(item.utf8) + document.lineEnding.bytes)
        case .scalar(let scalar) where scalar.isNull:
            return Splice(range: afterColon..<scalar.range.upperBound, bytes: Array((" [" + item + "]").utf8))
        case .scalar, .mapping, .alias:
            throw .notAList(key: entry.key)
        }
    }

    /// The splice removing the first item equal to `item`, or nil when there is none.
    func remove(_ item: String, from entry: FrontMatterEntry, afterColon: Int) throws(EditError) -> Splice? {
        let folded = ListSplicer.fold(item)
        switch entry.value {
        case .sequence(let sequence):
            let texts = try itemTexts(sequence, key: entry.key)
            guard let index = texts.firstIndex(where: { ListSplicer.fold($0) == folded }) else { return nil }
            let items = sequence.items
            if sequence.isFlow {
                if items.count == 1 {
                    return Splice(range: items[0].range, bytes: [])
                }
                if index < items.count - 1 {
                    return Splice(range: items[index].range.lowerBound..<items[index + 1].range.lowerBound, bytes: [])
                }
                return Splice(range: items[index - 1].range.upperBound..<items[index].range.upperBound, bytes: [])
            }
            let lineRange = lineStart(of: items[index].range.lowerBound)..<lineEnd(after: items[index].range.upperBound)
            if items.count == 1 {
                // The last item of a block list: the key keeps an empty flow list, not a null.
                return emptyBlockList(sequence, afterColon: afterColon)
            }
            return Splice(range: lineRange, bytes: [])
        case .scalar(let scalar):
            guard !scalar.isNull else { return nil }
            let parts = commaParts(scalar.value)
            let kept = parts.filter { ListSplicer.fold($0) != folded }
            guard kept.count < parts.count else { return nil }
            let text =
                kept.isEmpty ? "[]" : YAMLScalarWriter.string(kept.joined(separator: separator(of: scalar.value)), preferred: scalar.style)
            return Splice(range: scalar.range, bytes: Array(text.utf8))
        case .mapping, .alias:
            throw .notAList(key: entry.key)
        }
    }

    /// True when the entry's list holds an item equal to `item`.
    func contains(_ item: String, in entry: FrontMatterEntry) throws(EditError) -> Bool {
        let folded = ListSplicer.fold(item)
        switch entry.value {
        case .sequence(let sequence): return try itemTexts(sequence, key: entry.key).contains { ListSplicer.fold($0) == folded }
        case .scalar(let scalar): return !scalar.isNull && commaParts(scalar.value).contains { ListSplicer.fold($0) == folded }
        case .mapping, .alias: throw .notAList(key: entry.key)
        }
    }

    /// The splice writing `new` over the first item equal to `old`, in the item's own quoting.
    func rename(_ old: String, to new: String, in entry: FrontMatterEntry) throws(EditError) -> Splice? {
        let folded = ListSplicer.fold(old)
        switch entry.value {
        case .sequence(let sequence):
            let texts = try itemTexts(sequence, key: entry.key)
            guard let index = texts.firstIndex(where: { ListSplicer.fold($0) == folded }),
                case .scalar(let scalar) = sequence.items[index], texts[index] != new
            else { return nil }
            let text = YAMLScalarWriter.string(new, preferred: scalar.style, context: sequence.isFlow ? .flow : .block)
            return Splice(range: scalar.range, bytes: Array(text.utf8))
        case .scalar(let scalar):
            guard !scalar.isNull else { return nil }
            let parts = commaParts(scalar.value)
            guard parts.contains(where: { ListSplicer.fold($0) == folded }) else { return nil }
            let renamed = parts.map { ListSplicer.fold($0) == folded ? new : $0 }.joined(separator: separator(of: scalar.value))
            guard renamed != scalar.value else { return nil }
            return Splice(range: scalar.range, bytes: Array(YAMLScalarWriter.string(renamed, preferred: scalar.style).utf8))
        case .mapping, .alias:
            throw .notAList(key: entry.key)
        }
    }

    /// The splice replacing a non-empty list's items, in the list's own style.
    func replaceItems(of sequence: YAMLSequence, with items: [String], afterColon: Int) -> Splice? {
        guard let first = sequence.items.first, let last = sequence.items.last else { return nil }
        if sequence.isFlow {
            return Splice(range: sequence.range, bytes: Array(ListSplicer.flowList(items).utf8))
        }
        if items.isEmpty { return emptyBlockList(sequence, afterColon: afterColon) }
        let prefix = itemPrefix(of: first)
        var lines: [UInt8] = []
        for item in items { lines += prefix + Array(YAMLScalarWriter.string(item).utf8) + document.lineEnding.bytes }
        return Splice(range: lineStart(of: first.range.lowerBound)..<lineEnd(after: last.range.upperBound), bytes: lines)
    }

    /// The splice that empties a block list: `tags: []` on the key's line (a comment after the
    /// key stays), and the item lines go.
    func emptyBlockList(_ sequence: YAMLSequence, afterColon: Int) -> Splice {
        var lineBreak = afterColon
        while lineBreak < bytes.count && bytes[lineBreak] != 0x0A { lineBreak += 1 }
        var restEnd = lineBreak
        if restEnd > afterColon && bytes[restEnd - 1] == 0x0D { restEnd -= 1 }
        let rest = Array(bytes[afterColon..<restEnd])
        let end = lineEnd(after: sequence.items.last?.range.upperBound ?? sequence.range.upperBound)
        return Splice(range: afterColon..<end, bytes: Array(" []".utf8) + rest + document.lineEnding.bytes)
    }

    /// `[a, b]` with each item written safely for a flow list.
    static func flowList(_ items: [String]) -> String {
        "[" + items.map { YAMLScalarWriter.string($0, context: .flow) }.joined(separator: ", ") + "]"
    }

    /// Items compare as tags do: case and diacritics folded, a leading `#` ignored.
    static func fold(_ item: String) -> String { TextFolding.foldTag(item) }

    private func itemTexts(_ sequence: YAMLSequence, key: String) throws(EditError) -> [String] {
        var texts: [String] = []
        for item in sequence.items {
            guard let text = document.frontMatter?.resolved(item).scalar?.value else { throw .notAList(key: key) }
            texts.append(text)
        }
        return texts
    }

    private func commaParts(_ text: String) -> [String] {
        text.split(separator: separates(text) ? " " : ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
    }

    /// True when a one-string list is read as words separated by spaces (no comma in it).
    private func separates(_ text: String) -> Bool { wordSeparated && !text.contains(",") }

    private func separator(of text: String) -> String { separates(text) ? " " : ", " }

    /// The bytes before a block item on its line: indentation, `-` and the space after it.
    private func itemPrefix(of item: YAMLNode) -> [UInt8] {
        let prefix = Array(bytes[lineStart(of: item.range.lowerBound)..<item.range.lowerBound])
        let isDashPrefix =
            prefix.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: "-") }
            && prefix.contains(UInt8(ascii: "-"))
        return isDashPrefix ? prefix : Array("  - ".utf8)
    }

    private func lineStart(of offset: Int) -> Int {
        var start = offset
        while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
        return start
    }

    /// Just past the line break that ends the line holding `offset - 1`.
    private func lineEnd(after offset: Int) -> Int {
        if offset > 0 && bytes[offset - 1] == 0x0A { return offset }
        var end = offset
        while end < bytes.count && bytes[end] != 0x0A { end += 1 }
        return min(end + 1, bytes.count)
    }
}

extension FrontMatterEditor {
    /// The splicer for `key`'s list: a tag string of a vault that separates tags with spaces is
    /// split at them (`Vocabulary.splitsTagsAtSpaces`).
    func splicer(for key: String) -> ListSplicer {
        var splicer = ListSplicer(document: document)
        splicer.wordSeparated = vocabulary.splitsTagsAtSpaces && vocabulary.field(forKey: key) == .tags
        return splicer
    }
}
