#if canImport(Glibc)
import Glibc
import CShelfSystem
#elseif canImport(Darwin)
import Darwin
#endif

/// What the index knows of the library's folders: each folder's stamp as it was listed, and the
/// files the listing found that have no entry. A file added, removed or renamed changes its
/// folder's times, so while every folder's stamp is the one recorded, the book files are exactly
/// the entries and these: a query then needs no listing, one `stat` per file (see
/// `IndexedQuery.quick()`).
///
/// Recorded only when it can be trusted: every folder was listed and none had been changed in the
/// last few seconds before (`LibraryCache.racyWindow`), for the reason files are not recorded then.
struct CacheListing: Sendable, Equatable {
    var folders: [BookFileScanner.ListedFolder]
    /// Book files the index holds no entry for (they failed to read, or had been written moments
    /// before), in path order: read again by every query.
    var unrecorded: [String]
    /// The sync tools' conflict copies, reported by every query.
    var conflicts: [String]

    /// The listing of `scan` (made at `started`), whose books have `records` (nil: no entry);
    /// nil when it cannot be trusted.
    init?(scan: BookFileScanner.Scan, records: [CacheRecord?], started: Int64) {
        guard records.count == scan.books.count, let folders = Self.trustedFolders(of: scan, started: started) else { return nil }
        self.folders = folders
        unrecorded = scan.books.indices.filter { records[$0] == nil }.map { scan.books[$0] }
        conflicts = scan.conflicts.map(\.path)
    }

    private init(folders: [BookFileScanner.ListedFolder], unrecorded: [String], conflicts: [String]) {
        self.folders = folders
        self.unrecorded = unrecorded
        self.conflicts = conflicts
    }

    /// The folders `scan` listed (at `started`), when their stamps can be trusted to change with
    /// what they hold: every folder was listed, none had changed in the last few seconds, and all
    /// are on one file system, which keeps folder times as a local disk does (see
    /// `trustsFolderTimes`: a folder mounted inside the library, or a library on a network or
    /// FUSE file system, is listed every time). Nil otherwise.
    static func trustedFolders(of scan: BookFileScanner.Scan, started: Int64) -> [BookFileScanner.ListedFolder]? {
        let recentSince = started - LibraryCache.racyWindow
        guard scan.unreadable.isEmpty, let device = scan.folders.first?.stamp.device,
            scan.folders.allSatisfy({ $0.stamp.inode != 0 && $0.stamp.device == device && $0.stamp.latest < recentSince })
        else { return nil }
        return scan.folders
    }

    /// True when the file system at `root` is one whose folders' times change whenever an entry
    /// is added, removed or renamed, and are not cached from a server: the local disks' (ext4,
    /// XFS, Btrfs, F2FS, ZFS, tmpfs, and overlayfs over them, as containers use; APFS and HFS+ on
    /// macOS). On a network or FUSE file system a
    /// folder's times may lag what it holds, so the library is listed at every query.
    static func trustsFolderTimes(root: String) -> Bool {
        #if os(Linux)
        let local: Set<Int64> = [0xEF53, 0x5846_5342, 0x9123_683E, 0xF2F5_2010, 0x2FC1_2FC1, 0x0102_1994, 0x794C_7630]
        return local.contains(Int64(shelf_file_system_type(root)))
        #else
        return true
        #endif
    }

    /// True when every folder has the stamp it had when it was listed (one `stat` each).
    func foldersUnchanged(root: String) -> Bool {
        Self.unchanged(folders, root: root)
    }

    /// True when each of `folders` has the stamp it had when it was listed (one `stat` each).
    static func unchanged(_ folders: [BookFileScanner.ListedFolder], root: String) -> Bool {
        folders.allSatisfy { folder in
            var info = stat()
            let path = folder.path.isEmpty ? root : root + "/" + folder.path
            return stat(path, &info) == 0 && FileStamp(info) == folder.stamp
        }
    }

    /// Appends the listing, or its absence, to the index's main section.
    static func encode(_ listing: CacheListing?, into writer: inout CacheByteWriter) {
        guard let listing else { return writer.byte(0) }
        writer.byte(1)
        writer.count(listing.folders.count)
        for folder in listing.folders {
            writer.string(folder.path)
            writer.stamp(folder.stamp)
        }
        for paths in [listing.unrecorded, listing.conflicts] {
            writer.count(paths.count)
            for path in paths { writer.string(path) }
        }
    }

    /// Reads what `encode` wrote.
    static func decode(from reader: inout CacheByteReader) throws(CacheCorruption) -> CacheListing? {
        guard try reader.byte() == 1 else { return nil }
        var folders: [BookFileScanner.ListedFolder] = []
        for _ in 0..<(try reader.count()) {
            let path = try reader.string()
            guard CachedPath.isPlausible(path, rootAllowed: true) else { throw CacheCorruption() }
            folders.append(BookFileScanner.ListedFolder(path: path, stamp: try reader.stamp()))
        }
        var lists: [[String]] = []
        for _ in 0..<2 {
            var paths: [String] = []
            for _ in 0..<(try reader.count()) {
                let path = try reader.string()
                guard CachedPath.isPlausible(path) else { throw CacheCorruption() }
                paths.append(path)
            }
            lists.append(paths)
        }
        return CacheListing(folders: folders, unrecorded: lists[0], conflicts: lists[1])
    }
}
