import CZlib
import HTTPTypes
import Hummingbird

/// Pages, the stylesheet and the script sent gzip-compressed to a browser that accepts it
/// (a phone on a slow link gets a tenth of the bytes). Images are sent as they are: they are
/// compressed already. Every page carries its form token masked afresh (`FormToken`), so
/// compression does not leak it.
enum Gzip {
    /// Bodies shorter than this go as they are: the header would eat the gain.
    static let smallest = 1024

    /// Whether the request's `Accept-Encoding` takes gzip (by name, or by `*`), not refused with `q=0`.
    static func accepted(by request: Request) -> Bool {
        guard let header = request.headers[.acceptEncoding] else { return false }
        var wildcard: Double?
        for item in header.lowercased().split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            if parts.first == "gzip" { return quality > 0 }
            if parts.first == "*" { wildcard = quality }
        }
        return (wildcard ?? 0) > 0
    }

    /// The body, compressed when the browser takes gzip and it is worth it; sets the headers to say so.
    static func body(_ bytes: [UInt8], for request: Request, headers: inout HTTPFields) -> ResponseBody {
        headers[.vary] = "Accept-Encoding"
        guard bytes.count >= smallest, accepted(by: request), let packed = compress(bytes) else {
            return ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
        }
        headers[.contentEncoding] = "gzip"
        return ResponseBody(byteBuffer: ByteBuffer(bytes: packed))
    }

    /// `bytes` in the gzip format (RFC 1952), or with `gzip: false` the zlib format (RFC 1950,
    /// what a PNG holds); nil if zlib fails.
    static func compress(_ bytes: [UInt8], gzip: Bool = true) -> [UInt8]? {
        var stream = z_stream()
        // 15 bits of window, +16 for the gzip header and trailer; level 6, zlib's default.
        let window: Int32 = gzip ? 15 + 16 : 15
        guard
            deflateInit2_(&stream, 6, Z_DEFLATED, window, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else {
            return nil
        }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 32)
        var input = bytes
        let status = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        return Array(output.prefix(Int(stream.total_out)))
    }
}
