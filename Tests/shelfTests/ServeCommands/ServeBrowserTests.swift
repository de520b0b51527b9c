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
        let filtered = try CatalogBrowserTests.dumpDOM(
            URL(string: "/?q=tag%3Asci-fi%20status%3Aread", relativeTo: server.base)!, profile: profile)
        #expect(filtered.contains("2 books"), "\(filtered)")
        let page = try CatalogBrowserTests.dumpDOM(URL(string: "/book?p=hostile.md", relativeTo: server.base)!, profile: profile)
        #expect(page.contains("&lt;script&gt;document.documentElement.setAttribute('data-pwned', 'title')&lt;/script&gt;"), "\(page)")
        #expect(!page.contains("data-pwned=\""), "a script ran: \(page)")
        #expect(page.contains("<form method=\"post\" action=\"/book/rate?p=hostile.md\""))
    }
}

/// The click-through in headless Chromium driven by WebDriver: Tests/browser/serve_clicks.py
/// with selenium (in `.build/browser-venv`, which `make test` makes) and Debian's chromedriver.
@Suite(.serialized) struct ServeClickTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let script = packageRoot.appendingPathComponent("Tests/browser/serve_clicks.py")

    /// A Python that can import selenium, when there is one and chromedriver is installed.
    static let python: String? = {
        guard interchangeWhich("chromedriver") != nil, CatalogBrowserTests.chromium != nil else { return nil }
        let candidates: [String?] = [
            ProcessInfo.processInfo.environment["SHELF_BROWSER_PYTHON"],
            packageRoot.appendingPathComponent(".build/browser-venv/bin/python3").path, interchangeWhich("python3"),
        ]
        return candidates.compactMap { $0 }.first { (python: String) -> Bool in
            FileManager.default.isExecutableFile(atPath: python) && (try? interchangeRunProcess(python, ["-c", "import selenium"])) != nil
        }
    }()

    static let missing =
        "SKIPPED LOUDLY: the click-through browser test needs chromium, chromedriver (Debian's chromium-driver) "
        + "and Python's selenium in .build/browser-venv; `make test` installs them"

    @Test(.enabled(if: ServeClickTests.python != nil && ServeAddTests.zbar != nil, Comment(rawValue: ServeClickTests.missing)))
    func clickThroughTheGridABookAndTheAddFormInChromium() throws {
        let world = try LookupWorld(books: [
            (
                "herbert-dune.md",
                "---\ntitle: Dune\nauthors: [Frank Herbert]\nstatus: read\nrating: 5\ntags: [sci-fi, classics]\n---\n\nSand.\n"
            ),
            ("lem-solaris.md", "---\ntitle: Solaris\nauthors: [Stanisław Lem]\nstatus: read\ntags: [sci-fi]\n---\n"),
            ("beard-spqr.md", "---\ntitle: SPQR\nauthors: [Mary Beard]\nstatus: reading\ntags: [history, classics]\n---\n"),
        ])
        defer { world.stop() }
        let library = world.library
        let server = try ServeProcess(library: library, environment: world.environment())
        let photo = library.root.appendingPathComponent(".barcode.png")
        try Data(PNG.grey(ServeAddTests.barcodePGM("9780441478125"))).write(to: photo)
        let result = try run(
            [Self.script.path, "clicks", server.base.absoluteString, library.root.path, photo.path],
            in: library.root, timeout: 300, executable: URL(fileURLWithPath: try #require(Self.python)))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasSuffix("17 passed, 0 failed\n"), "\(result)")
    }
}

extension ServeClickTests {
    @Test(.enabled(if: ServeClickTests.python != nil, Comment(rawValue: ServeClickTests.missing)))
    func onTheNetworkChromiumGetsInByTheAccessLinkOnly() throws {
        let library = try CatalogBrowserTests.library()
        let server = try ServeProcess(library: library, arguments: ["--host", ServeAccessTests.networkHost])
        let link = try #require(server.accessLink)
        let result = try run(
            [Self.script.path, "access", link], in: library.root, timeout: 300,
            executable: URL(fileURLWithPath: try #require(Self.python)))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasSuffix("7 passed, 0 failed\n"), "\(result)")
    }
}

extension ServeClickTests {
    /// axe-core 4.12 (bundled: Tests/browser/axe.min.js) on every kind of page, at phone and
    /// desktop size, over a library with what the pages draw: a cover drawn for each title, a
    /// book being read with reads, a loan, highlights, a goal, and a file that cannot be read.
    @Test(.enabled(if: ServeClickTests.python != nil, Comment(rawValue: ServeClickTests.missing)))
    func axeFindsNoSeriousOrCriticalViolationOnAnyPage() throws {
        let library = try TemporaryLibrary(
            config: "goals:\n  2026: {books: 12}\n",
            books: [
                (
                    "dune.md",
                    bookFile(
                        "title: Dune\nauthors: [Frank Herbert]\nstatus: reading\nstarted: 2026-11-01\npages: 412\n"
                            + "progress:\n  - 2026-11-20 page 100\ntags: [sci-fi, classics]\nrating: 4.5\n"
                            + "reads:\n  - {started: 2020-01-01, finished: 2020-02-01}\nloans:\n  - {to: Ann, lent: 2026-10-01, due: 2026-11-01}",
                        body: "\nSand.\n\n## Highlights\n\n> Fear is the mind-killer.\n")
                ),
                (
                    "lem.md",
                    bookFile("title: Solaris\nauthors: [Stanisław Lem]\nstatus: read\nfinished: 2026-03-01\nrating: 5\ntags: [sci-fi]")
                ),
                ("broken.md", "---\ntitle: [broken\n---\n"),
            ] + (0..<12).map { ("book-\($0).md", bookFile("title: Book number \($0)\nauthors: [Author \($0)]")) })
        let server = try ServeProcess(library: library, environment: ["SHELF_TODAY": "2026-11-25"])
        let pages = [
            "/", "/?tag=sci-fi", "/?q=dune", "/?q=sand%20OR%20fear", "/book?p=dune.md", "/dashboard", "/loans", "/highlights", "/add",
            "/problems", "/stats", "/review?year=2026",
        ]
        let result = try run(
            [Self.script.path, "axe", server.base.absoluteString] + pages, in: library.root, timeout: 300,
            executable: URL(fileURLWithPath: try #require(Self.python)))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasSuffix("24 passed, 0 failed\n"), "\(result)")
    }
}

/// A greyscale PGM (P5, 8 bits) as a PNG: rows with filter 0 in stored deflate blocks. Small and
/// exact; enough for a test's photo upload.
enum PNG {
    static func grey(_ pgm: [UInt8]) -> [UInt8] {
        // The header is three lines: P5, width height, 255.
        var newlines = 0, offset = 0
        while newlines < 3, offset < pgm.count { if pgm[offset] == 0x0A { newlines += 1 }; offset += 1 }
        let header = String(decoding: pgm[..<offset], as: UTF8.self).split(whereSeparator: \.isWhitespace)
        let width = Int(header[1]) ?? 0, height = Int(header[2]) ?? 0
        var raw: [UInt8] = []
        for row in 0..<height { raw.append(0); raw += pgm[(offset + row * width)..<(offset + (row + 1) * width)] }
        var zlib: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65535, raw.count)
            let length = UInt16(end - start)
            zlib += [end == raw.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            zlib += raw[start..<end]
            start = end
        } while start < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        zlib += bigEndian(b << 16 | a)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 0, 0, 0, 0])
        png += chunk("IDAT", zlib)
        png += chunk("IEND", [])
        return png
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return bigEndian(UInt32(data.count)) + body + bigEndian(~crc)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
