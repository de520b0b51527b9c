#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names already used in a library's folders, compared without case, so a new book never
/// takes a name a file has (even one that is not a book, a link, a folder) nor one that differs
/// from it only in case (one file on a case-insensitive file system). Each folder is listed
/// once, when first asked about; a name is looked up on disk again at every call, so files
/// created since are still seen. Every command that chooses a new name asks it.
final class TakenNames: @unchecked Sendable {
    private let root: String
    /// Folder (relative to the root) → the lowercased names in it.
    private var folders: [String: Set<String>] = [:]

    init(root: String) {
        self.root = root
    }

    /// True when a file, folder or link is named `relative`, or a name differing only in case.
    /// - Parameter refresh: list the folder again (it changed since it was listed).
    func contains(_ relative: String, refresh: Bool = false) -> Bool {
        var info = stat()
        if lstat(root + "/" + relative, &info) == 0 { return true }
        let (folder, name) = LibraryPath.split(relative)
        if refresh || folders[folder] == nil { folders[folder] = TakenNames.list(folder.isEmpty ? root : root + "/" + folder) }
        return folders[folder]?.contains(name.lowercased()) ?? false
    }

    /// Records a name shelf just created.
    func add(_ relative: String) {
        let (folder, name) = LibraryPath.split(relative)
        folders[folder]?.insert(name.lowercased())
    }

    private static func list(_ folder: String) -> Set<String> {
        Set(FolderEntries(folder).map { $0.lowercased() })
    }
}
