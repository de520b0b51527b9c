/// Resolves the name a person gives a book on the command line or in the web UI to that book's
/// file, loading the library only when the name is not a path, and never mistakes
/// a broken file for another book: when the name matches a file that did not load (malformed,
/// not UTF-8), that file and its error are reported instead of a book whose title happens to
/// hold the same words.
public struct BookNameResolver {
    let library: Library
    /// Called with the index when the library had to be loaded (the CLI keeps it until exit).
    let loaded: (LibraryIndex, [LibraryProblem]) -> Void

    /// Resolves names in `library`; `loaded` is called with the index and the files that failed to
    /// load whenever the library had to be loaded to find a name.
    public init(library: Library, loaded: @escaping (LibraryIndex, [LibraryProblem]) -> Void = { _, _ in }) {
        self.library = library
        self.loaded = loaded
    }

    /// Why a name did not lead to one book.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// No book, or more than one, matches the name.
        case unmatched(BookNameMatcher.Failure)
        /// The name matches a file that is not a book shelf can read.
        case broken(name: String, problem: LibraryProblem)
        case unreadableLibrary(FileError)

        /// The message shown to the user.
        public var description: String {
            switch self {
            case .unmatched(let failure): return failure.description
            case let .broken(name, problem):
                return "'\(name)' names a file shelf cannot read, so no book was changed:\n\(problem)"
            case .unreadableLibrary(let error): return error.description
            }
        }
    }

    /// The library-relative path of the book `name` stands for: a path (found without loading
    /// the library), a file name without `.md`, an ISBN, or title words.
    public func path(named name: String) throws(Failure) -> String {
        if let path = BookNameMatcher.existingPath(name, in: library) { return path }
        let index: LibraryIndex
        let problems: [LibraryProblem]
        do {
            (index, problems) = try library.load(withNotes: false)
        } catch {
            throw .unreadableLibrary(error)
        }
        loaded(index, problems)
        if let broken = brokenFile(named: name, among: problems) { throw .broken(name: name, problem: broken) }
        do {
            return try BookNameMatcher.resolve(name, in: index, library: library).path
        } catch {
            throw .unmatched(error)
        }
    }

    /// A file that failed to load whose name is `name` (compared folded, without `.md`, in any
    /// folder): the person meant that file, broken as it is.
    private func brokenFile(named name: String, among problems: [LibraryProblem]) -> LibraryProblem? {
        let wanted = TextFolding.fold(name.hasSuffix(".md") ? String(name.dropLast(3)) : name)
        guard !wanted.isEmpty else { return nil }
        return problems.first { problem in
            let path: String
            switch problem {
            case .malformed(let error): path = error.path
            case .unreadable(let error): path = error.path
            case .conflictCopies: return false
            }
            let stem = path.split(separator: "/").last.map { String($0.hasSuffix(".md") ? $0.dropLast(3) : $0) } ?? path
            return TextFolding.fold(stem) == wanted || TextFolding.fold(path) == TextFolding.fold(name)
        }
    }
}
