import Foundation
import Testing

/// `shelf init --git`: a new library made a git repository and set up with shelf's merge driver
/// in one command (docs/sync.md, "The merge driver").
@Suite("Sync: init --git")
struct InitGitTests {
    /// A folder in no repository becomes one (`git init`), then gets the attribute and the driver.
    @Test func aFolderOutsideGitBecomesARepositoryWithTheDriver() throws {
        let library = try TemporaryLibrary(config: nil)
        let initialized = try library.syncRun(["init", "--git", "."])
        #expect(initialized.status == 0, "\(initialized)")
        #expect(library.syncExists(".git"))
        #expect(try library.syncText(".gitattributes") == "*.md merge=shelf\n")
        #expect(try library.syncGit(["config", "merge.shelf.driver"]).stdout == "shelf merge-driver %O %A %B %P\n")
    }

    /// A setup refused (`.gitattributes` is a link) is said once, as `shelf git-setup` says it, and
    /// the command fails: no second line naming the exit code.
    @Test func aRefusedSetupIsReportedOnce() throws {
        let library = try TemporaryLibrary(config: nil)
        let shared = library.path("../shared-attributes-\(UUID().uuidString)")
        try Data("*.png binary\n".utf8).write(to: URL(fileURLWithPath: shared))
        defer { try? FileManager.default.removeItem(atPath: shared) }
        try FileManager.default.createSymbolicLink(atPath: library.path(".gitattributes"), withDestinationPath: shared)
        let initialized = try library.syncRun(["init", "--git", "."])
        #expect(initialized.status == 1, "\(initialized)")
        #expect(initialized.stderrLines.count == 1, "\(initialized)")
        #expect(initialized.stderr.hasPrefix("shelf: ") && initialized.stderr.contains("is a symbolic link"), "\(initialized)")
        #expect(try String(contentsOfFile: shared, encoding: .utf8) == "*.png binary\n")
    }
}
