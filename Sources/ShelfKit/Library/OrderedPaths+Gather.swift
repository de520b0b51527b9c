extension OrderedPaths {
    /// The lines of `shown`, each path after `prefix` and followed by a newline, with the index's
    /// paths copied in the order the index holds them rather than the listing's.
    ///
    /// In title order each path is a cache miss of its own: the paths lie far apart, among the
    /// records of a main section larger than the processor's cache, and copying them one after
    /// another stalled on each (about 1.8 ms of a 34 ms listing of 10,000 paths). Here the
    /// lines' places are worked out first, in the listing's order, from the paths' lengths;
    /// then the paths are copied in entry order, reading the section front to back.
    /// Nil when an entry is shown twice or lies outside `spans` (a place would be left unwritten).
    static func gathered(_ shown: ArraySlice<Item>, prefix: [UInt8], spans: [Range<Int>], from cache: LibraryCache) -> [UInt8]? {
        // Where each line starts, and which line shows each entry.
        var starts: [Int] = []
        starts.reserveCapacity(shown.count)
        var line = [Int32](repeating: -1, count: spans.count)
        var total = 0
        for (position, item) in shown.enumerated() {
            starts.append(total)
            switch item {
            case .read(let path):
                total += path.utf8.count
            case .entry(let entry):
                guard spans.indices.contains(entry), line[entry] < 0 else { return nil }
                line[entry] = Int32(position)
                total += spans[entry].count
            }
            total += prefix.count + 1
        }
        let section = cache.main.bytes
        guard let source = section.baseAddress,
            spans.allSatisfy({ $0.lowerBound >= 0 && $0.upperBound <= section.count })
        else { return nil }
        return [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            // The prefixes, the newlines and the paths read now, in the listing's order.
            for (position, item) in shown.enumerated() {
                var at = starts[position]
                for byte in prefix {
                    base[at] = byte
                    at += 1
                }
                switch item {
                case .read(let path):
                    for byte in path.utf8 {
                        base[at] = byte
                        at += 1
                    }
                case .entry(let entry):
                    at += spans[entry].count
                }
                base[at] = 0x0A
            }
            // The index's paths, in entry order.
            for (entry, position) in line.enumerated() where position >= 0 {
                let span = spans[entry]
                UnsafeMutableRawPointer(base + starts[Int(position)] + prefix.count)
                    .copyMemory(from: source + span.lowerBound, byteCount: span.count)
            }
            initialized = total
        }
    }
}
