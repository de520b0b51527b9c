/// The forms' token (against cross-site forms), made at start-up and written into every page
/// masked afresh: random bytes, then the token XOR those bytes. A page compressed beside text the
/// visitor typed (the search box) then never repeats the token's bytes, so the length of a
/// compressed page tells nothing about it (the BREACH attack on HTTPS).
struct FormToken: Sendable {
    private let secret: [UInt8]

    init() {
        var generator = SystemRandomNumberGenerator()
        secret = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    /// The token as a page carries it: 64 hexadecimal digits, different at every call.
    var masked: String {
        var generator = SystemRandomNumberGenerator()
        let pad = secret.map { _ in UInt8.random(in: 0...255, using: &generator) }
        return FormToken.hex(pad + zip(secret, pad).map { $0 ^ $1 })
    }

    /// Whether `given` is a masking of this token. Compared without stopping at the first
    /// difference, so that timing tells nothing.
    func accepts(_ given: String) -> Bool {
        let digits = Array(given.utf8)
        guard digits.count == secret.count * 4 else { return false }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(secret.count * 2)
        var index = 0
        while index < digits.count {
            guard let high = FormToken.value(of: digits[index]), let low = FormToken.value(of: digits[index + 1]) else { return false }
            bytes.append(high << 4 | low)
            index += 2
        }
        let pad = bytes[..<secret.count], masked = bytes[secret.count...]
        return zip(zip(pad, masked), secret).reduce(UInt8(0)) { $0 | ($1.0.0 ^ $1.0.1 ^ $1.1) } == 0
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }

    private static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}
