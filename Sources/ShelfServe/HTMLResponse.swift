import Foundation
import HTTPTypes
import Hummingbird
import ShelfKit

/// A page of HTML, or another body with its type, as a Hummingbird response.
struct Page: ResponseGenerator, Sendable {
    var status: HTTPResponse.Status = .ok
    var html: String

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        // The security headers (CSP and the rest) are set on every response by GuardMiddleware.
        let body = Gzip.body(Array(html.utf8), for: request, headers: &headers)
        return Response(status: status, headers: headers, body: body)
    }
}

/// Bytes with a content type (a cover image), with an ETag of their content: the browser keeps
/// the image and asks again with If-None-Match; an unchanged cover is answered 304, no body.
struct Bytes: ResponseGenerator {
    var contentType: String
    var bytes: [UInt8]

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = HTTPFields()
        let tag = "\"" + BookVersion(bytes: bytes).text + "\""
        headers[.eTag] = tag
        headers[.cacheControl] = "private, no-cache"
        if Bytes.matches(request.headers[.ifNoneMatch], tag: tag) { return Response(status: .notModified, headers: headers) }
        headers[.contentType] = contentType
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// Whether an If-None-Match header names `tag`: as one of a list (a browser holding two
    /// versions sends both), weak or strong (`W/"…"`: the header is compared weakly, RFC 9110
    /// §13.1.2), or `*`.
    static func matches(_ header: String?, tag: String) -> Bool {
        guard let header else { return false }
        return header.split(separator: ",").contains { item in
            let candidate = item.trimmingCharacters(in: .whitespaces)
            return candidate == "*" || (candidate.hasPrefix("W/") ? String(candidate.dropFirst(2)) : candidate) == tag
        }
    }
}

/// The stylesheet or the script, built into the program: the pages have no inline style or
/// script, so the Content-Security-Policy can forbid them.
struct Asset: ResponseGenerator {
    var contentType: String
    var text: String

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.cacheControl] = "no-cache"
        let body = Gzip.body(Array(text.utf8), for: request, headers: &headers)
        return Response(status: .ok, headers: headers, body: body)
    }
}

/// A redirect after a form was applied (post, redirect, get: reloading does not post again).
struct SeeOther: ResponseGenerator {
    var location: String

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = HTTPFields()
        headers[.location] = location
        return Response(status: .seeOther, headers: headers)
    }
}
