#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

// MARK: - Random numbers

/// SplitMix64 (Steele, Lea, Flood 2014): small, fast, and good enough to pick words.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<bound (bound > 0), by Lemire's multiply-shift (bias negligible here).
    mutating func below(_ bound: Int) -> Int {
        Int(truncatingIfNeeded: (next().multipliedFullWidth(by: UInt64(bound))).high)
    }

    /// Uniform in range.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool {
        Double(next() >> 11) * 0x1p-53 < p
    }

    /// A uniform double in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// An index skewed towards the front of a list of `count` items (roughly Zipf-like), so that
    /// some words are common and most are rare, as in real notes.
    mutating func skewed(_ count: Int) -> Int {
        let u = unit()
        return min(count - 1, Int(u * u * Double(count)))
    }
}

/// The stream of one file: independent of the order in which files are written.
func fileStream(seed: UInt64, index: Int) -> SplitMix64 {
    var mixer = SplitMix64(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
    _ = mixer.next()
    return SplitMix64(seed: mixer.next())
}
