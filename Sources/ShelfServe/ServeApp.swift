import Foundation
import Hummingbird
import Logging
import Mustache
import ShelfKit

/// The web UI's server: routes, and the guard every form passes.
struct ServeApp: Sendable {
    let options: ServeOptions
    let pages: Pages
    let requestGuard: RequestGuard

    init(options: ServeOptions) throws {
        self.options = options
        requestGuard = RequestGuard(host: options.host)
        pages = Pages(library: options.library, templates: try Templates.library(), readOnly: options.readOnly, token: requestGuard.token)
    }

    func run() async throws {
        let router = Router()
        router.add(middleware: HostGuardMiddleware(requestGuard: requestGuard))
        router.get("/") { request, _ in self.pages.grid(FormBody(request.uri.query ?? "")) }
        router.get("/book") { request, _ in self.pages.book(path: FormBody(request.uri.query ?? "")["p"] ?? "") }
        router.get("/cover") { request, context -> Response in
            guard let bytes = self.pages.cover(path: FormBody(request.uri.query ?? "")["p"] ?? "") else {
                return Response(status: .notFound)
            }
            return try Bytes(contentType: Pages.imageType(bytes), bytes: bytes).response(from: request, context: context)
        }
        router.get("/add") { _, _ in self.options.readOnly ? self.pages.message(.forbidden, "Read-only", "This server was started with --read-only.") : self.pages.addPage() }
        router.post("/add/scan") { request, context -> Response in
            try await self.scan(request, context: context)
        }
        for action in ["edit", "note", "rate", "status", "add"] {
            router.post(action == "add" ? "/add" : "/book/\(action)") { request, context -> Response in
                try await self.post(action, request, context: context)
            }
        }
        var logger = Logger(label: "shelf-serve")
        logger.logLevel = .warning
        let library = options.library.root
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: "shelf"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                // The line tests and scripts read to find the port (with --port 0).
                let line = "Serving \(library) at http://\(ServeApp.urlHost(channel.localAddress?.ipAddress ?? "127.0.0.1")):\(port)/ — Ctrl-C stops\n"
                FileHandle.standardOutput.write(Data(line.utf8))
            },
            logger: logger)
        try await app.runService()
    }

    static func urlHost(_ address: String) -> String { address.contains(":") ? "[\(address)]" : address }

    /// A form: checked, then applied by the page's handler; any page it returns is rendered.
    private func post(_ action: String, _ request: Request, context: BasicRequestContext) async throws -> Response {
        if options.readOnly {
            return try pages.message(.forbidden, "Read-only", "This server was started with --read-only; nothing can be changed here.")
                .response(from: request, context: context)
        }
        let body = try await request.body.collect(upTo: 1 << 20)
        let form = FormBody(String(buffer: body))
        if let refusal = requestGuard.refusal(request, form: form) {
            return try pages.message(.forbidden, "Refused", refusal).response(from: request, context: context)
        }
        let path = FormBody(request.uri.query ?? "")["p"] ?? ""
        let outcome = action == "add" ? pages.add(isbn: form["isbn"] ?? "") : pages.apply(action, path: path, form: form)
        return try respond(outcome, request, context: context)
    }

    /// The scan form: a photo (multipart), decoded by zbar, then added.
    private func scan(_ request: Request, context: BasicRequestContext) async throws -> Response {
        if options.readOnly {
            return try pages.message(.forbidden, "Read-only", "This server was started with --read-only; nothing can be changed here.")
                .response(from: request, context: context)
        }
        let body = try await request.body.collect(upTo: BarcodeReader.maximumBytes + 64 * 1024)
        guard let form = MultipartForm(contentType: request.headers[.contentType] ?? "", body: Array(buffer: body)) else {
            return try pages.addPage(notice: "The upload was not a photo form; try again.", status: .badRequest).response(from: request, context: context)
        }
        let token = form.part("token").map { String(decoding: $0.bytes, as: UTF8.self) }
        if let refusal = requestGuard.refusal(request, token: .some(token)) {
            return try pages.message(.forbidden, "Refused", refusal).response(from: request, context: context)
        }
        return try respond(pages.addScanned(form.part("photo")?.bytes ?? []), request, context: context)
    }

    private func respond(_ outcome: Pages.Outcome, _ request: Request, context: BasicRequestContext) throws -> Response {
        switch outcome {
        case .redirect(let location): return try SeeOther(location: location).response(from: request, context: context)
        case .page(let page): return try page.response(from: request, context: context)
        }
    }
}
