import Foundation
import Hummingbird

/// What keeps other web pages from using the server through the reader's browser: every form
/// carries a token made at start-up, and a request naming another host (DNS rebinding) is refused
/// when the server listens on loopback only.
struct RequestGuard: Sendable {
    let token: String
    let loopbackOnly: Bool

    init(host: String) {
        var generator = SystemRandomNumberGenerator()
        token = (0..<4).map { _ in String(generator.next() as UInt64, radix: 36) }.joined()
        loopbackOnly = ["127.0.0.1", "localhost", "::1"].contains(host)
    }

    /// Why a request naming another host is refused, or nil.
    func hostRefusal(_ request: Request) -> String? {
        guard loopbackOnly, let host = request.head.authority else { return nil }
        let name = host.hasPrefix("[") ? String(host.prefix(while: { $0 != "]" }).dropFirst()) : String(host.split(separator: ":").first ?? "")
        return ["127.0.0.1", "localhost", "::1"].contains(name.lowercased()) ? nil : "this server answers only for localhost, not \(host)"
    }

    /// Why a form is refused, or nil.
    func refusal(_ request: Request, form: FormBody?) -> String? {
        refusal(request, token: form.map { $0["token"] })
    }

    /// Why a form carrying `token` (nil: no form to check) is refused, or nil.
    func refusal(_ request: Request, token given: String??) -> String? {
        if let refusal = hostRefusal(request) { return refusal }
        if let given, given != token {
            return "the form is from an earlier start of shelf serve, or from another site; reload the page and try again"
        }
        return nil
    }
}

/// Refuses, before any route, a request naming a host other than loopback's.
struct HostGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    let requestGuard: RequestGuard

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let refusal = requestGuard.hostRefusal(request) {
            return Response(status: .forbidden, body: .init(byteBuffer: ByteBuffer(string: "Refused: \(refusal)\n")))
        }
        return try await next(request, context)
    }
}
