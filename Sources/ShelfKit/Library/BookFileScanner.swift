#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the book files under a library root: every `*.md`, recursively, skipping hidden files
/// and folders (`.git`, `.obsidian`, `.stversions`, `.trash`, shelf's own temporary files).
public enum BookFileScanner {
    /// Relative, `/`-separated paths of candidate book files, sorted.
    public static func scan(root: String) throws(FileError) -> [String] {
        var found: [String] = []
        guard let directory = opendir(root) else { throw FileError.fromErrno(root, "cannot open folder") }
        closedir(directory)
        walk(root: root, relative: "", into: &found)
        found.sort()
        return found
    }

    /// True for a file name shelf reads as a possible book.
    public static func isCandidate(_ name: String) -> Bool {
        !name.hasPrefix(".") && name.utf8.count > 3 && name.hasSuffix(".md")
    }

    private static func walk(root: String, relative: String, into found: inout [String]) {
        let folder = relative.isEmpty ? root : root + "/" + relative
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        var subfolders: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            guard !name.hasPrefix(".") else { continue }
            let path = relative.isEmpty ? name : relative + "/" + name
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR):
                subfolders.append(path)
            case Int32(DT_REG):
                if isCandidate(name) { found.append(path) }
            default:
                // A link or a file system that does not report types: ask stat, and follow
                // links to files but never to folders, which could loop.
                var info = stat()
                let full = root + "/" + path
                if lstat(full, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                    subfolders.append(path)
                } else if stat(full, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, isCandidate(name) {
                    found.append(path)
                }
            }
        }
        for subfolder in subfolders {
            walk(root: root, relative: subfolder, into: &found)
        }
    }
}
