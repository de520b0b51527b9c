import ShelfKit

/// Arguments whose bytes are not UTF-8 (a Latin-1 `caf\xE9.md` typed or pasted from a listing):
/// `CommandLine.arguments` holds them with U+FFFD in place of those bytes, and such a name would
/// find `caf\u{FFFD}.md`, another book, or none. They are refused before any command runs.
enum ArgumentBytes {
    /// The message refusing the first such argument, or nil when every argument is UTF-8.
    static func refusal() -> String? {
        for index in 1..<Int(CommandLine.argc) {
            guard let raw = CommandLine.unsafeArgv[index], String(validatingCString: raw) == nil else { continue }
            return "shelf: argument \(index) is not UTF-8: \(MisnamedEntry.shown(raw)); shelf names no file, folder "
                + "or book by it. Rename the file in UTF-8 (e.g. `convmv -f latin1 -t utf8 --notest` for a Latin-1 "
                + "name), or give the name in UTF-8"
        }
        return nil
    }

    /// The message refusing to run from a folder whose path is not UTF-8, or nil. shelf names
    /// files from the current folder (`init`'s library, a book given by a relative path, an
    /// export's file): from `lib\xE9`, the path would be made in its lookalike `lib\u{FFFD}`.
    static func currentFolderRefusal() -> String? {
        do throws(LibraryError) {
            try Library.requireNamedCurrentFolder()
            return nil
        } catch {
            guard case .notUTF8(let shown) = error else { return nil }
            return "shelf: the current folder's path is not UTF-8: \(shown); shelf names files from it, so it does "
                + "not run there. Rename the folder in UTF-8 (e.g. `convmv -f latin1 -t utf8 --notest` for a Latin-1 "
                + "name), or run shelf from another folder"
        }
    }
}
