import Foundation
import Testing

/// The library as an app on a phone, in headless Chromium (Tests/browser/serve_phone.py): it
/// installs (manifest, icons, service worker), opens offline from its last copy, keeps changes
/// made offline and sends them when the server is back — and a change the file made meanwhile
/// is shown as a conflict, never overwritten (docs/serve.md, "On the phone").
@Suite(.serialized) struct ServePhoneTests {
    static let script = ServeClickTests.packageRoot.appendingPathComponent("Tests/browser/serve_phone.py")
    static let today = "2026-11-25"

    @Test(.enabled(if: ServeClickTests.python != nil, Comment(rawValue: ServeClickTests.missing)))
    func theLibraryInstallsOpensOfflineAndSendsTheChangesKeptWhenTheServerIsBack() throws {
        let library = try TemporaryLibrary(books: ServeReadingTests.books)
        // What the command line writes for the two changes the phone makes offline.
        let expected = try TemporaryLibrary(books: ServeReadingTests.books)
        for command in [["rate", "dune", "3"], ["progress", "dune", "+25"]] {
            let result = try expected.run(command, environment: ["SHELF_TODAY": Self.today])
            #expect(result.status == 0, "\(result)")
        }
        let result = try run(
            [Self.script.path, try ShelfBinary.url().path, library.root.path, expected.root.path, Self.today], in: library.root,
            timeout: 600, executable: URL(fileURLWithPath: try #require(ServeClickTests.python)))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasSuffix("33 passed, 0 failed\n"), "\(result)")
    }
}
