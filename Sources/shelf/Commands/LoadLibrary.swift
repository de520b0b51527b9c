import ShelfKit

/// Loading the whole library, with a message instead of a stack of errors when the folder
/// itself cannot be read.
enum LoadLibrary {
    static func load(_ library: Library, withNotes: Bool) throws -> (index: LibraryIndex, problems: [LibraryProblem]) {
        do {
            return try library.load(withNotes: withNotes)
        } catch {
            throw Diagnostics.failure(error.description)
        }
    }
}
