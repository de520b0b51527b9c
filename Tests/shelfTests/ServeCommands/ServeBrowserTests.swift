import Foundation
import Testing

/// The web UI in headless Chromium: the pages a browser builds from the server's HTML show the
/// books, and a script in a title or the notes never runs.
@Suite(.serialized) struct ServeBrowserTests {
    @Test(.enabled(if: CatalogBrowserTests.chromium != nil, "chromium not found: install Debian's chromium (make test does)"))
    func theGridAndABookPageRenderInChromiumWithoutRunningAFilesScripts() throws {
        let library = try CatalogBrowserTests.library()
        let server = try ServeProcess(library: library)
        let profile = library.root.appendingPathComponent(".chromium")
        let grid = try CatalogBrowserTests.dumpDOM(server.base, profile: profile)
        #expect(grid.contains("<strong>Dune</strong>") && grid.contains("<strong>Solaris</strong>"), "\(grid)")
        #expect(grid.contains("4 books"))
        #expect(!grid.contains("data-pwned=\""), "a script ran: \(grid)")
        let filtered = try CatalogBrowserTests.dumpDOM(URL(string: "/?q=tag%3Asci-fi%20status%3Aread", relativeTo: server.base)!, profile: profile)
        #expect(filtered.contains("2 books"), "\(filtered)")
        let page = try CatalogBrowserTests.dumpDOM(URL(string: "/book?p=hostile.md", relativeTo: server.base)!, profile: profile)
        #expect(page.contains("&lt;script&gt;document.documentElement.setAttribute('data-pwned', 'title')&lt;/script&gt;"), "\(page)")
        #expect(!page.contains("data-pwned=\""), "a script ran: \(page)")
        #expect(page.contains("<form method=\"post\" action=\"/book/rate?p=hostile.md\""))
    }
}
