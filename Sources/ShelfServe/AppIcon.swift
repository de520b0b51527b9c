import CZlib

/// The icon a phone shows for the installed library: four books on a shelf, drawn here (no image
/// file to ship or license) and encoded as a PNG once, at the first request for each size.
///
/// The "any" icon is a rounded square; the maskable one fills its square, since the phone cuts
/// it to its own shape (a circle, a squircle). Either way the books lie inside the central circle
/// of 80% of the width that every mask keeps.
enum AppIcon {
    static let small = png(size: 192, maskable: false)
    static let large = png(size: 512, maskable: false)
    static let maskable = png(size: 512, maskable: true)

    /// The background: the pages' accent colour, which is also the manifest's theme colour.
    static let background: RGBA = (0x8A, 0x4B, 0x08, 0xFF)

    typealias RGBA = (UInt8, UInt8, UInt8, UInt8)
    typealias Point = (x: Double, y: Double)

    /// The books and the shelf, in a square of side 1, back to front: each a convex polygon.
    static let shapes: [(points: [Point], color: RGBA)] = [
        (rectangle(0.27, 0.33, 0.35, 0.70), (0xF3, 0xE3, 0xC3, 0xFF)),
        (rectangle(0.27, 0.40, 0.35, 0.43), (0x8A, 0x4B, 0x08, 0xFF)),
        (rectangle(0.37, 0.27, 0.45, 0.70), (0x9F, 0xC9, 0xC3, 0xFF)),
        (rectangle(0.47, 0.37, 0.54, 0.70), (0xE8, 0xB0, 0x4B, 0xFF)),
        (rectangle(0.47, 0.60, 0.54, 0.63), (0x8A, 0x4B, 0x08, 0xFF)),
        ([(0.56, 0.70), (0.64, 0.70), (0.75, 0.41), (0.675, 0.38)], (0xE9, 0xA8, 0x9B, 0xFF)),
        (rectangle(0.22, 0.70, 0.78, 0.74), (0xFB, 0xFA, 0xF7, 0xFF)),
    ]

    static func rectangle(_ left: Double, _ top: Double, _ right: Double, _ bottom: Double) -> [Point] {
        [(left, top), (right, top), (right, bottom), (left, bottom)]
    }

    /// Whether `point` lies inside a convex polygon given clockwise or anticlockwise.
    static func inside(_ point: Point, _ polygon: [Point]) -> Bool {
        var sign = 0.0
        for index in polygon.indices {
            let a = polygon[index], b = polygon[(index + 1) % polygon.count]
            let cross = (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x)
            if cross != 0 {
                if sign != 0, (cross > 0) != (sign > 0) { return false }
                sign = cross
            }
        }
        return true
    }

    /// Whether `point` lies on the background: the whole square when maskable, else a square
    /// with corners rounded to a fifth of its side.
    static func onBackground(_ point: Point, maskable: Bool) -> Bool {
        guard !maskable else { return true }
        let radius = 0.2
        let x = min(point.x, 1 - point.x), y = min(point.y, 1 - point.y)
        guard x < radius, y < radius else { return true }
        let dx = radius - x, dy = radius - y
        return dx * dx + dy * dy <= radius * radius
    }

    /// The icon's pixels, each the average of four samples (so edges are smooth), as RGBA rows.
    static func pixels(size: Int, maskable: Bool) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: size * size * 4)
        let offsets = [0.25, 0.75]
        for row in 0..<size {
            for column in 0..<size {
                var sum = (0.0, 0.0, 0.0, 0.0)
                for dy in offsets {
                    for dx in offsets {
                        let point = ((Double(column) + dx) / Double(size), (Double(row) + dy) / Double(size))
                        guard onBackground(point, maskable: maskable) else { continue }
                        let color = shapes.last { inside(point, $0.points) }?.color ?? background
                        // Only the samples on the background give the colour, so a transparent corner does not darken the edge.
                        sum.0 += Double(color.0)
                        sum.1 += Double(color.1)
                        sum.2 += Double(color.2)
                        sum.3 += 1
                    }
                }
                let at = (row * size + column) * 4
                if sum.3 > 0 {
                    pixels[at] = UInt8(sum.0 / sum.3)
                    pixels[at + 1] = UInt8(sum.1 / sum.3)
                    pixels[at + 2] = UInt8(sum.2 / sum.3)
                    pixels[at + 3] = UInt8(255 * sum.3 / 4)
                }
            }
        }
        return pixels
    }

    /// The icon as a PNG: 8-bit RGBA, every row unfiltered, compressed by zlib.
    static func png(size: Int, maskable: Bool) -> [UInt8] {
        let pixels = pixels(size: size, maskable: maskable)
        var raw: [UInt8] = []
        raw.reserveCapacity(size * (size * 4 + 1))
        for row in 0..<size {
            raw.append(0)
            raw += pixels[(row * size * 4)..<((row + 1) * size * 4)]
        }
        var header = bigEndian(UInt32(size)) + bigEndian(UInt32(size))
        header += [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + chunk("IDAT", Gzip.compress(raw, gzip: false) ?? []) + chunk("IEND", [])
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = body.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
