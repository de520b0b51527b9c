import Foundation
import Testing

/// The merge driver and files it cannot read as books (docs/safety.md, item 6): a Latin-1
/// book or malformed front matter is merged by git's own line merge on the raw bytes, the driver
/// says why and exits non-zero, and git keeps both sides — run through a real `git merge`.
@Suite("Sync: merge driver falls back to git's conflict")
struct MergeDriverFallbackGitTests {
    /// A repository set up with `shelf git-setup` holding `dune.md` at `base`, `theirs` committed
    /// on branch `other` and `ours` on `main`, then `git merge other` run.
    func merged(
        base: [UInt8], ours: [UInt8], theirs: [UInt8], config: String? = TemporaryLibrary.defaultConfig
    )
        throws -> (library: TemporaryLibrary, merge: CommandResult)
    {
        let library = try TemporaryLibrary(config: config)
        try library.syncGitInit()
        let setup = try library.syncRun(["git-setup"])
        #expect(setup.status == 0, "\(setup)")
        try library.write("dune.md", bytes: base)
        try library.syncCommitAll("base")
        try library.syncGit(["checkout", "-q", "-b", "other"])
        try library.write("dune.md", bytes: theirs)
        try library.syncCommitAll("theirs")
        try library.syncGit(["checkout", "-q", "main"])
        try library.write("dune.md", bytes: ours)
        try library.syncCommitAll("ours")
        return (library, try library.syncGit(["merge", "--no-edit", "other"], allowFailure: true))
    }

    /// git reports the conflict and keeps both sides: `git checkout --ours/--theirs` give them back
    /// byte for byte.
    func expectBothSidesKept(
        _ library: TemporaryLibrary, ours: [UInt8], theirs: [UInt8],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(try library.syncGit(["status", "--porcelain"]).stdout == "UU dune.md\n", sourceLocation: sourceLocation)
        try library.syncGit(["checkout", "--ours", "--", "dune.md"])
        #expect(try library.bytes("dune.md") == ours, sourceLocation: sourceLocation)
        try library.syncGit(["checkout", "--theirs", "--", "dune.md"])
        #expect(try library.bytes("dune.md") == theirs, sourceLocation: sourceLocation)
    }

    func latin1(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
    }

    /// Without the fallback, the driver stopped at the Latin-1 byte and left ours alone: theirs'
    /// change was missing from the work tree.
    @Test func aLatin1BookMergesLineByLineAndGitReportsTheConflict() throws {
        let base = latin1("---\ntitle: Café\nrating: 4\n---\nLine one.\nLine two.\n")
        let ours = latin1("---\ntitle: Café\nrating: 5\n---\nLine one.\nLine two.\n")
        let theirs = latin1("---\ntitle: Café\nrating: 4\n---\nLine one.\nLine two, thé.\n")
        let (library, merge) = try merged(base: base, ours: ours, theirs: theirs)
        #expect(merge.status != 0, "\(merge)")
        #expect(merge.stderr.contains("dune.md (ours):2:"), "\(merge)")
        #expect(merge.stderr.contains("not merged as a book"), "\(merge)")
        // Each side's change, every byte as written: nothing decoded, nothing re-encoded.
        #expect(try library.bytes("dune.md") == latin1("---\ntitle: Café\nrating: 5\n---\nLine one.\nLine two, thé.\n"))
        try expectBothSidesKept(library, ours: ours, theirs: theirs)
    }

    @Test func aLatin1LineBothChangedGetsGitsMarkers() throws {
        let base = latin1("---\ntitle: Café\n---\nNoël\n")
        let ours = latin1("---\ntitle: Café\n---\nNoël à Paris\n")
        let theirs = latin1("---\ntitle: Café\n---\nNoël à Lyon\n")
        let (library, merge) = try merged(base: base, ours: ours, theirs: theirs)
        #expect(merge.status != 0, "\(merge)")
        #expect(
            try library.bytes("dune.md")
                == latin1("---\ntitle: Café\n---\n<<<<<<< ours\nNoël à Paris\n=======\nNoël à Lyon\n>>>>>>> theirs\n"))
        try expectBothSidesKept(library, ours: ours, theirs: theirs)
    }

    /// Malformed front matter on one side: the reason names the side, line and column.
    @Test func malformedYAMLOnOneSideFallsBack() throws {
        let base = Array("---\ntitle: Dune\ntags: [sci-fi]\n---\nLine one.\n\nLine two.\n".utf8)
        let ours = Array("---\ntitle: Dune\ntags: [sci-fi\n---\nLine one.\n\nLine two.\n".utf8)
        let theirs = Array("---\ntitle: Dune\ntags: [sci-fi]\n---\nLine one.\n\nLine two, theirs.\n".utf8)
        let (library, merge) = try merged(base: base, ours: ours, theirs: theirs)
        #expect(merge.status != 0, "\(merge)")
        #expect(merge.stderr.contains("dune.md (ours):3:7:"), "\(merge)")
        #expect(try library.syncText("dune.md") == "---\ntitle: Dune\ntags: [sci-fi\n---\nLine one.\n\nLine two, theirs.\n")
        try expectBothSidesKept(library, ours: ours, theirs: theirs)
    }

    /// Front matter removed on one side: merging key by key would silently keep the keys.
    @Test func frontMatterOnOneSideOnlyFallsBack() throws {
        let base = Array("---\ntitle: Dune\n---\nLine one.\n".utf8)
        let ours = Array("---\ntitle: Dune\nrating: 5\n---\nLine one.\n".utf8)
        let theirs = Array("Line one.\n".utf8)
        let (library, merge) = try merged(base: base, ours: ours, theirs: theirs)
        #expect(merge.status != 0, "\(merge)")
        #expect(merge.stderr.contains("one version has front matter and the other has none"), "\(merge)")
        try expectBothSidesKept(library, ours: ours, theirs: theirs)
    }

    /// The library's own status words: `shelved` means to-read in this library, so both sides
    /// setting the same status in different words is no conflict.
    @Test func statusWordsOfTheLibraryVocabularyAreEqual() throws {
        let config = TemporaryLibrary.defaultConfig + "statuses:\n  shelved: to-read\n"
        let base = Array("---\ntitle: Dune\nstatus: reading\nrating: 3\n---\n".utf8)
        let ours = Array("---\ntitle: Dune\nstatus: shelved\nrating: 3\n---\n".utf8)
        let theirs = Array("---\ntitle: Dune\nstatus: to-read\nrating: 4\n---\n".utf8)
        let (library, merge) = try merged(base: base, ours: ours, theirs: theirs, config: config)
        #expect(merge.status == 0, "\(merge)")
        #expect(try library.syncText("dune.md") == "---\ntitle: Dune\nstatus: shelved\nrating: 4\n---\n")
    }
}
