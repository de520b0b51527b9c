import Foundation
import ShelfTestSupport
import Testing

/// The built binary against a hostile lookup server and a hostile `shelf.yaml`: each command
/// ends with a clear message (the harness kills a run after 30 s, which would fail the test).
@Suite struct BoundedInputTests {
    private static let isbn = FakeBookServices.ISBNs.leftHand

    @Test(arguments: ["big", "endless"])
    func aHugeOrEndlessLookupAnswerFailsClearly(kind: String) throws {
        let reply =
            kind == "big"
            ? Reply(status: 200, headers: [("Content-Type", "application/json")], body: [UInt8](repeating: 0x20, count: 50 * 1024 * 1024))
            : Reply.endless()
        let world = try LookupWorld(overriding: ["/api/books": { _ in reply }, "/books/v1/volumes": { _ in reply }])
        defer { world.stop() }
        let result = try world.run(["lookup", Self.isbn])
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("sent an answer longer than 8 MiB; stopped reading it"), "\(result)")
    }

    @Test func aLookupAnswerThatNeverEndsTimesOut() throws {
        let world = try LookupWorld(overriding: [
            "/api/books": { _ in .endless(chunk: 1, pause: 0.2) }, "/books/v1/volumes": { _ in .endless(chunk: 1, pause: 0.2) },
        ])
        defer { world.stop() }
        let result = try world.run(["lookup", Self.isbn])
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("127.0.0.1 did not answer in time"), "\(result)")
    }

    @Test func aTooManyRequestsAnswerIsReportedAfterRetries() throws {
        let world = try LookupWorld(overriding: ["/api/books": { _ in .status(429) }, "/books/v1/volumes": { _ in .status(429) }])
        defer { world.stop() }
        let result = try world.run(["lookup", Self.isbn])
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("says too many requests (HTTP 429)"), "\(result)")
    }

    /// `@q0` is a word; each `@qN` is `@q(N-1) OR @q(N-1)`: `@q30` would be 2^30 words.
    static let explodingConfig: String = {
        var lines = ["queries:", "  q0: dune"]
        for level in 1...30 { lines.append("  q\(level): \"@q\(level - 1) OR @q\(level - 1)\"") }
        lines += ["  loop-a: \"status:read @loop-b\"", "  loop-b: \"@loop-a\""]
        return lines.joined(separator: "\n") + "\n"
    }()

    @Test func aSavedQueryThatExplodesIsRefusedNamingIt() throws {
        let library = try TemporaryLibrary(config: Self.explodingConfig, books: [("dune.md", bookFile("title: Dune"))])
        let result = try run(["ls", "@q30"], in: library.root, timeout: 30)
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("in @q30: saved queries expand to more than 10000 terms"), "\(result)")
        let modest = try library.run(["ls", "@q5", "--format", "paths"])
        #expect(modest.stdout == "dune.md\n", "\(modest)")
    }

    @Test func savedQueriesUsingEachOtherAreRefusedNamingThem() throws {
        let library = try TemporaryLibrary(config: Self.explodingConfig, books: [("dune.md", bookFile("title: Dune"))])
        let result = try run(["ls", "@loop-a"], in: library.root, timeout: 30)
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("@loop-a refers to itself (@loop-a → @loop-b → @loop-a)"), "\(result)")
    }
}
