import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// A shelf killed while it renamed its index into place leaves `.tmp-PID-N.cache`, as large
    /// as the index: `cache` lists it, `cache clear` removes it (once its process is gone), and
    /// it counts towards the size limit. One whose process still runs is left alone.
    @Test func temporaryFilesAKilledShelfLeftAreListedCountedAndCleared() throws {
        let library = try TemporaryLibrary(books: [("dune.md", "---\ntitle: Dune\n---\n")])
        let cache = library.path(".test-cache")
        let folder = cache + "/shelf/libraries"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // No process has this pid (above the kernel's pid_max, 2^22), so its writer is gone.
        let abandoned = folder + "/.tmp-99999999-12345.cache"
        try Data(repeating: 7, count: 3 << 20).write(to: URL(fileURLWithPath: abandoned))
        // This test process is alive: its file is being written.
        let live = folder + "/.tmp-\(getpid())-1.cache"
        try Data(repeating: 7, count: 1024).write(to: URL(fileURLWithPath: live))
        let environment = ["XDG_CACHE_HOME": cache, "SHELF_CACHE_LIMIT": "2"]

        let info = try library.run(["cache"], environment: environment)
        #expect(info.status == 0, "\(info)")
        #expect(info.stdout.contains(abandoned + "  3.0 MiB, left by a shelf that was killed"), "\(info)")
        #expect(info.stdout.contains(live + "  1 KiB, being written now"), "\(info)")
        let json = try parseJSONObject(try library.run(["cache", "--json"], environment: environment).stdout)
        let files = try #require(json["temporary_files"] as? [[String: Any]])
        #expect(files.map { $0["abandoned"] as? Bool } == [false, true] || files.map { $0["abandoned"] as? Bool } == [true, false])

        let cleared = try library.run(["cache", "clear", "--all"], environment: environment)
        #expect(cleared.status == 0, "\(cleared)")
        #expect(cleared.stdout.contains("1 temporary file a killed shelf left"), "\(cleared)")
        #expect(!FileManager.default.fileExists(atPath: abandoned))
        #expect(FileManager.default.fileExists(atPath: live), "a file still being written stays")
    }

    @Test func aCacheLimitThatIsNotANumberIsSaidNotIgnored() throws {
        let library = try TemporaryLibrary(books: [("dune.md", "---\ntitle: Dune\n---\n")])
        for command in [["ls"], ["cache"]] {
            let result = try library.run(command, environment: ["SHELF_CACHE_LIMIT": "garbage"])
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.contains("SHELF_CACHE_LIMIT is 'garbage', not a whole number of MiB"), "\(result)")
        }
        let fine = try library.run(["ls"], environment: ["SHELF_CACHE_LIMIT": "500"])
        #expect(fine.stderr == "", "\(fine)")
    }
}
