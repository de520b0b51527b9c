extension FrontMatterEditor {
    /// True when `value` is what the book shows for `field` though no key of its own holds it:
    /// the status read from dates alone (`date_read:` and no status key is read), authors read
    /// from the title (`L'Assommoir - Émile Zola`) or a Douban card line, the year and publisher
    /// of that line. Setting the value shown, or adding an author shown (`adding`), is then no change.
    func isShownWithoutItsKey(_ value: NewValue, field: CanonicalField?, over entry: FrontMatterEntry?, adding: Bool = false) -> Bool {
        guard let field, [.status, .authors, .published, .publisher].contains(field) else { return false }
        if let entry {
            let written = FieldValue(entry.value)
            if case .map = written { return false }
            // A word saying there is no status (`未标记`) is as empty: the dates give the status shown.
            guard written.texts.allSatisfy({ $0.trimmingSpaces.isEmpty || (field == .status && Book.meansNoStatus($0)) }) else {
                return false
            }
        }
        guard let book = Book(path: path, document: document, vocabulary: vocabulary) else { return false }
        if adding, field == .authors, case .list(let names) = value { return names.allSatisfy(book.authors.contains) }
        switch (field, value) {
        case (.status, .string(let word)): return vocabulary.status(fromWord: word).map { $0 == book.status } ?? false
        case (.authors, .list(let names)): return !names.isEmpty && names == book.authors
        case (.authors, .string(let name)): return [name] == book.authors
        case (.published, .string(let text)), (.published, .typed(let text)): return BookDate(text).map { $0 == book.published } ?? false
        case (.publisher, .string(let text)): return text == book.publisher
        default: return false
        }
    }
}
