import CoreKit
import Foundation
import Networking
import Testing

@Suite struct HTTPErrorTests {
    @Test func aHugeErrorBodyIsPreviewedFromItsStartOnly() {
        // Four megabytes with escape sequences everywhere, one of them cut by the preview window.
        var text = ""
        while text.utf8.count < 4_000_000 { text += "line \u{1B}]0;title\u{07} é 東京 \u{1B}[2J " }
        let status = HTTPStatusError(host: "example.org", code: 503, body: Data(text.utf8))
        let preview = status.bodyText()
        #expect(preview.count == 201 && preview.hasSuffix("…"))
        #expect(!preview.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        #expect(preview.hasPrefix("line  é 東京  line"))
        #expect(status.bodyText(maxLength: 10_000).count == 10_001)
    }

    @Test func aShortBodyIsShownWhole() {
        let status = HTTPStatusError(host: "example.org", code: 500, body: Data("  boom \u{1B}[31mred\n".utf8))
        #expect(status.bodyText() == "boom red")
        let exact = HTTPStatusError(host: "example.org", code: 500, body: Data(String(repeating: "a", count: 200).utf8))
        #expect(exact.bodyText() == String(repeating: "a", count: 200))
    }
}

@Suite struct HTTPDateTests {
    @Test(arguments: [
        ("Sun, 06 Nov 1994 08:49:37 GMT", 784_111_777),
        ("Sunday, 06-Nov-94 08:49:37 GMT", 784_111_777),
        ("Sun Nov  6 08:49:37 1994", 784_111_777),
        ("Thu, 01 Jan 1970 00:00:00 GMT", 0),
        ("Tue, 29 Feb 2028 23:59:60 GMT", 1_835_481_600),
        ("Fri, 31 Dec 9999 23:59:59 GMT", 253_402_300_799),
    ])
    func theThreeFormsAreRead(text: String, seconds: Int) {
        #expect(HTTPDate.secondsSince1970(text) == seconds)
    }

    @Test(arguments: [
        "", "GMT", "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 31 Feb 1994 08:49:37 GMT",
        "Sun, 29 Feb 2100 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, +6 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 08:49 GMT", "Sun, 06 Nov ١٩٩٤ 08:49:37 GMT", "Sun, 06 nov 1994 08:49:37 GMT",
        "Sun Nov 6 08:49:37 94", String(repeating: "Sun, ", count: 20),
    ])
    func anythingElseIsNot(text: String) {
        #expect(HTTPDate.secondsSince1970(text) == nil)
    }

    @Test func retryAfterIsDigitsOrADate() {
        func retryAfter(_ value: String) -> Double? {
            HTTPStatusError(host: "h", code: 429, headers: ["retry-after": value]).retryAfter
        }
        #expect(retryAfter("120") == 120)
        #expect(retryAfter(" 7 ") == 7)
        #expect(retryAfter("99999999999") == 31_536_000.0)
        #expect(retryAfter("1e300") == nil && retryAfter("-5") == nil && retryAfter("nan") == nil)
        #expect(retryAfter("Thu, 01 Jan 1970 00:00:00 GMT") == 0)
        let soon = retryAfter(
            HTTPDateTests.imfFixdate(Date().timeIntervalSince1970 + 90))
        #expect(soon.map { (85...90).contains($0) } == true, "\(String(describing: soon))")
    }

    /// An IMF-fixdate for a moment, written by hand (the test must not lean on the parser it checks).
    static func imfFixdate(_ seconds: Double) -> String {
        let whole = Int(seconds)
        var days = whole / 86_400
        let rest = whole % 86_400
        var year = 1970
        func length(_ y: Int) -> Int { y % 4 == 0 && (y % 100 != 0 || y % 400 == 0) ? 366 : 365 }
        while days >= length(year) {
            days -= length(year)
            year += 1
        }
        let lengths = [31, length(year) == 366 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        var month = 0
        while days >= lengths[month] {
            days -= lengths[month]
            month += 1
        }
        let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return
            "Mon, \(two(days + 1)) \(names[month]) \(year) \(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60)) GMT"
    }
}

@Suite struct CivilDateTests {
    @Test func daysAndDatesRoundTripAcrossLeapYearsAndBefore1970() {
        #expect(CivilDate.daysSince1970(year: 1970, month: 1, day: 1) == 0)
        #expect(CivilDate.daysSince1970(year: 2000, month: 3, day: 1) == 11_017)
        #expect(CivilDate.daysSince1970(year: 1969, month: 12, day: 31) == -1)
        #expect(CivilDate.days(inMonth: 2, year: 2000) == 29 && CivilDate.days(inMonth: 2, year: 2100) == 28)
        // Every day from 1896 to 2104, one after the other.
        var expected = CivilDate.daysSince1970(year: 1896, month: 1, day: 1)
        var wrong: [String] = []
        for year in 1896...2104 {
            for month in 1...12 {
                for day in 1...CivilDate.days(inMonth: month, year: year) {
                    let date = CivilDate.date(daysSince1970: expected)
                    if CivilDate.daysSince1970(year: year, month: month, day: day) != expected
                        || date != (year, month, day)
                    {
                        wrong.append("\(year)-\(month)-\(day)")
                    }
                    expected += 1
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        #expect(expected == CivilDate.daysSince1970(year: 2105, month: 1, day: 1))
    }
}
