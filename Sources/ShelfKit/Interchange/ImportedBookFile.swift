import ShelfPresentation

/// The bytes of a new book file for an imported record, in the library's vocabulary.
///
/// A book from a service is written as `shelf add` writes one (`NewBookFile`: canonical keys in
/// canonical order, then the others). A book restored from shelf's own JSON keeps its keys in
/// their exported order, nested values included, and its body byte for byte. Either way a
/// canonical key is written under the library's name for it (`author`, `myRate`) and a status in
/// the library's word for it, as every other write does.
enum ImportedBookFile {
    /// - Parameters:
    ///   - extra: fields to add after the record's (the `imported:` baseline).
    ///   - vocabulary: the library's key names and status words; no default, so that no caller
    ///     writes shelf's own keys into a library that uses others.
    static func bytes(for record: ImportRecord, extra: [ImportField] = [], vocabulary: Vocabulary) -> [UInt8] {
        let fields = record.fields + extra
        let isRestore = record.body != nil || fields.contains { if case .json = $0.value { return true } else { return false } }
        guard isRestore else {
            var file = NewBookFile()
            for field in fields {
                if let value = field.value.newValue {
                    file.set(field.key, value)
                } else if case .items(let items) = field.value {
                    file.set(field.key, .raw(ImportedBookFile.block(items)))
                }
            }
            file.notes = record.notes
            return file.render(vocabulary: vocabulary)
        }
        var text = "---\n"
        for field in fields {
            text += entry(key: field.key, value: field.value, vocabulary: vocabulary)
        }
        text += "---\n"
        if let body = record.body {
            text += body
        } else if let notes = record.notes, !notes.trimmingSpaces.isEmpty {
            text += "\n" + notes.trimmingSpaces + "\n"
        }
        return Array(text.utf8)
    }

    /// One top-level entry, ending in a line break. A key spelled exactly as one of shelf's
    /// fields is written under the vocabulary's name for it; any other key as it was exported.
    static func entry(key: String, value: ImportValue, vocabulary: Vocabulary) -> String {
        let field = CanonicalField(key: key).flatMap { $0.rawValue == key ? $0 : nil }
        let keyText = YAMLScalarWriter.string(field.map(vocabulary.key(for:)) ?? key)
        switch value {
        case .string(let text) where field == .status && ReadingStatus(rawValue: text) != nil:
            // shelf's own word for a status becomes the library's; any other is kept as exported.
            let word = ReadingStatus(rawValue: text).map(vocabulary.word(for:)) ?? text
            return "\(keyText): \(YAMLScalarWriter.string(word))\n"
        case .string(let text): return "\(keyText): \(YAMLScalarWriter.string(text))\n"
        case .typed(let text): return "\(keyText): \(YAMLScalarWriter.typed(text))\n"
        case .list(let items) where field == .authors && !items.isEmpty && vocabulary.keys[.authors] == nil:
            return "\(keyText):\n" + items.map { "  - \(YAMLScalarWriter.string($0))\n" }.joined()
        case .list(let items): return "\(keyText): \(flow(items.map(JSONValue.string)))\n"
        case .json(let json): return YAMLJSONWriter.entry(keyText, json, indent: "")
        case .items(let items): return "\(keyText):" + block(items) + "\n"
        }
    }

    /// A block list's lines after its key, each item as given: `\n  - {…}\n  - {…}`.
    static func block(_ items: [String]) -> String {
        items.map { "\n  - " + $0 }.joined()
    }

    static func flow(_ items: [JSONValue]) -> String {
        "[" + items.map { YAMLJSONWriter.scalar($0, context: .flow) }.joined(separator: ", ") + "]"
    }
}

/// Writes JSON values as YAML that a YAML reader (and shelf's JSON output) reads back as the same
/// JSON: maps and lists holding maps in block style, lists of scalars in flow style.
enum YAMLJSONWriter {
    /// `key: value` (or `key:` and an indented block), each line ending in a line break.
    static func entry(_ key: String, _ value: JSONValue, indent: String) -> String {
        if isInline(value) { return "\(indent)\(key): \(inline(value))\n" }
        return "\(indent)\(key):\n" + block(value, indent: indent + "  ")
    }

    /// The lines of a non-empty map or a list holding collections.
    static func block(_ value: JSONValue, indent: String) -> String {
        switch value {
        case .object(let members):
            return members.map { entry(YAMLScalarWriter.string($0.0), $0.1, indent: indent) }.joined()
        case .array(let items):
            return items.map { item -> String in
                if isInline(item) { return "\(indent)- \(inline(item))\n" }
                // The item's first line follows `- `; the rest line up under it.
                let lines = block(item, indent: indent + "  ")
                return indent + "- " + lines.dropFirst(indent.count + 2)
            }.joined()
        default:
            return "\(indent)\(inline(value))\n"
        }
    }

    static func isInline(_ value: JSONValue) -> Bool {
        switch value {
        case .object(let members): return members.isEmpty
        case .array(let items):
            return items.allSatisfy { if case .object = $0 { return false } else if case .array = $0 { return false } else { return true } }
        default: return true
        }
    }

    static func inline(_ value: JSONValue) -> String {
        switch value {
        case .object: return "{}"
        case .array(let items): return ImportedBookFile.flow(items)
        default: return scalar(value, context: .block)
        }
    }

    static func scalar(_ value: JSONValue, context: YAMLScalarWriter.Context) -> String {
        switch value {
        case .string(let text): return YAMLScalarWriter.string(text, context: context)
        case .null: return "null"
        case .array, .object: return value.serialized()
        default: return value.scalarText ?? "null"
        }
    }
}
