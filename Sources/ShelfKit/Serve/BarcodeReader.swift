#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Reads the ISBN off a photo of a book's barcode with zbar's `zbarimg` (Debian's `zbar-tools`),
/// for `shelf serve`'s scan form: a phone's camera input uploads the photo, the server decodes it.
public enum BarcodeReader {
    /// Why no ISBN could be read from a photo.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// The message shown to the user.
        public var description: String
    }

    /// The largest photo read (a phone's photo is a few MB).
    public static let maximumBytes = 25 * 1024 * 1024

    /// The ISBNs in the image (EAN-13 barcodes starting 978 or 979), in the order zbar found them.
    public static func isbns(inImage bytes: [UInt8]) throws(Failure) -> [ISBN] {
        guard !bytes.isEmpty else { throw Failure(description: "the upload holds no photo") }
        guard bytes.count <= maximumBytes else { throw Failure(description: "the photo is over \(maximumBytes / 1_048_576) MB") }
        // A file of shelf's own, readable by nobody else, removed whatever happens.
        var template = Array((NSTemporaryDirectory() + "/shelf-scan-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard descriptor >= 0 else { throw Failure(description: "cannot write the photo to a temporary file") }
        let path = String(nulTerminated: template)
        defer { unlink(path) }
        let written = bytes.withUnsafeBytes { FileIO.writeAll($0, to: descriptor) }
        close(descriptor)
        guard written else { throw Failure(description: "cannot write the photo to a temporary file") }
        let child: SpawnedChild
        do {
            child = try ChildProcess(
                "zbarimg", arguments: ["--raw", "--quiet", path], environment: nil, workingDirectory: nil,
                standardInput: .null, standardOutput: .pipe, standardError: .pipe, processGroup: .new
            ).spawn()
        } catch {
            throw Failure(description: "reading barcodes needs zbarimg, which is not installed (apt-get install zbar-tools)")
        }
        // A hostile image must not hold the server: zbar gets twenty seconds.
        let output = child.collectOutput(until: MonotonicClock.now + 20)
        if !output.finished { child.kill(SIGKILL) }
        child.closeStreams()
        _ = child.wait()
        guard output.finished else { throw Failure(description: "reading the barcode took too long; try a smaller or sharper photo") }
        let found = String(decoding: output.standardOutput, as: UTF8.self)
            .split(whereSeparator: \.isNewline).compactMap { ISBN.parse(String($0)) }
        guard !found.isEmpty else {
            throw Failure(
                description: "no ISBN barcode found in the photo; photograph the barcode on the back cover up close, in good light")
        }
        return found
    }
}
