import NIOConcurrencyHelpers
import NIOCore

/// Every open connection, by client, shared by the event loops: what the caps of
/// `ConnectionLimits` are counted on.
///
/// When a cap is reached, the connection that has waited longest for a request head (a half-sent
/// header, or a kept-alive connection left idle) is closed to make room — one of the same
/// client's for the per-client cap, anyone's for the total — and only when every connection is
/// busy with a request is the new one refused. So slow connections opened from many addresses
/// cannot keep out a browser, whose request head follows its connection at once; a connection
/// that is sending a body or waiting for its answer is never closed for another.
final class ConnectionRegistry: Sendable {
    private struct Entry {
        var client: String
        /// When it began waiting for a request head; nil while a request is read or answered.
        var waitingSince: NIODeadline?
        var channel: any Channel
    }

    private let entries = NIOLockedValueBox([ObjectIdentifier: Entry]())
    let perClient: Int
    let inAll: Int

    init(perClient: Int, inAll: Int) {
        self.perClient = perClient
        self.inAll = inAll
    }

    /// Counts `channel` in, closing a waiting connection to make room if a cap is reached; false
    /// when there is no room (the caller closes `channel`).
    func admit(_ channel: any Channel, client: String) -> Bool {
        let id = ObjectIdentifier(channel)
        let (admitted, evicted) = entries.withLockedValue { entries -> (Bool, [any Channel]) in
            var evicted: [any Channel] = []
            if entries.values.count(where: { $0.client == client }) >= perClient {
                guard let oldest = ConnectionRegistry.longestWaiting(in: entries, client: client),
                    let entry = entries.removeValue(forKey: oldest)
                else { return (false, []) }
                evicted.append(entry.channel)
            }
            if entries.count >= inAll {
                guard let oldest = ConnectionRegistry.longestWaiting(in: entries, client: nil),
                    let entry = entries.removeValue(forKey: oldest)
                else { return (false, evicted) }
                evicted.append(entry.channel)
            }
            entries[id] = Entry(client: client, waitingSince: .now(), channel: channel)
            return (true, evicted)
        }
        // Outside the lock: closing runs on each channel's own event loop.
        for channel in evicted { channel.close(promise: nil) }
        return admitted
    }

    /// Whether `channel` waits for a request head (true from its opening and after each answer).
    func setWaiting(_ channel: any Channel, _ waiting: Bool) {
        entries.withLockedValue { $0[ObjectIdentifier(channel)]?.waitingSince = waiting ? .now() : nil }
    }

    func remove(_ channel: any Channel) {
        _ = entries.withLockedValue { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    private static func longestWaiting(in entries: [ObjectIdentifier: Entry], client: String?) -> ObjectIdentifier? {
        entries.filter { client == nil || $0.value.client == client }
            .compactMap { key, entry in entry.waitingSince.map { (key, $0) } }
            .min { $0.1 < $1.1 }?.0
    }

    /// The client a connection is counted against: its IPv4 address, or the /64 network of its
    /// IPv6 address (an IPv4 address mapped into IPv6 counts as the IPv4 one).
    static func client(of address: SocketAddress?) -> String {
        switch address {
        case .v4?: return address?.ipAddress ?? "?"
        case .v6(let v6)?:
            let bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
            if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
                return bytes[12...].map(String.init).joined(separator: ".")
            }
            return stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
                .joined(separator: ":") + "::/64"
        default: return "local"
        }
    }
}
