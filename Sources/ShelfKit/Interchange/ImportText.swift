/// Turns an export file's bytes into text, whatever the service wrote: UTF-8 (with or without a
/// byte order mark), UTF-16 with a byte order mark, or UTF-8 with stray Windows-1252 bytes (as
/// LibraryThing's exports sometimes hold): each byte that is not part of valid UTF-8 is read as
/// Windows-1252, so `Cort\xE9zar` still reads `Cortézar` and nothing is dropped.
/// `ImportTextDecoder` does the decoding, a piece of the file at a time when the file is large.
enum ImportText {
    /// The text of an export file's bytes.
    static func decode(_ bytes: [UInt8]) -> String {
        var decoder = ImportTextDecoder()
        var text = String.UnicodeScalarView()
        decoder.decode(bytes[...], final: true) { text.append($0) }
        return String(text)
    }
}
