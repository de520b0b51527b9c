#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An export's bytes a piece at a time, so that an import holds one piece, not the file: read
/// from a file (or a pipe the person named, `<(…)`, read to its end), or cut from bytes already
/// read (standard input).
final class ImportChunks {
    /// The bytes of a piece, unless the caller asks for another size: large enough that reads
    /// cost little, small enough to be nothing beside the import's own memory.
    static let defaultSize = 1 << 20

    private let descriptor: Int32?
    private let path: String
    private let given: [UInt8]
    private let size: Int
    private var buffer: [UInt8]
    /// How many bytes were given out so far.
    private(set) var bytesRead = 0
    /// The size of the input when known (a regular file, or bytes given), for a progress bar.
    let totalBytes: Int?

    /// The file at `path` (absolute), opened now, or a `FileError` saying why it cannot be.
    /// - Parameter size: the bytes of a piece (tests cut files into tiny pieces).
    convenience init(path: String, size: Int = ImportChunks.defaultSize) throws(FileError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileError.fromErrno(path, "cannot open") }
        try self.init(owning: descriptor, path: path, size: size)
    }

    /// What is open at `descriptor` (standard input, or a file to be read again), read
    /// through a descriptor of its own (`dup`), so that the caller's stays open.
    /// - Parameter rewinding: read a file from its start, not from where the descriptor is.
    convenience init(
        duplicating descriptor: Int32, path: String, size: Int = ImportChunks.defaultSize, rewinding: Bool = false
    ) throws(FileError) {
        let own = dup(descriptor)
        guard own >= 0 else { throw FileError.fromErrno(path, "cannot open") }
        guard !rewinding || lseek(own, 0, SEEK_SET) == 0 else {
            let error = FileError.fromErrno(path, "cannot read")
            close(own)
            throw error
        }
        try self.init(owning: own, path: path, size: size)
    }

    /// Reads `descriptor`, closed with this object (or now, when it cannot be read).
    private init(owning descriptor: Int32, path: String, size: Int) throws(FileError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let error = FileError.fromErrno(path, "cannot stat")
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
        self.path = path
        given = []
        self.size = max(size, 1)
        buffer = [UInt8](repeating: 0, count: max(size, 1))
        totalBytes = info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : nil
    }

    /// Bytes already read, given out `size` at a time.
    init(bytes: [UInt8], size: Int = ImportChunks.defaultSize) {
        descriptor = nil
        path = ""
        given = bytes
        self.size = max(size, 1)
        buffer = []
        totalBytes = bytes.count
    }

    deinit {
        if let descriptor { close(descriptor) }
    }

    /// The next piece, or nil at the end.
    func next() throws(FileError) -> ArraySlice<UInt8>? {
        guard let descriptor else {
            guard bytesRead < given.count else { return nil }
            let end = min(bytesRead + size, given.count)
            defer { bytesRead = end }
            return given[bytesRead..<end]
        }
        while true {
            let got = buffer.withUnsafeMutableBytes { raw in systemRead(descriptor, raw.baseAddress, raw.count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw FileError.fromErrno(path, "cannot read")
            }
            if got == 0 { return nil }
            bytesRead += got
            return buffer[..<got]
        }
    }

    /// Everything left, for the readers that need the whole text (JSON, calibre's catalog).
    func rest() throws(FileError) -> [UInt8] {
        var bytes: [UInt8] = []
        if let totalBytes { bytes.reserveCapacity(totalBytes - bytesRead) }
        while let chunk = try next() { bytes += chunk }
        return bytes
    }
}
