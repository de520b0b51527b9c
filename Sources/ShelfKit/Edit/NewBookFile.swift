/// The text of a new book file: canonical keys in canonical order, each value written so that
/// any YAML reader reads it back as intended.
struct NewBookFile: Sendable {
    /// Canonical fields in the order they are written, then the user's own keys.
    var fields: [(key: String, value: NewValue)] = []
    var notes: String?

    init() {}

    mutating func set(_ key: String, _ value: NewValue) {
        if let index = fields.firstIndex(where: { $0.key == key }) {
            fields[index].value = value
        } else {
            fields.append((key, value))
        }
    }

    /// The file's bytes: front matter, then the notes after a blank line. In a library with its own
    /// vocabulary, canonical keys and statuses are written in the library's words. There is no
    /// default: a caller that forgot the library's vocabulary would write shelf's keys into it.
    func render(vocabulary: Vocabulary) -> [UInt8] {
        let order = CanonicalField.allCases.map(\.rawValue)
        let sorted = fields.enumerated().sorted { lhs, rhs in
            let left = order.firstIndex(of: lhs.element.key) ?? order.count + lhs.offset
            let right = order.firstIndex(of: rhs.element.key) ?? order.count + rhs.offset
            return left < right
        }.map(\.element)
        var text = "---\n"
        for (canonicalKey, given) in sorted {
            let field = CanonicalField(key: canonicalKey).flatMap { $0.rawValue == canonicalKey ? $0 : nil }
            let key = field.map(vocabulary.key(for:)) ?? canonicalKey
            var value = given
            if field == .status, case .string(let word) = given, let status = vocabulary.status(fromWord: word) {
                value = .string(vocabulary.word(for: status))
            }
            if let field, ValueForm.isDate(field), case .typed(let date) = given {
                value = ValueForm.dateForNewFile(date, vocabulary: vocabulary)
            }
            text += NewBookFile.entry(key: key, value: value, field: field, vocabulary: vocabulary)
        }
        text += "---\n"
        if let notes, !notes.trimmingSpaces.isEmpty {
            text += "\n" + notes.trimmingSpaces + "\n"
        }
        return Array(text.utf8)
    }

    /// One entry as a new file writes it, its lines ending in `\n`: `authors:` as a block list (in
    /// shelf's own words), other lists in brackets. `FrontMatterEditor` writes a key a lookup
    /// fills the same way (`FieldEdit.fill`).
    static func entry(key: String, value: NewValue, field: CanonicalField?, vocabulary: Vocabulary) -> String {
        let keyText = YAMLScalarWriter.string(key)
        switch value {
        case .string(let string): return "\(keyText): \(YAMLScalarWriter.string(string))\n"
        case .typed(let typed): return "\(keyText): \(YAMLScalarWriter.typed(typed))\n"
        // A raw value starting with a line break is a block (a list's lines) under the key.
        case .raw(let raw) where raw.hasPrefix("\n"): return "\(keyText):\(raw)\n"
        case .raw(let raw): return "\(keyText): \(raw)\n"
        case .list(let items) where field == .authors && !items.isEmpty && vocabulary.keys[.authors] == nil:
            return "\(keyText):\n" + items.map { "  - \(YAMLScalarWriter.string($0))\n" }.joined()
        case .list(let items):
            return "\(keyText): \(ListSplicer.flowList(items))\n"
        }
    }

    /// Where a canonical key stands among a new file's keys; nil for a key of the user's own.
    static func rank(of field: CanonicalField?) -> Int? {
        field.flatMap { CanonicalField.allCases.firstIndex(of: $0) }
    }
}
