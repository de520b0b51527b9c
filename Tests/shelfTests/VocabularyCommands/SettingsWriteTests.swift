import Foundation
import Testing

/// `shelf init` and `shelf detect --write` write shelf.yaml through the door: never through a
/// link, never over a file that is there, keeping the file's mode when they add to it.
@Suite struct SettingsWriteTests {
    @Test func detectWriteNeverWritesThroughALinkedShelfYAML() throws {
        let vault = try vaultPlugin(initialize: false)
        let outside = try TemporaryLibrary(config: nil)
        try outside.write("settings.yaml", "filename: \"{title}\"\n")
        try FileManager.default.createSymbolicLink(atPath: vault.path("shelf.yaml"), withDestinationPath: outside.path("settings.yaml"))
        let before = (try vault.snapshot(), try outside.snapshot())
        let result = try vault.run(["detect", "--write"], environment: vaultClock)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("a symbolic link"), "\(result)")
        #expect(try vault.snapshot() == before.0)
        #expect(try outside.snapshot() == before.1)
    }

    @Test func initNeverWritesOverOrThroughAnExistingShelfYAML() throws {
        let folder = try TemporaryLibrary(config: nil)
        let outside = try TemporaryLibrary(config: nil)
        // A dangling link: following it would create a file outside the folder.
        try FileManager.default.createSymbolicLink(atPath: folder.path("shelf.yaml"), withDestinationPath: outside.path("created.yaml"))
        let result = try folder.run(["init", folder.root.path])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("already exists"), "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.root.path).isEmpty)
    }

    @Test func detectWriteKeepsTheModeOfTheFileItAddsTo() throws {
        let vault = try vaultPlugin(initialize: false)
        try vault.write("shelf.yaml", "filename: \"{title}\"\n")
        #expect(chmod(vault.path("shelf.yaml"), 0o600) == 0)
        try vault.vaultRun(["detect", "--write"])
        #expect(try vault.vaultText("shelf.yaml").hasPrefix("filename: \"{title}\"\n\n# Vocabulary detected: "))
        let mode = try FileManager.default.attributesOfItem(atPath: vault.path("shelf.yaml"))[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.root.path).filter { $0.hasPrefix(".shelf-") }.isEmpty)
    }
}
