import Foundation
import Testing
import ShelfTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A link named like a book whose target is gone (moved, deleted, not synced yet) or that loops
/// is named in a warning by every command that reads the library, and by `check`, with where it
/// points: the book does not vanish without a word. Once the target is back, so is the book.
@Suite struct BrokenLinkTests {
    static let books = SpecialFileTests.books

    /// Every command that reads the whole library, and what each must still print (`check` is
    /// looked at apart).
    static let commands = SpecialFileTests.commands.filter { $0.args != ["check"] }

    private func expectNamed(_ library: TemporaryLibrary, name: String, saying: String) throws {
        // Twice each: the first run writes the index, the second answers from it.
        for (args, shows) in Self.commands + Self.commands {
            let result = try library.run(args, environment: ["NO_COLOR": "1"])
            #expect(result.status == 0, "\(args)\n\(result)")
            #expect(result.stdout.contains(shows), "\(args)\n\(result)")
            #expect(result.stderr.contains("\(name): a broken link (\(saying)); skipped"), "\(args) did not warn\n\(result)")
        }
        let check = try library.run(["check", "--format", "json"])
        #expect(check.status == 0, "a broken link is a warning, not an error\n\(check)")
        #expect(check.stdout.contains("\"broken-link\"") && check.stdout.contains("\"warning\""), "\(check)")
        let text = try library.run(["check"])
        #expect(text.stdout.contains("\(name):1:1: warning [broken-link] a broken link (\(saying)); skipped"), "\(text)")
        // Named as every other message names it, relative to the library: by path and by name
        // (where no editor can mend it, none is offered), and by `mv --all`, which renames the rest.
        let show = try library.run(["show", name])
        #expect(show.status != 0)
        #expect(show.stderr.contains("\(name): a broken link (\(saying))"), "\(show)")
        let byName = try library.run(["show", String(name.dropLast(3))])
        #expect(byName.status != 0 && byName.stderr.contains("a broken link (\(saying))"), "\(byName)")
        #expect(!byName.stderr.contains("shelf edit"), "\(byName)")
        let move = try library.run(["mv", "--all", "--dry-run"], environment: ["NO_COLOR": "1"])
        #expect(move.status == 0, "\(move)")
        #expect(move.stderr.contains("\(name): a broken link (\(saying)); skipped"), "\(move)")
        for result in [show, byName, move] { #expect(!result.stderr.contains(library.root.path), "\(result)") }
    }

    /// `ls` warns with `line`.
    private func expectListWarns(_ library: TemporaryLibrary, _ line: String) throws {
        let list = try library.run(["ls"], environment: ["NO_COLOR": "1"])
        #expect(list.stderr.contains(line), "\(list)")
    }

    @Test func aLinkWhoseTargetIsGoneIsNamedWithWhereItPoints() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let elsewhere = try TemporaryLibrary(books: [
            ("le-guin-left-hand.md", bookFile("title: The Left Hand of Darkness", body: "Estraven.\n"))
        ])
        let target = elsewhere.path("le-guin-left-hand.md")
        try library.makeFolder("linked")
        try FileManager.default.createSymbolicLink(atPath: library.path("linked/left-hand.md"), withDestinationPath: target)
        let before = try library.run(["ls", "--format", "paths"])
        #expect(before.stdoutLines == ["herbert-dune.md", "linked/left-hand.md"], "\(before)")

        try FileManager.default.removeItem(atPath: target)
        try expectNamed(library, name: "linked/left-hand.md", saying: "to \(target), which is not there")

        // The target comes back (the sync caught up): the book is listed again, with no warning.
        try elsewhere.write("le-guin-left-hand.md", bookFile("title: The Left Hand of Darkness", body: "Estraven.\n"))
        let after = try library.run(["ls", "--format", "paths"])
        #expect(after.stdoutLines == ["herbert-dune.md", "linked/left-hand.md"], "\(after)")
        #expect(after.stderr.isEmpty, "\(after)")
    }

    @Test func aRelativeLinkIntoAMissingFolderIsNamed() throws {
        let library = try TemporaryLibrary(books: Self.books)
        try FileManager.default.createSymbolicLink(atPath: library.path("moved.md"), withDestinationPath: "old/moved.md")
        try expectNamed(library, name: "moved.md", saying: "to old/moved.md, which is not there")
        // Through a file taken for a folder (ENOTDIR), as a link made before a rename can be.
        try FileManager.default.createSymbolicLink(atPath: library.path("inside.md"), withDestinationPath: "herbert-dune.md/inside.md")
        try expectListWarns(library, "inside.md: a broken link (to herbert-dune.md/inside.md, which is not there); skipped")
    }

    @Test func aLoopOfLinksIsNamedAndNeverFollowedForever() throws {
        let library = try TemporaryLibrary(books: Self.books)
        try FileManager.default.createSymbolicLink(atPath: library.path("a.md"), withDestinationPath: "b.md")
        try FileManager.default.createSymbolicLink(atPath: library.path("b.md"), withDestinationPath: "a.md")
        try expectNamed(library, name: "a.md", saying: "to b.md, a loop of links")
        try expectListWarns(library, "b.md: a broken link (to a.md, a loop of links); skipped")
    }

    @Test func aLinkToABrokenLinkSaysSoAndBothAreNamed() throws {
        let library = try TemporaryLibrary(books: Self.books)
        try library.makeFolder("sub")
        try FileManager.default.createSymbolicLink(atPath: library.path("sub/link.md"), withDestinationPath: "../other/real.md")
        try FileManager.default.createSymbolicLink(atPath: library.path("chain.md"), withDestinationPath: "sub/link.md")
        try expectNamed(library, name: "chain.md", saying: "to sub/link.md, a link that leads nowhere")
        try expectListWarns(library, "sub/link.md: a broken link (to ../other/real.md, which is not there); skipped")
    }

    @Test func aLinkToABookInAHiddenFolderIsThatBookAndWarnsWhenItGoes() throws {
        let library = try TemporaryLibrary(books: Self.books)
        try library.write(".store/hidden.md", bookFile("title: Kept Aside", body: "Notes.\n"))
        try FileManager.default.createSymbolicLink(atPath: library.path("aside.md"), withDestinationPath: ".store/hidden.md")
        for _ in 0..<2 {
            let list = try library.run(["ls", "--format", "paths"])
            #expect(Set(list.stdoutLines) == ["aside.md", "herbert-dune.md"], "\(list)")
        }
        try FileManager.default.removeItem(atPath: library.path(".store/hidden.md"))
        try expectNamed(library, name: "aside.md", saying: "to .store/hidden.md, which is not there")
    }

    @Test func aLinkNamedLikeABookToAFolderIsNamedWithOrWithoutTheIndex() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let outside = try TemporaryLibrary(config: nil)
        try FileManager.default.createSymbolicLink(atPath: library.path("later.md"), withDestinationPath: outside.path("later.md"))
        try outside.makeFolder("later.md")
        for args in [["ls"], ["ls"], ["--no-cache", "ls"]] {
            let list = try library.run(args, environment: ["NO_COLOR": "1"])
            #expect(
                list.stdout.contains("Dune") && list.stderr.contains("later.md: not a regular file (a folder); skipped"), "\(args)\n\(list)"
            )
        }
        let check = try library.run(["check"])
        #expect(check.status == 0 && check.stdout.contains("later.md:1:1: warning [special-file]"), "\(check)")
        // The folder becomes a book: listed, from the index as without it.
        try FileManager.default.removeItem(atPath: outside.path("later.md"))
        try outside.write("later.md", bookFile("title: Later", body: "At last.\n"))
        for args in [["ls", "--format", "paths"], ["--no-cache", "ls", "--format", "paths"]] {
            let list = try library.run(args)
            #expect(list.stdoutLines == ["herbert-dune.md", "later.md"] && list.stderr.isEmpty, "\(args)\n\(list)")
        }
    }

    @Test func aBrokenLinkWhoseNameIsNotUTF8IsReportedNotDropped() throws {
        let library = try TemporaryLibrary(books: Self.books)
        // `bl<FE>.md`: a byte no UTF-8 text holds.
        let name = Array(library.path("bl").utf8) + [0xFE] + Array(".md".utf8) + [0]
        let made = name.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { symlink("nowhere.md", $0.baseAddress!) }
        }
        try #require(made == 0)
        for args in [["ls"], ["ls"], ["--no-cache", "ls"]] {
            let list = try library.run(args, environment: ["NO_COLOR": "1"])
            #expect(list.stdout.contains("Dune") && list.stderr.contains("$'bl\\xFE.md': the file's name is not UTF-8"), "\(args)\n\(list)")
        }
    }

    @Test func aBrokenLinkWithANameThatIsNotABooksIsLeftUnmentioned() throws {
        let library = try TemporaryLibrary(books: Self.books)
        try FileManager.default.createSymbolicLink(atPath: library.path("cover.jpg"), withDestinationPath: "nowhere.jpg")
        try FileManager.default.createSymbolicLink(atPath: library.path(".hidden.md"), withDestinationPath: "nowhere.md")
        let list = try library.run(["ls"])
        #expect(list.status == 0 && list.stderr.isEmpty, "\(list)")
        let check = try library.run(["check"])
        #expect(!check.stdout.contains("broken-link"), "\(check)")
    }
}
