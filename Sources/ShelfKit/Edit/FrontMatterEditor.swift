/// Applies value-level edits to a document by splicing new bytes into the ranges of the old
/// values. Nothing outside those ranges changes: comments, key order, quoting, indentation, line
/// endings, a BOM, the body.
struct FrontMatterEditor {
    private(set) var document: BookDocument
    let path: String
    /// The files' own key names and status words, which edits write.
    let vocabulary: Vocabulary
    /// Replace values shelf cannot read (`--force`); otherwise setting one is refused.
    var replacesUnreadableValues = false

    init(document: BookDocument, path: String = "", vocabulary: Vocabulary) {
        self.document = document
        self.path = path
        self.vocabulary = vocabulary
    }

    /// Applies `edits` in order; each sees the result of the ones before it.
    mutating func apply(_ edits: [FieldEdit]) throws(EditError) {
        for edit in edits { try apply(edit) }
    }

    mutating func apply(_ edit: FieldEdit) throws(EditError) {
        if case .appendToBody(let text) = edit {
            try replace(document.bytes.count..<document.bytes.count, with: BodyAppender.bytes(appending: text, to: document))
            return
        }
        if case .replaceBody(let text) = edit {
            try replace(document.bodyRange, with: withLineEndings(text))
            return
        }
        if case .addHighlights(let highlights) = edit {
            try addHighlights(highlights)
            return
        }
        if case .set(let key, let given) = edit, let field = inlineTarget(key) {
            try setInline(field, key: key, to: inVocabulary(given, key: key))
            return
        }
        if case .fill(let key, let given) = edit, let field = inlineTarget(key) {
            try setInline(field, key: key, to: inVocabulary(given, key: key))
            return
        }
        guard let frontMatter = document.frontMatter else { throw .noFrontMatter(path) }
        switch edit {
        case .set(let key, let asked), .fill(let key, let asked):
            let entry = FrontMatterEditor.target(key, in: frontMatter, vocabulary: vocabulary)
            let given =
                vocabulary.field(forKey: key) == .title ? titleKeepingAuthor(titleKeepingSeries(asked, over: entry), over: entry) : asked
            if isShownWithoutItsKey(given, field: vocabulary.field(forKey: key), over: entry) { return }
            if vocabulary.field(forKey: key) == .status, let shelves = shelves(entry),
                case .string(let word) = inVocabulary(given, key: key)
            {
                try setShelfStatus(word, in: shelves)
                return
            }
            if vocabulary.field(forKey: key) == .finished, let pairs = readPairs(entry) {
                try setPairEnd(given, in: pairs)
                return
            }
            if vocabulary.field(forKey: key) == .started, entry == nil, let pairs = readPairsForStart(in: frontMatter) {
                try setPairStart(given, in: pairs)
                return
            }
            if vocabulary.field(forKey: key) == .finished, let dates = readDates(entry) {
                try addReadDate(given, to: dates)
                return
            }
            // The same value in another form is no change; a new value keeps the file's form.
            let fitted = ValueForm.fit(
                inVocabulary(given, key: key), over: entry, field: vocabulary.field(forKey: key),
                siblings: frontMatter.entries, vocabulary: vocabulary)
            guard case .write(let value) = fitted else { return }
            if let entry {
                if !replacesUnreadableValues, let reason = unreadableReason(entry, replacingWith: value) {
                    throw .unreadableValue(path: path, key: entry.key, value: shownValue(of: entry), reason: reason)
                }
                try replaceValue(of: entry, with: value)
            } else {
                // A key the vocabulary names inside a map (`params.rating`) goes into that map.
                let written = writtenKey(key)
                let inserted = written.contains(".") ? try insertInner(written, value: value, in: frontMatter) : false
                if !inserted {
                    if case .fill = edit, !frontMatter.isFlowMapping {
                        try insertAsNewFileWrites(key: written, value: value, field: vocabulary.field(forKey: key), in: frontMatter)
                    } else {
                        try insertLine(key: written, value: value, in: frontMatter)
                    }
                }
            }
            try verify(key, reads: value)
        case .unset(let key):
            // Every line of the key goes, including a key written twice.
            guard let entry = FrontMatterEditor.target(key, in: frontMatter, vocabulary: vocabulary) else { return }
            if vocabulary.field(forKey: key) == .status, let shelves = shelves(entry) {
                try unsetShelfStatus(in: shelves)
                return
            }
            if vocabulary.field(forKey: key) == .finished, readDates(entry) != nil {
                throw .invalidValue(key: entry.key, reason: DateListRefusal.reason)
            }
            if vocabulary.field(forKey: key) == .finished, Book.readPairs(in: FieldValue(entry.value)) != nil {
                throw .invalidValue(key: entry.key, reason: ReadPairsRefusal.reason)
            }
            if !frontMatter.entries.contains(where: { $0.key == entry.key }) {
                try unsetInner(entry, in: frontMatter)
                return
            }
            if frontMatter.isFlowMapping {
                try replace(flowPairRange(of: entry, in: frontMatter), with: [])
                return
            }
            // Later entries first, so the earlier ranges stay valid.
            for duplicate in frontMatter.entries.reversed() where duplicate.key == entry.key {
                try replace(duplicate.lineRange, with: [])
            }
        case .add(let key, let item):
            let found = FrontMatterEditor.target(key, in: frontMatter, vocabulary: vocabulary)
            if isShownWithoutItsKey(.list([item]), field: vocabulary.field(forKey: key), over: found, adding: true) { return }
            // An author already shown is no change, even from a string shelf splits into names.
            if vocabulary.field(forKey: key) == .authors, showsAuthors([item]) { return }
            guard let entry = found else {
                if vocabulary.field(forKey: key) == .authors { try refuseAddingBesideShownAuthors(key) }
                try insertLine(key: writtenKey(key), value: .list([item]), in: frontMatter)
                return
            }
            if vocabulary.field(forKey: key) == .authors { try refuseAddingToJoinedNames(entry) }
            if let splice = try splicer(for: key).add(item, to: entry, afterColon: afterColon(of: entry)) {
                try replace(splice.range, with: splice.bytes)
            }
        case .remove(let key, let item):
            // One item at a time, re-reading in between, so every range is fresh.
            while let frontMatter = document.frontMatter,
                let entry = FrontMatterEditor.target(key, in: frontMatter, vocabulary: vocabulary),
                let splice = try splicer(for: key).remove(item, from: entry, afterColon: afterColon(of: entry))
            {
                try replace(splice.range, with: splice.bytes)
            }
        case let .rename(key, old, new):
            guard let entry = FrontMatterEditor.target(key, in: frontMatter, vocabulary: vocabulary) else { return }
            let lists = splicer(for: key)
            if try lists.contains(new, in: entry) && ListSplicer.fold(old) != ListSplicer.fold(new) {
                try apply(.remove(key, old))
            } else if let splice = try lists.rename(old, to: new, in: entry) {
                try replace(splice.range, with: splice.bytes)
            }
        case let .appendItem(key, raw):
            guard let entry = FrontMatterEditor.target(key, in: frontMatter, vocabulary: vocabulary) else {
                if frontMatter.isFlowMapping {
                    try insertLine(key: key, value: .raw("[" + raw + "]"), in: frontMatter)
                } else {
                    try apply(.insertEntries(YAMLScalarWriter.string(key) + ":\n  - " + raw))
                }
                return
            }
            let splice = try ListSplicer(document: document).append(raw: raw, to: entry, afterColon: afterColon(of: entry))
            try replace(splice.range, with: splice.bytes)
        case let .replaceItem(key, index, raw):
            guard let entry = FrontMatterEditor.target(key, in: frontMatter, vocabulary: vocabulary),
                case .sequence(let sequence) = entry.value, sequence.items.indices.contains(index)
            else {
                throw .notAList(key: key)
            }
            let item = sequence.items[index]
            if case .mapping(let map) = item, !map.isFlow {
                throw .invalidValue(key: entry.key, reason: "item \(index + 1) is written as a block map; edit it by hand (shelf edit)")
            }
            try replace(item.range, with: Array(raw.utf8))
        case .insertEntries(let text):
            var lines = withLineEndings(text)
            if lines.last != 0x0A { lines += document.lineEnding.bytes }
            let end = frontMatter.layout.contentRange.upperBound
            try replace(end..<end, with: lines)
        case .appendToBody, .replaceBody, .addHighlights:
            break
        }
    }

    /// The entry an edit of `key` lands on: for a canonical field, the entry the book reads it
    /// from (the vocabulary's spelling first, then the first alias written), so that setting the
    /// value shown edits where it was read: `authors=X` over `author: X` beside an empty
    /// `authors:` in a vault whose spelling is `author`. Any other key is itself.
    /// A key inside a page's map (`params.author`) is a target after every top-level key, as
    /// `Book` reads it.
    static func target(_ key: String, in frontMatter: FrontMatter, vocabulary: Vocabulary) -> FrontMatterEntry? {
        let canonical = vocabulary.field(forKey: key)
        if canonical == nil, let exact = frontMatter.entry(key) { return exact }
        let inner = frontMatter.pageEntries(vocabulary: vocabulary)
        if canonical == nil, let exact = inner.last(where: { $0.key == key }) { return exact }
        guard let canonical else {
            let folded = CanonicalField.fold(key)
            return frontMatter.entries.last { CanonicalField.fold($0.key) == folded }
        }
        if let preferred = frontMatter.entries.last(where: { vocabulary.isPreferredKey($0.key, for: canonical) })
            ?? inner.last(where: { vocabulary.isPreferredKey($0.key, for: canonical) })
        {
            return preferred
        }
        // The first alias written, as `Book` reads it (its last occurrence if written twice).
        guard let alias = frontMatter.entries.first(where: { vocabulary.field(forKey: $0.key) == canonical }) else {
            return inner.first { vocabulary.field(forKey: $0.key, leaf: String($0.key.split(separator: ".").last ?? "")) == canonical }
        }
        return frontMatter.entry(alias.key)
    }

    // MARK: Splicing

    /// Replaces a byte range and re-reads the document, refusing a result that does not parse.
    mutating func replace(_ range: Range<Int>, with bytes: [UInt8]) throws(EditError) {
        var updated = document.bytes
        updated.replaceSubrange(range, with: bytes)
        do {
            document = try BookDocument(bytes: updated)
        } catch {
            throw .unreadableResult(error)
        }
    }

    private mutating func replaceValue(of entry: FrontMatterEntry, with value: NewValue) throws(EditError) {
        let lineEnding = document.lineEnding.bytes
        switch (entry.value, value) {
        case (.scalar(let scalar), .string(let text)) where !scalar.isEmptyPlain:
            // The same string, however it is quoted, is no change: the owner's quoting stays.
            guard scalar.value != text || scalar.tag != nil || (scalar.style == .plain && YAMLScalarWriter.looksTyped(text))
            else { return }
            let (range, prefix) = replacement(of: scalar)
            var rendered = prefix + Array(YAMLScalarWriter.string(text, preferred: scalar.style).utf8)
            if document.bytes[scalar.range.upperBound - 1] == 0x0A { rendered += lineEnding }
            try replace(range, with: rendered)
        case (.scalar(let scalar), .raw(let text)) where !scalar.isEmptyPlain:
            let (range, prefix) = replacement(of: scalar)
            guard document.text(range).trimmingSpaces != String(decoding: prefix, as: UTF8.self) + text else { return }
            var rendered = prefix + Array(text.utf8)
            if document.bytes[scalar.range.upperBound - 1] == 0x0A { rendered += lineEnding }
            try replace(range, with: rendered)
        case (.scalar(let scalar), .typed(let text)) where !scalar.isEmptyPlain:
            guard scalar.value != text || scalar.style != .plain else { return }
            let (range, prefix) = replacement(of: scalar)
            var rendered = prefix + Array(YAMLScalarWriter.typed(text).utf8)
            if document.bytes[scalar.range.upperBound - 1] == 0x0A { rendered += lineEnding }
            try replace(range, with: rendered)
        case (.sequence(let sequence), .list(let items)) where !sequence.items.isEmpty:
            if let splice = ListSplicer(document: document).replaceItems(of: sequence, with: items, afterColon: afterColon(of: entry)) {
                try replace(splice.range, with: splice.bytes)
            }
        case (.sequence(let sequence), .list(let items)) where sequence.isFlow:
            try replace(sequence.range, with: Array(ListSplicer.flowList(items).utf8))
        default:
            // An empty value, or a change of shape: everything after the colon up to the value's end.
            let start = afterColon(of: entry)
            var end = max(entry.value.range.upperBound, start)
            var rendered = Array((" " + render(value)).utf8)
            if end > start && document.bytes[end - 1] == 0x0A {
                rendered += lineEnding
            } else if entry.value.range.isEmpty {
                end = start
            }
            try replace(start..<end, with: rendered)
        }
    }

    /// The range an edit of a scalar replaces, and the bytes to keep in front of the new value:
    /// an `&anchor` stays (an alias elsewhere may name it); a `!tag` goes, since the new value is
    /// written to read back as itself without one.
    func replacement(of scalar: YAMLScalar) -> (range: Range<Int>, prefix: [UInt8]) {
        guard let anchor = scalar.anchor else { return (scalar.range, []) }
        return (scalar.range, Array("&\(anchor) ".utf8))
    }

    /// The offset just past the `:` that ends the entry's key.
    func afterColon(of entry: FrontMatterEntry) -> Int {
        var index = entry.keyRange.upperBound
        while index < document.bytes.count && document.bytes[index] != UInt8(ascii: ":") { index += 1 }
        return min(index + 1, document.bytes.count)
    }

    /// The key a new entry is written under: the vocabulary's spelling of a canonical field.
    private func writtenKey(_ key: String) -> String {
        guard let field = vocabulary.field(forKey: key), CanonicalField(key: key) == field else { return key }
        return vocabulary.key(for: field)
    }

    /// A status written in the files' own word (`to-read` as `unread` in a Book Search vault).
    func inVocabulary(_ value: NewValue, key: String) -> NewValue {
        guard vocabulary.field(forKey: key) == .status, case .string(let text) = value,
            let status = vocabulary.status(fromWord: text)
        else { return value }
        return .string(vocabulary.word(for: status))
    }

    /// Proves a set value reads back as what was asked: a splice that parses but means something
    /// else (a comma in a flow mapping, say) must never reach the disk.
    private func verify(_ key: String, reads value: NewValue) throws(EditError) {
        guard let frontMatter = document.frontMatter, let entry = FrontMatterEditor.target(key, in: frontMatter, vocabulary: vocabulary)
        else {
            throw .invalidValue(key: key, reason: "internal error: the key is missing after the edit; nothing was written")
        }
        let written = FieldValue(entry.value)
        let expected: Bool
        switch value {
        case .string(let text), .typed(let text): expected = written.text == text
        case .list(let items): expected = written.texts == items || (items.isEmpty && written == .list([]))
        case .raw: expected = true
        }
        if !expected {
            throw .invalidValue(key: key, reason: "internal error: the new value would not read back as written; nothing was written")
        }
    }

    /// A pair of a flow mapping with one separator next to it, for removing it.
    private func flowPairRange(of entry: FrontMatterEntry, in frontMatter: FrontMatter) -> Range<Int> {
        let entries = frontMatter.entries
        guard let index = entries.firstIndex(of: entry) else { return entry.keyRange.lowerBound..<entry.value.range.upperBound }
        if index + 1 < entries.count { return entry.keyRange.lowerBound..<entries[index + 1].keyRange.lowerBound }
        if index > 0 { return entries[index - 1].value.range.upperBound..<entry.value.range.upperBound }
        return entry.keyRange.lowerBound..<entry.value.range.upperBound
    }

    func render(_ value: NewValue, context: YAMLScalarWriter.Context = .block) -> String {
        switch value {
        case .string(let text): return YAMLScalarWriter.string(text, context: context)
        case .typed(let text): return YAMLScalarWriter.typed(text)
        case .list(let items): return ListSplicer.flowList(items)
        case .raw(let text): return text
        }
    }

    /// Text with its line breaks in the file's own style.
    private func withLineEndings(_ text: String) -> [UInt8] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        return Array(lines.joined(separator: document.lineEnding.rawValue).utf8)
    }
}

/// New bytes for a range.
struct Splice {
    var range: Range<Int>
    var bytes: [UInt8]
}
