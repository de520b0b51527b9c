#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory exclusive lock (`flock`) on a file, held until released. Used between shelf
/// processes only; a file that cannot be opened is simply not locked.
final class FileLock {
    private var descriptor: Int32

    init(path: String) {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor >= 0 {
            while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        }
    }

    /// Locks the entry `name` of an open folder, never through a link.
    init(name: String, in folder: OpenFolder) {
        descriptor = openat(folder.descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        if descriptor >= 0 {
            while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        }
    }

    func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
