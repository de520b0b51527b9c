#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an export may write: any folder the user names, except where the write would harm the
/// library. Inside the library, an export never goes into a hidden folder (`.git`, `.obsidian`),
/// never takes a hidden name, never replaces `shelf.yaml` or a `.md` file (a book, or a note that
/// is not one), and never replaces anything that is not a regular file. Files are written with
/// the door's pieces: relative to the folder held open (opened without following a link after
/// it was resolved), from a temporary file renamed into place, keeping an existing file's
/// permissions; a file holding the same bytes already is left alone.
struct ExportDestination {
    /// Why an export refused to write somewhere; nothing was written there.
    struct Refusal: Error, Sendable, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "\(path): \(reason)" }
    }

    let library: Library

    /// `path` (absolute, or relative to the current folder) with every link resolved; a part
    /// that does not exist yet is appended to the resolved part that does.
    static func resolve(_ absolute: String) -> String {
        var existing = absolute
        var missing: [String] = []
        while existing != "/", !existing.isEmpty, BookTarget.realPath(existing) == nil {
            let (folder, name) = LibraryPath.split(existing)
            missing.insert(name, at: 0)
            existing = folder.isEmpty ? "/" : folder
        }
        let real = BookTarget.realPath(existing) ?? existing
        return ([real == "/" ? "" : real] + missing).joined(separator: "/")
    }

    /// The path below the library root of a resolved path; nil when it is outside the library.
    func insideLibrary(_ resolved: String) -> String? {
        if resolved == library.root { return "" }
        guard resolved.hasPrefix(library.root + "/") else { return nil }
        return String(resolved.dropFirst(library.root.count + 1))
    }

    /// Throws unless a folder (resolved) may receive export files.
    func checkFolder(_ resolved: String, shown: String) throws(Refusal) {
        guard let relative = insideLibrary(resolved), !relative.isEmpty else { return }
        if let hidden = relative.split(separator: "/").first(where: { $0.hasPrefix(".") }) {
            throw Refusal(path: shown, reason: "is inside the library's hidden folder \(hidden); shelf does not export there")
        }
    }

    /// Throws unless the entry `name` of a folder (resolved) may be replaced by an export file.
    func checkFile(_ name: String, inFolder resolved: String, info: stat?, shown: String) throws(Refusal) {
        try checkFolder(resolved, shown: shown)
        if let info, (info.st_mode & S_IFMT) != S_IFREG {
            throw Refusal(path: shown, reason: "is \(FileKind.name(of: info.st_mode)); an export writes only regular files")
        }
        guard insideLibrary(resolved) != nil else { return }
        if name.hasPrefix(".") {
            throw Refusal(path: shown, reason: "is a hidden file inside the library; shelf does not export there")
        }
        if insideLibrary(resolved) == "" && name == LibraryConfig.fileName {
            throw Refusal(path: shown, reason: "is the library's settings file; an export never replaces it")
        }
        if info != nil && name.lowercased().hasSuffix(".md") {
            throw Refusal(
                path: shown, reason: "is a file of the library (a book, or a note); an export never replaces it. Choose another name")
        }
    }

    /// Writes `bytes` as `name` in `folder` (resolved, held open): created when absent (never
    /// replacing a file that appears meanwhile), else replaced atomically if it is still the
    /// file that was checked.
    func write(_ bytes: [UInt8], as name: String, in folder: OpenFolder, resolved: String, shown: String) throws {
        let before = folder.status(of: name)
        try checkFile(name, inFolder: resolved, info: before, shown: shown)
        guard let before else {
            return try ReplacementFile.write(bytes, in: folder, for: name, like: nil, displayPath: shown).create(name, displayPath: shown)
        }
        let snapshot = try FileSnapshot.read(name, in: folder, displayPath: shown)
        guard snapshot.bytes != bytes else { return }
        try Replaceability.check(snapshot.info, name: name, in: folder, displayPath: shown)
        let replacement = try ReplacementFile.write(bytes, in: folder, for: name, like: (snapshot.info, name), displayPath: shown)
        guard let now = folder.status(of: name), now.st_ino == before.st_ino, now.st_dev == before.st_dev,
            (now.st_mode & S_IFMT) == S_IFREG
        else {
            throw FileError(path: shown, reason: "changed on disk meanwhile; nothing was written, run the command again")
        }
        try replacement.replace(name, displayPath: shown)
    }
}
