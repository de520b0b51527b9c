#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The version of a file that shelf's rename put aside: what was at the file's name at the
/// instant of the rename.
///
/// Another program may write to it after shelf's last check: `echo line >> book.md` opens the
/// old file a moment before the rename and writes to it after. Its bytes are read only once no
/// program holds it open for writing (a write lease tells, on Linux), so a line written to it is
/// seen and can be carried into the new version instead of vanishing with the old file.
///
/// On Linux the rename exchanges the two files (`RENAME_EXCHANGE`), so this version keeps a
/// name — the replacement's temporary one — until shelf has looked at it: an editor that saved
/// by rename in that moment is caught too. Elsewhere, or on a file system without exchange, the
/// old file is reached through the descriptor of the check.
final class DisplacedFile {
    /// What it holds, next to the version shelf checked.
    enum Change: Equatable {
        /// Exactly the version checked.
        case none
        /// The version checked followed by these bytes.
        case appended([UInt8])
        /// Anything else: rewritten, a different kind of file, or still open for writing.
        case changed
    }

    let folder: OpenFolder
    /// Its name in `folder`, when it still has one.
    private var name: String?
    private var descriptor: Int32

    /// The file now named `name` (a rename exchanged it there).
    init(named name: String, in folder: OpenFolder) {
        self.folder = folder
        self.name = name
        descriptor = openat(folder.descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    }

    /// The file `descriptor` was opened on, which a rename has taken the name from.
    init(descriptor: Int32, in folder: OpenFolder) {
        self.folder = folder
        self.descriptor = descriptor
    }

    /// Compares what it holds, once no program has it open for writing, with `checked`.
    func change(since checked: [UInt8]) -> Change {
        guard descriptor >= 0, waitUntilNoWriter(), let bytes = try? contents() else { return .changed }
        guard bytes.count >= checked.count, bytes[..<checked.count].elementsEqual(checked) else { return .changed }
        return bytes.count == checked.count ? .none : .appended(Array(bytes[checked.count...]))
    }

    /// Removes it: what it held is in the new version.
    func remove() {
        if let name { unlinkat(folder.descriptor, name, 0) }
        name = nil
    }

    /// Keeps it beside `original` under a conflict copy's name (`conflicts resolve` merges it),
    /// never replacing a file; returns that name.
    func keep(beside original: String, displayPath: String) throws(FileError) -> String {
        let copy = DisplacedFile.freeCopyName(for: original, in: folder)
        if let name {
            try FileRenaming.renameWithoutReplacing(from: name, in: folder, to: copy, in: folder, displayPath: displayPath)
        } else {
            let bytes = try contents()
            try ReplacementFile.write(bytes, in: folder, for: copy, like: nil, displayPath: displayPath).create(
                copy, displayPath: displayPath)
        }
        name = nil
        folder.sync()
        return copy
    }

    /// Its bytes, from the first.
    private func contents() throws(FileError) -> [UInt8] {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw FileError.fromErrno(name ?? "the replaced file", "cannot read")
        }
        return try FileIO.readAll(descriptor, path: name ?? "the replaced file")
    }

    /// Waits, up to `FileSnapshot.patience`, until no program holds it open for writing: a
    /// program that opened it before the rename may not have written yet. No new writer can
    /// open it by its old name any more.
    private func waitUntilNoWriter() -> Bool {
        let deadline = FileStamp.now() + FileSnapshot.patience
        while WriteActivity.isOpenForWriting(descriptor) {
            guard FileStamp.now() < deadline else { return false }
            usleep(1_000)
        }
        return true
    }

    /// `stem.sync-conflict-YYYYMMDD-HHMMSS-shelf.ext`, a Syncthing conflict copy's name, which
    /// `conflicts` lists and `conflicts resolve` merges; the first one not taken.
    private static func freeCopyName(for original: String, in folder: OpenFolder) -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        func digits(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        let stamp =
            digits(parts.tm_year + 1900, 4) + digits(parts.tm_mon + 1, 2) + digits(parts.tm_mday, 2) + "-"
            + digits(parts.tm_hour, 2) + digits(parts.tm_min, 2) + digits(parts.tm_sec, 2)
        let dot = original.lastIndex(of: ".").flatMap { $0 == original.startIndex ? nil : $0 } ?? original.endIndex
        let stem = original[..<dot], ext = original[dot...]
        var number = 1
        while true {
            let copy = "\(stem).sync-conflict-\(stamp)-shelf\(number == 1 ? "" : String(number))\(ext)"
            if folder.status(of: copy) == nil || number > 99 { return copy }
            number += 1
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }
}
