#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder of the library held open by descriptor. Every file operation of a write happens
/// relative to it (`openat`, `renameat`, `unlinkat`), so swapping a folder on the way for a
/// symbolic link after shelf looked at it cannot send a write anywhere else.
final class OpenFolder {
    let descriptor: Int32
    /// The folder's path relative to the library root ("" for the root), for messages.
    let relative: String

    private init(descriptor: Int32, relative: String) {
        self.descriptor = descriptor
        self.relative = relative
    }

    deinit { close(descriptor) }

    /// Opens the folder `relative` (components separated by `/`, no `.` or `..`) below `root`,
    /// one component at a time, refusing any component that is a symbolic link.
    /// - Parameter create: make missing folders (mode 0777 less the umask) instead of failing.
    static func open(_ relative: String, below root: String, create: Bool = false) throws(FileError) -> OpenFolder {
        var descriptor = openFolderPath(root)
        guard descriptor >= 0 else { throw FileError.fromErrno(root, "cannot open the library folder") }
        var walked = ""
        for component in relative.split(separator: "/", omittingEmptySubsequences: true).map(String.init) {
            walked += walked.isEmpty ? component : "/" + component
            guard component != ".", component != ".." else {
                close(descriptor)
                throw FileError(path: walked, reason: "'.' and '..' are not allowed in a book's path")
            }
            var next = openat(descriptor, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next < 0 && errno == ENOENT && create {
                if mkdirat(descriptor, component, 0o777) != 0 && errno != EEXIST {
                    let error = FileError.fromErrno(walked, "cannot create the folder")
                    close(descriptor)
                    throw error
                }
                next = openat(descriptor, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            guard next >= 0 else {
                let error =
                    errno == ELOOP || errno == ENOTDIR
                    ? FileError(path: walked, reason: "is not a folder of the library (a link or a file); shelf does not write through it")
                    : FileError.fromErrno(walked, "cannot open the folder")
                close(descriptor)
                throw error
            }
            close(descriptor)
            descriptor = next
        }
        return OpenFolder(descriptor: descriptor, relative: relative)
    }

    /// The `lstat` of the entry `name` in this folder, or nil when there is none.
    func status(of name: String) -> stat? {
        var info = stat()
        return fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info : nil
    }

    /// Makes renames and removals in this folder durable.
    func sync() {
        _ = fsync(descriptor)
    }
}

/// `open` of a folder by path, refusing a link (a name the `open` method would shadow).
private func openFolderPath(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
}
