import Foundation
import ShelfTestSupport
import Testing

/// A temporary library, a loopback server playing Open Library and Google Books, and a cache
/// folder of its own, for running the built `shelf` against them. Call `stop()` when done
/// (`defer { world.stop() }` also keeps everything alive for the whole test).
final class LookupWorld {
    typealias ISBNs = FakeBookServices.ISBNs
    static let today = "2024-05-01"

    let server: LoopbackHTTPServer
    let cache: TemporaryFolder
    let library: TemporaryLibrary

    /// The fake services, with `overrides` replacing the answers for targets starting with a key.
    init(
        books: [(String, String)] = [], config: String? = TemporaryLibrary.defaultConfig,
        overriding overrides: [String: @Sendable (String) -> Reply] = [:]
    ) throws {
        server = try LoopbackHTTPServer(makeRoutes: { base in
            { _, target in
                for (prefix, reply) in overrides where target.hasPrefix(prefix) { return reply(target) }
                return FakeBookServices.reply(to: target, base: base)
            }
        })
        cache = try TemporaryFolder("shelf-e2e-cache")
        library = try TemporaryLibrary(config: config, books: books)
    }

    var base: String { server.baseURL }

    /// The environment for `shelf`: both services at the server (or at `servicesAt`), the cache
    /// in its own folder, a 1 s timeout, a 10 ms backoff, no bulk interval, a fixed today.
    func environment(servicesAt url: String? = nil) -> [String: String] {
        [
            "SHELF_OPENLIBRARY_URL": url ?? base,
            "SHELF_GOOGLE_BOOKS_URL": url ?? base,
            "XDG_CACHE_HOME": cache.path,
            "SHELF_HTTP_TIMEOUT": "1",
            "SHELF_HTTP_BACKOFF": "0.01",
            "SHELF_HTTP_INTERVAL": "0",
            "SHELF_TODAY": LookupWorld.today,
            "NO_COLOR": "1",
            "no_proxy": "127.0.0.1,localhost",
            "NO_PROXY": "127.0.0.1,localhost",
        ]
    }

    /// Runs `shelf` in the library (or `folder` below it) against the server.
    func run(_ args: [String], in folder: String = "", stdin: String? = nil) throws -> CommandResult {
        try library.run(args, in: folder, environment: environment(), stdin: stdin)
    }

    /// Runs `shelf` with both services at a port where nothing listens.
    func runOffline(_ args: [String], stdin: String? = nil) throws -> CommandResult {
        try library.run(args, environment: environment(servicesAt: try LoopbackHTTPServer.closedBaseURL()), stdin: stdin)
    }

    /// The text of a file in the library.
    func file(_ relative: String) throws -> String {
        String(decoding: try library.bytes(relative), as: UTF8.self)
    }

    /// The book files (`.md`) in the library's root, sorted.
    func bookFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: library.root.path).filter { $0.hasSuffix(".md") }.sorted()
    }

    func stop() { server.stop() }
}

/// The lines of a front matter, between the `---` lines.
func frontMatterLines(_ text: String) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.first == "---", let end = lines.dropFirst().firstIndex(of: "---") else { return [] }
    return Array(lines[1..<end])
}
