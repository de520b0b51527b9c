/// What reading one candidate file gave.
enum LoadedFile: Sendable {
    /// A book, with the folded words of its notes when they were asked for.
    case book(Book, noteWords: [String]?)
    /// A Markdown file that is not a book (no front matter, or no title): left alone.
    case notABook
    /// A file that could not be read; reported, skipped, never written.
    case failed(LibraryProblem)
}

/// A problem with one file of the library, reported on stderr while the rest still lists.
public enum LibraryProblem: Error, Sendable, CustomStringConvertible {
    case malformed(DocumentError)
    case unreadable(FileError)
    /// Sync conflict copies waiting to be merged (never read as books).
    case conflictCopies([ConflictCopy])

    /// The message shown to the user, naming the file.
    public var description: String {
        switch self {
        case .malformed(let error): return error.description
        case .unreadable(let error): return error.description
        case .conflictCopies(let copies):
            return "\(copies.count) sync conflict \(copies.count == 1 ? "copy waits" : "copies wait"): "
                + "see them with `shelf conflicts`, merge them with `shelf conflicts resolve`"
        }
    }
}
