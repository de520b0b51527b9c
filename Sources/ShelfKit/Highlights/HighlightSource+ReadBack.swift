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
        return try HighlightSourceFile(path: file.path, index: KindleClippings.index(chunks, path: file.path, progress: progress), file: file)
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

    /// The pipe's bytes in an unnamed file (`AtomicFile.unnamedFile`), open at its start.
    private static func spool(_ path: String) throws(HighlightSourceError) -> Int32 {
        let folder = LibraryCacheFolder.standard()?.path ?? (getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp")
        do throws(FileError) {
            let chunks = try ImportChunks(path: path)
            let descriptor = try AtomicFile.unnamedFile(in: folder)
            var copied = 0
            while let chunk = try chunks.next() {
                copied += chunk.count
                guard copied <= maximumTextBytes else {
                    close(descriptor)
                    throw FileError(path: path, reason: "gives more than \(maximumTextBytes / 1_048_576) MiB; shelf reads highlight files up to that")
                }
                guard chunk.withUnsafeBytes({ FileIO.writeAll($0, to: descriptor) }) else {
                    let error = FileError.fromErrno(path, "cannot copy it to a temporary file in \(folder)")
                    close(descriptor)
                    throw error
                }
            }
            return descriptor
        } catch {
            throw HighlightSourceError(path: path, reason: error.reason)
        }
    }
}
