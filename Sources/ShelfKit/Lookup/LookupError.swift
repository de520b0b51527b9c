/// Why a lookup failed, in words a reader can act on.
public enum LookupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The host could not be reached: no network, DNS failure, connection refused.
    case unreachable(host: String, reason: String)
    case timedOut(host: String)
    case rateLimited(host: String)
    case serverError(host: String, status: Int)
    case httpError(host: String, status: Int)
    /// An HTML page (a captive portal, an error page) where JSON was expected.
    case notJSON(host: String)
    case malformedJSON(host: String, reason: String)
    /// An answer longer than `HTTPClient.Settings.maximumBodyBytes`; the transfer was stopped.
    case tooLarge(host: String, limit: Int)
    /// shelf's network module, `libShelfHTTP.so`, is not in any of the places `looked` at, or
    /// the one found could not be loaded (`failure` says why).
    case networkModuleMissing(looked: [String], failure: String?)

    /// The message shown to the user, saying what failed and what to try.
    public var description: String {
        switch self {
        case let .unreachable(host, reason): return "cannot reach \(host) (\(reason)); are you online?"
        case .timedOut(let host): return "\(host) did not answer in time"
        case .rateLimited(let host): return "\(host) says too many requests (HTTP 429), still after retries; try again later"
        case let .serverError(host, status): return "\(host) failed with HTTP \(status), still after retries"
        case let .httpError(host, status): return "\(host) answered HTTP \(status)"
        case .notJSON(let host): return "\(host) sent a web page instead of data (a captive portal or an error page?)"
        case let .malformedJSON(host, reason): return "\(host) sent malformed JSON (\(reason))"
        case let .tooLarge(host, limit):
            return "\(host) sent an answer longer than \(limit / (1024 * 1024)) MiB; stopped reading it"
        case let .networkModuleMissing(looked, failure):
            let fix = "reinstall shelf with `make install`, or rebuild it with `swift build` (or set SHELF_HTTP_LIBRARY to the file)"
            if let failure { return "shelf's network module libShelfHTTP.so cannot be loaded: \(failure); \(fix)" }
            let places = looked.isEmpty ? "found nowhere to look" : "looked for " + looked.joined(separator: ", ")
            return "shelf's network module libShelfHTTP.so is missing (\(places)); \(fix)"
        }
    }

    /// True when the service could not be asked at all, as opposed to answering badly: the book
    /// can then be added now and looked up later. An HTML page where data was expected is most
    /// often a captive portal or a proxy's error page, so it counts as not reaching the service.
    var isConnectivity: Bool {
        switch self {
        case .unreachable, .timedOut, .rateLimited, .serverError, .notJSON: return true
        case .httpError, .malformedJSON, .tooLarge, .networkModuleMissing: return false
        }
    }
}
