extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    var trimmingSpaces: String {
        // Most values have no surrounding space: check the end bytes before any Unicode work.
        let untouched = utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let first = bytes.first, let last = bytes.last else { return false }
            return first > 0x20 && first < 0x80 && last > 0x20 && last < 0x80
        }
        if untouched == true { return self }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[first...last])
    }
}
