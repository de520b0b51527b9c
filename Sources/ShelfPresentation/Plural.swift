/// Counts with their noun in the right number: `1 book`, `2 books`.
public enum Plural {
    /// `count` and `noun`, with `s` (or `plural`) unless the count is one.
    public static func count(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
    }
}
