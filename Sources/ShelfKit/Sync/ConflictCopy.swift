import Foundation

/// A copy a sync tool made when two devices changed one file: Syncthing, Dropbox, Nextcloud
/// and ownCloud keep the `.md` extension, so without care every conflict would count as a book.
public struct ConflictCopy: Sendable, Equatable {
    /// The sync tool whose naming the copy follows.
    public enum Tool: String, Sendable {
        case syncthing, dropbox, nextcloud
    }

    /// The copy, relative to the library root.
    public var path: String
    /// The file it is a copy of, relative to the library root.
    public var originalPath: String
    /// The sync tool that made the copy.
    public var tool: Tool

    /// The conflict copy a file name stands for, or nil for an ordinary name.
    /// - Parameter path: relative path of the file; the original is in the same folder.
    init?(path: String) {
        // Every pattern names a conflict: a cheap test spares the regular expressions for the
        // thousands of ordinary names.
        guard path.utf8.count > 8, ConflictCopy.mentionsConflict(path) else { return nil }
        let folder = path.contains("/") ? String(path[...(path.lastIndex(of: "/") ?? path.startIndex)]) : ""
        let name = String(path.dropFirst(folder.count))
        let range = NSRange(name.startIndex..., in: name)
        for (tool, pattern) in ConflictCopy.patterns {
            guard let match = pattern.firstMatch(in: name, range: range),
                let stem = Range(match.range(at: 1), in: name),
                let ext = Range(match.range(at: match.numberOfRanges - 1), in: name)
            else { continue }
            self.path = path
            self.originalPath = folder + name[stem] + name[ext]
            self.tool = tool
            return
        }
        return nil
    }

    /// True when `path` holds "conflict" in any case: compared byte by byte, as this runs for
    /// every file of the library.
    static func mentionsConflict(_ path: String) -> Bool {
        var copy = path
        return copy.withUTF8 { bytes in
            let word: StaticString = "conflict"
            let count = word.utf8CodeUnitCount
            guard bytes.count >= count else { return false }
            for start in 0...(bytes.count - count) {
                var matched = 0
                while matched < count, bytes[start + matched] | 0x20 == word.utf8Start[matched] { matched += 1 }
                if matched == count { return true }
            }
            return false
        }
    }

    /// Syncthing `<stem>.sync-conflict-YYYYMMDD-HHMMSS-<device id><ext>` (the id may be empty);
    /// Nextcloud/ownCloud `<stem> (conflicted copy [<user> ]YYYY-MM-DD HHMMSS)<ext>` and
    /// `<stem>_conflict-YYYYMMDD-HHMMSS<ext>`; Dropbox `<stem> ([<name>'s ]conflicted copy YYYY-MM-DD)[ (N)]<ext>`.
    private static let patterns: [(Tool, NSRegularExpression)] = [
        (.syncthing, #"^(.+)\.sync-conflict-\d{8}-\d{6}(?:-[A-Za-z0-9]*)?(\.[^.]+)$"#),
        (.nextcloud, #"^(.+) \(conflicted copy (?:.+ )?\d{4}-\d{2}-\d{2} \d{6}\)(\.[^.]+)$"#),
        (.nextcloud, #"^(.+)_conflict-\d{8}-\d{6}(\.[^.]+)$"#),
        (.dropbox, #"^(.+) \((?:.+'s )?conflicted copy \d{4}-\d{2}-\d{2}\)(?: \(\d+\))?(\.[^.]+)$"#),
    ].compactMap { tool, pattern in
        (try? NSRegularExpression(pattern: pattern)).map { (tool, $0) }
    }

    /// True for files sync tools write while transferring, never books: Syncthing's
    /// `~syncthing~*.tmp` (its `.syncthing.*.tmp` are hidden anyway), `*.partial`, Office-style `~$` locks.
    static func isSyncTemporary(_ name: String) -> Bool {
        name.hasPrefix("~") || name.hasSuffix(".partial") || name.hasSuffix(".tmp")
    }
}
