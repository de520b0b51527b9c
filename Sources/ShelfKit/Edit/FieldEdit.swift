/// One value-level change to a book file. Edits name keys canonically (`authors`) or as the user
/// wrote them (`mood`); an edit to a canonical field lands on the key the file already uses for it
/// (`author:` in a file that writes `author:`).
public enum FieldEdit: Sendable, Equatable {
    /// Sets a key to a value, replacing only the old value's bytes.
    case set(String, NewValue)
    /// Sets a key a lookup found: as `set` when the file has the key; a key it lacks is written
    /// where and as a new book's file writes it (`NewBookFile`: after the keys that come before
    /// it, `authors:` as a block list), so a book filled later reads like one added whole.
    case fill(String, NewValue)
    /// Removes a key and exactly its lines.
    case unset(String)
    /// Appends an item to a list unless an equal item (compared folded) is already there.
    case add(String, String)
    /// Removes every item equal (compared folded) to the given one from a list.
    case remove(String, String)
    /// Renames a list item in place (keeping its position); if the new name is already in the
    /// list, the old item is just removed.
    case rename(String, from: String, to: String)
    /// Appends one item, written as given (a flow map such as `{started: 2019-03-02}`), at the
    /// end of a list, creating the list (`key:` then `  - item`) when the key is missing.
    case appendItem(String, raw: String)
    /// Replaces one item of a list (by position) with an item written as given; the item must be
    /// a scalar or a flow map (`{to: Ana, lent: 2026-11-01}`), so the change is one splice.
    case replaceItem(String, at: Int, raw: String)
    /// Appends text at the end of the body.
    case appendToBody(String)
    /// Replaces the whole body (a merge's result), in the file's own line endings.
    case replaceBody(String)
    /// Appends whole YAML entries (`key: value` lines, as another version of the file wrote them)
    /// at the end of the front matter, in the file's own line endings.
    case insertEntries(String)
    /// Adds highlights to the notes' `## Highlights` section (made at the end when missing),
    /// skipping those already there or imported before; see `HighlightsSection`.
    case addHighlights([Highlight])

    /// The key the edit changes, if any.
    var key: String? {
        switch self {
        case .set(let key, _), .fill(let key, _), .unset(let key), .add(let key, _), .remove(let key, _), .rename(let key, _, _),
            .appendItem(let key, _),
            .replaceItem(let key, _, _):
            return key
        case .appendToBody, .replaceBody, .insertEntries, .addHighlights: return nil
        }
    }
}

/// A value to write.
public enum NewValue: Sendable, Equatable {
    /// A string, quoted where a YAML reader would otherwise take it for something else.
    case string(String)
    /// A number, date or boolean, written plain so that it reads back typed.
    case typed(String)
    /// A list of strings.
    case list([String])
    /// A scalar token copied verbatim from another version of the file (quotes and all).
    case raw(String)
}

/// Why an edit could not be made. Nothing is written when one is thrown.
public enum EditError: Error, Sendable, CustomStringConvertible {
    case noFrontMatter(String)
    case notAList(key: String)
    case changedOnDisk(path: String, key: String)
    case unreadableResult(DocumentError)
    case invalidValue(key: String, reason: String)
    /// The value to replace is one shelf cannot read; replacing it would lose it (`--force` does).
    case unreadableValue(path: String, key: String, value: String, reason: String)

    /// The message shown to the user, naming the file and the key.
    public var description: String {
        switch self {
        case .noFrontMatter(let path):
            return "\(path): no front matter to edit"
        case .notAList(let key):
            return "'\(key)' holds a nested value, not a list of strings; edit it by hand (shelf edit)"
        case let .changedOnDisk(path, key):
            return "\(path): '\(key)' changed on disk since it was read; nothing was written. Run the command again."
        case .unreadableResult(let error):
            return "internal error: the edited front matter would not parse (\(error)); nothing was written"
        case let .invalidValue(key, reason):
            return "\(key): \(reason)"
        case let .unreadableValue(path, key, value, reason):
            return "\(path): \(key) holds \(value), which \(reason); shelf does not replace a value it cannot read. "
                + "Nothing was written; pass --force to replace it, or edit it by hand (shelf edit)"
        }
    }
}
