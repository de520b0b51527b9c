import Foundation

/// Decodes a response body as JSON, telling an HTML page apart from malformed JSON.
enum JSONBody {
    static func decode(_ response: HTTPClient.Response, host: String) throws(LookupError) -> Any {
        let looksHTML =
            response.contentType?.lowercased().contains("html") == true
            || response.body.prefix(64).drop(while: { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }).first == UInt8(ascii: "<")
        if looksHTML { throw .notJSON(host: host) }
        do {
            return try JSONSerialization.jsonObject(with: response.body, options: [.fragmentsAllowed])
        } catch {
            throw .malformedJSON(host: host, reason: (error as NSError).localizedDescription)
        }
    }
}
