/// The owner's own labels kept under another key than `tags` (`topics:`, `categories:`): read as
/// tags when no file has a tags key, and only when the values vary from book to book. A key whose
/// value is the same on nearly every note (`category: reading`, a site's section) labels the page,
/// not the book, and is proposed for neither tags nor genres.
extension VocabularyEvidence.KeyRecord {
    /// Folded fragments of a key's name that say it may hold labels.
    static let labelNames = ["topic", "categor", "genre", "subject", "theme", "label", "keyword"]

    /// True when the key's name says it may hold labels.
    static func mayHoldLabels(_ key: String) -> Bool {
        let folded = CanonicalField.fold(key).lowercased()
        return labelNames.contains { folded.contains($0) }
    }

    /// Counts each label a file holds under the key (folded; the first 256 labels met).
    mutating func recordLabels(_ texts: [String], key: String) {
        guard VocabularyEvidence.KeyRecord.mayHoldLabels(key) else { return }
        let distinct = Set(texts.map(ListSplicer.fold))
        if distinct.count > 1 { severalLabelFiles += 1 }
        for label in distinct where labels.count < 256 || labels[label] != nil {
            labels[label, default: 0] += 1
        }
    }

    /// The files holding the label most of them hold.
    var commonestLabelFiles: Int { labels.values.max() ?? 0 }

    /// True when one label is on nine in ten of the files holding the key, or more (ten files at
    /// least): the page's.
    var labelsAreOneValue: Bool { filled >= 10 && commonestLabelFiles * 10 >= filled * 9 }
}

extension VocabularyChoice {
    /// Proposes a key of labels as `tags` when the files have no tags key: the one most files
    /// hold as a list (`topics: [Fantasy, Mythologie]`), its labels varying, several to a book on
    /// one file in ten or more. One label to every book (`categories: [sci-fi]`, `category:
    /// 文学-外国文学`) is a classification, left to genres. Drops a genres key holding one value
    /// on nearly every file.
    mutating func chooseLabels(_ evidence: VocabularyEvidence) {
        if let key = keys[.genres], let record = evidence.record(of: key), record.labels.count > 0, record.labelsAreOneValue {
            keys[.genres] = nil
            support[.genres] = nil
            rejected.append((.genres, key, "nearly every file holds the same value (\(record.example ?? "")): the page's, not labels"))
        }
        let tagged = evidence.allKeys.contains { record in
            record.filled > 0 && FieldHints.fields(forKey: record.spelling).contains(.tags)
        }
        guard keys[.tags] == nil, !tagged else { return }
        let candidates = evidence.allKeys.filter { record in
            VocabularyEvidence.KeyRecord.mayHoldLabels(record.spelling) && record.filled >= 2 && record.lists * 2 >= record.files
                && record.labels.count >= 2 && !record.labelsAreOneValue
                && record.severalLabelFiles >= 2 && record.severalLabelFiles * 10 >= record.filled
        }
        guard let best = candidates.max(by: { ($0.filled, $1.spelling) < ($1.filled, $0.spelling) }) else { return }
        keys[.tags] = best.spelling
        support[.tags] = best.filled
        if keys[.genres].map({ CanonicalField.fold($0) == CanonicalField.fold(best.spelling) }) ?? false {
            keys[.genres] = nil
            support[.genres] = nil
        }
        preferences.append(
            (
                field: .tags, chosen: best.spelling, over: CanonicalField.tags.rawValue,
                reason: "no file has a tags key; \(best.filled) files list their own labels under `\(best.spelling)` "
                    + "(\(best.labels.count) different)"
            ))
    }
}
