#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a book's `cover:` names an image the HTML catalog may copy: a regular file inside the
/// library, after every symbolic link is resolved. `cover: /etc/passwd`, `cover: ../../x`, a link
/// that points out of the library, a FIFO or a device are refused with the reason, so a book file
/// cannot make an export copy (and publish) a file from elsewhere, or hang on a FIFO.
enum LocalCover: Sendable, Equatable {
    /// The image, by its resolved absolute path.
    case file(String)
    /// Not copied, and why.
    case refused(String)

    /// Checks `written` (absolute, or relative to the library) against the library at `libraryRoot`.
    static func check(_ written: String, libraryRoot: String) -> LocalCover {
        let candidate = written.hasPrefix("/") ? written : libraryRoot + "/" + written
        guard let resolvedPointer = realpath(candidate, nil) else {
            return .refused("cover \(written) does not exist")
        }
        let resolved = String(cString: resolvedPointer)
        free(resolvedPointer)
        var root = libraryRoot
        if let rootPointer = realpath(libraryRoot, nil) {
            root = String(cString: rootPointer)
            free(rootPointer)
        }
        guard resolved.hasPrefix(root + "/") else {
            return .refused("cover \(written) is outside the library")
        }
        var info = stat()
        guard stat(resolved, &info) == 0 else { return .refused("cover \(written) cannot be read") }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            return .refused("cover \(written) is not a regular file (\(FileKind.name(of: info.st_mode)))")
        }
        return .file(resolved)
    }
}
