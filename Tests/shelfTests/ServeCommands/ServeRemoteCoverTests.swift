import Foundation
import ShelfTestSupport
import Testing

/// A cover named by address (`cover: https://…`) is fetched once by the server into shelf's
/// cache and shown from there, never asked of the third party by the browser; until it is
/// fetched, and when it cannot be, the book is drawn.
@Suite struct ServeRemoteCoverTests {
    @Test func aCoverByAddressIsFetchedOnceAndThenShownFromTheCache() throws {
        let asked = AttemptCounter()
        let covers = try LoopbackHTTPServer(routes: { _, target in
            _ = asked.next(target)
            if target == "/dune.jpg" { return .image() }
            if target == "/page.jpg" { return Reply(status: 200, headers: [("Content-Type", "text/html")], body: Array("<html>".utf8)) }
            return .status(404)
        })
        defer { covers.stop() }
        let cache = try TemporaryFolder("shelf-remote-covers")
        let library = try TemporaryLibrary(books: [
            ("dune.md", bookFile("title: Dune\nauthors: [Frank Herbert]\ncover: \(covers.baseURL)/dune.jpg")),
            ("gone.md", bookFile("title: Gone\nauthors: [Nobody]\ncover: \(covers.baseURL)/gone.jpg")),
            ("html.md", bookFile("title: Html\nauthors: [Nobody]\ncover: \(covers.baseURL)/page.jpg")),
        ])
        let server = try ServeProcess(library: library, environment: ["XDG_CACHE_HOME": cache.path, "SHELF_THUMBNAILER": ""])
        let first = try server.request("/").body
        #expect(!first.contains("<img"), "nothing fetched yet: every book drawn: \(first)")
        #expect(!first.contains(covers.baseURL), "the browser is never sent to the address")
        var grid = first
        for _ in 0..<100 where !grid.contains("/thumb?p=dune.md") {
            usleep(50_000)
            grid = try server.request("/").body
        }
        #expect(grid.contains("<img src=\"/thumb?p=dune.md\""), "\(grid)")
        #expect(!grid.contains("/thumb?p=gone.md") && !grid.contains("/thumb?p=html.md"), "a cover that cannot be had stays drawn")
        let thumb = try server.request("/thumb?p=dune.md")
        #expect(thumb.status == 200 && thumb.header("Content-Type") == "image/jpeg")
        let page = try server.request("/book?p=dune.md").body
        #expect(page.contains("<img class=\"cover\" src=\"/cover?p=dune.md\""), "\(page)")
        #expect(!page.contains(covers.baseURL), "the address is not printed on the page: \(page)")
        for _ in 0..<3 { _ = try server.request("/") }
        #expect(asked.next("/dune.jpg") == 1, "fetched once")
        #expect(asked.next("/gone.jpg") == 1, "a failed address is not asked again at every page")
        #expect(try library.bytes("dune.md") == Array(bookFile("title: Dune\nauthors: [Frank Herbert]\ncover: \(covers.baseURL)/dune.jpg").utf8),
                "the library is not written")
    }
}
