#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file that could not be read or written, and why.
public struct FileError: Error, Sendable, CustomStringConvertible {
    /// The file, as the user would name it.
    public var path: String
    var reason: String

    init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// An error from the current `errno`, taken before the path is made (which may allocate):
    /// the path is made only here, for the error.
    static func fromErrno(_ path: @autoclosure () -> String, _ action: String) -> FileError {
        let code = errno
        return FileError(path: path(), reason: "\(action): \(String(cString: strerror(code)))")
    }

    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }

    /// The reason given for a file that is not a regular file: `not a regular file (a FIFO); skipped`.
    static func notRegularReason(_ kind: String) -> String {
        "not a regular file (\(kind)); skipped"
    }

    /// True when this error says the file is a FIFO, socket, device or folder rather than a file.
    var isNotRegularFile: Bool { reason.hasPrefix("not a regular file (") }

    /// True when this error says the file is a link to nothing, or a loop of links.
    var isBrokenLink: Bool { reason.hasPrefix("a broken link (") }

    /// The error for `name` in `folder` (`AT_FDCWD`: a path), which `fstatat` just failed to
    /// follow: a link whose target is gone, or that loops, is named as one (with where it
    /// points), not as a file that does not exist, which the user would not recognise.
    static func unfollowable(at folder: Int32, _ name: UnsafePointer<CChar>, path: () -> String) -> FileError {
        let code = errno
        var link = stat()
        guard code == ENOENT || code == ELOOP || code == ENOTDIR,
            fstatat(folder, name, &link, AT_SYMLINK_NOFOLLOW) == 0, (link.st_mode & S_IFMT) == S_IFLNK
        else {
            errno = code
            return fromErrno(path(), "cannot open")
        }
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlinkat(folder, name, &target, target.count - 1)
        let shown = length > 0 ? String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
        let why: String
        if code == ELOOP {
            why = "a loop of links"
        } else if length > 0, linkExists(at: folder, besideLink: String(cString: name), target: Array(target[..<length])) {
            // The target is there, but is itself a link that leads nowhere.
            why = "a link that leads nowhere"
        } else {
            why = "which is not there"
        }
        return FileError(path: path(), reason: "a broken link (to \(shown), \(why)); skipped")
    }

    /// True when the target of the link `link` (a name in `folder`) is itself there, as a link.
    private static func linkExists(at folder: Int32, besideLink link: String, target: [CChar]) -> Bool {
        var path = target.map { UInt8(bitPattern: $0) }
        if path.first != UInt8(ascii: "/"), let slash = link.utf8.lastIndex(of: UInt8(ascii: "/")) {
            path = Array(link.utf8[...slash]) + path
        }
        var info = stat()
        return (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { name in
                name.baseAddress.map { fstatat(folder, $0, &info, AT_SYMLINK_NOFOLLOW) == 0 } ?? false
            }
        } && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// Throws unless `info` describes a regular file. The path is made only for the error: a
    /// load checks every file of the library twice, and making each path was 3% of a first one.
    static func requireRegular(_ info: stat, path: @autoclosure () -> String) throws(FileError) {
        guard (info.st_mode & S_IFMT) != S_IFREG else { return }
        throw FileError(path: path(), reason: notRegularReason(FileKind.name(of: info.st_mode)))
    }
}

/// Names of the kinds of files `stat` tells apart, for messages.
enum FileKind {
    /// Whether `path` is a pipe (a FIFO, or `/dev/stdin` on one), links followed.
    static func isPipe(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
    }

    /// `a FIFO`, `a socket`, `a character device`… for a `st_mode`.
    static func name(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: return "a regular file"
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFLNK: return "a symbolic link"
        default: return "a special file"
        }
    }
}

/// Reads whole files with one `open`, `fstat` and as few `read` calls as the size allows.
enum FileIO {
    /// The bytes of the file at `path`.
    /// Only a regular file (or a link to one) is read, unless `allowingSpecialFiles`: see
    /// `read(_:into:allowingSpecialFiles:)`.
    static func read(_ path: String, allowingSpecialFiles: Bool = false) throws(FileError) -> [UInt8] {
        var buffer: [UInt8] = []
        try read(path, into: &buffer, allowingSpecialFiles: allowingSpecialFiles)
        return buffer
    }

    /// Reads the file at `path` into `buffer`, replacing its contents; reusing one buffer across
    /// many files avoids an allocation per file.
    /// - Returns: the stamp of the file read, taken before reading: if the file changes while
    ///   it is read, the bytes are newer than the stamp, never older.
    ///
    /// Only a regular file is read (a link to one is followed: a book may be a link to a file
    /// elsewhere in the library). A FIFO, socket or device is refused with a `FileError` saying
    /// `not a regular file (a FIFO); skipped` before it is opened, so nothing blocks on a FIFO without a
    /// writer and no device sees an `open`; the file is opened non-blocking and checked again
    /// with `fstat`, in case it was swapped for one in between.
    /// - Parameter allowingSpecialFiles: read a pipe or device too, blocking until it ends: for
    ///   a file the user names on the command line (`shelf import goodreads <(…)`), never for a
    ///   file found in the library.
    @discardableResult
    static func read(
        _ path: String, into buffer: inout [UInt8], allowingSpecialFiles: Bool = false
    ) throws(FileError) -> FileStamp {
        let name = Array(path.utf8CString)
        return try name.withUnsafeBufferPointer { name throws(FileError) in
            // A path has no NUL of its own (the kernel takes it as the end); `utf8CString` always ends in one.
            guard let start = name.baseAddress else { throw FileError.fromErrno(path, "cannot open") }
            return try read(at: AT_FDCWD, start, path: path, into: &buffer, allowingSpecialFiles: allowingSpecialFiles)
        }
    }

    /// `read(_:into:allowingSpecialFiles:)` of the file `name` in the folder open as `folder`
    /// (`AT_FDCWD`: `name` is a path); `path` names the file in errors.
    /// - Parameter listedRegular: the folder's listing (`d_type`), or a `stat` just made, said
    ///   `name` is a regular file: it is opened without the `stat` before, but never through a link
    ///   (`O_NOFOLLOW`), so that what is opened is what was listed, or a file put in its place
    ///   since. A FIFO put there is not waited on (`O_NONBLOCK`) and is refused by the `fstat`
    ///   after; a device cannot be put there without the privilege to make one. Whatever cannot
    ///   be opened so (a link put there, a socket) is read the careful way, with the `stat` first,
    ///   which names what is there now.
    static func read(
        at folder: Int32, _ name: UnsafePointer<CChar>, path: @autoclosure () -> String, into buffer: inout [UInt8],
        allowingSpecialFiles: Bool = false, listedRegular: Bool = false
    ) throws(FileError) -> FileStamp {
        var info = stat()
        let opensAsListed = listedRegular && !allowingSpecialFiles
        if !allowingSpecialFiles && !opensAsListed {
            guard fstatat(folder, name, &info, 0) == 0 else { throw FileError.unfollowable(at: folder, name, path: path) }
            try FileError.requireRegular(info, path: path())
        }
        var flags = allowingSpecialFiles ? O_RDONLY | O_CLOEXEC : O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY
        if opensAsListed { flags |= O_NOFOLLOW }
        let descriptor = openat(folder, name, flags)
        if descriptor < 0 && !allowingSpecialFiles {
            // Where the listing saw a regular file: the careful way says what is there now (a link
            // is followed; a socket or a device put there gives ENXIO, and is named for what it is).
            if opensAsListed { return try read(at: folder, name, path: path(), into: &buffer) }
            // A regular file a moment ago: if something else took its place, say what.
            let openError = errno
            if fstatat(folder, name, &info, 0) == 0 { try FileError.requireRegular(info, path: path()) }
            errno = openError
        }
        guard descriptor >= 0 else { throw FileError.fromErrno(path(), "cannot open") }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0 else { throw FileError.fromErrno(path(), "cannot stat") }
        if !allowingSpecialFiles { try FileError.requireRegular(info, path: path()) }
        var capacity = max(Int(info.st_size), 0) + 1
        buffer.removeAll(keepingCapacity: true)
        var total = 0
        while true {
            if buffer.count < capacity { buffer.append(contentsOf: repeatElement(0, count: capacity - buffer.count)) }
            let got = buffer.withUnsafeMutableBytes { raw in
                Glibc.read(descriptor, raw.baseAddress.map { $0 + total }, capacity - total)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw FileError.fromErrno(path(), "cannot read")
            }
            if got == 0 { break }
            total += got
            // The size fstat gave is read: no need for one more read to see the end.
            if total == capacity - 1 && total == max(Int(info.st_size), 0) { break }
            // The file grew while being read: make room and keep going.
            if total == capacity { capacity *= 2 }
        }
        buffer.removeLast(buffer.count - total)
        return FileStamp(info)
    }

    /// Writes all of `bytes` to `descriptor`, retrying short writes and interrupted calls.
    /// - Returns: false when a write fails (`errno` says why).
    @discardableResult
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#else
private let systemWrite = Darwin.write
#endif
