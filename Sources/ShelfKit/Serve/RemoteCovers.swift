import Foundation
import Synchronization

/// Covers a book names by address (`cover: https://…`, as lookups wrote them before covers were
/// saved into the library), fetched once by `shelf serve` into `$XDG_CACHE_HOME/shelf/remote-covers/`
/// (never the library) and shown from there: the page's policy keeps the browser from asking a
/// third party, so the server asks, once per address.
///
/// Fetching happens in the background, one cover at a time, after a page named the book: a grid
/// never waits on the network, and a cover not fetched yet is drawn (title and author) until the
/// next load. At most `queueLimit` covers wait at once; one asked for past that is not queued and
/// is asked for again when a page next shows its book. An address that fails (no answer, not an
/// image, over 8 MiB) is not asked again for a day.
public final class RemoteCovers: Sendable {
    /// Where the images are kept; nil without a home or cache folder (then nothing is fetched).
    public let folder: String?
    private let http: HTTPClient
    private let asked = Mutex<Set<String>>([])
    private let queue = DispatchQueue(label: "shelf.remote-covers")
    /// How long a failed address is left alone.
    static let retryAfterFailure: TimeInterval = 24 * 60 * 60
    /// How many covers may wait to be fetched (or be fetching) at once. A library of 10,000 books
    /// with covers by address would otherwise queue a fetch for every book each page shows, and
    /// keep them all in memory, for hours of fetching one at a time.
    static let queueLimit = 64

    /// Covers fetched into `$XDG_CACHE_HOME/shelf/remote-covers/` (default `~/.cache`).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        folder = ShelfCacheFolder.path("remote-covers", in: environment)
        http = BookLookupService(environment: environment).openLibrary.http
    }

    /// The address of a book's cover when it is one shelf may fetch (http or https).
    public static func address(of book: Book) -> URL? {
        guard let written = book.cover, let url = URL(string: written.trimmingSpaces),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url
    }

    /// The kept image of `url`, when it was fetched.
    public func imagePath(for url: URL) -> String? {
        guard let path = path(for: url, suffix: ".image") else { return nil }
        return FileStamp.of(path: path) == nil ? nil : path
    }

    /// Asks for the cover at `url` to be fetched in the background, unless it is kept, being
    /// fetched, failed within the day, or `queueLimit` covers wait already.
    public func request(_ url: URL) {
        guard folder != nil, imagePath(for: url) == nil, !failedLately(url) else { return }
        let key = url.absoluteString
        guard asked.withLock({ $0.count < Self.queueLimit && $0.insert(key).inserted }) else { return }
        queue.async { [self] in
            fetch(url)
            asked.withLock { _ = $0.remove(key) }
        }
    }

    /// The covers waiting to be fetched or being fetched (tests look).
    var waiting: Int { asked.withLock { $0.count } }

    /// Waits until the covers asked for so far are fetched (for tests and `--fetch-covers` style runs).
    func waitForRequests() {
        queue.sync {}
    }

    private func fetch(_ url: URL) {
        guard let folder, let image = path(for: url, suffix: ".image"), let failed = path(for: url, suffix: ".failed") else { return }
        guard (try? AtomicFile.makeFolders(folder, mode: 0o700)) != nil else { return }
        guard let response = try? http.get(url, accept: "image/*"), response.status == 200, !response.body.isEmpty,
            Self.imageType(Array(response.body.prefix(16))) != nil
        else {
            try? AtomicFile.replace(path: failed, bytes: [])
            return
        }
        try? AtomicFile.replace(path: image, bytes: Array(response.body))
        _ = AtomicFile.remove(failed)
    }

    private func failedLately(_ url: URL) -> Bool {
        guard let failed = path(for: url, suffix: ".failed"), let stamp = FileStamp.of(path: failed) else { return false }
        return Date().timeIntervalSince1970 - Double(stamp.modified) / 1_000_000_000 < Self.retryAfterFailure
    }

    private func path(for url: URL, suffix: String) -> String? {
        folder.map { $0 + "/" + BookVersion(bytes: Array(url.absoluteString.utf8)).text + suffix }
    }

    /// The type of an image by its first bytes (JPEG, PNG, GIF or WebP); nil for anything else,
    /// such as a server's HTML error page.
    public static func imageType(_ head: [UInt8]) -> String? {
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if head.starts(with: [0xFF, 0xD8]) { return "image/jpeg" }
        if head.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if head.count >= 12, head[8..<12].elementsEqual("WEBP".utf8) { return "image/webp" }
        return nil
    }
}
