#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the file a program name means, as a shell does.
enum ExecutableLookup {
    /// Where to look when `PATH` is not set (glibc's `execvp` default without the current folder).
    static let defaultSearchPath = "/bin:/usr/bin"

    /// `name` itself when it holds a `/`; otherwise the first executable regular file called
    /// `name` in the folders of `searchPath`. An empty folder in `PATH` means the current one.
    static func resolve(_ name: String, searchPath: String?) -> String? {
        guard !name.isEmpty else { return nil }
        if name.contains("/") { return name }
        for folder in (searchPath ?? defaultSearchPath).split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = folder.isEmpty ? name : folder + "/" + name
            if isExecutableFile(candidate) { return candidate }
        }
        return nil
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }
}
