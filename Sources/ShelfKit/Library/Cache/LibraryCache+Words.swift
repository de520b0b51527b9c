#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Looking for a tag or a word in what an entry records, in place, byte for byte.
extension LibraryCache {
    /// True when entry `index` records the folded tag `folded` (compared byte for byte).
    func hasTag(_ index: Int, folded: UnsafeRawBufferPointer) -> Bool {
        LibraryCache.list(UnsafeRawBufferPointer(rebasing: main.bytes[entries.tags(index)]), holds: folded, prefix: false)
    }

    /// True when entry `index` records `word` (or, with `prefix`, a word starting with it, byte
    /// for byte) among its words or, given the notes section, its note words; nil when its note
    /// words are damaged. A whole word is first looked for in the entry's `WordBloom`, by
    /// `probe` (the word's, worked out once for every entry).
    func hasWord(
        _ index: Int, _ word: UnsafeRawBufferPointer, probe: WordBloom.Probe, prefix: Bool, notes: NoteWordsSection?
    ) -> Bool? {
        // The filter and the word list are read where they lie: the whole entry is decoded
        // only for a book whose notes are to be looked at.
        if !prefix, !WordBloom.mayHold(UnsafeRawBufferPointer(rebasing: main.bytes[entries.bloom(index)]), probe) { return false }
        if LibraryCache.list(UnsafeRawBufferPointer(rebasing: main.bytes[entries.words(index)]), holds: word, prefix: prefix) {
            return true
        }
        guard let notes else { return false }
        let entry = entries[index]
        guard entry.notes != nil else { return false }
        return withNoteBytes(of: entry, in: notes) { LibraryCache.list($0, holds: word, prefix: prefix) }
    }

    /// `body` over an entry's note words, when their checksum holds; nil otherwise.
    func withNoteBytes<Result>(
        of entry: Entry, in notes: NoteWordsSection, _ body: (UnsafeRawBufferPointer) -> Result
    ) -> Result? {
        guard let range = entry.notes else { return nil }
        let checked: Result?? = notes.with(range) { bytes in
            CacheChecksum.ofSection(bytes) == entry.notesChecksum ? body(bytes) : nil
        }
        return checked ?? nil
    }

    /// True when a list of strings as `CacheByteWriter` writes them (a count, then each with its
    /// length) holds `wanted`, or with `prefix` a string starting with it.
    static func list(_ bytes: UnsafeRawBufferPointer, holds wanted: UnsafeRawBufferPointer, prefix: Bool) -> Bool {
        // Stepped through by hand, not with `CacheByteReader`: a search looks through the note
        // words of every book that may hold its words, a few hundred words each. A list that
        // runs past its bytes holds nothing, as the reader would say.
        guard let base = bytes.baseAddress else { return false }
        let end = bytes.count
        var at = 0
        // A varint as `CacheByteReader.varint` reads it (up to ten bytes, the bits past 64
        // dropped), which must fit in what is left.
        func count() -> Int? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while at < end, shift < 64 {
                let next = base.load(fromByteOffset: at, as: UInt8.self)
                at += 1
                value |= UInt64(next & 0x7F) << shift
                if next < 0x80 { return value <= UInt64(end - at) ? Int(value) : nil }
                shift += 7
            }
            return nil
        }
        guard let items = count() else { return false }
        let first = wanted.first
        for _ in 0..<items {
            guard let length = count() else { return false }
            let item = base + at
            at += length
            // The length and the first byte rule out most words before a call to memcmp.
            guard prefix ? length >= wanted.count : length == wanted.count else { continue }
            guard let first, let wantedBase = wanted.baseAddress else { return true }
            if item.load(as: UInt8.self) == first, memcmp(item, wantedBase, wanted.count) == 0 { return true }
        }
        return false
    }
}
