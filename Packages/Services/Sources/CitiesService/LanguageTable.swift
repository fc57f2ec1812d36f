import CoreKit
import Foundation

/// A table of names by language that ships with the module (`key<TAB>lang<TAB>name`, a header line first): the rows
/// of one language, found by comparing bytes, so that a command pays for its language's rows only (a few hundred of
/// 3,500), not for decoding the whole file.
enum LanguageTable {
    /// The `(key, name)` rows whose second field is `code`, names made safe for a terminal.
    static func rows(_ data: Data, language code: String) -> [(key: String, name: String)] {
        let marker = Array(("\t" + code + "\t").utf8)
        var rows: [(key: String, name: String)] = []
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            let bytes = buffer.bindMemory(to: UInt8.self)
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                // The key is the bytes before the first tab; the row is the language's when the marker follows it.
                var tab = start
                while tab < end, bytes[tab] != 0x09 { tab += 1 }
                if tab + marker.count <= end,
                    marker.indices.allSatisfy({ bytes[tab + $0] == marker[$0] })
                {
                    let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<tab]), as: UTF8.self)
                    let nameStart = tab + marker.count
                    var nameEnd = end
                    if nameEnd > nameStart, bytes[nameEnd - 1] == 0x0D { nameEnd -= 1 }
                    let name = TerminalText.sanitize(
                        String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd]), as: UTF8.self))
                    if !key.isEmpty, !name.isEmpty, !name.contains("\t") { rows.append((key, name)) }
                }
                start = end + 1
            }
        }
        return rows
    }
}
