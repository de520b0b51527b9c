import Foundation
import ShelfKit
import ShelfPresentation

/// `shelf cache` output.
enum CacheRenderer {
    static func text(_ report: CacheReport, now: Date) -> String {
        var lines = ["Library indexes in \(report.indexFolder) (limit \(megabytes(report.limit))):"]
        if report.indexes.isEmpty { lines.append("  none") }
        let stale = Dictionary(report.stale.map { ($0.file, $0.reason) }, uniquingKeysWith: { first, _ in first })
        for index in report.indexes {
            let marker = index.file == report.current ? "*" : " "
            var line =
                "\(marker) \(index.root ?? "(unreadable: another shelf version's)")  \(megabytes(index.bytes)), "
                + "used \(age(index.lastUsed, now: now))"
            if index.file == report.current { line += " (this library)" }
            if let reason = stale[index.file] { line += " — due to go: \(reason.rawValue)" }
            lines.append("  " + line)
        }
        for leftover in report.leftovers {
            let state = leftover.isAbandoned ? "left by a shelf that was killed; shelf cache clear removes it" : "being written now"
            lines.append("  \(leftover.file)  \(megabytes(leftover.bytes)), \(state)")
        }
        let total = report.indexes.reduce(Int64(0)) { $0 + $1.bytes }
        if report.indexes.count > 1 {
            lines.append("  \(Plural.count(report.indexes.count, "index", plural: "indexes")), \(megabytes(total)) in all")
        }
        lines.append("Lookup answers in \(report.lookupFolder): \(report.lookupAnswers), \(megabytes(report.lookupBytes)) (kept 30 days)")
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ report: CacheReport) -> JSONValue {
        let stale = Dictionary(report.stale.map { ($0.file, $0.reason) }, uniquingKeysWith: { first, _ in first })
        return .object([
            ("index_folder", .string(report.indexFolder)),
            ("limit_bytes", .integer(Int(report.limit))),
            (
                "indexes",
                .array(
                    report.indexes.map { index in
                        .object([
                            ("file", .string(index.file)), ("library", index.root.map(JSONValue.string) ?? .null),
                            ("bytes", .integer(Int(index.bytes))), ("last_used", .string(timestamp(index.lastUsed))),
                            ("library_exists", .bool(index.libraryExists)), ("current", .bool(index.file == report.current)),
                            ("due_to_go", stale[index.file].map { .string($0.rawValue) } ?? .null),
                        ])
                    })
            ),
            (
                "temporary_files",
                .array(
                    report.leftovers.map { leftover in
                        .object([
                            ("file", .string(leftover.file)), ("bytes", .integer(Int(leftover.bytes))),
                            ("modified", .string(timestamp(leftover.modified))), ("abandoned", .bool(leftover.isAbandoned)),
                        ])
                    })
            ),
            ("lookup_folder", .string(report.lookupFolder)),
            ("lookup_answers", .integer(report.lookupAnswers)),
            ("lookup_bytes", .integer(Int(report.lookupBytes))),
        ])
    }

    static func cleared(_ cleared: CacheAction.Cleared, lookups: Bool) -> String {
        var parts = ["removed \(Plural.count(cleared.indexes.count, "library index", plural: "library indexes"))"]
        if !cleared.leftovers.isEmpty { parts.append(Plural.count(cleared.leftovers.count, "temporary file") + " a killed shelf left") }
        if lookups { parts.append(Plural.count(cleared.lookupAnswers, "lookup answer")) }
        return parts.joined(separator: " and ")
    }

    private static func megabytes(_ bytes: Int64) -> String {
        switch bytes {
        case ..<(1 << 20): return "\(bytes / 1024) KiB"
        case ..<(1 << 30): return String(format: "%.1f MiB", Double(bytes) / Double(1 << 20))
        default: return String(format: "%.1f GiB", Double(bytes) / Double(1 << 30))
        }
    }

    private static func age(_ seconds: Int64, now: Date) -> String {
        let days = (Int64(now.timeIntervalSince1970) - seconds) / 86_400
        switch days {
        case ..<1: return "today"
        case 1: return "yesterday"
        default: return "\(days) days ago"
        }
    }

    private static func timestamp(_ seconds: Int64) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
