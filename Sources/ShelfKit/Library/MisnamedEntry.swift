#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder entry whose name is not UTF-8 (a Latin-1 `café.md` copied from an old disk or a
/// Windows share). Swift names it with U+FFFD in place of the bytes, and a path made of that name
/// names another file or none: shelf cannot read, edit or name such a book, so the scan reports it
/// by its bytes, `$'caf\xE9.md'`, and skips it rather than say it cannot be opened.
public enum MisnamedEntry {
    /// A misnamed entry the scan found: the problem to report, and whether it is a folder (which
    /// may hold no book at all).
    struct Found: Sendable {
        var problem: FileError
        var isFolder: Bool
    }

    /// True when `name`, made from the listing's `raw` bytes by `String(cString:)`, stands for
    /// bytes that are not UTF-8. Only a name holding U+FFFD (EF BF BD) needs its bytes checked:
    /// the repair always puts one in.
    static func isMisnamed(_ name: String, raw: UnsafePointer<CChar>) -> Bool {
        guard name.utf8.contains(0xEF) else { return false }
        return String(validatingCString: raw) == nil
    }

    /// The misnamed entry `raw` of `folder` (an absolute path, open as `folderDescriptor`), or nil
    /// for an entry shelf would not read anyway: a hidden one, or a file not named like a book.
    static func found(
        raw: UnsafePointer<CChar>, name: String, type: UInt8, in folder: String, folderDescriptor: Int32
    ) -> Found? {
        guard name.utf8.first != UInt8(ascii: ".") else { return nil }
        let path = folder + "/" + shown(raw)
        if isFolder(raw, type: type, in: folderDescriptor) {
            return Found(problem: FileError(path: path, reason: folderReason), isFolder: true)
        }
        guard BookFileScanner.isCandidateByCharacter(name) else { return nil }
        return Found(problem: FileError(path: path, reason: fileReason), isFolder: false)
    }

    /// Why a book file so named is skipped.
    private static let fileReason =
        "the file's name is not UTF-8, so shelf cannot name the book (skipped); "
        + "rename it in UTF-8, e.g. `convmv -f latin1 -t utf8 --notest` for a Latin-1 name"
    /// Why a folder so named is skipped.
    private static let folderReason =
        "the folder's name is not UTF-8, so shelf cannot name it or the books in it "
        + "(skipped); rename it in UTF-8, e.g. `convmv -f latin1 -t utf8 --notest -r` for a Latin-1 name"

    /// The name as the shell's `$'…'` quoting writes it (as `ls` shows such names): each byte
    /// that is not part of a UTF-8 character, and each control character (a name can hold a line
    /// break), as `\xHH`, a backslash as `\\` and a quote as `\'`. No name of valid UTF-8 is
    /// shown the same, and the text names the file when pasted into a shell.
    public static func shown(_ raw: UnsafePointer<CChar>) -> String {
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw))
        var text = "$'"
        var position = 0
        while position < bytes.count {
            let length = UTF8Validation.characterLength(bytes, at: position)
            if bytes[position] == UInt8(ascii: "\\") || bytes[position] == UInt8(ascii: "'") {
                text += "\\" + String(UnicodeScalar(bytes[position]))
                position += 1
            } else if let length, bytes[position] >= 0x20, bytes[position] != 0x7F {
                text += String(decoding: bytes[position..<position + length], as: UTF8.self)
                position += length
            } else {
                let hex = String(bytes[position], radix: 16, uppercase: true)
                text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
                position += 1
            }
        }
        return text + "'"
    }

    /// True for a folder (not a link to one: the scan never follows those).
    private static func isFolder(_ raw: UnsafePointer<CChar>, type: UInt8, in folderDescriptor: Int32) -> Bool {
        switch Int32(type) {
        case Int32(DT_DIR): return true
        case Int32(DT_UNKNOWN):
            var info = stat()
            return fstatat(folderDescriptor, raw, &info, AT_SYMLINK_NOFOLLOW) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
        default: return false
        }
    }
}
