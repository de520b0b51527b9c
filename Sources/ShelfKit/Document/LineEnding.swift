/// The line break a file uses; new lines written into a file use the file's own.
enum LineEnding: String, Sendable, Equatable {
    case lf = "\n"
    case crlf = "\r\n"

    var bytes: [UInt8] { self == .lf ? [0x0A] : [0x0D, 0x0A] }
}
