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
    convenience init?(mapping descriptor: Int32, at offset: Int, count: Int) {
        let page = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096)
        let start = offset / page * page
        let length = count + offset - start
        guard count > 0, let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, off_t(start)),
              address != MAP_FAILED
        else {
            self.init(reading: descriptor, at: offset, count: count)
            return
        }
        self.init(mapped: address, length: length, skipping: offset - start, count: count)
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
