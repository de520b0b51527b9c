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
    /// The open folder's path, relative to the root, as bytes.
    private var folder: [UInt8] = []
    private var descriptor: Int32 = -1
    /// The file's name, NUL-terminated, for `fstatat`: one buffer for every file, grown as needed.
    private var name: [CChar] = []

    init(root: String) {
        self.root = root
    }

    /// The stamp of the regular file at `relative` (following links), or nil.
    mutating func stamp(_ relative: String) -> FileStamp? {
        var relative = relative
        return relative.withUTF8 { stamp(UnsafeRawBufferPointer($0)) }
    }

    /// The stamp of the regular file whose relative path is the UTF-8 `path`, or nil.
    mutating func stamp(_ path: UnsafeRawBufferPointer) -> FileStamp? {
        guard let start = path.baseAddress, !path.isEmpty else { return nil }
        var slash = path.count - 1
        while slash >= 0, path[slash] != UInt8(ascii: "/") { slash -= 1 }
        let folderLength = max(slash, 0)
        if descriptor < 0 || !sameFolder(path, length: folderLength) {
            if descriptor >= 0 { close(descriptor) }
            folder = Array(path[..<folderLength])
            let relative = String(decoding: folder, as: UTF8.self)
            descriptor = open(relative.isEmpty ? root : root + "/" + relative, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        guard descriptor >= 0 else { return nil }
        let nameLength = path.count - slash - 1
        if name.count < nameLength + 1 { name = [CChar](repeating: 0, count: max(nameLength + 1, 256)) }
        var info = stat()
        let folderDescriptor = descriptor
        let found = name.withUnsafeMutableBytes { buffer -> Bool in
            guard let target = buffer.baseAddress else { return false }
            memcpy(target, start + slash + 1, nameLength)
            buffer[nameLength] = 0
            return fstatat(folderDescriptor, target.assumingMemoryBound(to: CChar.self), &info, 0) == 0
        }
        guard found, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileStamp(info)
    }

    private func sameFolder(_ path: UnsafeRawBufferPointer, length: Int) -> Bool {
        guard folder.count == length else { return false }
        return folder.withUnsafeBytes { mine in
            guard length > 0, let theirs = path.baseAddress, let start = mine.baseAddress else { return true }
            return memcmp(start, theirs, length) == 0
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }
}
