/// A value in the Lua data files KOReader writes (`metadata.epub.lua`): the literal subset of Lua
/// that `return { ... }` files use. Nothing is ever run: the text is only read.
indirect enum LuaValue: Equatable, Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case `nil`
    /// Keyed entries in file order (`["text"] = …`, `name = …`) and positional ones (`[1] = …`
    /// or bare items), with positional keys as numbers.
    case table([(key: LuaKey, value: LuaValue)])

    static func == (lhs: LuaValue, rhs: LuaValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case (.nil, .nil): return true
        case let (.table(a), .table(b)): return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    subscript(key: String) -> LuaValue? {
        guard case .table(let entries) = self else { return nil }
        return entries.last(where: { $0.key == .string(key) })?.value
    }

    /// The entries of a table, in file order.
    var entries: [(key: LuaKey, value: LuaValue)] {
        if case .table(let entries) = self { return entries }
        return []
    }

    var string: String? {
        switch self {
        case .string(let text): return text
        case .number(let number): return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        default: return nil
        }
    }

    var number: Double? {
        switch self {
        case .number(let number): return number
        case .string(let text): return Double(text)
        default: return nil
        }
    }
}

enum LuaKey: Hashable, Sendable {
    case string(String)
    case number(Double)
}
