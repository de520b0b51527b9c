import Foundation
import HTTPTypes
import Hummingbird
import ShelfKit
import ShelfPresentation

/// What keeps other people and other web pages from using the server:
/// - on loopback, every request must name loopback (no DNS rebinding), and every form carries a
///   token made at start-up (no cross-site form);
/// - on any other address, also an access token: the URL printed at start-up carries it, opening
///   it sets a session cookie (HttpOnly, SameSite=Strict), and a request without that cookie is
///   refused. A request must then name a host the server is bound to.
struct RequestGuard: Sendable {
    /// The forms' token (against cross-site forms), masked afresh on every page.
    let formToken = FormToken()
    /// The access token of the printed URL; nil on loopback, where no login is asked.
    let accessToken: String?
    /// The session cookie's name and value, given to whoever opened the access URL.
    let sessionName: String
    let sessionValue: String
    /// The names a request may give as its host (lowercased, without port).
    let allowedHosts: Set<String>
    let secure: Bool

    static let loopbackNames: Set<String> = ["127.0.0.1", "localhost", "::1"]

    init(host: String, secure: Bool) {
        sessionValue = RequestGuard.random()
        // Named per start: two servers on one machine (other ports) keep apart cookies.
        sessionName = "shelf_session_" + String(RequestGuard.random().prefix(8))
        self.secure = secure
        let loopbackOnly = RequestGuard.loopbackNames.contains(host.lowercased())
        accessToken = loopbackOnly ? nil : RequestGuard.random()
        var hosts = RequestGuard.loopbackNames
        if NetworkAddresses.isWildcard(host) {
            hosts.formUnion(NetworkAddresses.localNames())
        } else {
            hosts.insert(host.lowercased())
        }
        allowedHosts = hosts
    }

    /// 128 random bits as 32 hexadecimal digits.
    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let text = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
    }

    /// Compares without stopping at the first difference, so that timing tells nothing.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// Why a request naming another host is refused, or nil.
    func hostRefusal(_ request: Request) -> String? {
        guard let host = request.head.authority else { return nil }
        let name =
            host.hasPrefix("[") ? String(host.prefix(while: { $0 != "]" }).dropFirst()) : String(host.split(separator: ":").first ?? "")
        return allowedHosts.contains(name.lowercased()) ? nil : "this server does not answer for \(host)"
    }

    /// Whether the request carries the session cookie (always true on loopback).
    func hasSession(_ request: Request) -> Bool {
        guard accessToken != nil else { return true }
        guard let value = request.cookies[sessionName]?.value else { return false }
        return RequestGuard.same(value, sessionValue)
    }

    /// The cookie opening the access URL sets: for this site only, never sent by another site's
    /// page, unreadable by scripts, and over HTTPS only when the server is.
    var sessionCookie: String {
        "\(sessionName)=\(sessionValue); Path=/; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }

    /// Why a form is refused, or nil.
    func refusal(_ request: Request, form: FormBody?) -> String? {
        refusal(request, token: form.map { $0["token"] })
    }

    /// Why a form carrying `token` (nil: no form to check) is refused, or nil.
    func refusal(_ request: Request, token given: String??) -> String? {
        if let refusal = hostRefusal(request) { return refusal }
        if let given, !formToken.accepts(given ?? "") {
            return "the form is from an earlier start of shelf serve, or from another site; reload the page and try again"
        }
        return nil
    }
}

/// Before any route: the host check, the access token and session, and on every response
/// (errors included) the headers that keep pages from loading anything from elsewhere.
struct GuardMiddleware<Context: RequestContext>: RouterMiddleware {
    let requestGuard: RequestGuard

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await answer(request, context: context, next: next)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        } catch {
            // Any other failure is still a page with the headers below, never a bare error.
            response = GuardMiddleware.plain(.internalServerError, "Something went wrong", String(describing: error))
        }
        for field in PlainPage.securityHeaders { response.headers[field.name] = field.value }
        return response
    }

    private func answer(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let refusal = requestGuard.hostRefusal(request) {
            return GuardMiddleware.plain(.forbidden, "Refused", refusal + ".")
        }
        if let accessToken = requestGuard.accessToken, request.uri.path == "/",
            let given = FormBody(request.uri.query ?? "")["access"]
        {
            guard RequestGuard.same(given, accessToken) else {
                return GuardMiddleware.plain(
                    .forbidden, "Wrong link",
                    "This access link is not the one shelf serve printed (it changes at every start). Open the link it printed last.")
            }
            // The token leaves the address bar: a clean URL, the session in a cookie.
            var headers = HTTPFields()
            headers[.location] = "/"
            headers[.setCookie] = requestGuard.sessionCookie
            headers[.cacheControl] = "no-store"
            return Response(status: .seeOther, headers: headers)
        }
        guard requestGuard.hasSession(request) else {
            return GuardMiddleware.plain(
                .unauthorized, "Open the link shelf serve printed",
                "This library is served to the network with an access link. "
                    + "Open the link (or scan the QR code) that shelf serve printed when it started.")
        }
        return try await next(request, context)
    }

    /// A page of its own, with no link, style or script (the visitor has no access).
    static func plain(_ status: HTTPResponse.Status, _ heading: String, _ text: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: .init(byteBuffer: PlainPage.html(heading, text)))
    }
}

/// What every response carries, and the page of its own that a visitor without access gets
/// (`GuardMiddleware`) or an upload refused before it is read (`ConnectionGuard`).
enum PlainPage {
    /// Scripts and styles only from the server's own files (no inline script can run, whatever a
    /// book holds), nothing from elsewhere, forms only to this server, never in a frame. The web
    /// app manifest and the service worker come from the server too (`default-src 'none'`
    /// would refuse the manifest).
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; media-src 'self' blob:; "
        + "connect-src 'self'; manifest-src 'self'; worker-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

    /// The headers every response carries: the policy above, `nosniff`, no referrer, no framing.
    static let securityHeaders: HTTPFields = {
        var fields = HTTPFields()
        fields[.contentSecurityPolicy] = contentSecurityPolicy
        fields[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        fields[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        fields[HTTPField.Name("X-Frame-Options")!] = "DENY"
        return fields
    }()

    /// A page with no link, style or script.
    static func html(_ heading: String, _ text: String) -> ByteBuffer {
        ByteBuffer(
            string: "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>\(HTMLEscaping.text(heading))</title></head>"
                + "<body><h1>\(HTMLEscaping.text(heading))</h1><p>\(HTMLEscaping.text(text))</p></body></html>\n")
    }
}
