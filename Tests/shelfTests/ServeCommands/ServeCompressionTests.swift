import Foundation
import Testing

/// Pages, the stylesheet and the script go gzip-compressed to a browser that asks for it, and
/// the form token is masked afresh on every page, so a compressed page's length tells nothing
/// of it (BREACH).
@Suite struct ServeCompressionTests {
    /// The raw response to a GET with `headers`: its head, and its body's bytes.
    private func get(_ target: String, from server: ServeProcess, headers: String) throws -> (head: String, body: [UInt8]) {
        let connection = try RawConnection(port: server.port)
        try connection.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)Connection: close\r\n\r\n")
        let bytes = connection.readBytesUntilClosed(within: 10).bytes
        let end = try #require(bytes.indices.first { bytes[$0...].starts(with: Array("\r\n\r\n".utf8)) })
        return (String(decoding: bytes[..<end], as: UTF8.self).lowercased(), Array(bytes[(end + 4)...]))
    }

    @Test func aBrowserThatTakesGzipGetsThePagesAndTheStylesheetCompressed() throws {
        let library = try ServeCommandTests.library()
        let server = try ServeProcess(library: library)
        for target in ["/", "/book?p=dune.md", "/static/shelf.css"] {
            let plain = try get(target, from: server, headers: "")
            #expect(!plain.head.contains("content-encoding"), "\(target): \(plain.head)")
            let packed = try get(target, from: server, headers: "Accept-Encoding: br, gzip;q=0.8\r\n")
            #expect(packed.head.contains("content-encoding: gzip") && packed.head.contains("vary: accept-encoding"), "\(packed.head)")
            #expect(packed.body.starts(with: [0x1F, 0x8B]) && packed.body.count * 2 < plain.body.count, "\(target)")
            let file = library.root.appendingPathComponent(".page.gz")
            try Data(packed.body).write(to: file)
            let unpacked = try run(["-dc", file.path], in: library.root, executable: URL(fileURLWithPath: "/bin/gzip"))
            // The pages differ only in their masked tokens; the stylesheet is the same bytes.
            let strip = { (text: String) in text.replacingOccurrences(of: #"name="token" value="[0-9a-f]+""#, with: "", options: .regularExpression) }
            #expect(strip(unpacked.stdout) == strip(String(decoding: plain.body, as: UTF8.self)), "\(target)")
        }
        let refused = try get("/", from: server, headers: "Accept-Encoding: gzip;q=0\r\n")
        #expect(!refused.head.contains("content-encoding"), "\(refused.head)")
    }

    @Test func everyPageCarriesTheTokenMaskedAfreshAndEachMaskingIsAccepted() throws {
        let library = try ServeCommandTests.library()
        let server = try ServeProcess(library: library)
        let first = try server.token(try server.request("/book?p=dune.md").body)
        let second = try server.token(try server.request("/book?p=dune.md").body)
        #expect(first != second && first.count == 64 && second.count == 64)
        for token in [first, second] {
            #expect(try server.request("/book/rate?p=dune.md", form: [("token", token), ("rating", "4")]).status == 303)
        }
        // The same digits with one changed, or the unmasked half alone, are refused.
        let changed = String(first.dropLast()) + (first.hasSuffix("0") ? "1" : "0")
        for token in [changed, String(first.prefix(32)), String(first.suffix(32))] {
            #expect(try server.request("/book/rate?p=dune.md", form: [("token", token), ("rating", "2")]).status == 403, "\(token)")
        }
        #expect(String(decoding: try library.bytes("dune.md"), as: UTF8.self).contains("rating: 4"))
    }
}
