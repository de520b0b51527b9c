import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The write door's guarantees, run on the built binary (docs/safety.md lists them).
@Suite struct DoorGuaranteeTests {
    static func library(_ extra: [(String, String)] = []) throws -> TemporaryLibrary {
        try TemporaryLibrary(
            books: [
                ("dune.md", editDune),
                ("README.md", "# My books\n\nNotes about this folder.\n"),
                (".git/books.md", "---\ntitle: Not a book of the library\n---\n"),
                ("dune.sync-conflict-20240101-120000-ABCDEFG.md", editDune.replacingOccurrences(of: "to-read", with: "read")),
            ] + extra)
    }

    // 1. Only books are edited.
    @Test(arguments: [
        ["set", "README", "title=x"], ["set", "README.md", "title=x"], ["rm", "README", "--yes"], ["set", "shelf.yaml", "title=x"],
        ["rm", "shelf", "--yes"], ["set", ".git/books.md", "title=x"], ["tag", ".git/books.md", "x"],
        ["set", "dune.sync-conflict-20240101-120000-ABCDEFG.md", "rating=4"], ["mv", "README", "readme2"],
        ["rate", "../outside.md", "5"], ["note", "README", "a note"],
    ])
    func onlyBooksAreChanged(args: [String]) throws {
        let library = try Self.library()
        try expectEditFailure(args, in: library)
    }

    // 2. A broken book is never mistaken for another.
    @Test(arguments: ["Dune.md", "sub/dune.md"])
    func aBrokenFileTheNameMatchesIsReportedNotAnotherBookEdited(broken: String) throws {
        let library = try TemporaryLibrary(books: [
            (broken, "---\ntitle: [Dune\nrating: 3\n---\n"),
            ("dune-messiah.md", "---\ntitle: Dune Messiah\n---\n"),
        ])
        try expectEditFailure(["set", "dune", "rating=5"], in: library, stderrContains: broken.split(separator: "/").last.map(String.init))
        let result = try library.editRun(["rate", "dune", "4"])
        let name = broken.split(separator: "/").last.map(String.init) ?? broken
        #expect(
            result.stderr.range(of: name + #":\d+:\d+"#, options: .regularExpression) != nil, "the error names line and column\n\(result)")
    }

    // 3. Never writes outside the library.
    @Test func aLinkToABookOutsideIsNotWrittenThrough() throws {
        let outside = try TemporaryLibrary(config: nil, books: [("theirs.md", editDune)])
        let library = try Self.library()
        try FileManager.default.createSymbolicLink(atPath: library.path("theirs.md"), withDestinationPath: outside.path("theirs.md"))
        try library.editAgeFiles()
        let before = try outside.snapshot()
        try expectEditFailure(["set", "theirs", "rating=5"], in: library, stderrContains: "outside the library")
        #expect(try outside.snapshot() == before)
    }

    @Test(arguments: [
        ["mv", "dune", "../escaped"], ["mv", "dune", "a/../../escaped.md"], ["mv", "dune", "/tmp/shelf-escaped-absolute.md"],
        ["mv", "dune", "linked/dune.md"],
    ])
    func mvKeepsBooksInsideTheLibrary(args: [String]) throws {
        let outside = try TemporaryLibrary(config: nil)
        let library = try Self.library()
        try FileManager.default.createSymbolicLink(atPath: library.path("linked"), withDestinationPath: outside.root.path)
        let before = try library.bytes("dune.md")
        let result = try library.editRun(args)
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("library"), "\(result)")
        #expect(try library.bytes("dune.md") == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.root.path).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/shelf-escaped-absolute.md"))
    }

    @Test func mvMakesMissingFoldersInside() throws {
        let library = try Self.library()
        let original = try library.bytes("dune.md")
        try expectEditSuccess(["mv", "dune", "classics/sf/dune"], in: library)
        #expect(try library.bytes("classics/sf/dune.md") == original)
        #expect(!library.editExists("dune.md"))
    }

    // 5. Keeps what the file system knows.
    @Test func anEditKeepsModeAndExtendedAttributes() throws {
        let library = try Self.library()
        chmod(library.path("dune.md"), 0o640)
        let hasXattr = setUserAttribute(library.path("dune.md"), name: "user.shelf-test", value: "kept")
        try expectEditSuccess(["set", "dune", "rating=4"], in: library)
        var info = stat()
        stat(library.path("dune.md"), &info)
        #expect(info.st_mode & 0o7777 == 0o640)
        if hasXattr { #expect(userAttribute(library.path("dune.md"), name: "user.shelf-test") == "kept") }
        #expect(try library.editText("dune.md").contains("rating: 4"))
    }

    /// An edit looks at its own book alone, so that its cost does not grow with its folder: a
    /// temporary file an interrupted write left (older than a minute, which a sweep would remove)
    /// stays until `shelf check --fix`.
    @Test func anEditLeavesTheRestOfItsFolderAlone() throws {
        let leftover = ".shelf-dune.md.k3j2.tmp"
        let library = try Self.library([(leftover, "---\ntit")])
        try library.editAgeFiles()
        try expectEditSuccess(["set", "dune", "rating=4"], in: library)
        #expect(library.editExists(leftover), "an edit lists no folder")
        let check = try library.editRun(["check", "--fix"])
        #expect(check.stdout.contains("fixed \(leftover): removed the leftover temporary file"), "\(check)")
        #expect(!library.editExists(leftover))
    }

    @Test func aReadOnlyBookIsRefused() throws {
        let library = try Self.library()
        chmod(library.path("dune.md"), 0o400)
        try expectEditFailure(["set", "dune", "rating=4"], in: library, stderrContains: "read-only")
        try expectEditFailure(["tag", "dune", "x"], in: library, stderrContains: "read-only")
    }

    @Test func aHardLinkedBookIsRefusedNotSplit() throws {
        let library = try Self.library()
        link(library.path("dune.md"), library.path("dune-copy.md"))
        try expectEditFailure(["set", "dune.md", "rating=4"], in: library, stderrContains: "hard links")
    }

    // 7. No edit replaces a value it cannot read.
    @Test(arguments: [
        ("started: in the spring", ["start", "dune", "--date", "2025-04-22"], "started"),
        ("finished: {year: 2024}", ["set", "dune", "finished=2024-05-01"], "finished"),
        ("series: [Dune Saga, Dune Chronicles]", ["set", "dune", "series=Dune"], "series"),
        ("rating: great", ["rate", "dune", "5"], "rating"),
        ("status: someday", ["finish", "dune"], "status"),
    ])
    func aValueShelfCannotReadIsNotReplacedWithoutForce(line: String, args: [String], key: String) throws {
        let text = editDune.replacingOccurrences(of: "mood: \"cozy\"", with: line)
        let library = try TemporaryLibrary(books: [("dune.md", text)])
        try expectEditFailure(args, in: library, stderrContains: "--force")
        try expectEditSuccess(args + ["--force"], in: library)
        #expect(try !library.editText("dune.md").contains(line))
    }

    @Test func startKeepsAnUnreadableStartDate() throws {
        let text = editDune.replacingOccurrences(of: "mood: \"cozy\"", with: "started: April 21, 2025")
        let library = try TemporaryLibrary(books: [("dune.md", text)])
        try expectEditSuccess(["start", "dune"], in: library)
        #expect(try library.editText("dune.md") == text.replacingOccurrences(of: "status: to-read", with: "status: reading"))
    }
}

/// Sets a `user.` extended attribute; false where the file system has none.
private func setUserAttribute(_ path: String, name: String, value: String) -> Bool {
    typealias Set = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "setxattr") else { return false }
    let call = unsafeBitCast(symbol, to: Set.self)
    return Array(value.utf8).withUnsafeBytes { call(path, name, $0.baseAddress, $0.count, 0) } == 0
}

/// The value of a `user.` extended attribute, or nil.
private func userAttribute(_ path: String, name: String) -> String? {
    typealias Get = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "getxattr") else { return nil }
    let call = unsafeBitCast(symbol, to: Get.self)
    var buffer = [UInt8](repeating: 0, count: 256)
    let size = buffer.withUnsafeMutableBytes { call(path, name, $0.baseAddress, $0.count) }
    return size >= 0 ? String(decoding: buffer[0..<size], as: UTF8.self) : nil
}
