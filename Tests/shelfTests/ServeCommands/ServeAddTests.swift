import Foundation
import ShelfTestSupport
import Testing

/// Adding a book in the web UI: by ISBN against a loopback Open Library, and from a photo of a
/// barcode decoded by zbar.
@Suite struct ServeAddTests {
    static let zbar: String? = ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// An EAN-13 barcode as a greyscale PGM image, drawn from the standard's digit patterns.
    static func barcodePGM(_ digits: String, scale: Int = 3, height: Int = 90) -> [UInt8] {
        let left = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011"]
        let even = left.map { String($0.map { $0 == "0" ? "1" : "0" }.reversed()) }
        let right = left.map { String($0.map { $0 == "0" ? "1" : "0" }) }
        let parity = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"]
        let values = digits.compactMap { $0.wholeNumberValue }
        var modules = String(repeating: "0", count: 10) + "101"
        for (position, digit) in values[1...6].enumerated() {
            modules += Array(parity[values[0]])[position] == "L" ? left[digit] : even[digit]
        }
        modules += "01010"
        for digit in values[7...12] { modules += right[digit] }
        modules += "101" + String(repeating: "0", count: 10)
        let row = modules.flatMap { module in [UInt8](repeating: module == "1" ? 0 : 255, count: scale) }
        let header = Array("P5\n\(row.count) \(height)\n255\n".utf8)
        return header + (0..<height).flatMap { _ in row }
    }

    @Test func anISBNTypedInIsLookedUpAndAdded() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let library = world.library
        let serve = try ServeProcess(library: library, environment: world.environment())
        let token = try serve.token(try serve.request("/add").body)
        let reply = try serve.request("/add", form: [("token", token), ("isbn", "978-0-441-47812-5")])
        #expect(reply.status == 303, "\(reply.body)")
        let path = try #require(reply.location?.replacingOccurrences(of: "/book?p=", with: ""))
        let text = String(decoding: try library.bytes(path), as: UTF8.self)
        #expect(text.contains("title: The Left Hand of Darkness"), "\(text)")
        // The cover is saved into the library, as shelf add saves it; the page shows it from there.
        #expect(text.contains("cover: covers/le-guin-the-left-hand-of-darkness.jpg"), "\(text)")
        #expect(try serve.request("/book?p=" + path).body.contains("<img class=\"cover\" src=\"/cover?p="))
        let bad = try serve.request("/add", form: [("token", token), ("isbn", "978-0-441-47812-4")])
        #expect(bad.status == 400)
        #expect(bad.body.contains("not a valid ISBN"), "\(bad.body)")
    }

    @Test func aBookAddedInTheWebUIGoesWhereFilenameSays() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let library = world.library
        try library.write("shelf.yaml", "filename: \"Books/{title}\"\nfilename_style: as-written\n")
        let serve = try ServeProcess(library: library, environment: world.environment())
        let token = try serve.token(try serve.request("/add").body)
        let reply = try serve.request("/add", form: [("token", token), ("isbn", "978-0-441-47812-5")])
        #expect(reply.status == 303, "\(reply.body)")
        let path = reply.location?.replacingOccurrences(of: "/book?p=", with: "").removingPercentEncoding
        #expect(path == "Books/The Left Hand of Darkness.md", "\(String(describing: reply.location))")
        #expect(String(decoding: try library.bytes("Books/The Left Hand of Darkness.md"), as: UTF8.self)
            .contains("title: The Left Hand of Darkness"))
    }

    @Test func aTitleSearchListsOpenLibrarysBooksAndOneIsAddedByItsISBN() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let library = world.library
        let serve = try ServeProcess(library: library, environment: world.environment())
        let page = try serve.request("/add?title=left+hand+of+darkness")
        #expect(page.status == 200)
        #expect(page.body.contains("<strong>The Left Hand of Darkness</strong> (1969) <span class=\"by\">Ursula K. Le Guin</span>"), "\(page.body)")
        #expect(page.body.contains("value=\"left hand of darkness\""), "the words stay in the box")
        let isbn = try serve.value(of: "isbn", in: page.body.components(separatedBy: "class=\"hits\"").last ?? "")
        let token = try serve.token(page.body)
        let added = try serve.request("/add", form: [("token", token), ("isbn", isbn)])
        #expect(added.status == 303, "\(added.body)")
        let path = try #require(added.location?.replacingOccurrences(of: "/book?p=", with: ""))
        #expect(String(decoding: try library.bytes(path), as: UTF8.self).contains("title: The Left Hand of Darkness"))
        let nothing = try serve.request("/add?title=zzzz+qqqq")
        #expect(nothing.body.contains("Nothing found for “zzzz qqqq”."), "\(nothing.body)")
    }

    @Test(.enabled(if: ServeAddTests.zbar != nil, "zbarimg not found: install Debian's zbar-tools (make test does)"))
    func aPhotoOfTheBarcodeAddsTheBookAndAnythingElseIsRefusedClearly() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let library = world.library
        let serve = try ServeProcess(library: library, environment: world.environment())
        let token = try serve.token(try serve.request("/add").body)
        let photo = Self.barcodePGM("9780441478125")
        let reply = try serve.upload("/add/scan", token: token, photo: photo)
        #expect(reply.status == 303, "\(reply.body)")
        let path = try #require(reply.location?.replacingOccurrences(of: "/book?p=", with: ""))
        #expect(String(decoding: try library.bytes(path), as: UTF8.self).contains("9780441478125"))
        let before = try library.snapshot()
        let junk = try serve.upload("/add/scan", token: token, photo: Array("<html>not an image</html>".utf8))
        #expect(junk.status == 400)
        #expect(junk.body.contains("no ISBN barcode found in the photo"), "\(junk.body)")
        let stolen = try serve.upload("/add/scan", token: "forged", photo: photo)
        #expect(stolen.status == 403)
        #expect(try library.snapshot() == before)
    }

    /// A book the library has: the page links to it and offers to add another copy, rather than
    /// name a command-line flag; the title search marks it "In your library".
    @Test func aDuplicateLinksToTheCopyYouOwnAndCanBeAddedAnyway() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let library = world.library
        let serve = try ServeProcess(library: library, environment: world.environment())
        let token = try serve.token(try serve.request("/add").body)
        let first = try serve.request("/add", form: [("token", token), ("isbn", "978-0-441-47812-5")])
        let path = try #require(first.location?.replacingOccurrences(of: "/book?p=", with: ""))
        let again = try serve.request("/add", form: [("token", token), ("isbn", "978-0-441-47812-5")])
        #expect(again.status == 409, "\(again.body)")
        #expect(again.body.contains("You have this book already: <a href=\"/book?p=\(path)\">The Left Hand of Darkness</a>"), "\(again.body)")
        #expect(!again.body.contains("--force"))
        let search = try serve.request("/add?title=left+hand+of+darkness").body
        #expect(search.contains("<a class=\"owned\" href=\"/book?p=\(path)\">In your library</a>"), "\(search)")
        let copy = try serve.request("/add", form: [("token", token), ("isbn", "978-0-441-47812-5"), ("title", ""), ("authors", ""), ("force", "1")])
        #expect(copy.status == 303, "\(copy.body)")
        #expect(copy.location != first.location)
    }

    /// An ISBN no service knows opens the form to add it by hand, the ISBN kept; authors are one
    /// a line, so a name with a comma stays one author.
    @Test func anUnknownISBNIsAddedByHandWithItsAuthors() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let library = world.library
        let serve = try ServeProcess(library: library, environment: world.environment())
        let token = try serve.token(try serve.request("/add").body)
        let unknown = try serve.request("/add", form: [("token", token), ("isbn", LookupWorld.ISBNs.unknown)])
        #expect(unknown.status == 404, "\(unknown.body)")
        #expect(unknown.body.contains("Neither Open Library nor Google Books knows ISBN \(LookupWorld.ISBNs.unknown). Add it by hand below"))
        #expect(unknown.body.contains("<details class=\"manual\" open>"), "\(unknown.body)")
        #expect(!unknown.body.contains("--title"))
        let added = try serve.request("/add", form: [
            ("token", token), ("title", "The Hobbit"), ("authors", "Le Guin, Ursula K.\nJ. R. R. Tolkien"), ("isbn", LookupWorld.ISBNs.unknown),
        ])
        #expect(added.status == 303, "\(added.body)")
        let path = try #require(added.location?.replacingOccurrences(of: "/book?p=", with: "").removingPercentEncoding)
        let json = try parseJSONArray(try library.run(["ls", "--format", "json"]).stdout)
        let book = try #require(json.first { $0["path"] as? String == path }, "\(json)")
        #expect(book["authors"] as? [String] == ["Le Guin, Ursula K.", "J. R. R. Tolkien"])
        #expect(book["isbn"] as? String == LookupWorld.ISBNs.unknown)
    }
}
