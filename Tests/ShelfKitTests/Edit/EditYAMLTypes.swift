/// The plain scalars YAML 1.1 (the type repository: bool, null, int, float, timestamp, merge,
/// value) and YAML 1.2 (core schema) resolve to something other than a string, re-stated here
/// from the specs so that the writer is checked against rules it does not share.
enum EditYAMLTypes {
    static let yaml11: [String] = [
        // bool
        "y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF",
        // null
        "~|null|Null|NULL|",
        // int
        "[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(:[0-5]?[0-9])+",
        // float
        "[-+]?([0-9][0-9_]*)?\\.[0-9_]*([eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\\.[0-9_]*"
            + "|[-+]?\\.(inf|Inf|INF)|\\.(nan|NaN|NAN)",
        // timestamp
        "[0-9]{4}-[0-9]{2}-[0-9]{2}"
            + "|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt]|[ \\t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(\\.[0-9]*)?"
            + "(([ \\t]*)Z|[-+][0-9]{1,2}(:[0-9]{2})?)?",
        // merge, value
        "<<", "=",
    ]

    static let yaml12Core: [String] = [
        "null|Null|NULL|~|",
        "true|True|TRUE|false|False|FALSE",
        "[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+",
        "[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?|[-+]?\\.(inf|Inf|INF)|\\.nan|\\.NaN|\\.NAN",
        // PyYAML and others also read these as floats in 1.1 mode: 1e3 without a sign.
        "[-+]?[0-9][0-9_]*(\\.[0-9_]*)?[eE][-+]?[0-9]+",
    ]

    nonisolated(unsafe) static let patterns: [Regex<AnyRegexOutput>] = (yaml11 + yaml12Core).map { pattern in
        // swiftlint:disable:next force_try
        try! Regex("^(?:" + pattern + ")$")
    }

    /// True when a YAML 1.1 or 1.2 reader would take `text`, written plain, for a non-string.
    static func isTypedPlain(_ text: String) -> Bool {
        patterns.contains { (try? $0.wholeMatch(in: text)) != nil }
    }
}
