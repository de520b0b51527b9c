import Foundation
import Testing
@testable import ShelfKit

/// `shelf serve` on an address other than loopback: nothing without the printed access link,
/// a strict session cookie after it, the host check, the QR code a phone scans, the security
/// headers on every response, and the caps on uploads.
@Suite struct ServeAccessTests {
    /// 127.0.0.2 is loopback to the kernel (so the tests send nothing off this machine), but it
    /// is not one of the names `serve` treats as this-computer-only: it asks for the token there.
    static let networkHost = "127.0.0.2"

    @Test func onTheNetworkEveryRequestNeedsTheAccessLinkWhichSetsAStrictSessionCookie() throws {
        let library = try ServeCommandTests.library()
        let before = try library.snapshot()
        let server = try ServeProcess(library: library, arguments: ["--host", Self.networkHost])
        let link = try #require(server.accessLink, "\(server.announcement)")
        #expect(link.hasPrefix("http://127.0.0.2:\(server.base.port ?? 0)/?access="), "\(link)")
        #expect(link.count == "http://127.0.0.2:\(server.base.port ?? 0)/?access=".count + 32)

        for path in ["/", "/book?p=dune.md", "/cover?p=dune.md", "/add", "/static/shelf.css", "/nothing"] {
            let refused = try server.request(path)
            #expect(refused.status == 401, "\(path): \(refused.status)")
            #expect(refused.body.contains("Open the link (or scan the QR code) that shelf serve printed"), "\(refused.body)")
            #expect(!refused.body.contains("Dune"))
        }
        #expect(try server.request("/book/rate?p=dune.md", form: [("token", "x"), ("rating", "1")]).status == 401)
        let wrong = try server.request("/?access=" + String(repeating: "0", count: 32))
        #expect(wrong.status == 403)
        #expect(wrong.header("Set-Cookie") == nil)

        let opened = try server.request(String(link.dropFirst(server.base.absoluteString.count - 1)))
        #expect(opened.status == 303)
        #expect(opened.location == "/", "the token leaves the address bar")
        let cookie = try #require(opened.header("Set-Cookie"))
        #expect(cookie.contains("; Path=/; HttpOnly; SameSite=Strict") && !cookie.contains("Secure"), "\(cookie)")
        let session = String(cookie.prefix { $0 != ";" })
        #expect(session.hasPrefix("shelf_session_") && !session.contains(String(link.suffix(32))), "the cookie is not the token")

        let home = try server.request("/", headers: ["Cookie": session])
        #expect(home.status == 200)
        #expect(home.body.contains("<strong>Dune</strong>"))
        #expect(try server.request("/", headers: ["Cookie": session + "0"]).status == 401)
        // The host the server is bound to, and loopback's names, are answered; any other is not.
        #expect(try server.request("/", headers: ["Cookie": session, "Host": "127.0.0.2:\(server.base.port ?? 0)"]).status == 200)
        #expect(try server.request("/", headers: ["Cookie": session, "Host": "localhost"]).status == 200)
        #expect(try server.request("/", headers: ["Cookie": session, "Host": "evil.example"]).status == 403)

        let token = try server.token(try server.request("/book?p=dune.md", headers: ["Cookie": session]).body)
        let rated = try server.request("/book/rate?p=dune.md", form: [("token", token), ("rating", "4")], headers: ["Cookie": session])
        #expect(rated.status == 303)
        #expect(try library.snapshot() != before)
    }

    @Test func onLoopbackNoLinkIsPrintedAndNoneIsAsked() throws {
        let library = try ServeCommandTests.library()
        let server = try ServeProcess(library: library)
        #expect(server.accessLink == nil)
        #expect(!server.announcement.contains("access"))
        #expect(try server.request("/").status == 200)
    }

    @Test(.enabled(if: ServeAddTests.zbar != nil, "zbarimg not found: install Debian's zbar-tools (make test does)"))
    func theQRCodePrintedForThePhoneDecodesToTheAccessLink() throws {
        let library = try ServeCommandTests.library()
        let server = try ServeProcess(library: library, arguments: ["--host", Self.networkHost])
        let link = try #require(server.accessLink)
        #expect(try Self.decode(server.qrLines, in: library) == link)
    }

    /// On a terminal, as a person starts it: the code is drawn black on white explicitly (a dark
    /// terminal would otherwise invert it), and still decodes to the link.
    @Test(.enabled(if: ServeAddTests.zbar != nil && ViewTerminal.scriptPath != nil, "zbarimg and util-linux script are needed"))
    func onATerminalTheQRCodeIsDrawnInExplicitColoursAndDecodes() throws {
        let library = try ServeCommandTests.library()
        let server = try ServeProcess(library: library, arguments: ["--host", Self.networkHost], onTerminal: true)
        let link = try #require(server.accessLink)
        let lines = server.qrLines.filter { !ServeProcess.visible($0).isEmpty }
        #expect(lines.allSatisfy { $0.contains("\u{1B}[30;") || $0.contains("\u{1B}[97;") }, "\(lines)")
        #expect(try Self.decode(lines, in: library) == link)
    }

    /// The encoder on every size it makes: short to long texts (versions 1 to 10, levels M and L),
    /// UTF-8 included, each decoded by zbar to exactly the text.
    @Test(.enabled(if: ServeAddTests.zbar != nil, "zbarimg not found: install Debian's zbar-tools (make test does)"))
    func theQREncoderRoundTripsThroughZbarAtEverySize() throws {
        let library = try TemporaryLibrary(books: [])
        let program = try ShelfBinary.url().deletingLastPathComponent().appendingPathComponent("shelf-serve")
        for length in [5, 20, 40, 70, 100, 130, 160, 200, 230, 260] {
            let text = "http://192.168.1.20:8080/?access=" + String(repeating: "Ünïcode-книга-", count: 20).prefix(length)
            let bytes = text.utf8.count
            let result = try run(["--qr", text], in: library.root, executable: program)
            if bytes > 271 {
                #expect(result.status == 1, "\(bytes) bytes: \(result)")
                continue
            }
            #expect(result.status == 0, "\(result)")
            let lines = result.stdout.split(separator: "\n")
            #expect(try Self.decode(lines, in: library) == text, "\(bytes) bytes")
        }
        let tooLong = try run(["--qr", String(repeating: "x", count: 272)], in: library.root, executable: program)
        #expect(tooLong.status == 1)
        #expect(tooLong.stderr.contains("too long"))
    }

    @Test func everyResponseForbidsInlineScriptsAndStylesAndThePagesNeedNone() throws {
        let library = try ServeCommandTests.library()
        let server = try ServeProcess(library: library)
        let token = try server.token(try server.request("/book?p=dune.md").body)
        let replies = [
            try server.request("/"), try server.request("/book?p=dune.md"), try server.request("/add"),
            try server.request("/static/shelf.css"), try server.request("/static/add.js"), try server.request("/nothing"),
            try server.request("/book?p=nothing.md"), try server.request("/", headers: ["Host": "evil.example"]),
            try server.request("/book/rate?p=dune.md", form: [("token", token), ("rating", "4")]),
        ]
        for reply in replies {
            let policy = try #require(reply.header("Content-Security-Policy"), "\(reply.status)")
            #expect(policy.hasPrefix("default-src 'none'; script-src 'self'; style-src 'self';"), "\(policy)")
            #expect(!policy.contains("unsafe"))
            #expect(policy.contains("frame-ancestors 'none'") && policy.contains("form-action 'self'"))
            #expect(reply.header("X-Content-Type-Options") == "nosniff")
            #expect(reply.header("Referrer-Policy") == "no-referrer")
        }
        for page in replies.prefix(3) {
            #expect(page.body.contains("<link rel=\"stylesheet\" href=\"/static/shelf.css\">"))
            #expect(
                page.body.range(of: "<script>") == nil && page.body.range(of: "<style") == nil && page.body.range(of: " style=\"") == nil,
                "inline script or style: \(page.body)")
        }
    }

    @Test func oversizedUploadsAreRefusedAndWriteNothing() throws {
        let library = try ServeCommandTests.library()
        let before = try library.snapshot()
        let server = try ServeProcess(library: library)
        let token = try server.token(try server.request("/add").body)
        let photo = [UInt8](repeating: 0xFF, count: 26 * 1024 * 1024)
        let big = try? server.upload("/add/scan", token: token, photo: photo)
        // Refused with 413, or the connection closed before the whole body was sent: never read.
        #expect(big == nil || big?.status == 413, "\(String(describing: big?.status))")
        let note = String(repeating: "a", count: 2 * 1024 * 1024)
        let long = try? server.request("/book/note?p=dune.md", form: [("token", token), ("note", note)])
        #expect(long == nil || long?.status == 413, "\(String(describing: long?.status))")
        #expect(try library.snapshot() == before)
        #expect(try server.request("/").status == 200, "the server still answers")
    }

    /// Reads the code's text into a PGM image and decodes it with zbarimg. Without colours `█▀▄`
    /// are dark and a space light; on a terminal every cell is `▀` in the top module's colour
    /// (30 black, 97 white) on the bottom one's (40, 107). Two rows of modules a line.
    static func decode(_ lines: [Substring], in library: TemporaryLibrary) throws -> String {
        let scale = 4
        var rows: [[UInt8]] = []
        for line in lines {
            var cells: [(upper: Bool, lower: Bool)] = []
            if line.contains("\u{1B}[") {
                for cell in line.components(separatedBy: "\u{1B}[").dropFirst() where cell.hasSuffix("m▀") {
                    let codes = cell.dropLast(2).split(separator: ";")
                    cells.append((codes.first == "30", codes.last == "40"))
                }
            } else {
                cells = line.map { ($0 == "█" || $0 == "▀", $0 == "█" || $0 == "▄") }
            }
            var top: [UInt8] = [], bottom: [UInt8] = []
            for (upper, lower) in cells {
                top += [UInt8](repeating: upper ? 0 : 255, count: scale)
                bottom += [UInt8](repeating: lower ? 0 : 255, count: scale)
            }
            rows += [[UInt8]](repeating: top, count: scale) + [[UInt8]](repeating: bottom, count: scale)
        }
        let width = try #require(rows.first?.count)
        let image = library.root.appendingPathComponent("qr.pgm")
        try Data(Array("P5\n\(width) \(rows.count)\n255\n".utf8) + rows.flatMap { $0 }).write(to: image)
        let result = try run(
            ["--raw", "--quiet", "-Sqrcode.binary", image.path], in: library.root,
            executable: URL(fileURLWithPath: try #require(ServeAddTests.zbar)))
        #expect(result.status == 0, "\(result)")
        return String(result.stdout.dropLast())
    }
}
