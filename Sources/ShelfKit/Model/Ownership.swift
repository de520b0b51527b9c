/// Whether you have the book: `owned`, on your `wishlist`, `borrowed` from someone, or from the
/// `library`. Its own key, `ownership:` (also read as `owned:`), apart from the reading status.
///
/// Older files said it in other ways, and still read as they meant: `owned: true` (the StoryGraph
/// import of earlier versions) is owned, and a book whose only word for it is its status
/// (`status: wishlist`, `status: owned`) is to-read *and* on the wishlist (owned).
enum Ownership: String, Sendable, CaseIterable {
    case owned, wishlist, borrowed, library

    /// Reads a word generously: case, spaces, `-` and `_` do not matter (`Wish List`, `yes`,
    /// `on-loan`, `public library`). `false`/`no` and unknown words are nil.
    init?(word: String) {
        switch CanonicalField.fold(word.trimmingSpaces.lowercased()) {
        case "owned", "own", "mine", "have", "yes", "true", "bought", "purchased": self = .owned
        case "wishlist", "wish", "wanted", "want", "wanttobuy", "wishlisted", "tobuy": self = .wishlist
        case "borrowed", "borrow", "onloan", "loaned", "lent": self = .borrowed
        case "library", "librarybook", "fromlibrary", "publiclibrary", "libby": self = .library
        default: return nil
        }
    }

    /// Words that say "not owned" and are no problem.
    static func isNo(_ word: String) -> Bool {
        ["false", "no", "n", "off", "none", ""].contains(word.trimmingSpaces.lowercased())
    }
}

extension Book {
    /// The book's ownership: its `ownership:` (or `owned:`, or the vocabulary's key) value, else
    /// what an older status word said (`status: wishlist`).
    var ownership: Ownership? {
        if let text = value(of: CanonicalField.ownership.rawValue)?.writtenText, let ownership = Ownership(word: text) {
            return ownership
        }
        guard let word = fields.first(where: { $0.canonical == .status })?.value.writtenText else { return nil }
        switch CanonicalField.fold(word.lowercased()) {
        case "wishlist": return .wishlist
        case "owned": return .owned
        default: return nil
        }
    }
}
