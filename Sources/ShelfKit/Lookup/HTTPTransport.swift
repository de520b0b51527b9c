import Foundation
#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// One GET, one answer: what `HTTPClient` retries and paces. On Linux it calls shelf's network
/// module (`NetworkModule`), so that FoundationNetworking is loaded only by commands that use
/// the network; on macOS, where URLSession costs nothing extra to load, it uses URLSession.
final class HTTPTransport: @unchecked Sendable {
    struct Answer {
        var status: Int
        var contentType: String?
        var retryAfter: Double?
        var body: Data
    }

    private let userAgent: String
    private let requestTimeout: Double
    private let totalTimeout: Double
    private let maximumBody: Int

    init(settings: HTTPClient.Settings) {
        userAgent = settings.userAgent
        requestTimeout = settings.requestTimeout
        totalTimeout = settings.totalTimeout
        maximumBody = settings.maximumBodyBytes
        #if canImport(Darwin)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = settings.requestTimeout
        configuration.timeoutIntervalForResource = settings.totalTimeout
        configuration.httpAdditionalHeaders = ["User-Agent": settings.userAgent]
        session = URLSession(configuration: configuration)
        #endif
    }

    #if canImport(Darwin)
    private let session: URLSession

    func get(_ url: URL, accept: String) -> Result<Answer, LookupError> {
        let host = url.host ?? url.absoluteString
        let semaphore = DispatchSemaphore(value: 0)
        let box = AnswerBox()
        var request = URLRequest(url: url)
        request.setValue(accept, forHTTPHeaderField: "Accept")
        let task = session.dataTask(with: request) { data, response, error in
            if let error {
                let error = error as NSError
                box.result = .failure(
                    error.code == NSURLErrorTimedOut
                        ? .timedOut(host: host) : .unreachable(host: host, reason: error.localizedDescription))
            } else if let http = response as? HTTPURLResponse {
                // macOS only (Linux stops the transfer itself, in the network module): checked
                // once the body is in, which bounds what is kept, not what is received.
                if (data?.count ?? 0) > self.maximumBody {
                    box.result = .failure(.tooLarge(host: host, limit: self.maximumBody))
                    semaphore.signal()
                    return
                }
                box.result = .success(
                    Answer(
                        status: http.statusCode,
                        contentType: http.value(forHTTPHeaderField: "Content-Type"),
                        retryAfter: http.value(forHTTPHeaderField: "Retry-After").flatMap(Double.init),
                        body: data ?? Data()))
            } else {
                box.result = .failure(.unreachable(host: host, reason: "no HTTP response"))
            }
            semaphore.signal()
        }
        task.resume()
        semaphore.wait()
        return box.result ?? .failure(.unreachable(host: host, reason: "no response"))
    }
    #else
    func get(_ url: URL, accept: String) -> Result<Answer, LookupError> {
        let host = url.host ?? url.absoluteString
        let module: NetworkModule.Loaded
        switch NetworkModule.shared {
        case .success(let loaded): module = loaded
        case .failure(let error): return .failure(error)
        }
        var status: Int32 = 0
        var contentType: UnsafeMutablePointer<CChar>?
        var retryAfter: UnsafeMutablePointer<CChar>?
        var body: UnsafeMutableRawPointer?
        var bodyLength = 0
        var reason: UnsafeMutablePointer<CChar>?
        let outcome = url.absoluteString.withCString { url in
            userAgent.withCString { userAgent in
                accept.withCString { accept in
                    module.get(
                        url, userAgent, accept, requestTimeout, totalTimeout, maximumBody,
                        &status, &contentType, &retryAfter, &body, &bodyLength, &reason)
                }
            }
        }
        defer {
            free(contentType)
            free(retryAfter)
            free(body)
            free(reason)
        }
        let text = { (pointer: UnsafeMutablePointer<CChar>?) in pointer.map { String(cString: $0) } }
        switch outcome {
        case 0:
            return .success(
                Answer(
                    status: Int(status),
                    contentType: text(contentType),
                    retryAfter: text(retryAfter).flatMap(Double.init),
                    body: body.map { Data(bytes: $0, count: bodyLength) } ?? Data()))
        case 1:
            return .failure(.timedOut(host: host))
        case 3:
            return .failure(.tooLarge(host: host, limit: maximumBody))
        default:
            return .failure(.unreachable(host: host, reason: text(reason) ?? "no response"))
        }
    }
    #endif
}

#if canImport(Darwin)
/// Carries the completion handler's result back to the waiting thread.
private final class AnswerBox: @unchecked Sendable {
    var result: Result<HTTPTransport.Answer, LookupError>?
}
#endif
