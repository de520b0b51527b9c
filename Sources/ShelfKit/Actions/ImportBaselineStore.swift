#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the library's `shelf-imports.txt` (`ImportBaselineFile`) before an import, gathers the
/// records of the books it writes, and writes them at the end, through the door
/// (`LibraryWriter.writeFile`: atomic, in the library's folder, never through a link, keeping the
/// file's attributes, and only over the version it read).
///
/// The file is written once per import, after the books: a book written without its record (the
/// import killed in between) has a line whose day no record has, which the next `--update` takes
/// as no record and keeps every value unlike the source's (see `ImportBaselines`).
struct ImportBaselineStore {
    let writer: LibraryWriter
    /// The records read before the import: the file's and its conflict copies'.
    let baselines: ImportBaselines
    /// The records of the books written so far.
    private(set) var pending: [ImportBaselineFile.Entry] = []

    /// Reads the file and any conflict copies of it beside it.
    /// - Parameter warn: told of lines that are not records (they are kept, not read).
    /// - Throws: when the file is a link or cannot be read: then the import must not start, since
    ///   the records of the books it writes could not be kept.
    init(writer: LibraryWriter, warn: (String) -> Void) throws(FileError) {
        self.writer = writer
        let name = ImportBaselineFile.name
        let folder = try OpenFolder.open("", below: writer.library.root)
        let file = try ImportBaselineStore.read(name, in: folder, display: writer.display(name)) ?? ImportBaselineFile()
        if !file.unreadLines.isEmpty {
            let lines = file.unreadLines.map { String($0) }.joined(separator: ", ")
            warn("\(writer.display(name)): line \(lines) is not a record shelf can read; it is kept as it is")
        }
        // A sync tool's copy of the file (two machines imported before syncing). One that cannot
        // be read is only not used: the books it speaks of are then treated as unrecorded.
        var copies: [ImportBaselineFile] = []
        for entry in FolderEntries(writer.library.root) where ConflictCopy(path: entry)?.originalPath == name {
            if let copy = try? ImportBaselineStore.read(entry, in: folder, display: writer.display(entry)) { copies.append(copy) }
        }
        baselines = ImportBaselines(file: file, copies: copies)
    }

    /// Keeps `entry` to be written.
    mutating func add(_ entry: ImportBaselineFile.Entry) {
        pending.append(entry)
    }

    /// Writes the records gathered into the file as it is now (another import may have written it
    /// meanwhile: its records are kept), when they change it.
    func save() throws {
        guard !pending.isEmpty else { return }
        let name = ImportBaselineFile.name
        for attempt in 1...3 {
            let folder = try OpenFolder.open("", below: writer.library.root)
            let current = try ImportBaselineStore.snapshot(name, in: folder, display: writer.display(name))
            let before = current.map { ImportBaselineFile(bytes: $0) }
            var file = before ?? ImportBaselineFile()
            for entry in pending { file.record(entry) }
            if before == file { return }
            do {
                return try writer.writeFile(name, bytes: file.bytes, ifStill: current ?? [])
            } catch {
                // Changed meanwhile (another import): read it again and add to that.
                if attempt == 3 { throw error }
            }
        }
    }

    /// The file `name` read, or nil when there is none.
    private static func read(_ name: String, in folder: OpenFolder, display: String) throws(FileError) -> ImportBaselineFile? {
        try snapshot(name, in: folder, display: display).map { ImportBaselineFile(bytes: $0) }
    }

    /// The bytes of `name`, settled (`FileSnapshot`), or nil when there is no such file; a link
    /// is refused, with what to do.
    private static func snapshot(_ name: String, in folder: OpenFolder, display: String) throws(FileError) -> [UInt8]? {
        guard let info = folder.status(of: name) else { return nil }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            let what = (info.st_mode & S_IFMT) == S_IFLNK ? "a symbolic link" : "not a regular file"
            throw FileError(
                path: display,
                reason: "is \(what); shelf keeps its import records only in a regular file there. "
                    + "Replace it with a copy of the file it stands for (or remove it), then import again; nothing was written")
        }
        return try FileSnapshot.read(name, in: folder, displayPath: display).bytes
    }
}
