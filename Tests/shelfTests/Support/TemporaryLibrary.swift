import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A library in a fresh folder under the system temporary folder, removed when the value goes
/// away. Keep the value alive for the whole test (call `run` on it, or use `withExtendedLifetime`).
final class TemporaryLibrary {
    /// The folder, absolute, with symbolic links resolved (so it matches what `getcwd` gives).
    let root: URL

    static let defaultConfig = "# shelf test library\nfilename: \"{author}-{title}\"\n"

    /// - Parameters:
    ///   - config: the bytes of `shelf.yaml`; nil writes none (a plain folder).
    ///   - books: files to write, as (path relative to the root, content).
    init(config: String? = TemporaryLibrary.defaultConfig, books: [(String, String)] = []) throws {
        let base = FileManager.default.temporaryDirectory
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        let folder = base.appendingPathComponent("shelf-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        root = URL(fileURLWithPath: TemporaryLibrary.realPath(folder.path), isDirectory: true)
        if let config { try write("shelf.yaml", config) }
        for (path, content) in books { try write(path, content) }
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// The absolute URL of a path relative to the root.
    func url(_ relative: String) -> URL {
        relative.isEmpty ? root : root.appendingPathComponent(relative)
    }

    /// Absolute path of a path relative to the root.
    func path(_ relative: String) -> String { url(relative).path }

    /// Writes `content` (UTF-8) at `relative`, creating folders.
    func write(_ relative: String, _ content: String) throws {
        try write(relative, bytes: Array(content.utf8))
    }

    /// Writes raw bytes at `relative`, creating folders.
    func write(_ relative: String, bytes: [UInt8]) throws {
        let target = url(relative)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: target)
    }

    /// Makes a folder below the root and returns it.
    @discardableResult
    func makeFolder(_ relative: String) throws -> URL {
        let folder = url(relative)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The bytes of the file at `relative`.
    func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: url(relative)))
    }

    /// Runs `shelf` in `folder` (relative to the root; the root by default).
    func run(
        _ args: [String], in folder: String = "", environment: [String: String] = [:], stdin: String? = nil
    ) throws -> CommandResult {
        try shelfTests.run(args, in: url(folder), environment: environment, stdin: stdin)
    }

    /// Every file and folder below the root (hidden ones too) with its bytes and modification time.
    func snapshot() throws -> FolderSnapshot {
        try FolderSnapshot(root: root)
    }

    static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// The state of every entry below a folder, to prove that a command wrote nothing.
struct FolderSnapshot: Equatable, CustomStringConvertible {
    struct Entry: Equatable {
        var isFolder: Bool
        var bytes: [UInt8]
        var modified: timespec
        var size: Int

        static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.isFolder == rhs.isFolder && lhs.bytes == rhs.bytes && lhs.size == rhs.size
                && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
        }
    }

    var entries: [String: Entry] = [:]

    init(root: URL) throws {
        guard let walker = FileManager.default.enumerator(atPath: root.path) else {
            throw ShelfTestError("cannot list \(root.path)")
        }
        while let relative = walker.nextObject() as? String {
            let full = root.appendingPathComponent(relative).path
            var info = stat()
            guard lstat(full, &info) == 0 else { throw ShelfTestError("cannot stat \(full)") }
            let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
            #if canImport(Darwin)
            let modified = info.st_mtimespec
            #else
            let modified = info.st_mtim
            #endif
            let bytes = isFolder ? [] : Array(try Data(contentsOf: URL(fileURLWithPath: full)))
            entries[relative] = Entry(isFolder: isFolder, bytes: bytes, modified: modified, size: Int(info.st_size))
        }
    }

    /// The paths that differ from `other`, for a readable failure.
    func differences(from other: FolderSnapshot) -> [String] {
        Set(entries.keys).union(other.entries.keys).sorted().filter { entries[$0] != other.entries[$0] }
    }

    var description: String { entries.keys.sorted().joined(separator: ", ") }
}
