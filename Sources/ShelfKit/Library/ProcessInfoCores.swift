#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The number of cores to spread file reading over.
enum ProcessInfoCores {
    static let count: Int = {
        let online = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return online > 0 ? Int(online) : 1
    }()

    /// The run of `0..<count` that worker `worker` of `workers` takes: runs of equal length in
    /// order, the last shorter, and empty for a worker past the end (with many cores and few
    /// items, the runs can be used up before the last worker).
    static func run(_ worker: Int, of workers: Int, count: Int) -> Range<Int> {
        let length = (count + workers - 1) / max(workers, 1)
        let start = min(count, worker * length)
        return start..<min(count, start + length)
    }
}
