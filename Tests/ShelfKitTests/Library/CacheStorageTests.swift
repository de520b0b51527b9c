import Foundation
import Testing
@testable import ShelfKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The index's bytes, mapped or read, stay the file's bytes after their resident pages are given
/// back (`releaseResidentPages`, which a first search does to the old index before it reads every
/// book again).
@Suite struct CacheStorageTests {
    @Test func bytesReadAgainAfterTheirPagesAreGivenBackAreTheFilesBytes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-storage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Several pages, none alike, and an offset that is not a page's start.
        var random = SyncRandom(seed: 2026_11_27)
        let content = (0..<70_000).map { _ in UInt8(truncatingIfNeeded: random.nextBits()) }
        let path = folder.appendingPathComponent("index").path
        try Data(content).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let offset = 5_000, count = 60_000
        let expected = Array(content[offset..<offset + count])
        let mapped = try #require(CacheStorage(mapping: descriptor, at: offset, count: count))
        let read = try #require(CacheStorage(reading: descriptor, at: offset, count: count))
        for storage in [mapped, read] {
            #expect(Array(storage.bytes) == expected)
            storage.releaseResidentPages()
            #expect(Array(storage.bytes) == expected)
            #expect(CacheChecksum.ofSection(storage.bytes) == expected.withUnsafeBytes { CacheChecksum.ofSection($0) })
        }
    }
}
