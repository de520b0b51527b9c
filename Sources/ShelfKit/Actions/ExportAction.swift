import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `shelf export … -o PATH` and `shelf export html DIR`: writes an export where the user asks,
/// which may be outside the library, atomically, and never where it would harm the library (see
/// `ExportDestination`: no hidden folder of the library, no book or note, no `shelf.yaml`).
public struct ExportAction {
    let library: Library

    /// Exports the books of `library`.
    public init(library: Library) {
        self.library = library
    }

    /// The text formats of an export (the HTML catalog is a folder: `writeCatalog`).
    public enum Format: Sendable {
        /// Every field, the user's own keys included, and the notes; `shelf import json` restores it.
        case json
        /// One row a book, canonical column names, lists joined with `; `.
        case csv
        /// A CSV in Goodreads' export shape, for services that import it.
        case goodreads
    }

    /// `books`, in the order given, as `format`'s text.
    /// - Parameter withNotes: the books with their notes, asked for only by a format that carries
    ///   them (reading every book's notes is the slow part of a large export).
    public static func text(_ format: Format, of books: [Book], withNotes: () -> [ExportedBook]) -> String {
        switch format {
        case .json: return JSONExporter.export(withNotes())
        case .csv: return CSVExporter.export(books)
        case .goodreads: return GoodreadsExporter.export(withNotes())
        }
    }

    /// Writes `bytes` to the file `path` (absolute, or relative to the current folder; `~`
    /// expanded), whose folder must exist. A file already there is replaced in one rename,
    /// keeping its permissions; a file holding the same bytes is left untouched.
    public func write(_ bytes: [UInt8], to path: String) throws {
        let destination = ExportDestination(library: library)
        let absolute = Library.absolute(path)
        let (parent, name) = LibraryPath.split(absolute)
        guard !name.isEmpty, let realParent = BookTarget.realPath(parent.isEmpty ? "/" : parent) else {
            throw FileError(path: path, reason: "no such folder")
        }
        try destination.checkFolder(realParent, shown: path)
        let folder = try OpenFolder.open("", below: realParent)
        try destination.write(bytes, as: name, in: folder, resolved: realParent, shown: path)
    }

    /// Builds the HTML catalog of `books` and writes it into `folder` (created if missing):
    /// `index.html`, a page per book and copies of the covers kept in the library. Files of the
    /// same names are replaced; nothing else in the folder is touched.
    /// - Returns: how many books the catalog shows.
    @discardableResult
    /// - Parameter warn: told of each book whose cover is left out, and why.
    /// - Parameter progress: called with (files written, files to write), for a progress bar.
    public func writeCatalog(
        _ books: [ExportedBook], title: String, to folder: String, warn: (String) -> Void = { _ in },
        progress: (Int, Int) -> Void = { _, _ in }
    ) throws -> Int {
        let destination = ExportDestination(library: library)
        let absolute = Library.absolute(folder)
        let resolved = ExportDestination.resolve(absolute)
        var info = stat()
        if stat(resolved, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
            throw ExportDestination.Refusal(path: folder, reason: "is a file; the html catalog needs a folder")
        }
        try destination.checkFolder(resolved, shown: folder)
        if destination.insideLibrary(resolved) == "" {
            throw ExportDestination.Refusal(path: folder, reason: "is the library's own folder; give the catalog a folder of its own")
        }
        do {
            try AtomicFile.makeFolders(resolved)
        } catch {
            throw FileError(path: folder, reason: "cannot create the folder")
        }
        let covers = LibraryCovers(library: library)
        let catalog = HTMLCatalog(books: books, title: title, libraryRoot: library.root)
        catalog.warnings.forEach(warn)
        var folders: [String: OpenFolder] = [:]
        func write(_ bytes: [UInt8], to relative: String) throws {
            let (subfolder, name) = LibraryPath.split(relative)
            let open = try folders[subfolder] ?? OpenFolder.open(subfolder, below: resolved, create: true)
            folders[subfolder] = open
            let shown = folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
            try destination.write(
                bytes, as: name, in: open, resolved: subfolder.isEmpty ? resolved : resolved + "/" + subfolder, shown: shown)
        }
        let total = catalog.files.count + catalog.covers.count
        for (done, file) in catalog.files.enumerated() {
            try write(file.bytes, to: file.path)
            progress(done + 1, total)
        }
        for (done, cover) in catalog.covers.enumerated() {
            defer { progress(catalog.files.count + done + 1, total) }
            // Checked again: the cover may have been swapped for a link since the catalog was built.
            guard let bytes = covers.read(cover.from) else { continue }
            try write(bytes, to: cover.to)
        }
        return books.count
    }
}

/// The cover images a catalog may copy: regular files inside the library, outside its hidden
/// folders, reached without leaving it through a link. `cover: /etc/passwd` or a link to a file
/// outside the library is never copied into a catalog.
struct LibraryCovers {
    let library: Library

    /// The resolved path of an image the library holds at `absolute`; nil for anything else.
    func path(of absolute: String) -> String? {
        guard let real = BookTarget.realPath(absolute), real.hasPrefix(library.root + "/") else { return nil }
        let relative = real.dropFirst(library.root.count + 1)
        guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { return nil }
        var info = stat()
        guard lstat(real, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return real
    }

    /// The bytes of the image at `absolute`, read without following a link; nil when it is not
    /// (or no longer) one the library holds.
    func read(_ absolute: String) -> [UInt8]? {
        guard let real = path(of: absolute) else { return nil }
        let (folderPath, name) = LibraryPath.split(String(real.dropFirst(library.root.count + 1)))
        guard let folder = try? OpenFolder.open(folderPath, below: library.root),
            let snapshot = try? FileSnapshot.read(name, in: folder, displayPath: absolute)
        else { return nil }
        return snapshot.bytes
    }
}
