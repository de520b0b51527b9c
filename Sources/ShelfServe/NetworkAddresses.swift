#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ShelfKit

/// This computer's addresses and names: the hosts a request may name when the server listens on
/// every interface (`--host 0.0.0.0`), and the address printed for a phone to open.
enum NetworkAddresses {
    static func isWildcard(_ host: String) -> Bool { ["0.0.0.0", "::", "[::]", "*"].contains(host) }

    /// The interfaces' IPv4 and IPv6 addresses (without zone), IPv4 first.
    static func interfaceAddresses() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var v4: [String] = [], v6: [String] = []
        var cursor = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            guard getnameinfo(address, length, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            let text = String(nulTerminated: buffer).split(separator: "%").first.map(String.init) ?? ""
            if family == AF_INET { v4.append(text) } else { v6.append(text) }
        }
        return v4 + v6
    }

    /// The machine's name, as given and as mDNS knows it (`name.local`).
    static func hostNames() -> [String] {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return [] }
        let name = String(nulTerminated: buffer).lowercased()
        guard !name.isEmpty else { return [] }
        return name.hasSuffix(".local") ? [name] : [name, name + ".local"]
    }

    static func localNames() -> [String] { interfaceAddresses().map { $0.lowercased() } + hostNames() }

    /// The address to print for a phone: the bound one, or on every interface the first
    /// address that is not loopback.
    static func printable(bound host: String) -> String {
        guard isWildcard(host) else { return host }
        return interfaceAddresses().first { !$0.hasPrefix("127.") && $0 != "::1" && !$0.hasPrefix("fe80") } ?? "127.0.0.1"
    }
}
