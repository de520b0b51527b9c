import Foundation
import Testing
@testable import ShelfKit

/// The loader's spill file: bytes come back as they went in, nothing is left in the folder, and
/// without a folder to spill to, the bytes stay in memory.
@Suite struct CacheSpillTests {
    @Test func bytesComeBackAsTheyWentInAndNoFileIsLeft() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-spill-\(UUID().uuidString)").path + "/deeper"
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let spill = try #require(CacheSpill(folder: folder), "made with its folder")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "removed as soon as made")
        var written: [(StoredBytes, [UInt8])] = []
        // More than one buffer's worth, so that some bytes are on disk before the last flush, and
        // one part larger than the window the spill is read back through.
        for index in 0..<600 {
            let count = index == 300 ? 300_000 : index * 7 % 1500
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }
            written.append((StoredBytes(bytes, spill: spill), bytes))
        }
        spill.flush()
        // In the order written (as the cache's writer reads), then backwards, each part whole.
        for (stored, bytes) in written + written.reversed() {
            guard case .spill(_, let offset) = stored.place else {
                Issue.record("kept in memory")
                continue
            }
            #expect(spill.withBytes(at: offset, count: stored.count) { Array($0) } == bytes)
            #expect(stored.checksum == bytes.withUnsafeBytes { CacheChecksum.ofSection($0) })
        }
        let end = written.reduce(0) { $0 + $1.1.count }
        #expect(spill.withBytes(at: end - 2, count: 3) { Array($0) } == nil, "past the end of the spill")
    }

    @Test func withoutASpillTheBytesStayInMemory() {
        #expect(CacheSpill(folder: "/proc/no-such-folder") == nil)
        let stored = StoredBytes([1, 2, 3], spill: nil)
        guard case .memory(let bytes) = stored.place else {
            Issue.record("spilled without a spill")
            return
        }
        #expect(bytes == [1, 2, 3] && stored.count == 3)
    }
}
