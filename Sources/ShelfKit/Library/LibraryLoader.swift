#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// Reads every book file of a library in parallel, one reused buffer per core.
public enum LibraryLoader {
    /// What loading a library gave: the books, and the files that failed.
    public struct Result: Sendable {
        public var books: [Book]
        /// Folded note words, parallel to `books`, when notes were asked for.
        public var noteWords: [[String]]?
        public var problems: [LibraryProblem]
    }

    /// Loads the files at `paths` (relative to `root`).
    public static func load(root: String, paths: [String], withNotes: Bool, vocabulary: Vocabulary = .standard) -> Result {
        let count = paths.count
        let others = Outcomes(count: count)
        // Each book is written straight into its file's place in the array the library keeps, and
        // the places of files that are not books are closed up afterwards: no second array of books.
        let books = [Book](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            let places = BookPlaces(buffer)
            let workers = max(1, min(ProcessInfoCores.count, count / 64 + 1))
            // Files are opened relative to their folder; without the root open, by their whole path.
            let rootDescriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            defer { if rootDescriptor >= 0 { close(rootDescriptor) } }
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                var reader = FolderFileReader(root: root, rootDescriptor: rootDescriptor)
                var index = worker
                while index < count {
                    let path = paths[index]
                    let loaded: LoadedFile
                    do throws(FileError) {
                        loaded = try reader.withContents(of: path) {
                            BookFileReader.read($0, path: path, withNotes: withNotes, vocabulary: vocabulary)
                        }
                    } catch {
                        loaded = .failed(.unreadable(error))
                    }
                    switch consume loaded {
                    case .book(let book, let words):
                        places.place(book, at: index)
                        others.set(index, .book(noteWords: words))
                    case .notABook:
                        break
                    case .failed(let problem):
                        others.set(index, .problem(problem))
                    }
                    index += workers
                }
            }
            var next = 0
            for index in 0..<count where others.isBook(index) {
                if index != next { places.move(from: index, to: next) }
                next += 1
            }
            initializedCount = next
        }
        var noteWords: [[String]]? = withNotes ? [] : nil
        noteWords?.reserveCapacity(books.count)
        var problems: [LibraryProblem] = []
        for index in 0..<count {
            switch others.take(index) {
            case .book(let words): noteWords?.append(words ?? [])
            case .problem(let problem): problems.append(problem)
            case .none: break
            }
        }
        return Result(books: books, noteWords: noteWords, problems: problems)
    }
}

/// The array of books being loaded: each place written by exactly one worker, then closed up
/// by the caller once they all finish.
private struct BookPlaces: @unchecked Sendable {
    private let base: UnsafeMutablePointer<Book>?

    init(_ buffer: UnsafeMutableBufferPointer<Book>) {
        base = buffer.baseAddress
    }

    func place(_ book: consuming Book, at index: Int) {
        base?.advanced(by: index).initialize(to: book)
    }

    func move(from source: Int, to destination: Int) {
        guard let base else { return }
        (base + destination).moveInitialize(from: base + source, count: 1)
    }
}

/// What each file gave besides its book: its note words, or its problem.
private final class Outcomes: @unchecked Sendable {
    enum Outcome {
        case book(noteWords: [String]?)
        case problem(LibraryProblem)
    }

    private let storage: UnsafeMutableBufferPointer<Outcome?>

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }

    func set(_ index: Int, _ outcome: Outcome) {
        storage[index] = outcome
    }

    func isBook(_ index: Int) -> Bool {
        if case .book = storage[index] { return true }
        return false
    }

    /// Moves the outcome out, leaving nil.
    func take(_ index: Int) -> Outcome? {
        storage[index].take()
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }
}
