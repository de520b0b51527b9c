/// Where a library's cache file lives, and the identity it must carry to be used.
struct LibraryCacheLocation: Sendable {
    /// The cache file's path.
    let file: String
    /// The folder it lies in.
    let folder: String
    /// The library root the cache was made for (also stored in the file and compared).
    let root: String
    /// A hash of the cache format, shelf's version and binary, the root and `shelf.yaml`:
    /// any change to what decides how a file reads as a book gives a new identity.
    let identity: UInt64

    /// The cache of the library at `root` inside `folder`.
    /// - Parameter configBytes: the bytes of the library's `shelf.yaml` (empty when absent).
    init(folder: String, root: String, configBytes: [UInt8]) {
        self.init(folder: folder, root: root, identity: LibraryCacheLocation.identity(root: root, configBytes: configBytes))
    }

    /// The cache of the library at `root` inside `folder`, carrying `identity` (a test's fixed one,
    /// for an index whose bytes do not depend on the binary that wrote it).
    init(folder: String, root: String, identity: UInt64) {
        self.root = root
        self.folder = folder
        self.identity = identity
        let name = String(CacheChecksum.of(root), radix: 16)
        file = folder + "/" + String(repeating: "0", count: max(0, 16 - name.count)) + name + ".cache"
    }

    /// The identity of an index of the library at `root` with `shelf.yaml` bytes `configBytes`,
    /// written by this binary (docs/index-format.md).
    private static func identity(root: String, configBytes: [UInt8]) -> UInt64 {
        var parts = CacheByteWriter()
        parts.word(LibraryCache.formatVersion)
        parts.string(ShelfKitVersion.current)
        // The running binary: a rebuilt shelf may read books differently, so it starts afresh.
        let binary = FileStamp.of(path: "/proc/self/exe") ?? FileStamp(device: 0, inode: 0, size: 0, modified: 0, changed: 0)
        for value in [binary.device, binary.inode, UInt64(bitPattern: binary.size), UInt64(bitPattern: binary.modified)] {
            parts.word(value)
        }
        parts.string(root)
        parts.word(configBytes.withUnsafeBytes { CacheChecksum.of($0) })
        return parts.bytes.withUnsafeBytes { CacheChecksum.of($0) }
    }

    /// The folder of library caches: `$XDG_CACHE_HOME/shelf/libraries`, else
    /// `~/.cache/shelf/libraries`; nil when neither variable is set.
    static func defaultFolder(variable: (String) -> String?) -> String? {
        ShelfCacheFolder.path("libraries", variable: variable)
    }
}
