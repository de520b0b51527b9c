import HTTPTypes
import Hummingbird

/// A page of HTML, or another body with its type, as a Hummingbird response.
struct Page: ResponseGenerator {
    var status: HTTPResponse.Status = .ok
    var html: String

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        // Nothing from elsewhere: no CDN, no framing by another site.
        headers[.contentSecurityPolicy] = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-inline'; frame-ancestors 'none'"
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}

/// Bytes with a content type (a cover image).
struct Bytes: ResponseGenerator {
    var contentType: String
    var bytes: [UInt8]

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.cacheControl] = "no-cache"
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
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

