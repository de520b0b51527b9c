import Foundation
import Testing

/// `shelf serve --tls CERT KEY`: HTTPS with a certificate made by openssl for the test, checked
/// by curl against that certificate; the session cookie is then Secure.
@Suite struct ServeTLSTests {
    static let openssl: String? = ["/usr/bin/openssl", "/usr/local/bin/openssl"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let curl: String? = ["/usr/bin/curl", "/usr/local/bin/curl"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// A self-signed certificate for 127.0.0.1, 127.0.0.2 and localhost, and its key.
    static func certificate(in library: TemporaryLibrary) throws -> (URL, URL) {
        let folder = library.root.appendingPathComponent(".tls")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let certificate = folder.appendingPathComponent("cert.pem"), key = folder.appendingPathComponent("key.pem")
        let result = try run(
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost",
                "-addext", "subjectAltName=IP:127.0.0.1,IP:127.0.0.2,DNS:localhost",
                "-keyout", key.path, "-out", certificate.path,
            ],
            in: library.root, executable: URL(fileURLWithPath: try #require(openssl)))
        #expect(result.status == 0, "\(result)")
        return (certificate, key)
    }

    /// curl, checking the server's certificate against `certificate`: status line and body.
    static func fetch(_ url: String, certificate: URL, in library: TemporaryLibrary, headers: [String] = []) throws -> CommandResult {
        try run(
            ["--silent", "--show-error", "--include", "--cacert", certificate.path] + headers.flatMap { ["-H", $0] } + [url],
            in: library.root, executable: URL(fileURLWithPath: try #require(curl)))
    }

    @Test(.enabled(if: openssl != nil && curl != nil, "openssl and curl are needed to test HTTPS"))
    func httpsServesThePagesWithTheGivenCertificate() throws {
        let library = try ServeCommandTests.library()
        let (certificate, key) = try Self.certificate(in: library)
        let server = try ServeProcess(library: library, arguments: ["--tls", certificate.path, key.path])
        #expect(server.base.scheme == "https", "\(server.announcement)")
        let page = try Self.fetch(server.base.absoluteString, certificate: certificate, in: library)
        #expect(page.status == 0, "\(page)")
        #expect(page.stdout.hasPrefix("HTTP/1.1 200"), "\(page.stdout)")
        #expect(page.stdout.contains("<strong>Dune</strong>"))
        // Plain HTTP on the HTTPS port gets no page.
        let plain = try run(
            ["--silent", "--include", "http://127.0.0.1:\(server.base.port ?? 0)/"], in: library.root,
            executable: URL(fileURLWithPath: try #require(Self.curl)))
        #expect(!plain.stdout.contains("Dune"))
    }

    @Test(.enabled(if: openssl != nil && curl != nil, "openssl and curl are needed to test HTTPS"))
    func onTheNetworkOverHTTPSTheSessionCookieIsSecure() throws {
        let library = try ServeCommandTests.library()
        let (certificate, key) = try Self.certificate(in: library)
        let server = try ServeProcess(library: library, arguments: ["--host", "127.0.0.2", "--tls", certificate.path, key.path])
        let link = try #require(server.accessLink)
        #expect(link.hasPrefix("https://127.0.0.2:"))
        let opened = try Self.fetch(link, certificate: certificate, in: library)
        #expect(opened.stdout.hasPrefix("HTTP/1.1 303"), "\(opened)")
        let cookieLine = try #require(opened.stdout.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie:") })
        #expect(cookieLine.hasSuffix("; Path=/; HttpOnly; SameSite=Strict; Secure"), "\(cookieLine)")
        let session = String(cookieLine.dropFirst("set-cookie: ".count).prefix { $0 != ";" })
        let home = try Self.fetch(server.base.absoluteString, certificate: certificate, in: library, headers: ["Cookie: " + session])
        #expect(home.stdout.hasPrefix("HTTP/1.1 200") && home.stdout.contains("<strong>Dune</strong>"), "\(home)")
    }

    @Test func aCertificateThatCannotBeReadIsRefusedWithTheReason() throws {
        let library = try ServeCommandTests.library()
        try library.write("cert.pem", "not a certificate\n")
        try library.write("key.pem", "not a key\n")
        let result = try run(
            ["serve", "--library", library.root.path, "--port", "0", "--tls", "cert.pem", "key.pem"], in: library.root, timeout: 60)
        #expect(result.status != 0)
        #expect(result.stderr.contains("cannot read the certificate") && result.stderr.contains("cert.pem"), "\(result)")
        let missing = try run(
            ["serve", "--library", library.root.path, "--port", "0", "--tls", "nothing.pem", "key.pem"], in: library.root)
        #expect(missing.status == 64 || missing.status == 1, "\(missing)")
        #expect(missing.stderr.contains("cannot read nothing.pem"), "\(missing)")
        let one = try run(["serve", "--library", library.root.path, "--port", "0", "--tls", "cert.pem"], in: library.root)
        #expect(one.stderr.contains("--tls takes two files"), "\(one)")
    }
}
