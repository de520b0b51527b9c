import Foundation

/// A small blocking HTTP client: a `User-Agent` naming shelf, connect and total timeouts, retries
/// with backoff on 429 and 5xx, and at most one request a second to a host during bulk work.
/// The requests themselves go through `HTTPTransport`: on Linux, shelf's network module
/// `libShelfHTTP.so`, loaded on the first request.
final class HTTPClient: @unchecked Sendable {
    struct Settings: Sendable {
        var userAgent = "shelf/\(ShelfKitVersion.current) (personal book library; command-line)"
        /// Seconds to wait for a response to start.
        var requestTimeout: Double = 10
        /// Seconds a whole request may take.
        var totalTimeout: Double = 30
        /// The longest body accepted: a longer answer stops the transfer and fails with
        /// `LookupError.tooLarge`, so a broken or hostile server cannot fill the memory.
        /// Book data is a few KiB and a cover rarely 1 MiB.
        var maximumBodyBytes = 8 * 1024 * 1024
        /// Retries after the first attempt, on 429 and 5xx.
        var retries = 3
        /// The first backoff; it doubles each retry. A `Retry-After` header, if shorter than a minute, wins.
        var backoff: Double = 1
        /// Minimum seconds between two requests to one host; 0 outside bulk work.
        var minimumInterval: Double = 0

        init() {}
    }

    /// An answer with a 2xx status.
    struct Response: Sendable {
        var status: Int
        var contentType: String?
        var body: Data
    }

    /// The longest `Retry-After`, in seconds, worth waiting for within one command.
    static let longestRetryAfter: Double = 10

    var settings: Settings
    /// Made from `settings` at init: later changes to the user agent or timeouts do not reach it.
    private let transport: HTTPTransport
    private let lock = NSLock()
    private var lastRequest: [String: Date] = [:]

    init(settings: Settings = Settings()) {
        self.settings = settings
        transport = HTTPTransport(settings: settings)
    }

    /// GETs `url`. A 404 gives a response with status 404; other failures throw after retries.
    /// - Parameter accept: the `Accept` header (images for covers).
    func get(_ url: URL, accept: String = "application/json") throws(LookupError) -> Response {
        let host = url.host ?? url.absoluteString
        var attempt = 0
        while true {
            waitForTurn(host)
            let outcome = transport.get(url, accept: accept)
            switch outcome {
            case .failure(let error):
                throw error
            case .success(let response) where response.status == 429 || (500...599).contains(response.status):
                guard attempt < settings.retries else {
                    throw response.status == 429 ? .rateLimited(host: host) : .serverError(host: host, status: response.status)
                }
                // A server asking for a long wait is not waited for: say so now, try later.
                if let wait = response.retryAfter, wait > HTTPClient.longestRetryAfter {
                    throw response.status == 429 ? .rateLimited(host: host) : .serverError(host: host, status: response.status)
                }
                let delay = response.retryAfter ?? settings.backoff * pow(2, Double(attempt))
                attempt += 1
                Thread.sleep(forTimeInterval: delay)
            case .success(let response) where response.status == 404 || (200...299).contains(response.status):
                return Response(status: response.status, contentType: response.contentType, body: response.body)
            case .success(let response):
                throw .httpError(host: host, status: response.status)
            }
        }
    }

    /// GETs `url` and decodes a JSON object; nil for a 404.
    func getJSON(_ url: URL) throws(LookupError) -> Any? {
        let response = try get(url)
        guard response.status != 404 else { return nil }
        return try JSONBody.decode(response, host: url.host ?? "the server")
    }

    private func waitForTurn(_ host: String) {
        guard settings.minimumInterval > 0 else { return }
        lock.lock()
        let last = lastRequest[host]
        let now = Date()
        let wait = last.map { settings.minimumInterval - now.timeIntervalSince($0) } ?? 0
        lastRequest[host] = now.addingTimeInterval(max(0, wait))
        lock.unlock()
        if wait > 0 { Thread.sleep(forTimeInterval: wait) }
    }
}
