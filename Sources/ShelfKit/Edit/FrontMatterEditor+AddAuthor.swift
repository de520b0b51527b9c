/// Adding an author (`authors+=X`) where the authors are shown from a value shelf splits
/// (`author: Fredrik Backman;Hoàng Anh` inside a sync plugin's `kindle-sync:` map): a name
/// already shown is no change, and a new name is never spliced into a string that joins several,
/// since the owner's separator is theirs to choose.
extension FrontMatterEditor {
    /// True when every name is among the authors the book shows (compared folded, as a list's
    /// items are), whatever key or map they are read from: adding them writes nothing.
    func showsAuthors(_ names: [String]) -> Bool {
        guard let book = Book(path: path, document: document, vocabulary: vocabulary) else { return false }
        let shown = Set(book.authors.map(ListSplicer.fold))
        return !names.isEmpty && names.allSatisfy { shown.contains(ListSplicer.fold($0)) }
    }

    /// Refuses to add a name to one string that the book reads as several authors: turning it
    /// into a list would rewrite the owner's value, and appending needs their separator.
    func refuseAddingToJoinedNames(_ entry: FrontMatterEntry) throws(EditError) {
        guard case .scalar = FieldValue(entry.value),
            let book = Book(path: path, document: document, vocabulary: vocabulary), book.authors.count > 1
        else { return }
        throw .invalidValue(
            key: entry.key,
            reason: "holds several names in one string (\(shownValue(of: entry))); shelf does not add to it. "
                + "Nothing was written; set authors= with every name, or edit it by hand (shelf edit)")
    }

    /// Refuses to write a new authors key when the book already shows authors read from a place
    /// the edit cannot reach: a second key beside them would leave two lists of authors.
    func refuseAddingBesideShownAuthors(_ key: String) throws(EditError) {
        guard let book = Book(path: path, document: document, vocabulary: vocabulary), !book.authors.isEmpty else { return }
        throw .invalidValue(
            key: key,
            reason: "the authors shown (\(book.authors.joined(separator: ", "))) are not read from a key shelf can add to; "
                + "nothing was written. Edit them by hand (shelf edit)")
    }
}
