import Dispatch

extension IndexPrefilter {
    /// Of `candidates`, entries holding each of the phrase's words somewhere, those that may hold
    /// the words in a row. An entry whose own texts (title, subtitle, series, publisher, authors,
    /// tags) do not hold every word can hold the phrase only in its notes: its file is read here
    /// and its notes looked through, so that the many books a phrase of common words leaves are
    /// neither decoded nor given to the evaluator. The rest are kept, for the evaluator to decide,
    /// as is any entry whose file cannot be read here or is no longer the one recorded.
    ///
    /// Only for ASCII words, which the entry's word list holds byte for byte.
    func phraseCandidates(_ words: [String], among candidates: BitSet) -> BitSet {
        guard let root, !words.isEmpty, words.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) else { return candidates }
        let ids = candidates.ids
        let wanted = words.map { Array($0.utf8) }
        let kept = PhraseFlags(count: ids.count)
        // Each core a run of entries, which are in path order: the open folder changes rarely.
        let workers = max(1, min(ProcessInfoCores.count, ids.count / 64 + 1))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var folders = FolderCursor(root: root)
            var buffer: [UInt8] = []
            var scan = PhraseScan(words)
            for position in ProcessInfoCores.run(worker, of: workers, count: ids.count) {
                let entry = Int(ids[position])
                if ownTexts(of: entry, holdEvery: wanted) {
                    kept.set(position)
                    continue
                }
                let path = cache.pathOf(entry)
                // Opened as the stat of every entry just saw it, a regular file (FileIO says why
                // that is safe); a file changed since is the evaluator's to read.
                let stamp = try? folders.read(path, path: path, into: &buffer, listedRegular: true)
                let lacksPhrase =
                    stamp == cache.entries.stamp(entry)
                    && buffer.withUnsafeBufferPointer { notesHold(&scan, in: $0) } == false
                if !lacksPhrase { kept.set(position) }
            }
        }
        var result = BitSet(capacity: candidates.capacity)
        for position in ids.indices where kept.isSet(position) { result.insert(Int(ids[position])) }
        return result
    }

    /// True when the entry's word list (the words of its own texts) holds each of `words`.
    private func ownTexts(of entry: Int, holdEvery words: [[UInt8]]) -> Bool {
        let list = UnsafeRawBufferPointer(rebasing: cache.main.bytes[cache.entries.words(entry)])
        return words.allSatisfy { word in
            word.withUnsafeBytes { LibraryCache.list(list, holds: $0, prefix: false) }
        }
    }

    /// Whether the notes of a book file's `bytes` hold the phrase; nil when the file does not read
    /// as a book (not UTF-8, or a front matter never closed). The notes are what
    /// `Library.notes(of:)` gives: what follows the front matter, or a byte order mark.
    private func notesHold(_ scan: inout PhraseScan, in bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        let bodyStart: Int
        do throws(DocumentError) {
            let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            bodyStart = try FrontMatter.locate(in: bytes)?.bodyStart ?? bom
        } catch {
            return nil
        }
        return scan.holds(in: UnsafeBufferPointer(rebasing: bytes[bodyStart...]))
    }
}
