#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says about a file, enough to tell that it has not changed since it was read:
/// the same identity (device and inode), size, and modification and change times to the
/// nanosecond. The change time cannot be set by tools that backdate the modification time
/// (`touch -d`, `rsync -t`, sync clients), so a rewrite that restores the old mtime still shows.
struct FileStamp: Sendable, Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    /// Modification time, nanoseconds since 1970.
    var modified: Int64
    /// Status change time, nanoseconds since 1970.
    var changed: Int64

    init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    init(_ info: stat) {
        #if canImport(Darwin)
        let modified = info.st_mtimespec, changed = info.st_ctimespec
        #else
        let modified = info.st_mtim, changed = info.st_ctim
        #endif
        self.init(
            device: UInt64(truncatingIfNeeded: info.st_dev),
            inode: UInt64(truncatingIfNeeded: info.st_ino),
            size: Int64(info.st_size),
            modified: FileStamp.nanoseconds(modified),
            changed: FileStamp.nanoseconds(changed))
    }

    /// The stamp of the regular file at `path`, following links; nil when there is none.
    static func of(path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileStamp(info)
    }

    /// The later of the modification and change times.
    var latest: Int64 { max(modified, changed) }

    /// Now, in nanoseconds since 1970, by the clock file times are set from.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return nanoseconds(time)
    }

    static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }
}
