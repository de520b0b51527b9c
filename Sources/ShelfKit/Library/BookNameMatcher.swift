import Foundation
import ShelfPresentation

/// Matches the name a user gives a book against a loaded index: by path (absolute, relative to the current folder or to the
/// library root), by file name without `.md`, by ISBN, or by words matching exactly one title
/// (or, when no title holds them all, one book's title and authors together).
public enum BookNameMatcher {
    /// Why a name did not give exactly one book.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// `nearest` is the title of the book the name most likely meant, for "did you mean".
        case noMatch(String, nearest: String? = nil)
        case ambiguous(String, candidates: [Book])

        /// The message shown to the user, saying how else to name the book.
        public var description: String {
            switch self {
            case .noMatch(let name, let nearest):
                let hint = nearest.map { "; did you mean '\($0)'?" } ?? ""
                return "no book matches '\(name)'\(hint) (name it by path, file name, ISBN or title words)"
            case .ambiguous(let name, let candidates):
                let list = candidates.prefix(20).map { "  \($0.path)  \($0.title)" }.joined(separator: "\n")
                let more = candidates.count > 20 ? "\n  … and \(candidates.count - 20) more" : ""
                return "'\(name)' matches \(candidates.count) books; name one by path:\n\(list)\(more)"
            }
        }
    }

    /// The library-relative path of the file `name` points at, if it names an existing file:
    /// found without loading the library.
    static func existingPath(_ name: String, in library: Library) -> String? {
        var candidates = [Library.absolute(name), library.absolutePath(name)]
        if !name.hasSuffix(".md") {
            candidates += [Library.absolute(name + ".md"), library.absolutePath(name + ".md")]
        }
        var isFolder: ObjCBool = false
        for candidate in candidates
        where FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder) && !isFolder.boolValue {
            if let relative = library.relativePath(candidate) { return relative }
        }
        return nil
    }

    /// The book `name` stands for in a loaded index.
    static func resolve(_ name: String, in index: LibraryIndex, library: Library) throws(Failure) -> Book {
        if let path = existingPath(name, in: library), let book = index.books.first(where: { $0.path == path }) {
            return book
        }
        let stem = name.hasSuffix(".md") ? String(name.dropLast(3)) : name
        let foldedStem = TextFolding.fold(stem)
        let byFileName = index.books.filter { book in
            let fileName = book.path.split(separator: "/").last.map(String.init) ?? book.path
            return TextFolding.fold(String(fileName.dropLast(3))) == foldedStem
        }
        if byFileName.count == 1 { return byFileName[0] }
        if let isbn = ISBN.parse(name) {
            let ids = index.isbns.books(with: isbn.isbn13)
            if ids.count == 1 { return index.books[Int(ids[0])] }
            if ids.count > 1 { throw .ambiguous(name, candidates: ids.map { index.books[Int($0)] }) }
        }
        let words = TextFolding.words(name)
        guard !words.isEmpty else { throw .noMatch(name, nearest: nil) }
        var ids = Set(index.titleWords.books(with: words[0]))
        for word in words.dropFirst() { ids.formIntersection(index.titleWords.books(with: word)) }
        if ids.isEmpty {
            // No title holds every word: the author's words may name the book too
            // (`le-guin-left-hand`, the form shell completion offers).
            let either = { (word: String) in Set(index.titleWords.books(with: word)).union(index.authorWords.books(with: word)) }
            ids = either(words[0])
            for word in words.dropFirst() { ids.formIntersection(either(word)) }
        }
        let matches = ids.sorted().map { index.books[Int($0)] }
        if matches.count == 1 { return matches[0] }
        // Several titles hold the words: one whose title is exactly the name still wins.
        let exact = matches.filter { TextFolding.words($0.title) == words }
        if exact.count == 1 { return exact[0] }
        if matches.isEmpty {
            if byFileName.count > 1 { throw .ambiguous(name, candidates: byFileName) }
            throw .noMatch(name, nearest: nearestTitle(to: words, stem: foldedStem, in: index))
        }
        throw .ambiguous(name, candidates: matches)
    }

    /// The title a mistyped name most likely meant: each word not in any title is replaced by
    /// the nearest title word, and the first book holding them all is it; else the book whose
    /// file name is nearest.
    static func nearestTitle(to words: [String], stem: String, in index: LibraryIndex) -> String? {
        let vocabulary = index.titleWords.termCounts.sorted { ($0.count, $1.term) > ($1.count, $0.term) }.map(\.term)
        var ids: Set<Int32>?
        for word in words {
            var books = index.titleWords.books(with: word)
            if books.isEmpty, let nearest = NearestName.suggestion(for: word, among: vocabulary) {
                books = index.titleWords.books(with: nearest)
            }
            ids = ids.map { $0.intersection(books) } ?? Set(books)
        }
        if let id = ids?.min() { return index.books[Int(id)].title }
        let stems = index.books.map { TextFolding.fold(String(($0.path.split(separator: "/").last ?? "").dropLast(3))) }
        guard let nearest = NearestName.suggestion(for: stem, among: stems), let position = stems.firstIndex(of: nearest) else {
            return nil
        }
        return index.books[position].title
    }
}
