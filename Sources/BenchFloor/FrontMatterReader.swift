#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CYAML

/// What one worker saw.
struct Tally {
    var frontMatters = 0
    var events = 0
    /// Files that could not be opened or read, or whose front matter libyaml rejected.
    var unread = 0
}

/// One tally per worker, each written once by its own worker and summed after all have ended.
final class Tallies: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Tally>

    init(workers: Int) {
        slots = .allocate(capacity: workers)
        slots.initialize(repeating: Tally())
    }

    func store(_ tally: Tally, for worker: Int) { slots[worker] = tally }

    var total: Tally {
        slots.reduce(into: Tally()) { sum, tally in
            sum.frontMatters += tally.frontMatters
            sum.events += tally.events
            sum.unread += tally.unread
        }
    }
}

/// Lists the `.md` files under `folder`, depth first, skipping names that start with a dot (as
/// shelf does).
func collectBooks(in folder: String, into paths: inout [String]) {
    guard let stream = opendir(folder) else { return }
    defer { closedir(stream) }
    while let entry = readdir(stream) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name.hasPrefix(".") { continue }
        let path = folder + "/" + name
        if entry.pointee.d_type == UInt8(DT_DIR) {
            collectBooks(in: path, into: &paths)
        } else if name.hasSuffix(".md") {
            paths.append(path)
        }
    }
}

/// Reads files into one buffer and parses their front matter, as shelf's first pass does before it
/// keeps anything.
struct FrontMatterReader: ~Copyable {
    private var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)

    mutating func parse(_ path: String, into tally: inout Tally) {
        guard let length = load(path) else {
            tally.unread += 1
            return
        }
        let bytes = UnsafeRawBufferPointer(rebasing: buffer[..<length])
        guard let frontMatter = Self.frontMatter(in: bytes) else { return }
        tally.frontMatters += 1
        guard let events = Self.countEvents(frontMatter) else {
            tally.unread += 1
            return
        }
        tally.events += events
    }

    /// The file's length, its bytes in the buffer (grown when a file does not fit); nil when it
    /// cannot be read.
    private mutating func load(_ path: String) -> Int? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var length = 0
        while true {
            if length == buffer.count {
                let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 16)
                larger.copyMemory(from: UnsafeRawBufferPointer(buffer))
                buffer.deallocate()
                buffer = larger
            }
            guard let base = buffer.baseAddress else { return nil }
            let got = read(descriptor, base + length, buffer.count - length)
            if got < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if got == 0 { return length }
            length += got
        }
    }

    /// The bytes between an opening `---` line (after a byte order mark, in LF or CRLF) and the
    /// next line starting with `---`, or nil.
    private static func frontMatter(in bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        let dash = UInt8(ascii: "-"), newline = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard bytes.count >= start + 4, bytes[start] == dash, bytes[start + 1] == dash, bytes[start + 2] == dash
        else { return nil }
        start += 3
        if bytes[start] == cr { start += 1 }
        guard start < bytes.count, bytes[start] == newline else { return nil }
        start += 1
        var position = start - 1
        while position + 3 < bytes.count {
            if bytes[position] == newline, bytes[position + 1] == dash, bytes[position + 2] == dash,
                bytes[position + 3] == dash
            {
                return UnsafeRawBufferPointer(rebasing: bytes[start..<position + 1])
            }
            position += 1
        }
        return nil
    }

    /// How many events libyaml's parser gives for `yaml`, or nil when it fails.
    private static func countEvents(_ yaml: UnsafeRawBufferPointer) -> Int? {
        guard let base = yaml.baseAddress else { return 0 }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, base.assumingMemoryBound(to: UInt8.self), yaml.count)
        var event = yaml_event_t()
        var events = 0
        while yaml_parser_parse(&parser, &event) == 1 {
            let type = event.type
            yaml_event_delete(&event)
            events += 1
            if type == YAML_STREAM_END_EVENT { return events }
        }
        return nil
    }

    deinit { buffer.deallocate() }
}
