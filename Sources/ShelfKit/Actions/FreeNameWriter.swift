import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file shelf creates or renames under a free name: chooses the name (the name itself
/// comes from `BookFileName`), and retries with the next
/// name when another program takes the chosen one first: the door's `create` and `move` never
/// replace a file, so a name taken between the choice and the write costs a retry, not a file.
enum FreeNameWriter {
    /// `wanted`, or `wanted` made unique with `-2`, `-3`, in the library folder `folder` ("" for
    /// the root). A name is taken when the folder holds an entry of that name in any case (two
    /// books differing only in case collide on macOS and Windows), when it is in `taken`, or
    /// when Windows reserves it.
    static func free(_ wanted: String, inFolder folder: String, of library: Library, taken: Set<String> = [],
                     separator: String = "-") -> String {
        let present = TakenNames(root: library.root)
        let prefix = folder.isEmpty ? "" : folder + "/"
        let taken = Set(taken.map { $0.lowercased() })
        // `unique` also refuses what Windows cannot hold (`con.md`, a trailing dot).
        return BookFileName.unique(wanted, separator: separator) { candidate in
            taken.contains(candidate.lowercased()) || present.contains(prefix + candidate)
        }
    }

    /// Whether `name` exists in the library folder `folder` (a link counts, whatever it leads to).
    static func exists(_ name: String, inFolder folder: String, of library: Library) -> Bool {
        var info = stat()
        return lstat(library.absolutePath(folder.isEmpty ? name : folder + "/" + name), &info) == 0
    }

    /// Writes under the first free name, moving on to the next when `write` fails because the name
    /// appeared meanwhile. Returns the name written.
    /// - Parameter write: the door's `create` or `move` to the given name.
    static func writeUnderFreeName(
        _ wanted: String, inFolder folder: String, of library: Library, separator: String = "-",
        beforeWrite: ((String) -> Void)? = nil, _ write: (String) throws -> Void
    ) throws -> String {
        var taken: Set<String> = []
        while true {
            let name = free(wanted, inFolder: folder, of: library, taken: taken, separator: separator)
            beforeWrite?(name)
            do {
                try write(name)
                return name
            } catch {
                // Only a name that exists now was taken by someone else; anything else is a real
                // failure. A hundred lost races means something is creating names on purpose.
                guard exists(name, inFolder: folder, of: library), taken.count < 100 else { throw error }
                taken.insert(name)
            }
        }
    }

    /// Creates a new book file where the library's `filename:` puts it (its folders made when
    /// missing), under the first free name. Every command that creates a book comes here.
    /// - Returns: the path written, relative to the library.
    static func createBook(_ book: Book, bytes: [UInt8], writer: LibraryWriter,
                           beforeWrite: ((String) -> Void)? = nil) throws -> String {
        let naming = writer.library.config.fileNames
        try naming.check()
        let folder = naming.folder(for: book)
        let prefix = folder.isEmpty ? "" : folder + "/"
        let name = try writeUnderFreeName(naming.name(for: book), inFolder: folder, of: writer.library,
                                          separator: naming.collisionSeparator, beforeWrite: beforeWrite) { name in
            try writer.create(prefix + name, bytes: bytes)
        }
        return prefix + name
    }
}
