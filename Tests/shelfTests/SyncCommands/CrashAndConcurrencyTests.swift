import Foundation
@testable import ShelfKit
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Crash safety and concurrent writers (docs/sync.md, "Every write is atomic and checked").
/// `tags rename` killed mid-run is tested in EditCommands/TagsRenameKillTests; here the bulk
/// command killed is `conflicts resolve`, whose promise is an order: a copy goes only after its
/// merged original is written.
@Suite("Crash: kill and concurrent writers")
struct CrashAndConcurrencyTests {
    static func name(_ number: Int) -> String { String(format: "b%04d.md", number) }
    static func copyName(_ number: Int) -> String { String(format: "b%04d.sync-conflict-20241102-101530-ABCDEF1.md", number) }

    // The limit only stops a hang (each shelf run is also bounded by the harness): on a loaded
    // 2-core machine, with the whole suite running at once, this takes minutes.
    @Test(.timeLimit(.minutes(10)))
    func conflictsResolveKilledNeverLosesACopyBeforeItsMerge() throws {
        let count = 150
        let library = try TemporaryLibrary()
        for number in 0..<count {
            try library.write(Self.name(number), "---\ntitle: Book \(number)\ntags: [a]\nrating: 3\n---\nNote.\n")
            try library.write(
                Self.copyName(number), "---\ntitle: Book \(number)\ntags: [a, from-copy]\nrating: 3\n---\nNote.\nCopy line.\n")
        }
        var environment = ChildProcess.currentEnvironment
        environment["SHELF_LIBRARY"] = nil
        let process = try ChildProcess(
            try ShelfBinary.url().path, arguments: ["conflicts", "resolve", "--prefer", "copy", "--yes"],
            environment: environment, workingDirectory: library.root.path,
            standardInput: .null, standardOutput: .null, standardError: .null
        ).spawn()
        // Copies are merged in path order: kill once the 20th copy is gone.
        let deadline = Date().addingTimeInterval(40)
        while process.checkTermination() == nil && Date() < deadline && library.syncExists(Self.copyName(20)) { usleep(500) }
        let killed = process.checkTermination() == nil
        if killed { process.kill(SIGKILL) }
        _ = process.wait()

        var merged = 0
        for number in 0..<count {
            let bytes = try library.bytes(Self.name(number))
            let document = try BookDocument(bytes: bytes)
            let book = try #require(document.frontMatter.flatMap { Book(path: Self.name(number), frontMatter: $0) })
            #expect(book.title == "Book \(number)")
            let isMerged = book.tags == ["a", "from-copy"]
            #expect(isMerged || book.tags == ["a"], "\(Self.name(number)) is half merged: \(book.tags)")
            if isMerged {
                merged += 1
                #expect(String(decoding: bytes, as: UTF8.self).hasSuffix("Note.\nCopy line.\n"))
            } else {
                #expect(library.syncExists(Self.copyName(number)), "\(Self.copyName(number)) was removed before its original was merged")
            }
        }
        if killed { #expect(merged < count, "the kill came too late to test anything") }
        print("note: \(merged) of \(count) copies were merged before SIGKILL (killed: \(killed))")

        // A second run finishes: every book merged once, no copy left, no temporary file listed.
        let again = try library.syncRun(["conflicts", "resolve", "--prefer", "copy", "--yes"])
        #expect(again.status == 0, "\(again)")
        let listed = try library.syncRun(["ls", "--format", "json"])
        #expect(listed.stderr == "", "\(listed)")
        #expect(try parseJSONArray(listed.stdout).count == count)
        for number in 0..<count {
            #expect(
                try library.syncText(Self.name(number))
                    == "---\ntitle: Book \(number)\ntags: [a, from-copy]\nrating: 3\n---\nNote.\nCopy line.\n")
        }
    }

    /// Runs two `shelf set` sequences at once over the same books, one setting `mood`, the other
    /// `place`, and returns the failures and the books' texts afterwards.
    func setConcurrently(count: Int) throws -> (failures: [String], texts: [String], leftovers: [String]) {
        let library = try TemporaryLibrary()
        for number in 0..<count {
            try library.write(Self.name(number), "---\ntitle: Book \(number)\nrating: 3\n---\nNote \(number).\n")
        }
        let failures = SyncFailures()
        let group = DispatchGroup()
        let root = library.root
        for (key, value) in [("mood", "calm"), ("place", "attic")] {
            DispatchQueue.global().async(group: group) {
                for number in 0..<count {
                    do {
                        let result = try run(["set", Self.name(number), "\(key)=\(value)"], in: root, environment: syncEnvironment)
                        if result.status != 0 { failures.add("\(key) on \(Self.name(number)): \(result)") }
                    } catch {
                        failures.add("\(key) on \(Self.name(number)): \(error)")
                    }
                }
            }
        }
        group.wait()
        let texts = try (0..<count).map { try library.syncText(Self.name($0)) }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasPrefix(".shelf-") }
        return (failures.all, texts, leftovers)
    }

    /// Two writers at once never corrupt a book: each stays whole and readable, keeps what the
    /// other keys held, and holds the key of at least one writer.
    // The limit only stops a hang (each shelf run is also bounded by the harness): on a loaded
    // 2-core machine, with the whole suite running at once, this takes minutes.
    @Test(.timeLimit(.minutes(10)))
    func twoProcessesAtOnceLeaveEveryBookWhole() throws {
        let (failures, texts, leftovers) = try setConcurrently(count: 40)
        #expect(failures.isEmpty, "\(failures)")
        #expect(leftovers.isEmpty, "\(leftovers)")
        for (number, text) in texts.enumerated() {
            let document = try BookDocument(bytes: Array(text.utf8))
            let book = try #require(document.frontMatter.flatMap { Book(path: Self.name(number), frontMatter: $0) })
            #expect(book.title == "Book \(number)" && book.rating == 3)
            #expect(text.hasPrefix("---\ntitle: Book \(number)\nrating: 3\n") && text.hasSuffix("---\nNote \(number).\n"))
            #expect(text.contains("\nmood: calm\n") || text.contains("\nplace: attic\n"), "\(text)")
        }
    }

    /// Two `shelf set` runs at once on the same books, each setting its own key: "Another key
    /// changed: shelf applies the same edit to the new content. Both changes survive."
    // The limit only stops a hang (each shelf run is also bounded by the harness): on a loaded
    // 2-core machine, with the whole suite running at once, this takes minutes.
    @Test(.timeLimit(.minutes(10)))
    func twoProcessesSettingDifferentKeysBothWin() throws {
        let (failures, texts, _) = try setConcurrently(count: 60)
        #expect(failures.isEmpty, "\(failures)")
        for (number, text) in texts.enumerated() {
            #expect(text.contains("\nmood: calm\n") && text.contains("\nplace: attic\n"), "\(Self.name(number)):\n\(text)")
        }
    }
}

/// Failures collected from several threads.
final class SyncFailures: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    func add(_ item: String) {
        lock.lock()
        items.append(item)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
