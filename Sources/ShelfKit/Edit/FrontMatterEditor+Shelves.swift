/// A status kept among shelves (`shelves: [to-read, favorites]`, as `Book.statusShelf` reads it):
/// an edit changes the one status word in place and leaves the other shelves as they are.
extension FrontMatterEditor {
    /// The entry's list of shelves, when the status is kept so (a list, not a bare link).
    func shelves(_ entry: FrontMatterEntry?) -> FrontMatterEntry? {
        guard let entry, case .sequence = entry.value else { return nil }
        let value = FieldValue(entry.value)
        return value.isBareLink ? nil : entry
    }

    /// Sets the status among the shelves: the status word is renamed to `word`, or `word` is
    /// added when no shelf is a status yet. Nothing is written when the status is already `word`'s
    /// status, in whatever word.
    mutating func setShelfStatus(_ word: String, in entry: FrontMatterEntry) throws(EditError) {
        let current = Book.statusShelf(in: FieldValue(entry.value), vocabulary: vocabulary)
        if let current {
            // The same status in another word is no change (`completed` stays for read).
            guard current.status != vocabulary.status(fromWord: word) else { return }
            if let splice = try ListSplicer(document: document).rename(current.word, to: word, in: entry) {
                try replace(splice.range, with: splice.bytes)
            }
        } else if let splice = try ListSplicer(document: document).add(word, to: entry, afterColon: afterColon(of: entry)) {
            try replace(splice.range, with: splice.bytes)
        }
    }

    /// Removes the status word from the shelves, keeping the others.
    mutating func unsetShelfStatus(in entry: FrontMatterEntry) throws(EditError) {
        guard let current = Book.statusShelf(in: FieldValue(entry.value), vocabulary: vocabulary),
              let splice = try ListSplicer(document: document).remove(current.word, from: entry, afterColon: afterColon(of: entry)) else { return }
        try replace(splice.range, with: splice.bytes)
    }
}
