import Foundation
import Testing
import ShelfTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A book or folder whose name is not UTF-8 (a Latin-1 `café.md` from an old disk) is named by
/// its bytes in the shell's quoting, `$'caf\xE9.md'`, and skipped, by every command that reads the
/// library and from the index as without it; a file whose name really holds U+FFFD is an ordinary
/// book beside it, and an argument, a current folder or a library path that is not UTF-8 is
/// refused rather than taken for it.
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
        // Hidden by its first byte, though a dot with an accent on it is one character.
        try library.write(".\u{301}accent.md", bookFile("title: Hidden", body: ""))

        let fileMessage = "$'caf\\xE9.md': the file's name is not UTF-8, so shelf cannot name the book (skipped)"
        let folderMessage = "$'d\\xFCr': the folder's name is not UTF-8, so shelf cannot name it or the books in it (skipped)"
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
        #expect(check.stdout.contains("$'caf\\xE9.md':1:1: error [non-utf8-name]"), "\(check)")
        // A folder may hold no book: a warning.
        #expect(check.stdout.contains("$'d\\xFCr':1:1: warning [non-utf8-name]"), "\(check)")
        #expect(check.stderr.contains("1 error, 1 warning."), "\(check)")
        // The names as shown are the files' names to a shell.
        let pasted = try shell("test -f $'caf\\xE9.md' && test -d $'d\\xFCr'", in: library.root.path)
        #expect(pasted.status == 0, "\(pasted)")
    }

    /// Runs `script` with `/bin/sh -c` in `folder`, with the built shelf as `$SHELF` and the test
    /// cache; for arguments and folders whose bytes are not UTF-8, which Swift's strings cannot
    /// hold.
    private func shell(_ script: String, in folder: String, bash: Bool = true) throws -> CommandResult {
        // Spawned as every test spawns (ShelfKit's ChildProcess), with the test cache.
        try run(
            ["-c", script], in: URL(fileURLWithPath: folder), environment: ["SHELF": try ShelfBinary.url().path],
            executable: URL(fileURLWithPath: bash ? "/bin/bash" : "/bin/sh"))
    }

    @Test func anArgumentThatIsNotUTF8IsRefusedNotTakenForItsLookalike() throws {
        let library = try TemporaryLibrary(books: SpecialFileTests.books)
        let book = Array("---\ntitle: Caf\n---\n".utf8)
        try make(library, Array("caf".utf8) + [0xE9] + Array(".md".utf8), bytes: book)
        // What Swift would make of the argument: another file.
        try library.write("caf\u{FFFD}.md", bytes: book)
        let before = try library.snapshot()
        let refused = try shell("\"$SHELF\" set $'caf\\xE9.md' rating=2", in: library.root.path)
        #expect(refused.stderr.hasPrefix("shelf: argument 2 is not UTF-8: $'caf\\xE9.md'; "), "\(refused)")
        for command in ["set $'caf\\xE9.md' rating=2", "rm --yes $'caf\\xE9.md'", "show $'caf\\xE9.md'", "search $'caf\\xE9'"] {
            let result = try shell("\"$SHELF\" " + command, in: library.root.path)
            #expect(result.status == 64, "\(command)\n\(result)")
            #expect(result.stderr.contains("is not UTF-8: $'caf\\xE9"), "\(command)\n\(result)")
        }
        #expect(try library.snapshot() == before, "a refused command changed a file")
    }

    @Test func aLibraryWhosePathIsNotUTF8IsRefusedNotTakenForItsLookalike() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-misnamed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        // `lib\xE9` (Latin-1) and its lookalike `lib\u{FFFD}`, each a library of one book; a link to the first.
        let made = try shell(
            """
            for d in "$(printf 'lib\\351')" "lib\u{FFFD}"; do mkdir "$d" && : > "$d/shelf.yaml" \
              && printf -- '---\\ntitle: Book in %s\\n---\\n' "$d" > "$d/book.md"; done \
              && ln -s "$(printf 'lib\\351')" link
            """, in: parent.path, bash: false)
        try #require(made.status == 0, "\(made)")
        let lookalike = try Data(contentsOf: parent.appendingPathComponent("lib\u{FFFD}/book.md"))
        let message = "the folder's path is not UTF-8, so shelf cannot name the library or its books"
        for script in ["SHELF_LIBRARY=$'lib\\xE9' \"$SHELF\" set book rating=1", "\"$SHELF\" --library link set book rating=1"] {
            let result = try shell(script, in: parent.path)
            #expect(result.status == 1 && result.stderr.contains("lib\\xE9': " + message), "\(script)\n\(result)")
        }
        // From inside it, nothing runs: shelf names files from the current folder.
        for command in ["set book rating=1", "--library . ls", "ls", "init", "--version"] {
            let result = try shell("cd $'lib\\xE9' && \"$SHELF\" " + command, in: parent.path)
            #expect(
                result.status == 64 && result.stderr.contains("shelf: the current folder's path is not UTF-8: $'")
                    && result.stderr.contains("lib\\xE9'; "), "\(command)\n\(result)")
        }
        #expect(try Data(contentsOf: parent.appendingPathComponent("lib\u{FFFD}/book.md")) == lookalike)
        // `init` in a new Latin-1 folder made the library in its lookalike.
        let fresh = try shell("mkdir $'new\\xE9' 'new\u{FFFD}' && cd $'new\\xE9' && \"$SHELF\" init", in: parent.path)
        #expect(fresh.status == 64, "\(fresh)")
        #expect(!FileManager.default.fileExists(atPath: parent.appendingPathComponent("new\u{FFFD}/shelf.yaml").path))
        // Its lookalike, named in UTF-8, is a library like any other.
        let list = try shell("\"$SHELF\" --library 'lib\u{FFFD}' ls --format paths", in: parent.path)
        #expect(list.status == 0 && list.stdoutLines == ["lib\u{FFFD}/book.md"], "\(list)")
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
