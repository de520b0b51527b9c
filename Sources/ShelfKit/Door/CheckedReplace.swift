/// Replaces a file by a new version only while it still holds the version shelf read, and keeps
/// what another program wrote to the old version between that check and the rename.
///
/// The check cannot hold other programs off (editors and sync tools take no lock), so the rename
/// may put aside a version that differs from the one checked: most often the checked one with a
/// line appended (`echo line >> book.md`). The appended bytes are carried to the end of the new
/// version; any other change is kept as a conflict copy and reported. No byte is dropped silently.
enum CheckedReplace {
    /// How many times appended bytes are carried into a newer version before shelf stops and
    /// keeps them as a conflict copy instead.
    static let tries = 5

    /// Puts `replacement` in place of `name` if `name` still holds `snapshot`.
    /// - Parameters:
    ///   - sync: sync the folder afterwards (a batch syncs each folder once instead).
    ///   - afterCheck: test hook, called between the last check and the rename.
    /// - Returns: false, having replaced nothing, when the file changed since `snapshot`.
    /// - Throws: after the replace, when the old version changed meanwhile in a way other than
    ///   an append, or kept growing: that version is kept as a conflict copy the error names.
    static func replace(
        _ replacement: ReplacementFile, over snapshot: FileSnapshot, name: String, displayPath: String,
        sync: Bool = true, afterCheck: (() -> Void)? = nil
    ) throws(FileError) -> Bool {
        let folder = replacement.folder
        guard
            var displaced = try exchangeIfCurrent(replacement, over: snapshot, name: name, displayPath: displayPath, afterCheck: afterCheck)
        else {
            return false
        }
        defer { if sync { folder.sync() } }
        var checked = snapshot.bytes
        for _ in 0..<tries {
            switch displaced.change(since: checked) {
            case .none:
                displaced.remove()
                return true
            case .changed:
                let copy = try keep(displaced, beside: name, displayPath: displayPath)
                throw FileError(
                    path: displayPath,
                    reason: "was changed by another program while shelf replaced it: shelf's change is written, "
                        + "and the other program's version is kept as \(copy). Merge the two with shelf conflicts resolve")
            case .appended(let tail):
                // Appended after the check: the bytes go at the end of the new version. The old
                // version is removed only once they are in place.
                guard let next = try? carry(tail, into: name, in: folder, displayPath: displayPath) else {
                    try keepGrowing(displaced, beside: name, displayPath: displayPath)
                }
                displaced.remove()
                (displaced, checked) = next
            }
        }
        try keepGrowing(displaced, beside: name, displayPath: displayPath)
    }

    /// Keeps a version that another program went on appending to as a conflict copy, and says so.
    private static func keepGrowing(_ displaced: DisplacedFile, beside name: String, displayPath: String) throws(FileError) -> Never {
        let copy = try keep(displaced, beside: name, displayPath: displayPath)
        throw FileError(
            path: displayPath,
            reason: "kept growing while shelf replaced it: shelf's change is written, and what another program "
                + "appended meanwhile is kept in \(copy). Merge the two with shelf conflicts resolve")
    }

    /// Keeps `displaced` as a conflict copy beside `name`; returns the copy as messages name it.
    private static func keep(_ displaced: DisplacedFile, beside name: String, displayPath: String) throws(FileError) -> String {
        let copy = try displaced.keep(beside: name, displayPath: displayPath)
        guard let slash = displayPath.lastIndex(of: "/") else { return copy }
        return displayPath[...slash] + copy
    }

    /// Puts `tail` at the end of what `name` holds now, through the same check; returns what that
    /// replace put aside and the version it checked.
    private static func carry(
        _ tail: [UInt8], into name: String, in folder: OpenFolder, displayPath: String
    ) throws(FileError) -> (DisplacedFile, [UInt8]) {
        for _ in 0..<tries {
            let current = try FileSnapshot.read(name, in: folder, displayPath: displayPath)
            let replacement = try ReplacementFile.write(
                current.bytes + tail, in: folder, for: name, like: (current.info, name), displayPath: displayPath)
            if let displaced = try exchangeIfCurrent(replacement, over: current, name: name, displayPath: displayPath, afterCheck: nil) {
                return (displaced, current.bytes)
            }
            replacement.discard()
        }
        throw FileError(path: displayPath, reason: "keeps changing on disk")
    }

    /// The rename, if `name` still holds `snapshot`: nil when it does not.
    private static func exchangeIfCurrent(
        _ replacement: ReplacementFile, over snapshot: FileSnapshot, name: String, displayPath: String, afterCheck: (() -> Void)?
    ) throws(FileError) -> DisplacedFile? {
        // Another shelf process checks and replaces under the same lock; for editors and sync
        // tools, which do not lock, the check and then what the rename put aside are the guard.
        let lock = FileLock(name: name, in: replacement.folder)
        defer { lock.release() }
        guard let checked = snapshot.openIfCurrent(name, in: replacement.folder, displayPath: displayPath) else { return nil }
        afterCheck?()
        return try replacement.exchange(name, checked: checked, displayPath: displayPath)
    }
}
