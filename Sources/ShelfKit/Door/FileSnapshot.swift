#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One complete, settled version of a file: its bytes and what `stat` said about them.
///
/// An editor or sync tool may be rewriting the file in place while shelf reads it (truncate,
/// then write). A read is taken only when `fstat` before and after agree, the name still leads
/// to the same file, the size matches the bytes, and the file has not changed for
/// `quietPeriod`: a version caught half-written would have to stay half-written that long.
struct FileSnapshot {
    var bytes: [UInt8]
    var info: stat
    var stamp: FileStamp

    /// How long a file must have been left alone before its bytes are trusted (nanoseconds).
    /// File times come from a clock that ticks every few milliseconds, hence the margin.
    static let quietPeriod: Int64 = 40_000_000
    /// How long to wait, in all, for a file that keeps changing.
    static let patience: Int64 = 2_000_000_000

    /// Reads `name` in `folder` (never through a link), waiting for it to settle.
    static func read(_ name: String, in folder: OpenFolder, displayPath: String) throws(FileError) -> FileSnapshot {
        let deadline = FileStamp.now() + patience
        while true {
            if let snapshot = try readOnce(name, in: folder, displayPath: displayPath) {
                // The change time, which only the kernel sets (a modification time may be set
                // to anything, even the future).
                let age = FileStamp.now() - snapshot.stamp.changed
                if age >= quietPeriod { return snapshot }
                // Changed a moment ago: wait until it would be old enough, then make sure
                // nothing changed meanwhile.
                sleepNanoseconds(min(quietPeriod - age, quietPeriod))
                if let again = folder.status(of: name), FileStamp(again) == snapshot.stamp { return snapshot }
            }
            guard FileStamp.now() < deadline else {
                throw FileError(
                    path: displayPath, reason: "changed while being read (another program is writing it); nothing was written, try again")
            }
            sleepNanoseconds(5_000_000)
        }
    }

    /// One read; nil when the file changed while it was read.
    private static func readOnce(_ name: String, in folder: OpenFolder, displayPath: String) throws(FileError) -> FileSnapshot? {
        let descriptor = try open(name, in: folder, displayPath: displayPath)
        defer { close(descriptor) }
        return try read(descriptor, name: name, in: folder, displayPath: displayPath)
    }

    /// Opens `name` for reading, never through a link.
    private static func open(_ name: String, in folder: OpenFolder, displayPath: String) throws(FileError) -> Int32 {
        let descriptor = openat(folder.descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ELOOP {
                throw FileError(
                    path: displayPath, reason: "is a symbolic link, which shelf does not write through here; nothing was written")
            }
            throw FileError.fromErrno(displayPath, "cannot open")
        }
        return descriptor
    }

    /// Reads the open file `name` whole; nil when it changed while it was read or is open for writing.
    private static func read(
        _ descriptor: Int32, name: String, in folder: OpenFolder, displayPath: String
    ) throws(FileError) -> FileSnapshot? {
        var before = stat()
        guard fstat(descriptor, &before) == 0 else { throw FileError.fromErrno(displayPath, "cannot stat") }
        guard (before.st_mode & S_IFMT) == S_IFREG else {
            throw FileError(
                path: displayPath, reason: "is not a regular file (\(FileKind.name(of: before.st_mode))); shelf neither reads nor writes it"
            )
        }
        if WriteActivity.isOpenForWriting(descriptor) { return nil }
        let bytes = try FileIO.readAll(descriptor, path: displayPath)
        var after = stat()
        guard fstat(descriptor, &after) == 0 else { throw FileError.fromErrno(displayPath, "cannot stat") }
        let stamp = FileStamp(after)
        guard FileStamp(before) == stamp, stamp.size == Int64(bytes.count),
            let named = folder.status(of: name), FileStamp(named) == stamp
        else { return nil }
        return FileSnapshot(bytes: bytes, info: after, stamp: stamp)
    }

    /// True when `name` still holds exactly these bytes, as far as a fresh read can tell.
    func isCurrent(_ name: String, in folder: OpenFolder, displayPath: String) -> Bool {
        guard let descriptor = openIfCurrent(name, in: folder, displayPath: displayPath) else { return false }
        close(descriptor)
        return true
    }

    /// A descriptor of `name` when it still holds exactly these bytes, nil otherwise. It is kept
    /// open so that what another program writes to this file after the check can still be read
    /// once a rename has taken its name away (`DisplacedFile`).
    func openIfCurrent(_ name: String, in folder: OpenFolder, displayPath: String) -> Int32? {
        guard let descriptor = try? FileSnapshot.open(name, in: folder, displayPath: displayPath) else { return nil }
        guard let now = try? FileSnapshot.read(descriptor, name: name, in: folder, displayPath: displayPath),
            now.stamp == stamp, now.bytes == bytes
        else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    private static func sleepNanoseconds(_ nanoseconds: Int64) {
        var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}

/// Whether another program has a file open for writing right now: an editor or sync tool in the
/// middle of a save (truncated, half written). Linux refuses a read lease on such a file; where
/// leases are not available (another owner, a network file system), the timing checks remain.
///
/// While the lease is held (between two system calls), a program that opens the file for writing
/// makes the kernel signal the holder: SIGIO unless told otherwise, and SIGIO ends a process that
/// does not handle it. So the signal is first made SIGURG, which no part of shelf handles and
/// which by default is ignored.
enum WriteActivity {
    static func isOpenForWriting(_ descriptor: Int32) -> Bool {
        #if os(Linux)
        let setLease: Int32 = 1024, readLease: Int32 = 0, noLease: Int32 = 2, setSignal: Int32 = 10
        guard fcntl(descriptor, setSignal, SIGURG) == 0 else { return false }
        if fcntl(descriptor, setLease, readLease) == 0 {
            _ = fcntl(descriptor, setLease, noLease)
            return false
        }
        return errno == EAGAIN
        #else
        return false
        #endif
    }
}
