// On macOS shelf uses URLSession directly and has no network module.
#if !canImport(Darwin)
import Foundation
import ShelfTestSupport
import Testing

/// shelf's network module, `libShelfHTTP.so`, as the built binary finds it: only commands that
/// go to the network need it, a missing one is a clear error, and an installed layout
/// (`bin/shelf`, `lib/shelf/libShelfHTTP.so`) finds it.
@Suite struct LookupNetworkModuleTests {
    typealias ISBNs = FakeBookServices.ISBNs
    static let fix = "reinstall shelf with `make install`, or rebuild it with `swift build` (or set SHELF_HTTP_LIBRARY to the file)"

    func missingModule() -> String { "/nonexistent-\(UUID().uuidString)/libShelfHTTP.so" }

    @Test func lookupWithoutTheModuleSaysWhereItLookedAndWhatToDo() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let module = missingModule()
        var environment = world.environment()
        environment["SHELF_HTTP_LIBRARY"] = module
        let result = try world.library.run(["lookup", ISBNs.leftHand], environment: environment)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines == ["shelf: shelf's network module libShelfHTTP.so is missing (looked for \(module)); \(Self.fix)"])
        #expect(world.server.requests.isEmpty)
    }

    @Test func addByISBNWithoutTheModuleAddsNothingRatherThanAPendingBook() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        var environment = world.environment()
        environment["SHELF_HTTP_LIBRARY"] = missingModule()
        let result = try world.library.run(["add", "--isbn", ISBNs.leftHand], environment: environment)
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("network module libShelfHTTP.so is missing"), "\(result)")
        #expect(result.stderr.contains("nothing was added"), "\(result)")
        #expect(try world.bookFiles().isEmpty)
    }

    @Test func commandsWithoutTheNetworkDoNotNeedTheModule() throws {
        let library = try TemporaryLibrary(books: [("dune.md", "---\ntitle: Dune\n---\n")])
        let result = try library.run(["ls", "--format", "paths"], environment: ["SHELF_HTTP_LIBRARY": missingModule()])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines == ["dune.md"])
        #expect(result.stderr.isEmpty, "\(result)")
    }

    /// What `make install` lays out: the binary in bin/, the module in lib/shelf/.
    @Test func anInstalledLayoutFindsTheModuleInLibShelf() throws {
        let built = try ShelfBinary.url()
        let prefix = try TemporaryFolder("shelf-prefix")
        let binary = prefix.url.appendingPathComponent("bin/shelf")
        let module = prefix.url.appendingPathComponent("lib/shelf/libShelfHTTP.so")
        for file in [binary, module] {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(at: built, to: binary)
        try FileManager.default.copyItem(at: built.deletingLastPathComponent().appendingPathComponent("libShelfHTTP.so"), to: module)

        let world = try LookupWorld()
        defer { world.stop() }
        var environment = world.environment()
        environment["SHELF_HTTP_LIBRARY"] = nil
        let result = try run(
            ["lookup", ISBNs.leftHand, "--format", "json"], in: world.library.root,
            environment: environment, executable: binary)
        #expect(result.status == 0, "\(result)")
        #expect(try parseJSONObject(result.stdout)["title"] as? String == "The Left Hand of Darkness")

        try FileManager.default.removeItem(at: module)
        let missing = try run(
            ["lookup", ISBNs.leftHand, "--refresh"], in: world.library.root,
            environment: environment, executable: binary)
        #expect(missing.status == 1, "\(missing)")
        let real = TemporaryLibrary.realPath(prefix.path)
        let looked = "\(real)/bin/libShelfHTTP.so, \(real)/lib/shelf/libShelfHTTP.so"
        #expect(missing.stderr.contains("libShelfHTTP.so is missing (looked for \(looked))"), "\(missing)")
    }
}
#endif
