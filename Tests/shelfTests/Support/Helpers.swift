import Foundation

/// A book file: `---`, the front matter lines, `---`, then the body.
func bookFile(_ frontMatter: String, body: String = "") -> String {
    "---\n" + frontMatter + "\n---\n" + body
}

/// The JSON array printed by `shelf ls --format json`.
func parseJSONArray(_ text: String) throws -> [[String: Any]] {
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    guard let array = value as? [[String: Any]] else {
        throw ShelfTestError("expected a JSON array of objects, got: \(text)")
    }
    return array
}

/// The JSON object printed by `shelf show --format json`.
func parseJSONObject(_ text: String) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    guard let object = value as? [String: Any] else {
        throw ShelfTestError("expected a JSON object, got: \(text)")
    }
    return object
}

/// True when a JSON value is a number (not a string).
func isJSONNumber(_ value: Any?) -> Bool {
    guard let value, !(value is String) else { return false }
    return value is NSNumber || value is Int || value is Double
}

/// Terminal columns a line takes, computed independently of shelf: East Asian wide and
/// fullwidth characters and most emoji take two, combining marks none, the rest one.
func displayColumns(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { total, scalar in
        let value = scalar.value
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return total
        default: break
        }
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return total + 2
        default:
            return total + 1
        }
    }
}

/// The repository checkout this test file lives in.
func repositoryRoot() -> URL {
    // #filePath here is <root>/Tests/shelfTests/Support/Helpers.swift.
    URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
}
