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

    /// A title set over one that holds its author (`L'Assommoir - Émile Zola`, shown as
    /// `L'Assommoir` by Émile Zola): the new title keeps the written author, before or after it as
    /// written, so the title shown, set again, is no change and the author stays. A title given
    /// with its own author is written as given.
    func titleKeepingAuthor(_ value: NewValue, over entry: FrontMatterEntry?) -> NewValue {
        guard case .string(let text) = value, let separator = vocabulary.titleAuthorSeparator,
            let written = entry.flatMap({ FieldValue($0.value).text }),
            let split = Book.titleWithAuthor(in: written, separator: separator, path: path),
            let book = Book(path: path, document: document, vocabulary: vocabulary), book.authors == split.authors,
            // The title shown is no change, though it may read as holding a name (`Star Wars - Chasseurs de Prime`).
            text.trimmingSpaces == split.title || Book.titleWithAuthor(in: text, separator: separator, path: path) == nil
        else { return value }
        return .string(split.authorFirst ? split.kept + text : text + split.kept)
    }
}
