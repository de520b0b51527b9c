/// Finds the book a new one would likely duplicate: the same ISBN, or the same title (folded)
/// with an author in common.
enum DuplicateFinder {
    static func duplicate(of book: Book, in index: LibraryIndex) -> Book? {
        if let isbn = book.isbn13, let id = index.isbns.books(with: isbn).first {
            return index.books[Int(id)]
        }
        let title = TextFolding.words(book.title)
        let authors = Set(book.authors.map { TextFolding.words($0).joined(separator: " ") })
        guard let firstWord = title.first else { return nil }
        for id in index.titleWords.books(with: firstWord) {
            let candidate = index.books[Int(id)]
            guard TextFolding.words(candidate.title) == title else { continue }
            let candidateAuthors = Set(candidate.authors.map { TextFolding.words($0).joined(separator: " ") })
            if authors.isEmpty || candidateAuthors.isEmpty || !authors.isDisjoint(with: candidateAuthors) {
                return candidate
            }
        }
        return nil
    }
}
