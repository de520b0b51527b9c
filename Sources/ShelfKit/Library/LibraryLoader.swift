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
        /// The note index over `books`, when the loader was asked to build it (`Notes.index`).
        var noteIndex: PostingIndex?
    }

    /// What to do with the words of the notes.
    enum Notes {
        case skip
        /// Fold them into `Result.noteWords`.
        case words
        /// Index them as they are read, each worker its share, into `Result.noteIndex`.
        case index
    }

    /// Loads the files at `paths` (relative to `root`).
    public static func load(root: String, paths: [String], withNotes: Bool, vocabulary: Vocabulary = .standard) -> Result {
        load(root: root, paths: paths, notes: withNotes ? .words : .skip, vocabulary: vocabulary)
    }

    /// Files are handed to the workers this many at a time, as each asks for more: a worker slowed
    /// down (by another process on its core) takes fewer.
    static let filesPerTurn = 32

    static func load(root: String, paths: [String], notes: Notes, vocabulary: Vocabulary) -> Result {
        let count = paths.count
        let others = Outcomes(count: count)
        let workers = max(1, min(ProcessInfoCores.count, count / 64 + 1))
        let turns = TurnCounter()
        let noteIndexes = WorkerNoteIndexes(count: workers)
        var ids = [Int32](repeating: -1, count: count)
        // Each book is written straight into its file's place in the array the library keeps, and
        // the places of files that are not books are closed up afterwards: no second array of books.
        let books = [Book](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            let places = BookPlaces(buffer)
            // Files are opened relative to their folder; without the root open, by their whole path.
            let rootDescriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            defer { if rootDescriptor >= 0 { close(rootDescriptor) } }
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                var reader = FolderFileReader(root: root, rootDescriptor: rootDescriptor)
                // This worker's share of the note index, by file position until the books are placed.
                var noteIndex = PostingIndex()
                while true {
                    let first = turns.take(filesPerTurn)
                    guard first < count else { break }
                    for index in first..<min(first + filesPerTurn, count) {
                        let path = paths[index]
                        let loaded: LoadedFile
                        do throws(FileError) {
                            loaded = try reader.withContents(of: path) { bytes in
                                switch notes {
                                case .skip, .words:
                                    return BookFileReader.read(bytes, path: path, withNotes: notes == .words, vocabulary: vocabulary)
                                case .index:
                                    let id = Int32(index)
                                    return BookFileReader.read(bytes, path: path, vocabulary: vocabulary) { noteIndex.add($0, book: id) }
                                }
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
                    }
                }
                noteIndexes.set(worker, noteIndex)
            }
            var next = 0
            for index in 0..<count where others.isBook(index) {
                if index != next { places.move(from: index, to: next) }
                ids[index] = Int32(next)
                next += 1
            }
            initializedCount = next
        }
        var noteWords: [[String]]? = notes == .words ? [] : nil
        noteWords?.reserveCapacity(books.count)
        var problems: [LibraryProblem] = []
        for index in 0..<count {
            switch others.take(index) {
            case .book(let words): noteWords?.append(words ?? [])
            case .problem(let problem): problems.append(problem)
            case .none: break
            }
        }
        var noteIndex: PostingIndex?
        if notes == .index {
            var merged = PostingIndex()
            for part in noteIndexes.all { merged.merge(part, mappingIDs: ids) }
            noteIndex = merged
        }
        return Result(books: books, noteWords: noteWords, problems: problems, noteIndex: noteIndex)
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

/// Hands out positions, in increasing order, to workers asking in turn.
private final class TurnCounter: @unchecked Sendable {
    private var next = 0
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
    }

    /// The first of the next `count` positions.
    func take(_ count: Int) -> Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let first = next
        next += count
        return first
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }
}

/// Each worker's share of the note index, each set by its worker as it finishes.
private final class WorkerNoteIndexes: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<PostingIndex>

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: PostingIndex())
    }

    func set(_ worker: Int, _ index: PostingIndex) {
        storage[worker] = index
    }

    var all: [PostingIndex] { Array(storage) }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }
}
