// shelf's network module, built as libShelfHTTP.so and loaded with dlopen by ShelfKit's
// HTTPClient the first time a lookup goes to the network. Keeping URLSession here, out of the
// `shelf` executable, keeps FoundationNetworking and libcurl (with the ~30 libraries libcurl
// pulls in) out of every start of shelf. This target must not depend on ShelfKit: the module is
// loaded into a process that already holds ShelfKit, and two copies of its types would clash.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What `shelf_http_get_v2` returns: an HTTP response (any status) was received.
let shelfHTTPResponse: Int32 = 0
/// The request timed out (no response within the request timeout, or not done within the total).
let shelfHTTPTimedOut: Int32 = 1
/// The host could not be reached (DNS, refused connection, TLS, a malformed URL…).
let shelfHTTPUnreachable: Int32 = 2
/// The body was longer than the limit: the transfer was stopped there, and nothing is returned.
let shelfHTTPTooLarge: Int32 = 3

/// Performs one blocking HTTP GET with URLSession. The C declaration is:
///
///     int32_t shelf_http_get_v2(const char *url, const char *user_agent, const char *accept,
///                               double request_timeout, double total_timeout, intptr_t maximum_body,
///                               int32_t *status, char **content_type, char **retry_after,
///                               void **body, intptr_t *body_length, char **reason);
///
/// - Parameters:
///   - url: the absolute URL, NUL-terminated UTF-8.
///   - userAgent: the `User-Agent` header.
///   - accept: the `Accept` header.
///   - requestTimeout: seconds to wait for the response to start.
///   - totalTimeout: seconds the whole request may take.
///   - maximumBody: the most body bytes to accept; a longer body (announced or received) stops
///     the transfer at once, so an endless or huge answer is never held in memory.
///   - status: receives the HTTP status code, or 0 when there was no response.
///   - contentType: receives the `Content-Type` header, or NULL when absent.
///   - retryAfter: receives the `Retry-After` header as sent, or NULL when absent.
///   - body: receives the body bytes, or NULL when the body is empty.
///   - bodyLength: receives the number of body bytes.
///   - reason: receives, on failure, a readable reason; NULL on success.
/// - Returns: 0 for a response, 1 when the request timed out, 2 when the host could not be
///   reached, 3 when the body was longer than `maximumBody`. Every non-NULL string and body
///   given back is `malloc`ed: the caller frees it with `free(3)`.
@_cdecl("shelf_http_get_v2")
public func shelfHTTPGet(
    _ url: UnsafePointer<CChar>,
    _ userAgent: UnsafePointer<CChar>,
    _ accept: UnsafePointer<CChar>,
    _ requestTimeout: Double,
    _ totalTimeout: Double,
    _ maximumBody: Int,
    _ status: UnsafeMutablePointer<Int32>,
    _ contentType: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
    _ retryAfter: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
    _ body: UnsafeMutablePointer<UnsafeMutableRawPointer?>,
    _ bodyLength: UnsafeMutablePointer<Int>,
    _ reason: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
) -> Int32 {
    status.pointee = 0
    contentType.pointee = nil
    retryAfter.pointee = nil
    body.pointee = nil
    bodyLength.pointee = 0
    reason.pointee = nil

    let text = String(cString: url)
    guard let target = URL(string: text) else {
        reason.pointee = strdup("not a valid URL: \(text)")
        return shelfHTTPUnreachable
    }
    let session = Sessions.shared.session(
        userAgent: String(cString: userAgent), requestTimeout: requestTimeout, totalTimeout: totalTimeout)
    switch fetch(target, accept: String(cString: accept), maximumBody: maximumBody, totalTimeout: totalTimeout, session: session) {
    case .failure(let failure):
        reason.pointee = strdup(failure.reason)
        if failure.tooLarge { return shelfHTTPTooLarge }
        return failure.timedOut ? shelfHTTPTimedOut : shelfHTTPUnreachable
    case .success(let (response, data)):
        status.pointee = Int32(clamping: response.statusCode)
        contentType.pointee = response.value(forHTTPHeaderField: "Content-Type").flatMap { strdup($0) }
        retryAfter.pointee = response.value(forHTTPHeaderField: "Retry-After").flatMap { strdup($0) }
        if !data.isEmpty, let bytes = malloc(data.count) {
            data.copyBytes(to: bytes.assumingMemoryBound(to: UInt8.self), count: data.count)
            body.pointee = bytes
            bodyLength.pointee = data.count
        }
        return shelfHTTPResponse
    }
}

/// Why a request got no response.
struct FetchFailure: Error {
    var timedOut: Bool
    var reason: String
    var tooLarge = false
}

/// Runs one data task and waits for it; the session's delegate collects the body and stops it
/// past `maximumBody`.
private func fetch(
    _ url: URL, accept: String, maximumBody: Int, totalTimeout: Double, session: SessionWithDelegate
) -> Result<(HTTPURLResponse, Data), FetchFailure> {
    var request = URLRequest(url: url)
    request.setValue(accept, forHTTPHeaderField: "Accept")
    let task = session.session.dataTask(with: request)
    let transfer = Transfer(maximumBody: maximumBody)
    session.delegate.register(task.taskIdentifier, transfer)
    task.resume()
    // URLSession on Linux does not end a body that trickles in forever at the resource timeout:
    // the total is enforced here too.
    guard let outcome = transfer.outcome(within: totalTimeout) else {
        task.cancel()
        return .failure(FetchFailure(timedOut: true, reason: "not done within \(totalTimeout) s"))
    }
    return outcome
}

/// One request's body so far, and its outcome once it is known. The delegate's fields are
/// touched on the session's serial delegate queue only; the outcome is handed over under a lock.
private final class Transfer: @unchecked Sendable {
    let maximumBody: Int
    var response: HTTPURLResponse?
    var data = Data()
    var tooLarge = false
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var result: Result<(HTTPURLResponse, Data), FetchFailure>?

    init(maximumBody: Int) {
        self.maximumBody = maximumBody
    }

    /// Sets the outcome and wakes the caller; later calls change nothing.
    func finish(_ outcome: Result<(HTTPURLResponse, Data), FetchFailure>) {
        let first = lock.withLock {
            guard result == nil else { return false }
            result = outcome
            return true
        }
        if first { done.signal() }
    }

    /// Waits for the outcome at most `seconds`; nil when it did not come in time.
    func outcome(within seconds: Double) -> Result<(HTTPURLResponse, Data), FetchFailure>? {
        guard done.wait(timeout: .now() + max(0, seconds)) == .success else { return nil }
        return lock.withLock { result } ?? .failure(FetchFailure(timedOut: false, reason: "no response"))
    }

    /// The failure for a body past the limit.
    var tooLargeFailure: Result<(HTTPURLResponse, Data), FetchFailure> {
        .failure(FetchFailure(timedOut: false, reason: "the answer is longer than \(maximumBody) bytes", tooLarge: true))
    }
}

/// Receives every task's events (on the session's serial delegate queue) and routes them to
/// the task's `Transfer`.
private final class TransferDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var transfers: [Int: Transfer] = [:]

    func register(_ identifier: Int, _ transfer: Transfer) {
        lock.withLock { transfers[identifier] = transfer }
    }

    private func transfer(_ task: URLSessionTask) -> Transfer? {
        lock.withLock { transfers[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        guard let transfer = transfer(dataTask) else { return completionHandler(.cancel) }
        transfer.response = response as? HTTPURLResponse
        // A Content-Length past the limit is refused before a byte of the body is read.
        if response.expectedContentLength > Int64(transfer.maximumBody) {
            transfer.tooLarge = true
            transfer.finish(transfer.tooLargeFailure)
            return completionHandler(.cancel)
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let transfer = transfer(dataTask), !transfer.tooLarge else { return }
        if transfer.data.count + data.count > transfer.maximumBody {
            // The caller is told at once: the cancel reaches the transfer later, and the data
            // URLSession has already read ahead is dropped unread as it arrives.
            transfer.tooLarge = true
            transfer.data = Data()
            transfer.finish(transfer.tooLargeFailure)
            dataTask.cancel()
            return
        }
        transfer.data.append(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let transfer = lock.withLock({ transfers.removeValue(forKey: task.taskIdentifier) }) else { return }
        if transfer.tooLarge {
            transfer.finish(transfer.tooLargeFailure)
        } else if let error {
            let error = error as NSError
            transfer.finish(.failure(FetchFailure(timedOut: error.code == NSURLErrorTimedOut, reason: error.localizedDescription)))
        } else if let response = transfer.response {
            transfer.finish(.success((response, transfer.data)))
        } else {
            transfer.finish(.failure(FetchFailure(timedOut: false, reason: "no HTTP response")))
        }
    }
}

/// A session and the delegate that collects its tasks' bodies.
private struct SessionWithDelegate {
    let session: URLSession
    let delegate: TransferDelegate
}

/// One URLSession for each set of settings, kept for the life of the process so that requests
/// to one host can reuse the connection, as one session per HTTPClient did before.
private final class Sessions: @unchecked Sendable {
    static let shared = Sessions()
    private let lock = NSLock()
    private var sessions: [String: SessionWithDelegate] = [:]

    func session(userAgent: String, requestTimeout: Double, totalTimeout: Double) -> SessionWithDelegate {
        let key = "\(userAgent)\u{0}\(requestTimeout)\u{0}\(totalTimeout)"
        lock.lock()
        defer { lock.unlock() }
        if let session = sessions[key] { return session }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = requestTimeout
        configuration.timeoutIntervalForResource = totalTimeout
        configuration.httpAdditionalHeaders = ["User-Agent": userAgent]
        let delegate = TransferDelegate()
        let session = SessionWithDelegate(
            session: URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil), delegate: delegate)
        sessions[key] = session
        return session
    }
}
