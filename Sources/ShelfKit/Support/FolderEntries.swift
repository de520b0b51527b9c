#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names in one folder, as `readdir` lists them (`.` and `..` left out), in the order it
/// gives them. A folder that cannot be opened has no entries.
///
/// Each name is read where it lies in its record: copying the `d_name` field (`entry.pointee.d_name`)
/// would copy all 256 bytes of it, past the end of a short record. A name that is not UTF-8 is
/// left out, since a `String` made of it would name another file or none (`MisnamedEntry`: the
/// library's scan reports such names; the folders read here are shelf's own or a book's
/// folder, where a name shelf could make is always UTF-8).
struct FolderEntries: Sequence {
    #if canImport(Darwin)
    typealias Stream = UnsafeMutablePointer<DIR>
    #else
    typealias Stream = OpaquePointer
    #endif

    let path: String

    init(_ path: String) {
        self.path = path
    }

    func makeIterator() -> Iterator {
        Iterator(directory: opendir(path))
    }

    final class Iterator: IteratorProtocol {
        private let directory: Stream?

        fileprivate init(directory: Stream?) {
            self.directory = directory
        }

        deinit {
            if let directory { closedir(directory) }
        }

        func next() -> String? {
            guard let directory, let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) else { return nil }
            while let entry = readdir(directory) {
                let field = (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self)
                guard let name = String(validatingCString: field), name != ".", name != ".." else { continue }
                return name
            }
            return nil
        }
    }
}
