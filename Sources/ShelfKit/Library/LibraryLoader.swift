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
        let slots = Slots(count: paths.count)
        let workers = max(1, min(ProcessInfoCores.count, paths.count / 64 + 1))
        // Files are opened relative to their folder; without the root open, by their whole path.
        let rootDescriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if rootDescriptor >= 0 { close(rootDescriptor) } }
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var reader = FolderFileReader(root: root, rootDescriptor: rootDescriptor)
            var index = worker
            while index < paths.count {
                let path = paths[index]
                do throws(FileError) {
                    slots.set(index, try reader.withContents(of: path) {
                        BookFileReader.read($0, path: path, withNotes: withNotes, vocabulary: vocabulary)
                    })
                } catch {
                    slots.set(index, .failed(.unreadable(error)))
                }
                index += workers
            }
        }
        var books: [Book] = []
        books.reserveCapacity(paths.count)
        var noteWords: [[String]]? = withNotes ? [] : nil
        var problems: [LibraryProblem] = []
        for loaded in slots.drain() {
            switch loaded {
            case .book(let book, let words):
                books.append(book)
                noteWords?.append(words ?? [])
            case .notABook, .none:
                break
            case .failed(let problem):
                problems.append(problem)
            }
        }
        return Result(books: books, noteWords: noteWords, problems: problems)
    }
}

/// Result slots written by many workers, each slot by exactly one, read after they all finish.
private final class Slots: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<LoadedFile?>

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }

    func set(_ index: Int, _ value: LoadedFile) {
        storage[index] = value
    }

    /// Moves every result out, leaving the slots empty: no copy of a book is made.
    func drain() -> [LoadedFile?] {
        var results: [LoadedFile?] = []
        results.reserveCapacity(storage.count)
        for index in storage.indices {
            results.append(storage[index].take())
        }
        return results
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }
}
