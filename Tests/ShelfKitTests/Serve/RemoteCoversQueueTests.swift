import Dispatch
import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// `shelf serve`'s queue of covers to fetch by address is capped (`RemoteCovers.queueLimit`): a
/// library whose every cover is an address does not queue one fetch per book shown.
@Suite("Serve: RemoteCovers queue")
struct RemoteCoversQueueTests {
    @Test func atMostQueueLimitCoversWaitAndOneLeftOutIsFetchedWhenAskedAgain() throws {
        // The first cover's answer is held until the test lets it go, so every other one waits.
        let gate = DispatchSemaphore(value: 0)
        let server = try LoopbackHTTPServer(routes: { _, target in
            if target == "/0.jpg" { gate.wait() }
            return .image()
        })
        defer { server.stop() }
        // Let go before stopping, also when an expectation below fails first.
        defer { gate.signal() }
        let cache = try TemporaryFolder("shelf-remote-covers-queue")
        let covers = RemoteCovers(environment: ["XDG_CACHE_HOME": cache.path, "SHELF_HTTP_TIMEOUT": "30"])
        let addresses = try (0..<(RemoteCovers.queueLimit * 3)).map { try #require(URL(string: "\(server.baseURL)/\($0).jpg")) }

        for address in addresses { covers.request(address) }
        #expect(covers.waiting == RemoteCovers.queueLimit)

        gate.signal()
        covers.waitForRequests()
        #expect(covers.waiting == 0)
        let fetched = addresses.filter { covers.imagePath(for: $0) != nil }
        #expect(fetched == Array(addresses.prefix(RemoteCovers.queueLimit)), "the first asked for are fetched, in order")
        #expect(server.requests.count == RemoteCovers.queueLimit, "the others were not queued")

        // One left out is asked for again when a page shows its book, and fetched then.
        let leftOut = addresses[RemoteCovers.queueLimit]
        covers.request(leftOut)
        covers.waitForRequests()
        #expect(covers.imagePath(for: leftOut) != nil)
        #expect(server.requests.count == RemoteCovers.queueLimit + 1)
    }
}
