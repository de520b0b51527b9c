import ShelfKit

/// Loading the whole library, with a message instead of a stack of errors when the folder
/// itself cannot be read.
enum LoadLibrary {
    static func load(_ library: Library, withNotes: Bool) throws -> (index: LibraryIndex, problems: [LibraryProblem]) {
        do {
            let loaded = try library.load(withNotes: withNotes)
            Teardown.skip(loaded.index)
            return loaded
        } catch {
            throw Diagnostics.failure(error.description)
        }
    }
}
