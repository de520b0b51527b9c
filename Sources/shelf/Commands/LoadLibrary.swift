import ShelfKit

/// Loading the whole library, with a message instead of a stack of errors when the folder
/// itself cannot be read.
enum LoadLibrary {
    static func load(_ library: Library, withNotes: Bool) throws -> (index: LibraryIndex, problems: [LibraryProblem]) {
        do {
            let loaded = try library.load(withNotes: withNotes)
            ProcessLifetime.keepUntilExit(loaded.index)
            return loaded
        } catch {
            throw Diagnostics.failure(error.description)
        }
    }
}

/// Values kept until the process exits. `Shelf.main` exits without tearing anything down, and
/// freeing a loaded library book by book (every string, list and field) costs more than the
/// exit does; a value that goes out of scope at the end of a command would be freed that way.
enum ProcessLifetime {
    /// Keeps `value` alive until the process exits: it is never freed.
    static func keepUntilExit<Value>(_ value: Value) {
        _ = Unmanaged.passRetained(Box(value))
    }

    private final class Box<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}
