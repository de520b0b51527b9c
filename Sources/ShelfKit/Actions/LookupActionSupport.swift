/// Why a lookup action (add, fill pending lookups, fetch a cover, refresh) did not do what was
/// asked. Nothing was written when one is thrown, unless the message says otherwise.
struct LookupActionError: Error, Sendable, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Reading the book an action works on. Reads only: every write goes through `LibraryWriter`.
enum ActionBookReader {
    /// The book at the library-relative `path`; a malformed file is reported with its position,
    /// a file without a title as not a book.
    static func book(at path: String, writer: LibraryWriter) throws -> Book {
        let library = writer.library
        let shown = writer.display(path)
        let document: BookDocument
        do {
            document = try BookDocument(bytes: FileIO.read(library.absolutePath(path)))
        } catch let error as DocumentError {
            throw error.at(path: shown)
        }
        guard let book = library.book(at: path, in: document) else { throw LookupActionError("\(shown): not a book") }
        return book
    }

    /// The book's ISBN, or an error naming the book.
    static func isbn(of book: Book, writer: LibraryWriter) throws -> ISBN {
        guard let isbn = book.isbn.flatMap(ISBN.parse) else {
            throw LookupActionError("\(writer.display(book.path)): no valid ISBN to look up")
        }
        return isbn
    }
}
