#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension HighlightSource {
    /// The clippings in `file`, indexed by book (`KindleClippings.Index`): their highlights are
    /// read back book by book as the import needs them.
    static func indexClippings(_ file: ReadBackFile, progress: ((Int, Int) -> Void)?) throws(HighlightSourceError) -> HighlightSourceFile {
        let chunks: ImportChunks
        do {
            chunks = try ImportChunks(duplicating: file.descriptor, path: file.path, rewinding: true)
        } catch {
            throw HighlightSourceError(path: file.path, reason: error.reason)
        }
        return try HighlightSourceFile(
            path: file.path, index: KindleClippings.index(chunks, path: file.path, progress: progress), file: file)
    }

    /// A pipe the person named (`<(unzip -p …)`): copied a piece at a time (never past
    /// `maximumTextBytes`) to an unnamed file in shelf's cache folder, then read from there as
    /// a file is: a clippings file is read twice, and a pipe only once.
    static func readPipe(_ path: String, progress: ((Int, Int) -> Void)?) throws(HighlightSourceError) -> HighlightSourceFile? {
        let file = try ReadBackFile(descriptor: spool(path), path: path)
        let head = try file.read(at: 0, count: min(clippingsHead, file.size))
        if isClippings(path, head: head) { return try indexClippings(file, progress: progress) }
        return try read(path, text: text(of: file.read(at: 0, count: file.size), path: path))
    }

    /// The pipe's bytes in an unnamed file in shelf's cache folder (`AtomicFile.unnamedCopy`).
    private static func spool(_ path: String) throws(HighlightSourceError) -> Int32 {
        let folder = LibraryCacheFolder.standard()?.path ?? (getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp")
        do {
            let chunks = try ImportChunks(path: path)
            return try AtomicFile.unnamedCopy(in: folder) { () throws(FileError) -> ArraySlice<UInt8>? in
                let piece = try chunks.next()
                guard chunks.bytesRead <= maximumTextBytes else {
                    throw FileError(
                        path: path, reason: "gives more than \(maximumTextBytes / 1_048_576) MiB; shelf reads highlight files up to that")
                }
                return piece
            }
        } catch {
            throw HighlightSourceError(path: path, reason: error.path == path ? error.reason : error.description)
        }
    }
}
