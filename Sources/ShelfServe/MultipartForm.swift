/// The parts of a `multipart/form-data` body (RFC 7578): the scan form's photo and its token.
/// Read strictly and bounded: a part without headers or a body without the closing boundary
/// gives no parts, never a guess.
struct MultipartForm {
    struct Part {
        var name: String
        var bytes: [UInt8]
    }

    private(set) var parts: [Part] = []

    /// `contentType` is the request's (`multipart/form-data; boundary=…`).
    init?(contentType: String, body: [UInt8]) {
        guard contentType.lowercased().hasPrefix("multipart/form-data"),
            let boundaryRange = contentType.range(of: "boundary=")
        else { return nil }
        var boundary = String(contentType[boundaryRange.upperBound...].prefix { $0 != ";" })
        if boundary.hasPrefix("\""), boundary.hasSuffix("\""), boundary.count >= 2 { boundary = String(boundary.dropFirst().dropLast()) }
        guard !boundary.isEmpty, boundary.count <= 70 else { return nil }
        let delimiter = Array("--\(boundary)".utf8)
        var cursor = MultipartForm.find(delimiter, in: body, from: 0)
        while let start = cursor {
            var partStart = start + delimiter.count
            // `--` after the delimiter closes the body.
            if body.count >= partStart + 2, body[partStart] == 0x2D, body[partStart + 1] == 0x2D { return }
            if body.count >= partStart + 2, body[partStart] == 0x0D, body[partStart + 1] == 0x0A { partStart += 2 }
            guard let headerEnd = MultipartForm.find([0x0D, 0x0A, 0x0D, 0x0A], in: body, from: partStart),
                let next = MultipartForm.find([0x0D, 0x0A] + delimiter, in: body, from: headerEnd + 4)
            else { return nil }
            let headers = String(decoding: body[partStart..<headerEnd], as: UTF8.self)
            if let name = MultipartForm.name(in: headers) {
                parts.append(Part(name: name, bytes: Array(body[(headerEnd + 4)..<next])))
            }
            cursor = next + 2
        }
        return nil
    }

    func part(_ name: String) -> Part? { parts.first { $0.name == name } }

    /// `name="photo"` in the part's `Content-Disposition`.
    private static func name(in headers: String) -> String? {
        for line in headers.split(separator: "\r\n") where line.lowercased().hasPrefix("content-disposition:") {
            guard let range = line.range(of: "name=\"") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        let first = needle[0]
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
