extension FrontMatterEditor {
    /// The inline field (`rating:: 4` in the body) an edit of `key` lands on: the first that
    /// names the key's field, when the front matter does not give it.
    static func inlineField(_ key: String, in document: BookDocument, vocabulary: Vocabulary) -> InlineFields.Field? {
        if let frontMatter = document.frontMatter, target(key, in: frontMatter, vocabulary: vocabulary) != nil { return nil }
        let canonical = vocabulary.field(forKey: key)
        return InlineFields.fields(in: document.bytes[document.bodyRange]).first { field in
            if let canonical { return vocabulary.field(forKey: field.key) == canonical }
            return field.key.lowercased() == key.lowercased()
        }
    }

    func inlineTarget(_ key: String) -> InlineFields.Field? {
        Self.inlineField(key, in: document, vocabulary: vocabulary)
    }

    /// Writes a value into an inline field in place: only the old value's bytes change, and a
    /// value the inline form cannot hold is refused.
    mutating func setInline(_ field: InlineFields.Field, key: String, to value: NewValue) throws(EditError) {
        let text: String
        switch value {
        case .string(let written), .typed(let written), .raw(let written):
            text = written
        case .list(let items) where items.count <= 1:
            text = items.first ?? ""
        case .list:
            throw .invalidValue(key: field.key, reason: Self.inlineRefusal("a list of more than one item"))
        }
        if text.containsByte(0x0A) || text.containsByte(0x0D) {
            throw .invalidValue(key: field.key, reason: Self.inlineRefusal("a value of more than one line"))
        }
        if case .bracketed(let close) = field.form, !Self.isBalanced(text, close: close) {
            throw .invalidValue(key: field.key, reason: Self.inlineRefusal("a value with an unmatched \(Character(Unicode.Scalar(close)))"))
        }
        // The same value, or the name a link already shows (`[[Le Guin]]`), is no change.
        guard text != field.value, text != WrittenText.unlinked(field.value) else { return }
        // A link stays a link (`[[Le Guin]]` → `[[Frank Herbert]]`), as in front matter.
        let isLink = field.value.hasPrefix("[[") && field.value.hasSuffix("]]") && WrittenText.unlinked(field.value) != field.value
        let written = isLink && !text.isEmpty && !text.hasPrefix("[[") ? "[[" + text + "]]" : text
        try replace(field.valueRange, with: Array(written.utf8))
    }

    private static func inlineRefusal(_ what: String) -> String {
        "is kept inline in the note's body (key:: value), which cannot hold \(what); nothing was written. Edit it by hand (shelf edit)"
    }

    /// True when every closing bracket in `text` closes one opened in it, and all are closed.
    private static func isBalanced(_ text: String, close: UInt8) -> Bool {
        let open: UInt8 = close == 0x5D ? 0x5B : 0x28
        var depth = 0
        for byte in text.utf8 {
            if byte == open { depth += 1 }
            if byte == close { depth -= 1 }
            if depth < 0 { return false }
        }
        return depth == 0
    }
}
