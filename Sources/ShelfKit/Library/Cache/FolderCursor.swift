#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stats files folder by folder: it keeps the current folder open and asks for each file by its
/// name in it, so the kernel does not walk the library's whole path again for every file.
/// Files come in path order, so the folder changes rarely.
struct FolderCursor: ~Copyable {
    private let root: String
    private var folder = ""
    private var descriptor: Int32 = -1

    init(root: String) {
        self.root = root
    }

    /// The stamp of the regular file at `relative` (following links), or nil.
    mutating func stamp(_ relative: String) -> FileStamp? {
        guard let slash = relative.utf8.lastIndex(of: UInt8(ascii: "/")) else {
            return stamp(name: relative, folder: "")
        }
        return stamp(name: String(relative[relative.index(after: slash)...]), folder: relative[..<slash])
    }

    private mutating func stamp(name: String, folder: Substring) -> FileStamp? {
        if descriptor < 0 || folder != self.folder {
            if descriptor >= 0 { close(descriptor) }
            self.folder = String(folder)
            descriptor = open(folder.isEmpty ? root : root + "/" + folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstatat(descriptor, name, &info, 0) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileStamp(info)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }
}
