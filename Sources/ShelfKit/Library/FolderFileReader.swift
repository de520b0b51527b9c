#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the files of a library one after another, as one loader worker does, into one reused
/// buffer. A file is opened relative to its folder, which stays open while the files of that
/// folder follow (the library's paths come sorted): the kernel then looks up one name, not the
/// whole path. Each file costs one `openat`, `fstat`, `read` and `close`.
///
/// The bytes and the errors are those of `FileIO.read(root + "/" + relative)`.
struct FolderFileReader: ~Copyable {
    private let root: String
    /// The library root, open, or -1 (then files are opened by their whole path).
    private let rootDescriptor: Int32
    /// The folder open for the last file, relative to the root ("" for the root itself).
    private var folder = ""
    private var folderDescriptor: Int32 = -1
    private var buffer: UnsafeMutableRawPointer
    private var capacity: Int
    /// A file name, NUL-terminated, for `openat`.
    private var name: [CChar] = []

    init(root: String, rootDescriptor: Int32) {
        self.root = root
        self.rootDescriptor = rootDescriptor
        capacity = 16 * 1024
        buffer = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit {
        if folderDescriptor >= 0 && folderDescriptor != rootDescriptor { close(folderDescriptor) }
        buffer.deallocate()
    }

    /// Calls `body` with the bytes of the file at `relative` (a path below the root).
    mutating func withContents<Result>(
        of relative: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) throws(FileError) -> Result {
        let descriptor = open(relative)
        guard descriptor >= 0 else { throw FileError.fromErrno(root + "/" + relative, "cannot open") }
        defer { close(descriptor) }
        let count = try read(descriptor, path: relative)
        return body(UnsafeBufferPointer(start: buffer.assumingMemoryBound(to: UInt8.self), count: count))
    }

    /// Opens `relative` through its folder's descriptor; by its whole path when the folder will
    /// not open (so that the error is the one the whole path gives).
    private mutating func open(_ relative: String) -> Int32 {
        let slash = relative.utf8.lastIndex(of: UInt8(ascii: "/"))
        let folderPart = slash.map { String(relative.utf8[..<$0]) ?? "" } ?? ""
        if rootDescriptor >= 0 && folderPart != folder {
            if folderDescriptor >= 0 && folderDescriptor != rootDescriptor { close(folderDescriptor) }
            folder = folderPart
            folderDescriptor = folderPart.isEmpty
                ? rootDescriptor
                : openat(rootDescriptor, folderPart, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        guard rootDescriptor >= 0, folderDescriptor >= 0 else {
            return Glibc.open(root + "/" + relative, O_RDONLY | O_CLOEXEC)
        }
        name.removeAll(keepingCapacity: true)
        for byte in relative.utf8[(slash.map { relative.utf8.index(after: $0) } ?? relative.utf8.startIndex)...] {
            name.append(CChar(bitPattern: byte))
        }
        name.append(0)
        return openat(folderDescriptor, name, O_RDONLY | O_CLOEXEC)
    }

    /// Reads the whole open file into the buffer, as `FileIO.read` does: the size `fstat` gives
    /// in one `read`, more if the file grew meanwhile.
    private mutating func read(_ descriptor: Int32, path relative: String) throws(FileError) -> Int {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileError.fromErrno(root + "/" + relative, "cannot stat") }
        let size = max(Int(info.st_size), 0)
        var wanted = size + 1
        var total = 0
        while true {
            if wanted > capacity { grow(to: wanted, keeping: total) }
            let got = Glibc.read(descriptor, buffer + total, wanted - total)
            if got < 0 {
                if errno == EINTR { continue }
                throw FileError.fromErrno(root + "/" + relative, "cannot read")
            }
            if got == 0 { break }
            total += got
            // The size fstat gave is read: no need for one more read to see the end.
            if total == wanted - 1 && total == size { break }
            // The file grew while being read: make room and keep going.
            if total == wanted { wanted *= 2 }
        }
        return total
    }

    private mutating func grow(to wanted: Int, keeping count: Int) {
        var newCapacity = capacity
        while newCapacity < wanted { newCapacity *= 2 }
        let larger = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
        larger.copyMemory(from: buffer, byteCount: count)
        buffer.deallocate()
        buffer = larger
        capacity = newCapacity
    }
}
