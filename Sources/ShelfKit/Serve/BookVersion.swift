/// Which version of a book file a web form was made from: a hash of its bytes. A form sent back
/// with another version than the file has now was filled in against text that changed since
/// (in an editor, by sync, by the command line), and is not applied blindly.
public struct BookVersion: Sendable, Equatable, CustomStringConvertible {
    /// The version as text, for the form's hidden field.
    public let text: String

    init(text: String) { self.text = text }

    /// The version of the bytes a book file holds now.
    public init(bytes: [UInt8]) {
        // FNV-1a, 64 bits, with the length: enough to tell two versions of one file apart.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        text = String(bytes.count, radix: 36) + "-" + String(hash, radix: 36)
    }

    /// The version as text.
    public var description: String { text }
}

/// A book as the web UI shows and edits it: what it holds, read now from its file.
public struct BookFileState: Sendable {
    /// The book read from the file.
    public var book: Book
    /// The file's body.
    public var notes: String
    /// The file's version, to check against when the form comes back.
    public var version: BookVersion
}

extension Library {
    /// The book at `relative`, read now, with the version of its bytes; nil when the path is not
    /// a book the library lists (outside it, hidden, not Markdown, no title).
    public func currentState(of relative: String) -> BookFileState? {
        guard (try? LibraryPath.checkBookPath(relative)) != nil,
            let real = BookTarget.realPath(absolutePath(relative)), real.hasPrefix(root + "/"),
            let bytes = try? FileIO.read(absolutePath(relative)),
            let document = try? BookDocument(bytes: bytes),
            let book = book(at: relative, in: document)
        else { return nil }
        return BookFileState(book: book, notes: document.body, version: BookVersion(bytes: bytes))
    }

    /// Whether the book names such a cover: checked with a stat, the image is not read (a grid
    /// of a thousand covers asks this a thousand times).
    public func hasLocalCover(_ book: Book) -> Bool {
        localCoverPath(of: book) != nil
    }

    /// The absolute path of the image the book's `cover:` names inside the library; nil for
    /// none, an address, or a path that leaves the library.
    public func localCoverPath(of book: Book) -> String? {
        guard let written = book.cover, !written.contains("://"),
            case .file(let path) = LocalCover.check(written, libraryRoot: root)
        else { return nil }
        return path
    }
}
