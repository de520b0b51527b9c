/// An `application/x-www-form-urlencoded` body or query string, as name → values.
struct FormBody: Sendable {
    private(set) var fields: [(name: String, value: String)] = []

    init(_ text: String) {
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = FormBody.decode(parts[0])
            let value = parts.count > 1 ? FormBody.decode(parts[1]) : ""
            fields.append((name, value))
        }
    }

    subscript(name: String) -> String? { fields.first { $0.name == name }?.value }

    func all(_ name: String) -> [String] { fields.filter { $0.name == name }.map(\.value) }

    /// `+` as a space, `%XX` as its byte; bytes that are not UTF-8 are repaired, never trusted.
    static func decode(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(0x20)
            } else if byte == UInt8(ascii: "%"), iterator.count >= 2,
                let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Percent-encodes a value for a URL query.
    static func encode(_ text: String) -> String {
        var output = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "/"):
                output.append(Character(UnicodeScalar(byte)))
            default:
                output += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return output
    }
}
