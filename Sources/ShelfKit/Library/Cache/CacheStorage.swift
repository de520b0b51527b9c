#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes of a cache file, freed with the last copy of the cache: mapped from the file (a warm
/// query touches only the pages it needs and copies nothing), or read into memory.
///
/// A mapping stays valid when the file is replaced or removed: the cache is only ever written to
/// a new file renamed over the old one, never truncated in place (that would fault a reader).
final class CacheStorage: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    /// What to give back: memory allocated here, or a mapping (its start and length).
    private enum Backing {
        case allocated(UnsafeMutableRawBufferPointer)
        case mapped(UnsafeMutableRawPointer, Int)
    }
    private let backing: Backing

    /// Reads `count` bytes at `offset`; nil when a read fails or the file is shorter (unless
    /// `allowingShort`, which keeps what there is).
    init?(reading descriptor: Int32, at offset: Int, count: Int, allowingShort: Bool = false) {
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 1), alignment: 8)
        var done = 0
        while done < count {
            let got = pread(descriptor, memory.baseAddress.map { $0 + done }, count - done, off_t(offset + done))
            if got < 0 && errno == EINTR { continue }
            if got == 0 && allowingShort { break }
            if got <= 0 {
                memory.deallocate()
                return nil
            }
            done += got
        }
        backing = .allocated(memory)
        bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(memory)[0..<done])
    }

    /// Maps `count` bytes at `offset`, which the caller has checked lie within the file; falls
    /// back to reading them when the file cannot be mapped.
    /// - Parameter sparse: the bytes will be read here and there (a few books' records):
    ///   the kernel is asked not to map the pages around each one read, which would count them
    ///   all in the process's memory.
    convenience init?(mapping descriptor: Int32, at offset: Int, count: Int, sparse: Bool = false) {
        let page = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096)
        let start = offset / page * page
        let length = count + offset - start
        guard count > 0, let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, off_t(start)),
            address != MAP_FAILED
        else {
            self.init(reading: descriptor, at: offset, count: count)
            return
        }
        if sparse { _ = madvise(address, length, Int32(MADV_RANDOM)) }
        self.init(mapped: address, length: length, skipping: offset - start, count: count)
    }

    /// Gives back the pages of a mapping that reading its bytes made resident (nothing for bytes
    /// read into memory). The bytes stay readable: a page read again is mapped again from the
    /// file, which is only ever replaced by a rename, never rewritten in place.
    func releaseResidentPages() {
        guard case .mapped(let address, let length) = backing else { return }
        _ = madvise(address, length, Int32(MADV_DONTNEED))
    }

    private init(mapped address: UnsafeMutableRawPointer, length: Int, skipping: Int, count: Int) {
        backing = .mapped(address, length)
        bytes = UnsafeRawBufferPointer(start: address + skipping, count: count)
    }

    deinit {
        switch backing {
        case .allocated(let memory): memory.deallocate()
        case .mapped(let address, let length): munmap(address, length)
        }
    }
}

/// The note words section of a cache, read one entry at a time: from its mapping when the whole
/// section was mapped (a full load reads every entry), else with `pread` from the file, so that a
/// query looking into a few thousand books' words scattered over the section neither maps nor
/// counts the rest of it in its memory.
final class NoteWordsSection: @unchecked Sendable {
    private let mapped: CacheStorage?
    private let descriptor: Int32
    private let offset: Int
    private let count: Int

    init(mapped: CacheStorage) {
        self.mapped = mapped
        descriptor = -1
        offset = 0
        count = mapped.bytes.count
    }

    /// Opens the section of `count` bytes at `offset` in `file`; nil when the file is shorter.
    init?(file: String, offset: Int, count: Int) {
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, offset + count <= Int(info.st_size) else {
            close(descriptor)
            return nil
        }
        mapped = nil
        self.descriptor = descriptor
        self.offset = offset
        self.count = count
    }

    /// `body` over the bytes at `range` of the section; nil when they lie outside it or cannot be read.
    func with<Result>(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> Result) -> Result? {
        guard range.lowerBound >= 0, range.upperBound <= count else { return nil }
        if let mapped { return body(UnsafeRawBufferPointer(rebasing: mapped.bytes[range])) }
        guard let storage = CacheStorage(reading: descriptor, at: offset + range.lowerBound, count: range.count) else { return nil }
        return body(storage.bytes)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }
}
