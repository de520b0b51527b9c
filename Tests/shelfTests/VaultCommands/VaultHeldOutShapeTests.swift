import Foundation
import Testing

/// The shapes the held-out measure found misread (issue 45), read and edited by the built binary
/// in folders without `shelf.yaml`.
@Suite struct VaultHeldOutShapeTests {
    @Test func readsKeptAsPairsAreReadCheckedQuietlyAndGrowByAPair() throws {
        let road = "---\ntitle: On the Road\nreadDates: [[2019-02-25, 2019-03-05]]\n---\n"
        let dune = "---\ntitle: Dune\nreadDates:\n  [[2018-09-26, 2018-10-02], [2020-06-27, 2020-06-28]]\n---\n"
        let site = try TemporaryLibrary(config: nil, books: [("road.md", road), ("dune.md", dune)])
        let env = ["SHELF_LIBRARY": site.root.path]
        let shown = try site.run(["show", "dune", "--format", "json"], environment: env)
        let book = try parseJSONObject(shown.stdout)
        #expect(book["status"] as? String == "read" && book["started"] as? String == "2020-06-27", "\(shown)")
        #expect(book["finished"] as? String == "2020-06-28", "\(shown)")
        let check = try site.run(["check", "--format", "json"], environment: env)
        #expect(check.stdout == "[]\n", "no invalid-date: \(check)")

        // Setting what is shown writes nothing.
        let before = try site.snapshot()
        for assignment in ["started=2020-06-27", "finished=2020-06-28", "status=read"] {
            let set = try site.run(["set", "dune", assignment], environment: env)
            #expect(set.status == 0, "\(set)")
        }
        #expect(try site.snapshot() == before, "no-op edits write nothing")

        // A new read is one more pair, open; finishing it ends that pair, and nothing else changes.
        let start = try site.run(["start", "road", "--date", "2024-10-22"], environment: env)
        #expect(start.status == 0, "\(start)")
        try expectEditFile("road.md", in: site, equals: road.replacingOccurrences(of: "]]", with: "], [2024-10-22]]"))
        let reading = try parseJSONObject(try site.run(["show", "road", "--format", "json"], environment: env).stdout)
        #expect(reading["status"] as? String == "reading" && reading["started"] as? String == "2024-10-22")
        let finish = try site.run(["finish", "road", "--date", "2024-10-30"], environment: env)
        #expect(finish.status == 0, "\(finish)")
        try expectEditFile("road.md", in: site, equals: road.replacingOccurrences(of: "]]", with: "], [2024-10-22, 2024-10-30]]"))

        // Anything else is refused, with what to do, and writes nothing.
        let settled = try site.snapshot()
        let again = try site.run(["finish", "dune", "--again", "--date", "2025-01-01"], environment: env)
        #expect(again.status != 0 && again.stderr.contains("shelf start"), "\(again)")
        let moved = try site.run(["set", "dune", "finished=2020-07-01"], environment: env)
        #expect(moved.status != 0 && moved.stderr.contains("shelf edit"), "\(moved)")
        #expect(try site.snapshot() == settled, "nothing written")
    }

    @Test func aJekyllCollectionsTagStringsAreWords() throws {
        let notes = [("ecology power myth", "a"), ("existentialism classic", "b"), ("philosophy literature", "c"), ("top-100", "d")]
        let site = try TemporaryLibrary(
            config: nil, books: notes.map { ("_books/\($0.1).md", "---\ntitle: \($0.1)\nauthor: Someone\ntags: \($0.0)\n---\n") })
        let env = ["SHELF_LIBRARY": site.root.path]
        let shown = try parseJSONObject(try site.run(["show", "_books/c.md", "--format", "json"], environment: env).stdout)
        #expect(shown["tags"] as? [String] == ["philosophy", "literature"])
        let before = try site.snapshot()
        let tag = try site.run(["tag", "_books/c.md", "literature"], environment: env)
        #expect(tag.status == 0, "\(tag)")
        #expect(try site.snapshot() == before, "a tag it has is no change")
    }
}
