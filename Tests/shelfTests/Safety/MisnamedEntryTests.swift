import Foundation
import Testing
import ShelfTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A book or folder whose name is not UTF-8 (a Latin-1 `café.md` from an old disk) is named by
/// its bytes, `caf\xE9.md`, and skipped, by every command that reads the library and from the
/// index as without it; a file whose name really holds U+FFFD is an ordinary book beside it.
@Suite struct MisnamedEntryTests {
    /// Makes the file or folder `name` (raw bytes, relative to the library) with `bytes`, or a
    /// folder when `bytes` is nil.
    private func make(_ library: TemporaryLibrary, _ name: [UInt8], bytes: [UInt8]? = nil) throws {
        let path = Array(library.root.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let made = path.withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { cPath -> Bool in
                guard let bytes else { return mkdir(cPath.baseAddress!, 0o755) == 0 }
                let descriptor = open(cPath.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644)
                guard descriptor >= 0 else { return false }
                defer { close(descriptor) }
                return write(descriptor, bytes, bytes.count) == bytes.count
            }
        }
        try #require(made, "could not make \(name)")
    }

    @Test func aLatin1BookAndFolderAreNamedByTheirBytesAndSkipped() throws {
        let library = try TemporaryLibrary(books: SpecialFileTests.books)
        let book = Array("---\ntitle: Caf\u{E9}\n---\nNotes.\n".utf8)
        try make(library, Array("caf".utf8) + [0xE9] + Array(".md".utf8), bytes: book)
        try make(library, Array("d".utf8) + [0xFC] + Array("r".utf8))
        try make(library, Array("d".utf8) + [0xFC] + Array("r/inside.md".utf8), bytes: book)
        // Not named like a book: nothing to say of it.
        try make(library, Array("cover-".utf8) + [0xE9] + Array(".jpg".utf8), bytes: [0xFF, 0xD8])
        // A real U+FFFD in a UTF-8 name, the character a misnamed file would be shown with.
        try library.write("real-\u{FFFD}.md", bookFile("title: Replacement", body: ""))

        let fileMessage = "caf\\xE9.md: the file's name is not UTF-8, so shelf cannot name the book (skipped)"
        let folderMessage = "d\\xFCr: the folder's name is not UTF-8, so shelf cannot name it or the books in it (skipped)"
        // Twice each: the first run writes the index, the second answers from it.
        for args in [["ls", "--format", "paths"], ["ls", "--format", "paths"], ["--no-cache", "ls", "--format", "paths"]] {
            let list = try library.run(args, environment: ["NO_COLOR": "1"])
            #expect(list.status == 0 && list.stdoutLines == ["herbert-dune.md", "real-\u{FFFD}.md"], "\(args)\n\(list)")
            #expect(list.stderr.contains(fileMessage) && list.stderr.contains(folderMessage), "\(args)\n\(list)")
            #expect(!list.stderr.contains("cover-") && !list.stderr.contains("cannot open"), "\(args)\n\(list)")
        }
        for (args, shows) in SpecialFileTests.commands where args != ["check"] {
            // The replacement-character book is the second.
            let shows = args == ["stats"] ? "2 books " : shows
            let result = try library.run(args, environment: ["NO_COLOR": "1"])
            #expect(result.status == 0 && result.stdout.contains(shows), "\(args)\n\(result)")
            #expect(result.stderr.contains(fileMessage), "\(args) did not name the book\n\(result)")
        }
        let check = try library.run(["check"])
        #expect(check.status == 1, "\(check)")
        #expect(check.stdout.contains("caf\\xE9.md:1:1: error [non-utf8-name]"), "\(check)")
        #expect(check.stdout.contains("d\\xFCr:1:1: error [non-utf8-name]"), "\(check)")
        #expect(check.stderr.contains("2 errors, 0 warnings."), "\(check)")
    }

    @Test func renamedInUTF8TheBookIsListed() throws {
        let library = try TemporaryLibrary(books: SpecialFileTests.books)
        try make(library, Array("caf".utf8) + [0xE9] + Array(".md".utf8), bytes: Array("---\ntitle: Caf\n---\n".utf8))
        #expect(try library.run(["ls", "--format", "paths"]).stdoutLines == ["herbert-dune.md"])
        let folder: [UInt8] = Array(library.root.path.utf8)
        let old: [UInt8] = folder + Array("/caf".utf8) + [0xE9] + Array(".md".utf8) + [0]
        let renamed = old.withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { rename($0.baseAddress!, library.path("caf\u{E9}.md")) }
        }
        try #require(renamed == 0)
        let list = try library.run(["ls", "--format", "paths"])
        #expect(list.stdoutLines == ["caf\u{E9}.md", "herbert-dune.md"] && list.stderr.isEmpty, "\(list)")
    }
}
