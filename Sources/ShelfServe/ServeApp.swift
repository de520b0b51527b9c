import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOSSL
import Mustache
import NIOCore
import ShelfKit

/// The web UI's server: routes, and the guard every form passes.
struct ServeApp: Sendable {
    let options: ServeOptions
    let pages: Pages
    let requestGuard: RequestGuard
    let thumbnails = CoverThumbnails()

    init(options: ServeOptions) throws {
        self.options = options
        requestGuard = RequestGuard(host: options.host, secure: options.tls != nil)
        pages = Pages(
            library: options.library, live: LiveLibrary(library: options.library), templates: try Templates.library(),
            readOnly: options.readOnly, formToken: requestGuard.formToken, remoteCovers: RemoteCovers())
    }

    func run() async throws {
        let router = Router()
        router.add(middleware: GuardMiddleware(requestGuard: requestGuard))
        router.get("/static/shelf.css") { _, _ in Asset(contentType: "text/css; charset=utf-8", text: Templates.css) }
        router.get("/static/add.js") { _, _ in Asset(contentType: "text/javascript; charset=utf-8", text: Templates.addScript) }
        // The phone: the manifest, the icons, and the service worker at the root (its scope is
        // the folder it is served from) with the scripts that keep changes made offline.
        router.get("/manifest.webmanifest") { _, _ in Asset(contentType: "application/manifest+json", text: Templates.manifest) }
        router.get("/sw.js") { _, _ in Asset(contentType: "text/javascript; charset=utf-8", text: Templates.serviceWorker) }
        router.get("/static/app.js") { _, _ in Asset(contentType: "text/javascript; charset=utf-8", text: Templates.appScript) }
        router.get("/static/queue.js") { _, _ in Asset(contentType: "text/javascript; charset=utf-8", text: Templates.queueScript) }
        for (name, icon) in [("icon-192", AppIcon.small), ("icon-512", AppIcon.large), ("icon-maskable-512", AppIcon.maskable)] {
            router.get("/static/\(name).png") { request, context in
                try Bytes(contentType: "image/png", bytes: icon).response(from: request, context: context)
            }
        }
        router.get("/static/suggest.js") { _, _ in Asset(contentType: "text/javascript; charset=utf-8", text: Templates.suggestScript) }
        router.get("/suggest") { request, _ in
            Asset(contentType: "application/json", text: self.pages.suggestions(FormBody(request.uri.query ?? "")["q"] ?? ""))
        }
        router.get("/") { request, _ in self.pages.grid(FormBody(request.uri.query ?? "")) }
        router.get("/dashboard") { _, _ in self.pages.dashboard() }
        router.get("/problems") { _, _ in await ServeApp.offloaded { self.pages.problems() } }
        router.get("/book") { request, _ in
            let query = FormBody(request.uri.query ?? "")
            return self.pages.book(path: query["p"] ?? "", notice: self.pages.mergedNotice(query["merged"], path: query["p"] ?? ""))
        }
        router.get("/cover") { request, context -> Response in
            guard let bytes = self.pages.cover(path: FormBody(request.uri.query ?? "")["p"] ?? "") else {
                return Response(status: .notFound)
            }
            return try Bytes(contentType: Pages.imageType(bytes), bytes: bytes).response(from: request, context: context)
        }
        // The grid's covers: a thumbnail cached on disk when libvips is installed, else the cover.
        router.get("/thumb") { request, context -> Response in
            let path = FormBody(request.uri.query ?? "")["p"] ?? ""
            guard let book = self.options.library.currentState(of: path)?.book else { return Response(status: .notFound) }
            let source = self.pages.coverSource(of: book)
            if let source, let thumbnail = await ServeApp.offloaded({ self.thumbnails.thumbnail(ofImageAt: source) }) {
                return try Bytes(contentType: "image/jpeg", bytes: thumbnail).response(from: request, context: context)
            }
            guard let source, let bytes = CoverThumbnails.original(at: source) else { return Response(status: .notFound) }
            return try Bytes(contentType: Pages.imageType(bytes), bytes: bytes).response(from: request, context: context)
        }
        router.get("/add") { request, _ in
            if self.options.readOnly { return self.pages.message(.forbidden, "Read-only", "This server was started with --read-only.") }
            let title = FormBody(request.uri.query ?? "")["title"] ?? ""
            return title.isEmpty ? self.pages.addPage() : await ServeApp.offloaded { self.pages.searchPage(title: title) }
        }
        router.post("/add/scan") { request, context -> Response in
            try await self.scan(request, context: context)
        }
        router.get("/highlights") { request, _ in await ServeApp.offloaded { self.pages.highlights(FormBody(request.uri.query ?? "")) } }
        router.get("/stats") { request, _ in self.pages.stats(FormBody(request.uri.query ?? "")) }
        router.get("/review") { request, _ in self.pages.review(FormBody(request.uri.query ?? "")) }
        router.get("/loans") { request, _ in self.pages.loans(FormBody(request.uri.query ?? "")) }
        for action in ["edit", "note", "rate", "status", "progress", "lend", "return", "remove", "reread", "add", "goal"] {
            router.post(["add", "goal"].contains(action) ? "/\(action)" : "/book/\(action)") { request, context -> Response in
                try await self.post(action, request, context: context)
            }
        }
        var logger = Logger(label: "shelf-serve")
        logger.logLevel = .warning
        let app = Application(
            router: router,
            server: try serverBuilder(),
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: "shelf"),
            onServerRunning: { [options, requestGuard] channel in
                let port = channel.localAddress?.port ?? 0
                ServeApp.announce(options: options, port: port, accessToken: requestGuard.accessToken)
            },
            logger: logger)
        do {
            try await app.runService()
        } catch let error as IOError where error.errnoCode == EADDRINUSE || error.errnoCode == EACCES {
            throw ServeOptions.Invalid(description: ServeApp.bindFailure(errno: error.errnoCode, options: options))
        }
    }

    /// What to say when the address cannot be had: NIO's own words name a system call.
    static func bindFailure(errno code: Int32, options: ServeOptions) -> String {
        let address = "\(urlHost(options.host)):\(options.port)"
        if code == EADDRINUSE {
            return "\(address) is already in use (another shelf serve, or another program, listens there). "
                + "Choose another port: shelf serve --port \(options.port == 65535 ? 8081 : options.port + 1), or --port 0 for any free one"
        }
        return "\(address) needs more rights than this user has (ports below 1024 are for the system). "
            + "Choose a port from 1024 up: shelf serve --port 8080"
    }

    /// Work that blocks for long (a child process: zbar, vipsthumbnail; a lookup on the network)
    /// on a thread of its own rather than one of the few that answer every request, so that one
    /// slow photo or lookup does not hold up the pages.
    static func offloaded<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }

    static func urlHost(_ address: String) -> String { address.contains(":") ? "[\(address)]" : address }

    /// Plain HTTP, or HTTPS with the certificate and key of `--tls`; either way every connection
    /// passes a `ConnectionGuard`, all counted in one registry.
    private func serverBuilder() throws -> HTTPServerBuilder {
        let limits = ConnectionLimits()
        let registry = ConnectionRegistry(perClient: limits.perClient, inAll: limits.inAll)
        let http1 = HTTPServerBuilder.http1(
            configuration: .init(additionalChannelHandlers: [ConnectionGuard(limits: limits, registry: registry)]))
        guard let tls = options.tls else { return http1 }
        let chain: [NIOSSLCertificate]
        let key: NIOSSLPrivateKey
        do {
            chain = try NIOSSLCertificate.fromPEMFile(tls.certificate)
        } catch {
            throw ServeOptions.Invalid(description: "cannot read the certificate \(tls.certificate) (a PEM file): \(error)")
        }
        do {
            key = try NIOSSLPrivateKey(file: tls.key, format: .pem)
        } catch {
            throw ServeOptions.Invalid(description: "cannot read the private key \(tls.key) (a PEM file): \(error)")
        }
        guard !chain.isEmpty else { throw ServeOptions.Invalid(description: "\(tls.certificate) holds no certificate") }
        let configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        return try .tls(http1, tlsConfiguration: configuration)
    }

    /// The line tests and scripts read to find the port (with --port 0); on the network, the
    /// access link, once, as text and as a QR code for a phone's camera.
    static func announce(options: ServeOptions, port: Int, accessToken: String?) {
        let scheme = options.tls == nil ? "http" : "https"
        let host = urlHost(NetworkAddresses.printable(bound: options.host))
        var text = "Serving \(options.library.root) at \(scheme)://\(host):\(port)/ — Ctrl-C stops\n"
        if let accessToken {
            let link = "\(scheme)://\(host):\(port)/?access=\(accessToken)"
            text += "Open this link on your phone or computer; it lets whoever has it in (a new one at every start):\n  \(link)\n"
            if let code = QRCode(link) { text += code.terminalText(colors: isatty(STDOUT_FILENO) == 1) }
        }
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// A form: checked, then applied by the page's handler; any page it returns is rendered.
    private func post(_ action: String, _ request: Request, context: BasicRequestContext) async throws -> Response {
        if options.readOnly {
            return try pages.message(.forbidden, "Read-only", "This server was started with --read-only; nothing can be changed here.")
                .response(from: request, context: context)
        }
        let body = try await request.body.collect(upTo: ConnectionLimits.maximumBody(path: request.uri.path))
        let form = FormBody(String(buffer: body))
        if let refusal = requestGuard.refusal(request, form: form) {
            return try pages.message(.forbidden, "Refused", refusal).response(from: request, context: context)
        }
        let path = FormBody(request.uri.query ?? "")["p"] ?? ""
        let outcome: Pages.Outcome
        switch action {
        case "add": outcome = await ServeApp.offloaded { self.pages.add(form) }
        case "goal": outcome = pages.setGoal(form)
        default: outcome = pages.apply(action, path: path, form: form)
        }
        return try respond(outcome, request, context: context)
    }

    /// The scan form: a photo (multipart), decoded by zbar, then added.
    private func scan(_ request: Request, context: BasicRequestContext) async throws -> Response {
        if options.readOnly {
            return try pages.message(.forbidden, "Read-only", "This server was started with --read-only; nothing can be changed here.")
                .response(from: request, context: context)
        }
        let body = try await request.body.collect(upTo: ConnectionLimits.maximumBody(path: request.uri.path))
        guard let form = MultipartForm(contentType: request.headers[.contentType] ?? "", body: Array(buffer: body)) else {
            return try pages.addPage(notice: "The upload was not a photo form; try again.", status: .badRequest).response(
                from: request, context: context)
        }
        let token = form.part("token").map { String(decoding: $0.bytes, as: UTF8.self) }
        if let refusal = requestGuard.refusal(request, token: .some(token)) {
            return try pages.message(.forbidden, "Refused", refusal).response(from: request, context: context)
        }
        let photo = form.part("photo")?.bytes ?? []
        return try respond(await ServeApp.offloaded { self.pages.addScanned(photo) }, request, context: context)
    }

    private func respond(_ outcome: Pages.Outcome, _ request: Request, context: BasicRequestContext) throws -> Response {
        switch outcome {
        case .redirect(let location): return try SeeOther(location: location).response(from: request, context: context)
        case .page(let page): return try page.response(from: request, context: context)
        }
    }
}
