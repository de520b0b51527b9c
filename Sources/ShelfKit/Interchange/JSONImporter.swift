import ShelfPresentation

/// Reads shelf's own JSON export (`shelf export json`): an array of book objects, each with
/// `path` first, the fields (canonical and the user's own, nested ones included) and `notes`
/// (the body, exactly) last. Importing it restores every field, the notes and the file's path.
enum JSONImporter {
    /// The books and skipped entries of a `shelf export json` file.
    /// - Throws: `ImportError` when the text is not a JSON array.
    static func read(_ text: String) throws(ImportError) -> [ImportRow] {
        let parsed: JSONValue
        do {
            parsed = try JSONReader.parse(text)
        } catch {
            throw ImportError("shelf JSON: \(error)")
        }
        guard case .array(let items) = parsed else {
            throw ImportError("shelf JSON: expected an array of books, as `shelf export json` writes")
        }
        return items.enumerated().map { position, item in record(item, row: position + 1) }
    }

    static func record(_ item: JSONValue, row: Int) -> ImportRow {
        guard case .object(let members) = item else { return .skipped(row: row, reason: "not a JSON object") }
        var book = ImportRecord(row: row)
        // `path` comes first and `notes` last but for what export derives from the notes
        // (`highlights`, after it); a key of the same name elsewhere is the user's own.
        let bodyPosition = members.lastIndex { $0.0 == "notes" }
        for (position, (key, value)) in members.enumerated() {
            if position == 0 && key == "path" {
                book.path = value.scalarText
                continue
            }
            if position == bodyPosition, case .string(let body) = value {
                book.body = body
                continue
            }
            if let bodyPosition, position > bodyPosition, key == "highlights" { continue }
            if let converted = convert(value, key: key) { book.set(key, converted, keepingEmpty: CanonicalField(key: key) == nil) }
        }
        guard let title = book.title, !title.trimmingSpaces.isEmpty else { return .skipped(row: row, reason: "no title") }
        return .record(book)
    }

    /// A JSON member as a value to write: canonical fields by their type, the user's own keys as
    /// the YAML scalar, list or map that reads back as the same JSON.
    static func convert(_ value: JSONValue, key: String) -> ImportValue? {
        let canonical = CanonicalField(key: key).flatMap { $0.rawValue == key ? $0 : nil }
        if ProgressJSON.isLogKey(key), let lines = ProgressJSON.lines(value) {
            // One line an item, in block style, as `shelf progress` writes the log.
            return .items(lines.map(ProgressJSON.item))
        }
        if let canonical, canonical.isList {
            switch value {
            case .array(let items): return .list(items.compactMap(\.scalarText))
            case .string(let text): return .list([text])
            default: return nil
            }
        }
        switch value {
        case .string(let text):
            switch canonical {
            case .added?, .started?, .finished?, .published?: return .typed(text)
            default: return .string(text)
            }
        case .integer, .number, .bool:
            return value.scalarText.map(ImportValue.typed)
        case .array(let items):
            let strings = items.compactMap { item -> String? in
                if case .string(let text) = item { return text }
                return nil
            }
            return strings.count == items.count && !items.isEmpty ? .list(strings) : .json(value)
        case .object, .null:
            return .json(value)
        }
    }
}
