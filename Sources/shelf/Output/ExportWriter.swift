import Foundation
import ShelfKit

/// Writes exports to disk atomically: a file for json, csv and goodreads, a folder for html.
enum ExportWriter {
    static func write(_ text: String, to path: String) throws {
        do {
            try AtomicFile.replace(path: absolute(path), bytes: Array(text.utf8))
        } catch {
            throw Diagnostics.failure(error.description)
        }
    }

    /// Writes the catalog's pages and copies its covers into `folder`, creating it. Files of the
    /// same names are replaced; nothing else in the folder is touched.
    static func writeCatalog(_ catalog: HTMLCatalog, to folder: String) throws {
        let root = absolute(folder)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), !isFolder.boolValue {
            throw Diagnostics.failure("\(folder) is a file; the html catalog needs a folder")
        }
        do {
            for file in catalog.files {
                try writeCreatingFolders(file.bytes, to: root + "/" + file.path)
            }
            for cover in catalog.covers {
                try writeCreatingFolders(FileIO.read(cover.from), to: root + "/" + cover.to)
            }
        } catch let error as FileError {
            throw Diagnostics.failure(error.description)
        } catch {
            throw Diagnostics.failure("\(folder): \(error.localizedDescription)")
        }
    }

    private static func writeCreatingFolders(_ bytes: [UInt8], to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try AtomicFile.replace(path: path, bytes: bytes)
    }

    private static func absolute(_ path: String) -> String {
        let expanded = (path as NSString).expandingTildeInPath
        if expanded.hasPrefix("/") { return expanded }
        return FileManager.default.currentDirectoryPath + "/" + expanded
    }
}
