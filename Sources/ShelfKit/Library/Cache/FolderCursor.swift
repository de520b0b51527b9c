#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stats and reads files folder by folder: it keeps the current folder open and asks for each
/// file by its name in it, so the kernel does not walk the library's whole path again for every
/// file.
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
        var info = stat()
        let found = withName(path) { folder, name in fstatat(folder, name, &info, 0) == 0 } ?? false
        guard found, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileStamp(info)
    }

    /// `FileIO.read(_:into:)` of the file at `relative`, by its name in its open folder; `path`
    /// names it in errors. `listedRegular`: as `FileIO.read(at:_:path:into:allowingSpecialFiles:listedRegular:)`.
    mutating func read(
        _ relative: String, path: @autoclosure () -> String, into buffer: inout [UInt8], listedRegular: Bool = false
    ) throws(FileError) -> FileStamp {
        var relative = relative
        let read = relative.withUTF8 { utf8 in
            withName(UnsafeRawBufferPointer(utf8)) { folder, name in
                Result { () throws(FileError) in
                    try FileIO.read(at: folder, name, path: path(), into: &buffer, listedRegular: listedRegular)
                }
            }
        }
        // A folder that cannot be opened: the whole path gives the error (or the file, if the
        // folder can be opened now).
        guard let read else { return try FileIO.read(path(), into: &buffer) }
        return try read.get()
    }

    /// `body` with the open folder of the file whose relative path is the UTF-8 `path`, and the
    /// file's name in it; nil when the folder cannot be opened.
    private mutating func withName<Value>(
        _ path: UnsafeRawBufferPointer, _ body: (Int32, UnsafePointer<CChar>) -> Value
    ) -> Value? {
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
        let folderDescriptor = descriptor
        return name.withUnsafeMutableBytes { buffer -> Value? in
            guard let target = buffer.baseAddress else { return nil }
            memcpy(target, start + slash + 1, nameLength)
            buffer[nameLength] = 0
            return body(folderDescriptor, target.assumingMemoryBound(to: CChar.self))
        }
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
