#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Library {
    /// Where this library's cache lives; nil when no cache is kept.
    var cacheLocation: LibraryCacheLocation? {
        cacheFolder.map { LibraryCacheLocation(folder: $0, root: root, configBytes: configBytes) }
    }

    /// Reads the books at `paths`, from the cache where a file is unchanged, and rewrites the
    /// cache when what it should hold differs from what it holds.
    /// - Parameter started: when the load began, in nanoseconds since 1970.
    /// - Parameter cache: the cache as already read (without notes), if the caller has it.
    /// - Parameter scan: the scan `paths` come from, for the index to record its folders.
    func loadBooks(
        _ paths: [String], withNotes: Bool, noteFilter: NoteWordFilter? = nil, started: Int64, cache: LibraryCache? = nil,
        scan: BookFileScanner.Scan? = nil
    ) -> LibraryLoader.Result {
        // The walk that found `paths`, which says how each was listed.
        let walk = scan.flatMap { $0.books == paths ? $0 : nil }
        guard let location = cacheLocation else {
            return LibraryLoader.load(
                root: root, paths: paths, withNotes: withNotes, vocabulary: config.vocabulary, cache: nil, noteFilter: noteFilter,
                listing: walk)
        }
        let old = cache.flatMap { withNotes && $0.notes == nil ? nil : $0 } ?? LibraryCache.read(location, withNotes: withNotes)
        let use = LibraryLoader.CacheUse(
            old: old,
            matches: old?.match(paths) ?? [Int?](repeating: nil, count: paths.count),
            recentSince: started - LibraryCache.racyWindow, spillFolder: location.folder)
        let result = LibraryLoader.load(
            root: root, paths: paths, withNotes: withNotes, vocabulary: config.vocabulary, cache: use, noteFilter: noteFilter,
            listing: walk)
        let now = started / 1_000_000_000
        if let records = result.records {
            let listing = scan.flatMap { CacheListing(scan: $0, records: records, started: started) }
            if Library.cacheChanged(records, listing: listing, old: old) {
                writeCache(paths: paths, records: records, old: old, listing: listing, to: location, now: now)
                return result
            }
        }
        if let old {
            Library.markUsed(old, file: location.file, now: now)
        }
        return result
    }

    /// Writes the cache of `records` and returns it as written (nil when it could not be).
    @discardableResult
    func writeCache(
        paths: [String], records: [CacheRecord?], old: LibraryCache?, listing: CacheListing?, to location: LibraryCacheLocation,
        now: Int64
    ) -> LibraryCache? {
        let written = LibraryCacheWriter.write(paths: paths, records: records, old: old, listing: listing, to: location)
        // A write is rare (something changed) and the folder holds a few files: the moment
        // to forget the indexes of libraries gone or long unused.
        if let cacheFolder { LibraryCacheFolder(path: cacheFolder, limit: cacheLimit).clean(now: now, keeping: location.file) }
        return written
    }

    /// True when the new records differ from the old cache: a file read afresh and recorded,
    /// an old entry no longer used (its file gone or changed), or a new listing of the folders
    /// (one that cannot be trusted never replaces the old: the old one no longer matches the
    /// folders anyway). With no old cache, always: even an index that records no file (every
    /// one written moments ago) lets the caller answer from the books just read, as loose ones,
    /// where without an index it would read them all again.
    static func cacheChanged(_ records: [CacheRecord?], listing: CacheListing?, old: LibraryCache?) -> Bool {
        guard let old else { return true }
        if let listing, listing != old.listing { return true }
        var kept = 0
        for record in records {
            switch record {
            case .fresh, .keptAddingNotes: return true
            case .kept: kept += 1
            case .none: break
            }
        }
        return kept != old.entries.count
    }

    /// Refreshes the cache file's time when it is used without being rewritten, once a day, so
    /// that age alone never removes an index in use.
    static func markUsed(_ cache: LibraryCache, file: String, now: Int64) {
        if now - cache.lastUsed > 86_400 { _ = utimensat(AT_FDCWD, file, nil, 0) }
    }
}
