import Foundation
import Testing
import ShelfTestSupport
@testable import ShelfKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A FIFO, a socket or a device named like a book never hangs a command: every command that
/// reads the library skips it with a warning naming it. Each run has a 30 s harness timeout, so
/// a command that blocked would show as killed rather than hang the suite.
@Suite struct SpecialFileTests {
    static let books = [
        ("herbert-dune.md", bookFile("title: Dune\nauthors: [Frank Herbert]\nstatus: read\ntags: [sand]", body: "Spice must flow.\n"))
    ]

    /// Every command that reads the whole library, and what each must still print.
    static let commands: [(args: [String], shows: String)] = [
        (["ls"], "Dune"),
        (["ls", "--format", "json"], "\"Dune\""),
        (["search", "spice"], "Dune"),
        (["check"], "0 errors, 1 warning."),
        (["stats"], "1 book "),
        (["tags"], "sand"),
        (["export", "json"], "\"Dune\""),
        (["ls", "spice"], "Dune"),
    ]

    private func runBounded(_ library: TemporaryLibrary, _ args: [String]) throws -> CommandResult {
        try run(args, in: library.root, environment: ["NO_COLOR": "1"], timeout: 30)
    }

    private func expectSkipped(_ library: TemporaryLibrary, name: String, kind: String) throws {
        for (args, shows) in Self.commands {
            let result = try runBounded(library, args)
            #expect(!result.stderr.contains("killed after"), "\(args) blocked on \(kind)\n\(result)")
            #expect((result.stdout + result.stderr).contains(shows), "\(args)\n\(result)")
            let said = result.stderr + result.stdout
            #expect(said.contains(name) && said.contains("not a regular file (\(kind))"), "\(args) did not warn\n\(result)")
        }
        for args in [["show", name], ["notes", name], ["show", String(name.dropLast(3))]] {
            let result = try runBounded(library, args)
            #expect(!result.stderr.contains("killed after"), "\(args) blocked on \(kind)\n\(result)")
            #expect(result.status != 0)
            #expect(result.stderr.contains("not a regular file (\(kind))"), "\(args)\n\(result)")
            #expect(!result.stderr.contains(library.root.path) && !result.stderr.contains("shelf edit"), "\(args)\n\(result)")
        }
        let move = try runBounded(library, ["mv", "--all", "--dry-run"])
        #expect(move.status == 0 && move.stderr.contains("\(name): not a regular file (\(kind)); skipped"), "\(move)")
        #expect(!move.stderr.contains(library.root.path), "\(move)")
    }

    @Test func aFIFONamedLikeABookIsSkippedWithAWarning() throws {
        let library = try TemporaryLibrary(books: Self.books)
        try library.makeFolder("sub")
        #expect(mkfifo(library.path("sub/pipe.md"), 0o644) == 0)
        try expectSkipped(library, name: "sub/pipe.md", kind: "a FIFO")
        // `check` counts it as a warning of its own kind, not an error.
        let check = try runBounded(library, ["check", "--format", "json"])
        #expect(check.stdout.contains("\"special-file\""), "\(check)")
        #expect(check.stdout.contains("\"warning\""), "\(check)")
    }

    @Test func aLinkToAFIFOIsSkippedWithAWarning() throws {
        let library = try TemporaryLibrary(books: Self.books)
        #expect(mkfifo(library.path(".hidden-pipe"), 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: library.path("linked.md"), withDestinationPath: ".hidden-pipe")
        try expectSkipped(library, name: "linked.md", kind: "a FIFO")
    }

    @Test func aUnixSocketNamedLikeABookIsSkippedWithAWarning() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let descriptor = try bindUnixSocket(library.path("socket.md"))
        defer { close(descriptor) }
        try expectSkipped(library, name: "socket.md", kind: "a socket")
    }

    @Test func aDeviceNamedLikeABookIsSkippedWithAWarning() throws {
        let library = try TemporaryLibrary(books: Self.books)
        // /dev/zero's numbers: reading it would never end. Only root may make a device node.
        // `makedev(1, 5)`, a C macro Swift does not import, as each system encodes it.
        #if canImport(Glibc)
        let zero = dev_t((1 << 8) | 5)
        #else
        let zero = dev_t((1 << 24) | 5)
        #endif
        guard mknod(library.path("zero.md"), S_IFCHR | 0o644, zero) == 0 else {
            print("skipped: mknod needs root (errno \(errno)); FIFOs and sockets are still tested")
            return
        }
        try expectSkipped(library, name: "zero.md", kind: "a character device")
    }

    @Test func aLibraryDeeperThanPathMaxIsReportedNotSkippedSilently() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let deepest = try makeDeepFolders(in: library.root.path, levels: 22, nameLength: 200)
        defer { removeDeep(library.root.path) }
        #expect(deepest.utf8.count > Int(PATH_MAX))
        let list = try runBounded(library, ["ls"])
        #expect(list.status == 0, "\(list)")
        #expect(list.stdout.contains("Dune"))
        #expect(list.stderr.contains("cannot open folder (skipped): File name too long"), "\(list)")
        let check = try runBounded(library, ["check"])
        #expect(check.stdout.contains("[unreadable-folder]"), "\(check)")
    }

    /// Makes `levels` nested folders of `nameLength`-byte names with `openat`, which has no
    /// path length limit, and a book file in the deepest; returns the deepest folder's path.
    private func makeDeepFolders(in root: String, levels: Int, nameLength: Int) throws -> String {
        var descriptor = open(root, O_RDONLY | O_DIRECTORY)
        var path = root
        let name = String(repeating: "d", count: nameLength)
        for _ in 0..<levels {
            guard mkdirat(descriptor, name, 0o755) == 0 else { throw ShelfTestError("mkdirat failed: errno \(errno)") }
            let next = openat(descriptor, name, O_RDONLY | O_DIRECTORY)
            close(descriptor)
            guard next >= 0 else { throw ShelfTestError("openat failed: errno \(errno)") }
            descriptor = next
            path += "/" + name
        }
        let file = openat(descriptor, "deep.md", O_CREAT | O_WRONLY, 0o644)
        let text = Array("---\ntitle: Deep\n---\n".utf8)
        _ = text.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
        close(file)
        close(descriptor)
        return path
    }

    /// `rm -rf` copes with paths longer than PATH_MAX; FileManager may not.
    private func removeDeep(_ root: String) {
        _ = try? ChildProcess("/bin/rm", arguments: ["-rf", root]).run(timeout: 60)
    }
}
