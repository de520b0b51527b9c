import Foundation
import Testing

/// `shelf cache`: lists the library indexes and lookup answers, clears them, and works outside
/// a library; each run has a cache folder of its own.
@Suite struct CacheCommandTests {
    @Test func infoListsThisLibrarysIndexAndClearRemovesIt() async throws {
        let library = try TemporaryLibrary()
        let other = try TemporaryLibrary()
        let cache = library.path(".test-cache")
        let environment = ["XDG_CACHE_HOME": cache]
        try library.write("dune.md", "---\ntitle: Dune\n---\n")
        try other.write("solaris.md", "---\ntitle: Solaris\n---\n")
        try FileManager.default.createDirectory(atPath: cache + "/shelf/lookup", withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: cache + "/shelf/lookup/9780441013593.json"))
        // Files written in the last three seconds are never recorded: wait, so the indexes are made.
        try await Task.sleep(nanoseconds: 3_300_000_000)
        #expect(try library.run(["ls"], environment: environment).status == 0)
        #expect(try other.run(["ls"], environment: environment).status == 0)

        let info = try library.run(["cache"], environment: environment)
        #expect(info.status == 0, "\(info)")
        let root = TemporaryLibrary.realPath(library.root.path)
        let mine = try #require(info.stdoutLines.first { $0.contains(root + "  ") }, "\(info)")
        #expect(mine.hasPrefix("  * ") && mine.contains("(this library)") && mine.contains("used today"), "\(info)")
        #expect(info.stdout.contains(TemporaryLibrary.realPath(other.root.path)))
        #expect(info.stdout.contains("2 indexes"))
        #expect(info.stdout.contains("Lookup answers in \(cache)/shelf/lookup: 1,"))

        let json = try library.run(["cache", "info", "--json"], environment: environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let indexes = try #require(object["indexes"] as? [[String: Any]])
        #expect(indexes.count == 2)
        #expect(indexes.filter { $0["current"] as? Bool == true }.map { $0["library"] as? String } == [root])
        #expect(object["lookup_answers"] as? Int == 1)

        let cleared = try library.run(["cache", "clear"], environment: environment)
        #expect(cleared.status == 0 && cleared.stdout == "removed 1 library index\n", "\(cleared)")
        let after = try library.run(["cache", "--json"], environment: environment)
        let left = try #require(try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [String: Any])
        #expect((left["indexes"] as? [[String: Any]])?.map { $0["library"] as? String } == [TemporaryLibrary.realPath(other.root.path)])

        let all = try library.run(["cache", "clear", "--all", "--lookups"], environment: environment)
        #expect(all.stdout == "removed 1 library index and 1 lookup answer\n", "\(all)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache + "/shelf/lookup").isEmpty)
        // The books themselves are untouched.
        #expect(try String(contentsOf: library.url("dune.md"), encoding: .utf8) == "---\ntitle: Dune\n---\n")
    }

    @Test func outsideALibraryInfoWorksAndClearSaysWhatToDo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-nolib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["XDG_CACHE_HOME": folder.path + "/cache"]
        let info = try run(["cache"], in: folder, environment: environment)
        #expect(info.status == 0 && info.stdout.contains("none"), "\(info)")
        let clear = try run(["cache", "clear"], in: folder, environment: environment)
        #expect(clear.status != 0 && clear.stderr.contains("--all"), "\(clear)")
    }
}
