import Foundation
@testable import ShelfKit
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `shelf tags rename` over 3000 books, killed with SIGKILL part-way: every file still parses,
/// no temporary file is taken for a book, and a second run finishes the job.
@Suite struct TagsRenameKillTests {
    static let count = 3000

    /// Three shapes of tag list, so both flow and block splices are interrupted.
    static func book(_ number: Int) -> String {
        switch number % 3 {
        case 0: return "---\ntitle: Book \(number)\ntags: [scifi, other]\n---\nNotes \(number).\n"
        case 1: return "---\r\ntitle: Book \(number)\r\ntags:\r\n  - Other\r\n  - SciFi\r\n---\r\n"
        default: return "---\ntitle: Book \(number)  # n\ntags: scifi\n---"
        }
    }

    static func name(_ number: Int) -> String { String(format: "book-%05d.md", number) }

    // The limit only stops a hang (each shelf run is also bounded by the harness): on a loaded
    // 2-core machine, with the whole suite running at once, this takes minutes.
    @Test(.timeLimit(.minutes(10)))
    func killedMidRunThenRunAgain() throws {
        let library = try TemporaryLibrary()
        for number in 0..<TagsRenameKillTests.count {
            try Data(TagsRenameKillTests.book(number).utf8).write(to: library.url(TagsRenameKillTests.name(number)))
        }

        var environment = ChildProcess.currentEnvironment
        environment["SHELF_LIBRARY"] = nil
        let process = try ChildProcess(
            try ShelfBinary.url().path, arguments: ["tags", "rename", "scifi", "sci-fi", "--yes"],
            environment: environment, workingDirectory: library.root.path,
            standardInput: .null, standardOutput: .null, standardError: .null
        ).spawn()

        // Books are renamed in path order: kill as soon as the 50th has changed.
        let first = library.path(TagsRenameKillTests.name(50))
        let deadline = Date().addingTimeInterval(20)
        while process.checkTermination() == nil && Date() < deadline {
            if let text = try? String(contentsOfFile: first, encoding: .utf8), text.contains("sci-fi") { break }
            usleep(1_000)
        }
        let killed = process.checkTermination() == nil
        if killed { process.kill(SIGKILL) }
        if !killed || process.wait() != .signalled(SIGKILL) {
            print("note: shelf tags rename finished before it could be killed; the recovery run below still checks the files")
        }

        // Every file parses; no temporary file is listed as a book.
        let listed = try library.run(["ls", "--format", "json"])
        #expect(listed.status == 0, "\(listed)")
        #expect(listed.stderr == "", "\(listed)")
        let books = try parseJSONArray(listed.stdout)
        #expect(books.count == TagsRenameKillTests.count)
        #expect(!books.contains { ($0["path"] as? String)?.contains(".shelf-") == true })
        let paths = try library.run(["ls", "--format", "paths"])
        #expect(!paths.stdoutLines.contains { $0.contains(".shelf-") || $0.hasSuffix(".tmp") })

        let renamedBeforeKill = try (0..<TagsRenameKillTests.count).filter {
            try library.editText(TagsRenameKillTests.name($0)).contains("sci-fi")
        }.count
        if killed { #expect(renamedBeforeKill < TagsRenameKillTests.count, "the kill came too late to test anything") }
        let leftovers = library.editTemporaryFiles()
        if !leftovers.isEmpty { print("note: the killed run left \(leftovers.count) temporary file(s): \(leftovers)") }

        // A second run completes the rename.
        let again = try library.run(["tags", "rename", "scifi", "sci-fi", "--yes"])
        #expect(again.status == 0, "\(again)")
        for number in 0..<TagsRenameKillTests.count {
            let text = try library.editText(TagsRenameKillTests.name(number))
            #expect(text.contains("sci-fi") && !text.lowercased().contains("scifi"), "\(TagsRenameKillTests.name(number)): \(text)")
            #expect(text.hasPrefix("---") && text.contains("title: Book \(number)"))
        }
        let tags = try parseJSONArray(try library.run(["tags", "--json"]).stdout)
        #expect(tags.first { ($0["tag"] as? String)?.lowercased() == "sci-fi" }?["count"] as? Int == TagsRenameKillTests.count)
        #expect(!tags.contains { ($0["tag"] as? String)?.lowercased() == "scifi" })
        print("note: \(renamedBeforeKill) of \(TagsRenameKillTests.count) books were renamed before SIGKILL (killed: \(killed))")
    }
}
