#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Small copies of the covers for `shelf serve`'s grid, made by libvips' `vipsthumbnail` (Debian's
/// `libvips-tools`) when it is installed, and kept under `$XDG_CACHE_HOME/shelf/thumbnails/`
/// (never inside the library), named by the cover's path, size and modification time: a cover
/// changed or replaced gets a new thumbnail, an unchanged one is made once. Without the tool,
/// or when it fails on an image, there is no thumbnail and the grid is sent the cover itself.
public struct CoverThumbnails: Sendable {
    let folder: String?
    /// The program making them; nil when there is none (`SHELF_THUMBNAILER=` empty turns it off).
    let tool: String?
    /// The box a thumbnail fits in: twice a grid cell of 9rem, for sharp covers on a phone.
    static let box = "360x540"

    /// Thumbnails kept under `$XDG_CACHE_HOME/shelf/thumbnails/` (default `~/.cache`), made with
    /// `vipsthumbnail` when it is on the `PATH`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        folder = ShelfCacheFolder.path("thumbnails", in: environment)
        let candidates = environment["SHELF_THUMBNAILER"].map { [$0] } ?? ["/usr/bin/vipsthumbnail", "/usr/local/bin/vipsthumbnail"]
        tool = candidates.first { !$0.isEmpty && FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The thumbnail (JPEG) of the book's cover, made now when it is not cached yet; nil when
    /// the book has no cover inside the library or no thumbnail can be made.
    public func thumbnail(of book: Book, in library: Library) -> [UInt8]? {
        library.localCoverPath(of: book).flatMap(thumbnail(ofImageAt:))
    }

    /// The bytes of the image at `source` itself (a regular file, or a link to one), served
    /// where no thumbnail can be made; nil when it cannot be read.
    public static func original(at source: String) -> [UInt8]? {
        try? FileIO.read(source)
    }

    /// The thumbnail (JPEG) of the image at `source` (a cover in the library, or one fetched into
    /// `RemoteCovers`), made now when it is not cached yet; nil when none can be made.
    public func thumbnail(ofImageAt source: String) -> [UInt8]? {
        guard let tool, let folder, let stamp = FileStamp.of(path: source) else { return nil }
        let key = BookVersion(bytes: Array("\(source)\u{0}\(stamp.size)\u{0}\(stamp.modified)".utf8)).text
        let target = folder + "/" + key + ".jpg"
        if let cached = try? FileIO.read(target) { return cached }
        guard (try? AtomicFile.makeFolders(folder, mode: 0o700)) != nil else { return nil }
        // Made under a name of its own, then renamed: a reader never sees half a thumbnail, and
        // two requests making the same one at once do not mix their bytes.
        let temporary = folder + "/." + key + "-" + String(UInt64.random(in: 0...UInt64.max), radix: 36) + ".jpg"
        defer { AtomicFile.remove(temporary) }
        guard make(tool: tool, source: source, output: temporary), (try? AtomicFile.move(temporary, to: target)) != nil else { return nil }
        return try? FileIO.read(target)
    }

    /// Runs the tool, bounded: a hostile or huge image must not hold the server.
    private func make(tool: String, source: String, output: String) -> Bool {
        // `-o` with an absolute path writes exactly there; `[Q=82,strip]` drops the metadata.
        let arguments = [source, "--size", CoverThumbnails.box, "-o", output + "[Q=82,strip]"]
        guard
            let child = try? ChildProcess(
                tool, arguments: arguments, environment: nil, workingDirectory: nil, standardInput: .null,
                standardOutput: .pipe, standardError: .pipe, processGroup: .new
            ).spawn()
        else { return false }
        let result = child.collectOutput(until: MonotonicClock.now + 20)
        if !result.finished { child.kill(SIGKILL) }
        child.closeStreams()
        let termination = child.wait()
        return result.finished && termination.shellStatus == 0 && FileManager.default.fileExists(atPath: output)
    }
}
