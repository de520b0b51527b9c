/// "Did you mean …?": the known name nearest to one that was mistyped.
///
/// Names are compared lowercased, by optimal-string-alignment distance (insertions, deletions,
/// substitutions and swaps of two neighbours each cost one). A candidate is offered only when it
/// is close for its length — one edit for short words, up to a third of the word for long ones —
/// or when the typed name is a prefix of it, so that a wild guess gets no suggestion rather than
/// a misleading one.
public enum NearestName {
    /// The candidate nearest to `typed`, or nil when none is close enough. Ties go to the
    /// candidate listed first (callers list the most used first).
    package static func suggestion(for typed: String, among candidates: some Sequence<String>) -> String? {
        let wanted = Array(typed.lowercased())
        guard !wanted.isEmpty else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let name = Array(candidate.lowercased())
            guard name != wanted, !name.isEmpty else { continue }
            let limit = max(1, min(wanted.count, name.count) / 3)
            // A length gap larger than the limit cannot be within it; skip the work.
            guard abs(name.count - wanted.count) <= limit || name.starts(with: wanted) && wanted.count >= 3 else { continue }
            var distance = editDistance(wanted, name)
            if distance > limit {
                guard wanted.count >= 3, name.starts(with: wanted) else { continue }
                distance = limit + 1
            }
            if best.map({ distance < $0.distance }) ?? true { best = (candidate, distance) }
        }
        return best?.name
    }

    /// `Did you mean 'x'?`, or nil.
    public static func hint(for typed: String, among candidates: some Sequence<String>) -> String? {
        suggestion(for: typed, among: candidates).map { "did you mean '\($0)'?" }
    }

    /// Optimal string alignment distance between two character arrays.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
