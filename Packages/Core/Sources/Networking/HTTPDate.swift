import CoreKit

/// HTTP dates (RFC 9110 §5.6.7), read by hand: text from a server never reaches a `DateFormatter`, which aborts on
/// some odd input. All three forms a recipient must accept, always in GMT:
/// `Sun, 06 Nov 1994 08:49:37 GMT` (IMF-fixdate), `Sunday, 06-Nov-94 08:49:37 GMT` (RFC 850) and
/// `Sun Nov  6 08:49:37 1994` (asctime). The day name is not checked against the date.
public enum HTTPDate {
    /// Seconds since 1970-01-01 00:00:00 UTC, or nil when `text` is not an HTTP date.
    public static func secondsSince1970(_ text: String) -> Int? {
        guard text.utf8.count <= 40 else { return nil }
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if words.count == 6, words[0].hasSuffix(","), words[5] == "GMT" {
            // IMF-fixdate: day-name "," day month year time "GMT"
            guard let day = number(words[1], digits: 2...2), let month = month(words[2]),
                let year = number(words[3], digits: 4...4)
            else { return nil }
            return seconds(year: year, month: month, day: day, time: words[4])
        }
        if words.count == 4, words[0].hasSuffix(","), words[3] == "GMT" {
            // RFC 850: day-name "," DD-Mon-YY time "GMT"; a two-digit year is read within 50 years of 2000.
            let parts = words[1].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, let day = number(parts[0], digits: 2...2), let month = month(parts[1]),
                let short = number(parts[2], digits: 2...2)
            else { return nil }
            return seconds(year: short < 50 ? 2000 + short : 1900 + short, month: month, day: day, time: words[2])
        }
        if words.count == 5, !words[0].hasSuffix(",") {
            // asctime: day-name month day time year
            guard let month = month(words[1]), let day = number(words[2], digits: 1...2),
                let year = number(words[4], digits: 4...4)
            else { return nil }
            return seconds(year: year, month: month, day: day, time: words[3])
        }
        return nil
    }

    /// A number written with only ASCII digits, as many as `digits` allows.
    private static func number(_ text: String, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func month(_ name: String) -> Int? {
        months.firstIndex(of: name).map { $0 + 1 }
    }

    private static func seconds(year: Int, month: Int, day: Int, time: String) -> Int? {
        let parts = time.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let hour = number(parts[0], digits: 2...2),
            let minute = number(parts[1], digits: 2...2),
            let second = number(parts[2], digits: 2...2),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
            (1...9999).contains(year), (1...CivilDate.days(inMonth: month, year: year)).contains(day)
        else { return nil }
        return CivilDate.daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60
            + second
    }
}
