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
        // More than one buffer's worth, so that some bytes are on disk before the last flush.
        for index in 0..<600 {
            let bytes = (0..<(index * 7 % 1500)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }
            written.append((StoredBytes(bytes, spill: spill), bytes))
        }
        spill.flush()
        for (stored, bytes) in written {
            guard case .spill(_, let offset) = stored.place else {
                Issue.record("kept in memory")
                continue
            }
            #expect(spill.bytes(at: offset, count: stored.count) == bytes)
            #expect(stored.checksum == bytes.withUnsafeBytes { CacheChecksum.ofSection($0) })
        }
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
