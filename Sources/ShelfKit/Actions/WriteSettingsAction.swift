import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a library's `shelf.yaml` through the door (`LibraryWriter.writeFile`): `shelf init`
/// creates it, `shelf detect --write` adds the vocabulary it found. The file is created only
/// where none is (never replacing one), changed only while it still holds what was read (an
/// edit made meanwhile by hand is never overwritten), never written through a symbolic link,
/// and keeps its permissions and attributes.
public enum WriteSettingsAction {
    /// What `addVocabulary` did.
    public enum Outcome: Sendable, Equatable {
        /// `shelf.yaml` did not exist: it was created with the defaults and the settings.
        case created(path: String)
        /// The settings were added at the end of the existing file.
        case appended(path: String)
        /// The same, but for the proposed `filename:`: the file already sets one, which stays.
        case appendedKeepingFilename(path: String)
    }

    /// Why settings were not written.
    struct Refusal: Error, Sendable, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "\(path) \(reason)" }
    }

    /// Makes `folder` a library: creates the folder if needed and writes a new `shelf.yaml`
    /// holding the commented defaults (and `preset`'s map).
    /// - Returns: the path of the written file.
    /// - Throws: when the folder already holds a `shelf.yaml` (or anything by that name).
    static func initialize(folder: String, preset: VocabularyPreset?) throws -> String {
        let absolute = Library.absolute(folder)
        var info = stat()
        if stat(absolute, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw FileError(path: absolute, reason: "is a file, not a folder") }
        } else {
            do {
                try AtomicFile.makeFolders(absolute)
            } catch {
                throw FileError(path: absolute, reason: "cannot create the folder")
            }
        }
        let configPath = absolute + "/" + LibraryConfig.fileName
        // Anything by that name (a link, even a broken one) is left alone.
        if lstat(configPath, &info) == 0 {
            throw FileError(path: configPath, reason: "already exists: this folder is a library")
        }
        let library = try Library(root: absolute)
        let text = LibraryInitializer.defaultConfig + (preset.map { "\n" + $0.settings } ?? "")
        try LibraryWriter(library: library, display: { _ in configPath })
            .writeFile(LibraryConfig.fileName, bytes: Array(text.utf8), ifStill: [])
        return configPath
    }

    /// Adds `settings` (a `fields:`/`statuses:` block) to the library's `shelf.yaml`, creating
    /// the file with the commented defaults when there is none.
    /// - Throws: `Refusal` when the file already has a map or is a link; nothing is written.
    public static func addVocabulary(_ settings: String, to library: Library) throws -> Outcome {
        let path = library.root + "/" + LibraryConfig.fileName
        let writer = LibraryWriter(library: library, display: { _ in path })
        let layoutLines = ["filename:", "filename_style:", "# New books go where"]
        let proposesLayout = settings.split(separator: "\n").contains { $0.hasPrefix("filename:") }
        guard let info = try OpenFolder.open("", below: library.root).status(of: LibraryConfig.fileName) else {
            // The proposed `filename:` takes the place of the default one: a key set once.
            var defaults = LibraryInitializer.defaultConfig
            if proposesLayout { defaults = defaults.replacingOccurrences(of: "filename: \"{author}-{title}\"\n", with: "") }
            let text = defaults + "\n" + settings
            try writer.writeFile(LibraryConfig.fileName, bytes: Array(text.utf8), ifStill: [])
            return .created(path: path)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw Refusal(
                path: path, reason: "is \(FileKind.name(of: info.st_mode)); shelf does not write through it, add the settings by hand")
        }
        if library.config.entries.contains(where: { $0.key == "fields" || $0.key == "statuses" }) {
            throw Refusal(path: path, reason: "already has fields: or statuses:; edit it by hand")
        }
        // The bytes the library was opened with: if the file changed since, nothing is written.
        let existing = library.configBytes
        let separator: [UInt8] = existing.isEmpty || existing.last == 0x0A ? [] : [0x0A]
        // A `filename:` the file sets already is the owner's choice: it stays, and is the only one.
        let keepsFilename = proposesLayout && library.config.entries.contains { $0.key == "filename" || $0.key == "filename_style" }
        let added =
            keepsFilename
            ? settings.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
                !layoutLines.contains { line.hasPrefix($0) }
            }
            .joined(separator: "\n")
            : settings
        try writer.writeFile(LibraryConfig.fileName, bytes: existing + separator + Array(("\n" + added).utf8), ifStill: existing)
        return keepsFilename ? .appendedKeepingFilename(path: path) : .appended(path: path)
    }

    /// Replaces the library's `shelf.yaml` with `bytes` (a splice of the bytes it was opened
    /// with), or creates it when there is none: atomic, never through a link, and refused when
    /// the file changed since the library was opened.
    static func replaceSettings(with bytes: [UInt8], in library: Library) throws {
        let path = library.root + "/" + LibraryConfig.fileName
        let writer = LibraryWriter(library: library, display: { _ in path })
        if let info = try OpenFolder.open("", below: library.root).status(of: LibraryConfig.fileName),
            (info.st_mode & S_IFMT) != S_IFREG
        {
            throw Refusal(path: path, reason: "is \(FileKind.name(of: info.st_mode)); shelf does not write through it, edit it by hand")
        }
        try writer.writeFile(LibraryConfig.fileName, bytes: bytes, ifStill: library.configBytes)
    }
}
