/// A top-level `key: value` pair of the front matter, with the byte ranges an edit needs.
struct FrontMatterEntry: Sendable, Equatable {
    /// The key as written (unquoted).
    var key: String
    /// Byte range of the key's token.
    var keyRange: Range<Int>
    var value: YAMLNode
    /// The whole lines the entry occupies: from the start of the key's line through the
    /// line break ending the line where the value ends (a trailing comment included).
    var lineRange: Range<Int>
}
