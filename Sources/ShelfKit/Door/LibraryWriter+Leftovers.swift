#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension LibraryWriter {
    /// Removes the temporary files (`.shelf-*.tmp`) a killed shelf left in the library folder
    /// `relative` (`""` for the root), each through `removeLeftover`: regular files only, never
    /// through a link. Only files older than `age` seconds go, so a write in progress in another
    /// process is never disturbed.
    /// - Returns: the paths removed, relative to the root.
    @discardableResult
    func sweepLeftovers(inFolder relative: String, olderThan age: Int64 = 60) -> [String] {
        let prefix = relative.isEmpty ? "" : relative + "/"
        guard let folder = try? OpenFolder.open(relative, below: library.root) else { return [] }
        let now = FileStamp.now() / 1_000_000_000
        var removed: [String] = []
        for name in FolderEntries(relative.isEmpty ? library.root : library.absolutePath(relative))
        where name.hasPrefix(AtomicFile.temporaryPrefix) && name.hasSuffix(AtomicFile.temporarySuffix) {
            guard let info = folder.status(of: name), now - FileStamp(info).modified / 1_000_000_000 > age else { continue }
            if (try? removeLeftover(prefix + name)) != nil { removed.append(prefix + name) }
        }
        return removed
    }
}
