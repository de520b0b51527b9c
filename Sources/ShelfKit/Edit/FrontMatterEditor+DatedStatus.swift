extension FrontMatterEditor {
    /// True when `value` is the status the book is read as from its dates alone, with no status
    /// written (`date_read:` and no status key is read): setting the status shown is no change.
    func isStatusReadFromDates(_ value: NewValue, over entry: FrontMatterEntry?) -> Bool {
        guard case .string(let word) = value, let status = vocabulary.status(fromWord: word) else { return false }
        if let entry {
            let written = FieldValue(entry.value)
            if case .map = written { return false }
            guard written.texts.allSatisfy({ $0.trimmingSpaces.isEmpty }) else { return false }
        }
        return Book(path: path, document: document, vocabulary: vocabulary)?.status == status
    }
}
