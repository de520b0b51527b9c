import Foundation
import Testing

/// The persistent cache from the outside: every answer through it equals the answer of
/// `--no-cache`, before and after files change, and `--no-cache` leaves no cache behind.
@Suite struct QueryCacheTests {
    static let books: [(String, String)] = [
        (
            "le-guin-left-hand.md",
            "---\ntitle: The Left Hand of Darkness\nauthor: Ursula K. Le Guin\ntags: [sci-fi]\nrating: 5\nfinished: 2023-03-10\n---\nEstraven crosses the ice.\n"
        ),
        (
            "herbert-dune.md",
            "---\ntitle: Dune\nauthors: [Frank Herbert]\ntags: [sci-fi/space]\nrating: 4\nfinished: 2021-01-02\n---\nSpice and sand.\n"
        ),
        ("austen-emma.md", "---\ntitle: Emma\nauthor: Jane Austen\ntags: [classics]\nstatus: to-read\n---\n"),
        ("notes/readme.md", "No front matter here.\n"),
    ]

    static let commands: [[String]] = [
        ["ls", "--format", "json"],
        ["ls", "tag:sci-fi rating:>=4 finished:2020..2024", "--format", "paths"],
        ["search", "estraven", "--format", "json"],
        ["search", "sand"],
        ["tags"],
    ]

    /// Every command's output through the cache, checked against `--no-cache`.
    static func expectSameAnswers(_ library: TemporaryLibrary, cacheHome: String, _ comment: String) throws {
        for command in commands {
            let cached = try library.run(command, environment: ["XDG_CACHE_HOME": cacheHome])
            let fresh = try library.run(command + ["--no-cache"], environment: ["XDG_CACHE_HOME": cacheHome])
            #expect(cached.status == 0, "\(command) \(comment)\n\(cached)")
            #expect(cached.stdout == fresh.stdout, "\(command) \(comment)")
            #expect(cached.stderr == fresh.stderr, "\(command) \(comment)")
        }
    }

    @Test func answersThroughTheCacheEqualFreshOnes() async throws {
        let library = try TemporaryLibrary(books: Self.books)
        let cacheHome = library.root.path + "-cache"
        defer { try? FileManager.default.removeItem(atPath: cacheHome) }
        // Files written in the last three seconds are never recorded: wait, so the cache is used.
        try await Task.sleep(nanoseconds: 3_300_000_000)
        try Self.expectSameAnswers(library, cacheHome: cacheHome, "on a new cache")
        let folder = cacheHome + "/shelf/libraries"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(files.count == 1 && files[0].hasSuffix(".cache"), "\(files)")
        let mode = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        try Self.expectSameAnswers(library, cacheHome: cacheHome, "on a warm cache")

        // Same size, same inode: only the times tell.
        try library.write(
            "herbert-dune.md",
            "---\ntitle: Dune\nauthors: [Frank Herbert]\ntags: [sci-fi/space]\nrating: 2\nfinished: 2021-01-02\n---\nSpice and sand.\n")
        try library.write(
            "austen-emma.md", "---\ntitle: Emma\nauthor: Jane Austen\ntags: [sci-fi]\nrating: 5\nfinished: 2022-05-05\n---\nEstraven?\n")
        try FileManager.default.removeItem(at: library.url("le-guin-left-hand.md"))
        try Self.expectSameAnswers(library, cacheHome: cacheHome, "after edits")
        let listed = try library.run(["ls", "tag:sci-fi rating:>=4", "--format", "paths"], environment: ["XDG_CACHE_HOME": cacheHome])
        #expect(listed.stdout == "austen-emma.md\n")
    }

    @Test func noCacheLeavesNoCache() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let cacheHome = library.root.path + "-nocache"
        defer { try? FileManager.default.removeItem(atPath: cacheHome) }
        let result = try library.run(["ls", "--no-cache"], environment: ["XDG_CACHE_HOME": cacheHome])
        #expect(result.status == 0)
        #expect(!FileManager.default.fileExists(atPath: cacheHome))
    }
}
