import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `shelf git-setup` (and `shelf init --git`): makes git merge book files with shelf's merge
/// driver — `*.md merge=shelf` in `.gitattributes`, and `merge.shelf.driver` in the repository's
/// config (docs/sync.md, "The merge driver").
public struct GitSetupAction {
    /// The line `.gitattributes` needs.
    static let attribute = "*.md merge=shelf"
    /// The command git runs: base, ours (which receives the result), theirs, and the path.
    static let driver = "shelf merge-driver %O %A %B %P"

    /// Why the setup cannot be done.
    public enum SetupError: Error, Sendable, CustomStringConvertible {
        case notInGit(folder: String)
        case file(FileError)

        /// The message shown to the user, saying what to do.
        public var description: String {
            switch self {
            case .notInGit(let folder): return "\(folder) is not in a git repository; run `git init` first"
            case .file(let error): return "\(error)"
            }
        }
    }

    let library: Library
    /// Whether a root folder outside any repository is made one first (`git init`).
    let initializing: Bool
    private var folder: String { library.root }

    /// Sets up git for `library`: `.gitattributes` goes in its root folder (it applies to every
    /// file below it, whether the repository starts there or above).
    /// - Parameter initializing: run `git init` in the root folder first when it is not inside
    ///   a repository (`shelf init --git`); else that is an error.
    public init(library: Library, initializing: Bool = false) {
        self.library = library
        self.initializing = initializing
    }

    /// Adds the attribute unless a line already says it, and sets the driver.
    public func run(reporter: ActionReporter) throws(SetupError) {
        let repository = GitRepository(folder: folder)
        if initializing && !repository.exists {
            do { try repository.initialize() } catch { throw .file(error as? FileError ?? FileError(path: folder, reason: "\(error)")) }
        }
        guard repository.exists else { throw .notInGit(folder: folder) }
        do {
            try addAttribute()
            try repository.setConfig("merge.shelf.name", "shelf book merge")
            try repository.setConfig("merge.shelf.driver", GitSetupAction.driver)
        } catch {
            throw .file(error as? FileError ?? FileError(path: folder, reason: "\(error)"))
        }
        reporter.result("git now merges book files with shelf (.gitattributes: \(GitSetupAction.attribute); merge.shelf.driver set)")
    }

    /// Appends the attribute line to `.gitattributes`, byte for byte after what is there: the
    /// file's other lines are never decoded, so no byte of them can change. It is a file inside
    /// the library, so it is written through the door (never through a link, and only if it
    /// still holds what was read).
    func addAttribute() throws {
        let path = folder + "/.gitattributes"
        var info = stat()
        let exists = lstat(path, &info) == 0
        if exists && (info.st_mode & S_IFMT) == S_IFLNK {
            throw FileError(
                path: path,
                reason: "is a symbolic link; shelf does not replace it with a copy. "
                    + "Add the line `\(GitSetupAction.attribute)` to the file it leads to, then run the command again")
        }
        let existing = exists ? try FileIO.read(path) : []
        let wanted = Array(GitSetupAction.attribute.utf8)
        let present = existing.split(separator: 0x0A).contains { line in
            var bytes = Array(line)
            while let last = bytes.last, last == 0x20 || last == 0x09 || last == 0x0D { bytes.removeLast() }
            while let first = bytes.first, first == 0x20 || first == 0x09 { bytes.removeFirst() }
            return bytes == wanted
        }
        guard !present else { return }
        let separator: [UInt8] = existing.isEmpty || existing.last == 0x0A ? [] : [0x0A]
        let updated = existing + separator + wanted + [0x0A]
        try LibraryWriter(library: library).writeFile(".gitattributes", bytes: updated, ifStill: existing)
    }
}
