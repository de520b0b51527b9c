import Foundation
import Testing

/// Conflict copies are never books; listing commands say once how many wait; `shelf conflicts`
/// lists them (docs/sync.md, "Sync conflict copies" and "shelf conflicts").
@Suite("Sync: conflict copies listed")
struct ConflictListCommandTests {
    static let original = "---\ntitle: Dune\nrating: 4\ntags: [sci-fi]\nstatus: reading\n---\nLine one.\n"
    static let syncthing = "dune.sync-conflict-20241102-101530-ABCDEF1.md"
    static let dropbox = "dune (Sam's conflicted copy 2024-11-02).md"
    static let nextcloud = "classics/left hand_conflict-20241102-101530.md"

    func makeLibrary() throws -> TemporaryLibrary {
        try TemporaryLibrary(books: [
            ("dune.md", Self.original),
            (
                Self.syncthing,
                "---\ntitle: Dune\nrating: 5\ntags: [sci-fi, desert]\nstatus: reading\npages: 412\n---\nLine one.\nLine two.\n"
            ),
            (Self.dropbox, Self.original),
            ("classics/left hand.md", "---\ntitle: The Left Hand of Darkness\n---\n"),
            (Self.nextcloud, "---\ntitle: The Left Hand of Darkness\n---\nA note.\n"),
        ])
    }

    static let waitingLine =
        "shelf: 3 sync conflict copies wait: see them with `shelf conflicts`, merge them with `shelf conflicts resolve`"

    @Test func copiesAreNeverListedAndTheCountIsSaidOnce() throws {
        let library = try makeLibrary()
        let paths = try library.syncRun(["ls", "--format", "paths"])
        #expect(paths.status == 0, "\(paths)")
        #expect(paths.stdoutLines.sorted() == ["classics/left hand.md", "dune.md"], "\(paths)")
        #expect(paths.stderrLines == [Self.waitingLine], "\(paths)")

        let json = try library.syncRun(["ls", "--format", "json"])
        #expect(try parseJSONArray(json.stdout).count == 2)
        #expect(json.stderrLines == [Self.waitingLine], "\(json)")

        let search = try library.syncRun(["search", "dune"])
        #expect(search.status == 0, "\(search)")
        #expect(!search.stdout.contains("conflict"), "\(search)")
        #expect(search.stderrLines == [Self.waitingLine], "\(search)")
    }

    @Test func oneCopyIsSaidInTheSingular() throws {
        let library = try TemporaryLibrary(books: [("dune.md", Self.original), (Self.dropbox, Self.original)])
        let result = try library.syncRun(["ls"])
        #expect(
            result.stderrLines == [
                "shelf: 1 sync conflict copy waits: see them with `shelf conflicts`, merge them with `shelf conflicts resolve`"
            ], "\(result)")
        let clean = try TemporaryLibrary(books: [("dune.md", Self.original)])
        #expect(try clean.syncRun(["ls"]).stderr == "")
    }

    @Test func conflictsListsEachCopyWithWhatDiffers() throws {
        let library = try makeLibrary()
        try library.syncSetModified("dune.md", 1_700_000_000)
        try library.syncSetModified(Self.syncthing, 1_700_000_100)
        try library.syncSetModified(Self.dropbox, 1_600_000_000)
        let result = try library.syncRun(["conflicts"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout == """
                \(Self.nextcloud)  (nextcloud)
                  original: classics/left hand.md
                  differing fields: none; the notes differ
                \(Self.dropbox)  (dropbox)
                  original: dune.md
                  differing fields: none
                \(Self.syncthing)  (syncthing)
                  original: dune.md
                  differing fields: rating, tags, pages; the notes differ

                Merge them with: shelf conflicts resolve

                """, "\(result)")
        // `conflicts list` is the same command.
        #expect(try library.syncRun(["conflicts", "list"]).stdout == result.stdout)
    }

    @Test func conflictsAsJSON() throws {
        let library = try makeLibrary()
        try library.syncSetModified("dune.md", 1_700_000_000)
        try library.syncSetModified(Self.syncthing, 1_700_000_100)
        try library.syncSetModified(Self.dropbox, 1_600_000_000)
        for args in [["conflicts", "--format", "json"], ["conflicts", "--json"]] {
            let result = try library.syncRun(args)
            #expect(result.status == 0, "\(result)")
            let items = try parseJSONArray(result.stdout)
            #expect(items.map { $0["copy"] as? String } == [Self.nextcloud, Self.dropbox, Self.syncthing])
            #expect(items.map { $0["original"] as? String } == ["classics/left hand.md", "dune.md", "dune.md"])
            #expect(items.map { $0["tool"] as? String } == ["nextcloud", "dropbox", "syncthing"])
            #expect(items.map { $0["fields"] as? [String] } == [[], [], ["rating", "tags", "pages"]])
            #expect(items.map { $0["notes_differ"] as? Bool } == [true, false, true])
            #expect(items[1]["copy_is_newer"] as? Bool == false)
            #expect(items[2]["copy_is_newer"] as? Bool == true)
            #expect(Set(items[0].keys) == ["copy", "original", "tool", "copy_is_newer", "fields", "notes_differ"])
        }
    }

    @Test func noCopies() throws {
        let library = try TemporaryLibrary(books: [("dune.md", Self.original)])
        let text = try library.syncRun(["conflicts"])
        #expect(text.status == 0)
        #expect(text.stdout == "No conflict copies.\n")
        #expect(try library.syncRun(["conflicts", "--json"]).stdout.filter { !$0.isWhitespace } == "[]")
        #expect(try library.syncRun(["conflicts", "resolve", "--yes"]).stdout == "No conflict copies.\n")
    }
}
