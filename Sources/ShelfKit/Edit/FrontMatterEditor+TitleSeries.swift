extension FrontMatterEditor {
    /// A title set over a Goodreads title whose series shelf reads from it
    /// (`A Feast for Crows (A Song of Ice and Fire, #4)`, shown as `A Feast for Crows`): the new
    /// title keeps the written series, so the title shown, set again, is no change and the series
    /// stays. A title given with its own series is written as given.
    func titleKeepingSeries(_ value: NewValue, over entry: FrontMatterEntry?) -> NewValue {
        guard case .string(let text) = value, let written = entry.flatMap({ FieldValue($0.value).text })?.trimmingSpaces,
            let split = Book.goodreadsSeries(in: written), Book.goodreadsSeries(in: text) == nil,
            let book = Book(path: path, document: document, vocabulary: vocabulary),
            book.title == split.title, book.series == split.series
        else { return value }
        return .string(text + split.tail)
    }
}
