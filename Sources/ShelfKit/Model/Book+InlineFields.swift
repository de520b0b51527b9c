extension Book {
    /// The entries a book is read from: its front matter's, then the body's inline fields
    /// (`rating:: 4`) for each field the front matter does not give, the first of each key.
    /// The front matter wins: a note that writes `rating: 3` above and `rating:: 5` below is rated 3.
    static func entries(_ frontMatter: [FieldEntry], adding inline: [InlineFields.Field], vocabulary: Vocabulary) -> [FieldEntry] {
        guard !inline.isEmpty else { return frontMatter }
        var entries = frontMatter
        for field in InlineFields.firstOfEachKey(inline) where !field.value.isEmpty {
            guard inlineField(field, isGivenBy: frontMatter, vocabulary: vocabulary) == nil else { continue }
            entries.append(FieldEntry(key: field.key, value: .scalar(field.value, isPlain: true)))
        }
        return entries
    }

    /// The front-matter entry that gives the field an inline field names (by canonical field, or
    /// by the same key), if any.
    static func inlineField(_ field: InlineFields.Field, isGivenBy frontMatter: [FieldEntry], vocabulary: Vocabulary) -> FieldEntry? {
        let canonical = vocabulary.field(forKey: field.key)
        return frontMatter.first { entry in
            if let canonical { return vocabulary.field(forKey: entry.key) == canonical }
            return entry.key.lowercased() == field.key.lowercased()
        }
    }

    /// True when a note without front matter is a book by its inline fields: they name an
    /// author or an ISBN. Dataview vaults keep `status::` and `rating::` on projects and films too.
    static func inlineFieldsMakeABook(_ inline: [InlineFields.Field], vocabulary: Vocabulary) -> Bool {
        inline.contains { field in
            let canonical = vocabulary.field(forKey: field.key)
            return (canonical == .authors || canonical == .isbn) && !field.value.isEmpty
        }
    }
}
