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
}
