/// Where the front matter sits in a file, as byte ranges.
///
/// ```
/// [BOM] ---⏎            ← openingRange
/// title: Dune⏎          ← contentRange (the YAML given to libyaml)
/// ---⏎                  ← closingRange (`---` or `...`)
/// Notes…                ← body
/// ```
struct FrontMatterLayout: Sendable, Equatable {
    /// 3 when the file starts with a UTF-8 byte order mark, else 0.
    var bomLength: Int
    /// The opening `---` line, its line break included.
    var openingRange: Range<Int>
    /// The YAML between the delimiter lines.
    var contentRange: Range<Int>
    /// The closing delimiter line, its line break included when there is one.
    var closingRange: Range<Int>
    /// The line break of the opening line: the file's own style for new lines.
    var lineEnding: LineEnding

    /// Where the body starts.
    var bodyStart: Int { closingRange.upperBound }
}
