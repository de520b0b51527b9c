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

    @Test func aWeReadReadingDateBesideItsFinishedDateIsTheStart() throws {
        let note = { (title: String, start: String, end: String) in
            "---\ntitle: \(title)\nauthor: 傅举有\nreadingStatus: 读完\nreadingDate: \(start)\nfinishedDate: \(end)\n---\n"
        }
        let site = try TemporaryLibrary(
            config: nil, books: [("a.md", note("马王堆汉墓", "2024-05-13", "2024-05-28")), ("b.md", note("红楼梦", "2024-01-02", "2024-02-09"))])
        let env = ["SHELF_LIBRARY": site.root.path]
        let shown = try parseJSONObject(try site.run(["show", "a.md", "--format", "json"], environment: env).stdout)
        #expect(shown["started"] as? String == "2024-05-13" && shown["finished"] as? String == "2024-05-28", "\(shown)")
        let before = try site.snapshot()
        let set = try site.run(["set", "a.md", "started=2024-05-13"], environment: env)
        #expect(set.status == 0, "\(set)")
        #expect(try site.snapshot() == before, "the start shown, set again, is no change")

        // WeRead's word for "not marked" is no status: the start alone says reading, and stays so.
        try site.write("c.md", "---\ntitle: 时间\nauthor: 季羡林\nreadingStatus: 未标记\nreadingDate: 2025-01-09\n---\n")
        let unmarked = try parseJSONObject(try site.run(["show", "c.md", "--format", "json"], environment: env).stdout)
        #expect(unmarked["status"] as? String == "reading" && unmarked["started"] as? String == "2025-01-09", "\(unmarked)")
        let check = try site.run(["check", "--format", "json"], environment: env)
        #expect(!check.stdout.contains("unknown-status") && !check.stdout.contains("status-spelling"), "\(check)")
        let marked = try site.snapshot()
        let same = try site.run(["set", "c.md", "status=reading"], environment: env)
        #expect(same.status == 0, "\(same)")
        #expect(try site.snapshot() == marked, "the status shown, set again, is no change")
    }

    @Test func aCatalogueNationalityAndRoleAreNotPartOfTheName() throws {
        let notes = [
            ("a.md", "\"[美]马特·希金斯\""), ("b.md", "【哥】加西亚•马尔克斯"), ("c.md", "屈原等"), ("d.md", "（英）毛姆 著"), ("e.md", "Tom Lee"),
            ("f.md", "马永武等编著"),
        ]
        let site = try TemporaryLibrary(
            config: nil, books: notes.map { ($0.0, "---\ntitle: Book \($0.0.prefix(1))\nauthor: \($0.1)\n---\n") })
        let env = ["SHELF_LIBRARY": site.root.path]
        let expected = ["a.md": "马特·希金斯", "b.md": "加西亚•马尔克斯", "c.md": "屈原", "d.md": "毛姆", "e.md": "Tom Lee", "f.md": "马永武"]
        for (path, name) in expected {
            let shown = try parseJSONObject(try site.run(["show", path, "--format", "json"], environment: env).stdout)
            #expect(shown["authors"] as? [String] == [name], "\(path): \(shown)")
        }
        let before = try site.snapshot()
        let set = try site.run(["set", "a.md", "authors=马特·希金斯"], environment: env)
        #expect(set.status == 0, "\(set)")
        #expect(try site.snapshot() == before, "the name shown, set again, is no change")
    }

    @Test func anIllustratorNamedBesideTheAuthorIsNoAuthor() throws {
        let notes = [
            ("a.md", "Edgar Allan Poe, Illustrationen von Kat Menschik", ["Edgar Allan Poe"]),
            ("b.md", "Albert Burkhardt, Werner Schinko (Illustrationen)", ["Albert Burkhardt"]),
            ("c.md", "Le Guin, Ursula K.", ["Le Guin, Ursula K."]),
        ]
        let site = try TemporaryLibrary(
            config: nil, books: notes.map { ($0.0, "---\ntitle: Book \($0.0.prefix(1))\nauthor: \"\($0.1)\"\n---\n") })
        let env = ["SHELF_LIBRARY": site.root.path]
        for (path, _, names) in notes {
            let shown = try parseJSONObject(try site.run(["show", path, "--format", "json"], environment: env).stdout)
            #expect(shown["authors"] as? [String] == names, "\(path): \(shown)")
        }
        let before = try site.snapshot()
        let set = try site.run(["set", "a.md", "authors=Edgar Allan Poe"], environment: env)
        #expect(set.status == 0, "\(set)")
        #expect(try site.snapshot() == before, "the author shown, set again, is no change: the illustrator stays in the file")
    }
}
