import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// On every connection, right after the HTTP decoder: the caps and time limits of
/// `ConnectionLimits`, and the refusal of a body declared larger than the route takes.
///
/// - A connection over the caps is closed at once (after `ConnectionRegistry` made what room it
///   could).
/// - A request head must arrive whole within `header` seconds of the connection opening or of the
///   previous answer, else the connection is closed: a half-sent header never holds a descriptor
///   for long. The timer runs until the decoder hands on the head, so it also covers a TLS
///   handshake that never ends.
/// - A body must not pause for `bodyStall` seconds, nor take more than `body` seconds in all.
/// - A `Content-Length` over `ConnectionLimits.maximumBody(path:)` is answered 413 as soon as the
///   head is read, the body unread, and the connection closed.
///
/// While a request is answered (a lookup, zbar) no timer runs: the client is not the one waiting.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let limits: ConnectionLimits
    private let registry: ConnectionRegistry
    private var counted = false
    /// Requests whose head was read and whose answer is not yet written.
    private var requestsInProgress = 0
    private var readingBody = false
    /// After a 413: the rest of what the client sends is dropped.
    private var refused = false
    private var headerTimer: Scheduled<Void>?
    private var stallTimer: Scheduled<Void>?
    private var bodyTimer: Scheduled<Void>?

    init(limits: ConnectionLimits, registry: ConnectionRegistry) {
        self.limits = limits
        self.registry = registry
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { admit(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        admit(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        forget(context)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        forget(context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        switch unwrapInboundIn(data) {
        case .head(let request):
            cancel(&headerTimer)
            registry.setWaiting(context.channel, false)
            let limit = ConnectionLimits.maximumBody(path: String((request.path ?? "/").prefix { $0 != "?" }))
            if let declared = request.headerFields[.contentLength].flatMap(Int.init), declared > limit {
                refuse(context, declared: declared, limit: limit)
                return
            }
            requestsInProgress += 1
            readingBody = true
            bodyTimer = schedule(context, after: limits.body)
            stallTimer = schedule(context, after: limits.bodyStall)
        case .body:
            cancel(&stallTimer)
            stallTimer = schedule(context, after: limits.bodyStall)
        case .end:
            readingBody = false
            cancel(&stallTimer)
            cancel(&bodyTimer)
            if requestsInProgress == 0 { startWaiting(context) }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            requestsInProgress -= 1
            // The next request's head may already be on its way (pipelined): no timer for it then.
            if requestsInProgress == 0, !readingBody { startWaiting(context) }
        }
        context.write(data, promise: promise)
    }

    private func admit(_ context: ChannelHandlerContext) {
        guard !counted else { return }
        counted = true
        guard registry.admit(context.channel, client: ConnectionRegistry.client(of: context.channel.remoteAddress)) else {
            context.close(promise: nil)
            return
        }
        headerTimer = schedule(context, after: limits.header)
    }

    private func startWaiting(_ context: ChannelHandlerContext) {
        registry.setWaiting(context.channel, true)
        cancel(&headerTimer)
        headerTimer = schedule(context, after: limits.header)
    }

    private func forget(_ context: ChannelHandlerContext) {
        cancel(&headerTimer)
        cancel(&stallTimer)
        cancel(&bodyTimer)
        registry.remove(context.channel)
    }

    /// Closes the connection after `seconds` unless cancelled first.
    private func schedule(_ context: ChannelHandlerContext, after seconds: Double) -> Scheduled<Void> {
        context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(Int64(seconds * 1000))) {
            context.close(promise: nil)
        }
    }

    private func cancel(_ timer: inout Scheduled<Void>?) {
        timer?.cancel()
        timer = nil
    }

    /// 413 with a page saying what the limit is, then the connection closed: the body is never read.
    private func refuse(_ context: ChannelHandlerContext, declared: Int, limit: Int) {
        refused = true
        let page = PlainPage.html(
            "Too large",
            "This upload is \(declared) bytes; this form takes at most \(limit >> 20) MB. Nothing was saved: send a smaller one.")
        var head = HTTPResponse(status: .contentTooLarge)
        head.headerFields = PlainPage.securityHeaders
        head.headerFields[.contentType] = "text/html; charset=utf-8"
        head.headerFields[.contentLength] = String(page.readableBytes)
        head.headerFields[.connection] = "close"
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(page)), promise: nil)
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
        written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}
