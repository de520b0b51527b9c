/// Short strings kept one after another in one byte buffer: a million paths cost their bytes
/// and an end offset each, not a million string objects (each with its heap header).
struct PackedStrings: Sendable {
    private var bytes: [UInt8] = []
    private var ends: [Int] = []

    /// Keeps `text` and returns its number.
    mutating func append(_ text: String) -> Int {
        bytes.append(contentsOf: text.utf8)
        ends.append(bytes.count)
        return ends.count - 1
    }

    subscript(index: Int) -> String {
        let start = index == 0 ? 0 : ends[index - 1]
        return String(decoding: bytes[start..<ends[index]], as: UTF8.self)
    }
}

/// Entry numbers filed under 64-bit keys, each key's numbers in the order filed: a multimap of
/// one table slot per key and 8 bytes per number, where `[String: [Int]]` costs a string and
/// an array per key.
struct NumberChains: Sendable {
    private struct Ends: Sendable {
        var first: Int32
        var last: Int32
    }

    private struct Link: Sendable {
        var number: Int32
        /// The next link of the same key; -1 ends the chain.
        var next: Int32
    }

    private var ends: [UInt64: Ends] = [:]
    private var links: [Link] = []

    /// Files `number` under `key`, unless it is the last number filed there already.
    mutating func append(_ number: Int, under key: UInt64) {
        let link = Int32(links.count)
        let value = Int32(number)
        if let chain = ends[key] {
            guard links[Int(chain.last)].number != value else { return }
            links[Int(chain.last)].next = link
            ends[key] = Ends(first: chain.first, last: link)
        } else {
            ends[key] = Ends(first: link, last: link)
        }
        links.append(Link(number: value, next: -1))
    }

    /// The first number filed under `key` that `accept` takes, walking in the order filed.
    func first(under key: UInt64, where accept: (Int) -> Bool) -> Int? {
        var link = ends[key]?.first ?? -1
        while link >= 0 {
            let number = Int(links[Int(link)].number)
            if accept(number) { return number }
            link = links[Int(link)].next
        }
        return nil
    }
}

/// 64-bit hashes of the texts the matcher looks books up by: two different texts share one
/// with a chance of about 1 in 10^19 for a pair (1 in 10^7 among a million books).
enum MatchKey {
    static func of(_ text: String) -> UInt64 {
        ImportFingerprints.hash(text)
    }

    /// A title filed with one author (`TextFolding` keys both), U+001F between them.
    static func of(title: String, author: String) -> UInt64 {
        ImportFingerprints.hash(title + "\u{1F}" + author)
    }

    /// An ISBN-13 as its number (exact); another text hashed, its top bit set to tell it apart.
    static func isbn(_ text: String) -> UInt64 {
        if text.utf8.count == 13, let number = UInt64(text) { return number }
        return ImportFingerprints.hash(text) | 1 << 63
    }
}
