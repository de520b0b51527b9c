import Foundation
import Testing

/// docs/safety.md promises one door for every write to a library's files, and one small writer
/// (`AtomicFile`) for shelf's own files outside a library. This reads every source file and
/// fails on a call that creates, replaces, renames or removes a file or a folder anywhere but
/// in the files allowed to: a side entrance added later is caught here, not by a user.
@Suite struct WriteCallAllowListTests {
    /// Files besides the door's (`Sources/ShelfKit/Door/`) that may call the file system's
    /// writing functions, and why.
    static let allowed: [String: String] = [
        "Sources/ShelfKit/Library/AtomicFile.swift": "the writer of shelf's own files outside a library",
        "Sources/ShelfKit/Library/Cache/LibraryCacheWriter.swift": "the index file outside the library, written in parts",
        "Sources/ShelfKit/Library/Cache/CacheRecord.swift": "a load's spill file in the cache folder",
        "Sources/ShelfKit/Process/TextEditor.swift": "a note composed in a private temporary folder",
        "Sources/ShelfKit/Process/StreamWiring.swift": "/dev/null opened for a child's output",
        "Sources/ShelfKit/Serve/BarcodeReader.swift": "an uploaded photo in a private temporary file",
        "Sources/BenchGenerator/Generator.swift": "the benchmark's generated libraries",
    ]

    /// POSIX functions that write, called by name (`unlink(`, not `.unlink(` or `func unlink(`).
    static let functions = [
        "rename", "renameat", "renameat2", "unlink", "unlinkat", "link", "linkat", "symlink", "symlinkat", "mkdir",
        "mkdirat", "rmdir", "truncate", "ftruncate", "creat", "fopen", "mkstemp",
    ]
    /// Flags that open for writing, and Foundation's writers and FileManager's changes.
    static let markers = [
        "O_CREAT", "O_WRONLY", "O_RDWR", "O_TRUNC", ".write(to: URL", ".write(toFile:", "createFile(atPath", "removeItem(at",
        "moveItem(at", "copyItem(at", "createDirectory(at", "replaceItemAt(",
    ]

    /// Whether a line of code writes a file, by the calls above.
    static func writes(_ code: String) -> Bool {
        if markers.contains(where: code.contains) { return true }
        let characters = Array(code)
        for name in functions {
            var searchStart = code.startIndex
            while let found = code.range(of: name + "(", range: searchStart..<code.endIndex) {
                searchStart = found.upperBound
                let offset = code.distance(from: code.startIndex, to: found.lowerBound)
                if offset > 0,
                    characters[offset - 1].isLetter || characters[offset - 1].isNumber || characters[offset - 1] == "_"
                        || characters[offset - 1] == "."
                {
                    continue
                }
                let before = code[..<found.lowerBound].trimmingCharacters(in: .whitespaces)
                if before.hasSuffix("func") || before.hasSuffix("case") { continue }
                return true
            }
        }
        return false
    }

    @Test func noSourceFileOutsideTheAllowListWritesFiles() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }.filter {
            $0.hasSuffix(".swift")
        }
        #expect(files.count > 100, "the sources were found")
        var offenders: [String] = []
        for file in files {
            let path = "Sources/" + file
            // The door's own folder is the door.
            guard Self.allowed[path] == nil, !path.hasPrefix("Sources/ShelfKit/Door/") else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//"), !code.hasPrefix("///"), !code.hasPrefix("*") else { continue }
                if Self.writes(code) { offenders.append("\(path):\(number + 1): \(code)") }
            }
        }
        #expect(offenders.isEmpty, "write calls outside the door and AtomicFile:\n\(offenders.joined(separator: "\n"))")
    }

    /// The check itself finds what it looks for (a test that cannot fail proves nothing).
    @Test(arguments: [
        "unlink(path)", "guard rename(a, b) == 0", "open(p, O_WRONLY | O_CREAT)", "try data.write(to: URL(fileURLWithPath: p))",
        "try FileManager.default.createDirectory(atPath: p, withIntermediateDirectories: true)", "FileManager.default.removeItem(at: url)",
        "mkdir(path, 0o755)", "linkat(a, b, c, d, 0)",
    ])
    func theCheckSeesWriteCalls(_ line: String) {
        #expect(Self.writes(line))
    }

    @Test(arguments: [
        "case .rename(let key, _, _)", "splicer.rename(old, to: new)", "item.write(to: &output)", "DisplayWidth.truncate(cell)",
        ".link(base)", "indirect case link(Style)", "static func truncate(_ text: String)", "func rename(_ old: String)",
    ])
    func theCheckLeavesLookalikes(_ line: String) {
        #expect(!Self.writes(line))
    }
}
