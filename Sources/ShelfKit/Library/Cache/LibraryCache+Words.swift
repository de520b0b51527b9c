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
        var reader = CacheByteReader(bytes)
        guard let count = try? reader.count() else { return false }
        let first = wanted.first
        for _ in 0..<count {
            guard let length = try? reader.count(), let item = try? reader.bytes(length) else { return false }
            // The first byte rules out most words before a call to memcmp.
            guard prefix ? length >= wanted.count : length == wanted.count, first == nil || item.first == first else { continue }
            guard let mine = item.baseAddress, let theirs = wanted.baseAddress else { return true }
            if memcmp(mine, theirs, wanted.count) == 0 { return true }
        }
        return false
    }
}
