import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// Answers from outside are bounded: a body past `maximumBodyBytes` stops the transfer with a
/// clear error (never held whole in memory), and a body that trickles forever hits the total
/// timeout. (A server that never answers, an HTML page and a 429 are in LookupFailureTests.)
@Suite struct BoundedHTTPTests {
    private func client(timeout: Double = 1, maximum: Int = 8 * 1024 * 1024) -> HTTPClient {
        var settings = HTTPClient.Settings()
        settings.requestTimeout = timeout
        settings.totalTimeout = timeout * 3
        settings.backoff = 0.01
        settings.maximumBodyBytes = maximum
        return HTTPClient(settings: settings)
    }

    private func error(_ body: () throws(LookupError) -> HTTPClient.Response) -> LookupError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    @Test func aFiftyMebibyteAnswerIsRefusedAsTooLarge() throws {
        let big = Reply(
            status: 200, headers: [("Content-Type", "application/json")], body: [UInt8](repeating: 0x20, count: 50 * 1024 * 1024))
        let server = try LoopbackHTTPServer(routes: { _, _ in big })
        defer { server.stop() }
        let url = try #require(URL(string: server.baseURL + "/api/books"))
        let failure = error { () throws(LookupError) in try client().get(url) }
        #expect(failure == .tooLarge(host: "127.0.0.1", limit: 8 * 1024 * 1024))
        #expect(failure?.description == "127.0.0.1 sent an answer longer than 8 MiB; stopped reading it")
        #expect(failure?.isConnectivity == false)
    }

    @Test func anEndlessAnswerIsCutOffAtTheLimit() throws {
        let server = try LoopbackHTTPServer(routes: { _, _ in .endless() })
        defer { server.stop() }
        let url = try #require(URL(string: server.baseURL + "/api/books"))
        // A timeout far longer than reading 1 MiB takes: only the cap can end this request.
        let failure = error { () throws(LookupError) in try client(timeout: 60, maximum: 1024 * 1024).get(url) }
        #expect(failure == .tooLarge(host: "127.0.0.1", limit: 1024 * 1024))
        #expect(server.requests.count == 1, "a too-large answer is not retried")
    }

    @Test func anAnswerTricklingForeverHitsTheTotalTimeout() throws {
        // A byte every 0.2 s never leaves the connection idle for the 1 s request timeout.
        let server = try LoopbackHTTPServer(routes: { _, _ in .endless(chunk: 1, pause: 0.2) })
        defer { server.stop() }
        let url = try #require(URL(string: server.baseURL + "/api/books"))
        let failure = error { () throws(LookupError) in try client(timeout: 1).get(url) }
        #expect(failure == .timedOut(host: "127.0.0.1"))
    }

    @Test func anAnswerJustUnderTheLimitIsRead() throws {
        let body = [UInt8](repeating: UInt8(ascii: "x"), count: 1024 * 1024)
        let server = try LoopbackHTTPServer(routes: { _, _ in .image(body, contentType: "image/jpeg") })
        defer { server.stop() }
        let url = try #require(URL(string: server.baseURL + "/cover.jpg"))
        let response = try client(maximum: 1024 * 1024).get(url)
        #expect(response.body.count == body.count)
    }
}
