import Foundation
import Testing
@testable import ShelfKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Helpers shared by the Edit tests. Every name starts with `edit` / `Edit` so that nothing here
// clashes with helpers of other test folders in the same target.

/// The bytes after applying `edits` to the document `input` (UTF-8 bytes of the literal, exactly).
func editApplying(_ edits: [FieldEdit], to input: String) throws -> [UInt8] {
    try editApplying(edits, to: Array(input.utf8))
}

func editApplying(_ edits: [FieldEdit], to input: [UInt8]) throws -> [UInt8] {
    let document = try BookDocument(bytes: input)
    return try BookBytes.apply(edits, to: document, displayPath: "test.md", vocabulary: .standard)
}

/// A byte string shown with its invisible bytes spelled out, for failure messages.
func editVisible(_ bytes: [UInt8]) -> String {
    var text = ""
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
        switch scalar {
        case "\r": text += "\\r"
        case "\n": text += "\\n\n"
        case "\t": text += "\\t"
        case "\u{FEFF}": text += "<BOM>"
        default: text.unicodeScalars.append(scalar)
        }
    }
    return text
}

/// Checks that applying `edits` to `input` gives exactly `expected`, byte for byte (String `==`
/// would compare canonically equivalent text as equal; this compares UTF-8 bytes). The result
/// must also parse again.
func expectEdit(
    _ edits: [FieldEdit], on input: String, gives expected: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        let actual = try editApplying(edits, to: input)
        #expect(actual == Array(expected.utf8),
                "\n--- expected ---\n\(editVisible(Array(expected.utf8)))\n--- actual ---\n\(editVisible(actual))",
                sourceLocation: sourceLocation)
        #expect(throws: Never.self, "the edited file must parse", sourceLocation: sourceLocation) {
            _ = try BookDocument(bytes: actual)
        }
    } catch {
        Issue.record("edit threw \(error)", sourceLocation: sourceLocation)
    }
}

/// Checks that applying `edits` to `input` changes no byte.
func expectNoChange(_ edits: [FieldEdit], on input: String, sourceLocation: SourceLocation = #_sourceLocation) {
    expectEdit(edits, on: input, gives: input, sourceLocation: sourceLocation)
}

/// Reads a book from bytes (nil when the file is not a book).
func editBook(_ bytes: [UInt8]) throws -> Book? {
    let document = try BookDocument(bytes: bytes)
    guard let frontMatter = document.frontMatter else { return nil }
    return Book(path: "test.md", frontMatter: frontMatter)
}

/// The parsed value of `key` in a document's front matter.
func editScalar(_ key: String, in bytes: [UInt8]) throws -> YAMLScalar? {
    try BookDocument(bytes: bytes).frontMatter?.entry(key)?.value.scalar
}

/// A folder under the temporary folder, removed when the value goes away.
final class EditTempFolder {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-edit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        path = base.path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The door to the folder, opened as a library (in the standard vocabulary).
    var writer: LibraryWriter {
        get throws { try Library(root: path).writer }
    }

    /// Writes `bytes` to `name` in the folder and returns the absolute path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, bytes: Array(text.utf8))
    }

    @discardableResult
    func write(_ name: String, bytes: [UInt8]) throws -> String {
        let file = path + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path + "/" + name)))
    }

    /// Every entry of the folder, hidden ones included.
    func listing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// Entries that look like shelf's temporary files.
    func temporaryFiles() throws -> [String] {
        try listing().filter { $0.hasPrefix(AtomicFile.temporaryPrefix) && $0.hasSuffix(AtomicFile.temporarySuffix) }
    }
}

/// A file's modification time (seconds, nanoseconds), inode and permission bits.
struct EditFileStatus: Equatable {
    var seconds: Int
    var nanoseconds: Int
    var inode: UInt64
    var mode: UInt32

    init(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { throw EditTestError("cannot stat \(path)") }
        #if canImport(Darwin)
        seconds = Int(info.st_mtimespec.tv_sec)
        nanoseconds = Int(info.st_mtimespec.tv_nsec)
        #else
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
        #endif
        inode = UInt64(info.st_ino)
        mode = UInt32(info.st_mode) & 0o7777
    }
}

/// Sets a file's access and modification times to `seconds` since 1970, with `utimes`.
func editSetModificationTime(_ path: String, seconds: Int) throws {
    var times = [timeval(tv_sec: seconds, tv_usec: 0), timeval(tv_sec: seconds, tv_usec: 0)]
    guard utimes(path, &times) == 0 else { throw EditTestError("utimes failed on \(path)") }
}

struct EditTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
