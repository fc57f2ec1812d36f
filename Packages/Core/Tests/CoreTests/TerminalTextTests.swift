import Testing

@testable import CoreKit

@Suite struct TerminalTextTests {
    @Test func plainTextIsUnchanged() {
        #expect(TerminalText.sanitize("São Paulo, Ḩeşār-e Sefīd ☀︎ 北京") == "São Paulo, Ḩeşār-e Sefīd ☀︎ 北京")
    }

    @Test func escapeSequencesAreRemovedWhole() {
        let hostile = "Clear\u{1B}]0;pwned\u{07} sky\u{1B}[2J\u{1B}[10;10H here\u{1B}[31m red\u{1B}[0m"
        #expect(TerminalText.sanitize(hostile) == "Clear sky here red")
    }

    @Test func oscEndedByStringTerminatorIsRemoved() {
        #expect(TerminalText.sanitize("a\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\b") == "alinkb")
    }

    @Test func c1ControlsAndBellAreMadeVisible() {
        #expect(TerminalText.sanitize("ding\u{07}dong\u{85}") == "ding\u{FFFD}dong\u{FFFD}")
        #expect(TerminalText.sanitize("x\u{9B}31my") == "xy")
    }

    @Test func newlinesOnlyWhenAllowed() {
        #expect(TerminalText.sanitize("one\ntwo") == "one two")
        #expect(TerminalText.sanitize("one\r\ntwo", allowNewlines: true) == "one\ntwo")
        #expect(TerminalText.sanitize("over\rwrite", allowNewlines: true) == "over\u{FFFD}write")
    }

    @Test func bidiOverridesAreMadeVisible() {
        #expect(TerminalText.sanitize("abc\u{202E}def") == "abc\u{FFFD}def")
    }

    /// Before: these passed through, so a city name could reorder or hide what followed it on the line.
    @Test func everyBidiControlSeparatorByteOrderMarkAndNoncharacterIsHandled() {
        for control in [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] {
            let scalar = Unicode.Scalar(UInt32(control))!
            #expect(TerminalText.sanitize("a\(Character(scalar))b") == "a\u{FFFD}b", "U+\(String(control, radix: 16))")
        }
        #expect(TerminalText.sanitize("one\u{2028}two\u{2029}three") == "one two three")
        #expect(TerminalText.sanitize("\u{FEFF}Paris\u{FEFF}") == "Paris")
        // Swift refuses noncharacters in literals: made from scalars.
        var text = String.UnicodeScalarView()
        for value: UInt32 in [0x78, 0xFDD0, 0x79, 0xFFFE, 0x7A, 0xFFFF, 0x1FFFE, 0x10FFFF] {
            text.append(Unicode.Scalar(value)!)
        }
        #expect(TerminalText.sanitize(String(text)) == "x\u{FFFD}y\u{FFFD}z\u{FFFD}\u{FFFD}\u{FFFD}")
        #expect(!TerminalText.isClean("a\u{2028}b") && !TerminalText.isClean("\u{FEFF}"))
        // What looks like them but is ordinary text stays.
        #expect(TerminalText.sanitize("\u{FFFD}\u{FFFC}\u{2027}") == "\u{FFFD}\u{FFFC}\u{2027}")
    }

    @Test func truncatedEscapeAtEndDoesNotCrash() {
        #expect(TerminalText.sanitize("tail\u{1B}") == "tail")
        #expect(TerminalText.sanitize("tail\u{1B}[") == "tail")
        #expect(TerminalText.sanitize("tail\u{1B}]0;no end") == "tail")
        #expect(TerminalText.isClean("fine") && !TerminalText.isClean("no\u{1B}"))
    }
}

@Suite struct DataStateTests {
    enum Failure: Error, Equatable { case offline }

    @Test func exposesValueAndFailure() {
        let loaded = DataState<Int, Failure>.loaded(3)
        #expect(loaded.value == 3 && loaded.failure == nil)
        #expect(DataState<Int, Failure>.failed(.offline).failure == .offline)
        #expect(DataState<Int, Failure>.loading.isLoading)
    }

    @Test func mapTransformsOnlyLoadedValues() {
        #expect(DataState<Int, Failure>.loaded(2).map { $0 * 10 } == .loaded(20))
        #expect(DataState<Int, Failure>.idle.map { $0 * 10 } == .idle)
        #expect(DataState<Int, Failure>.failed(.offline).map { $0 * 10 } == .failed(.offline))
    }
}

@Suite struct DisplayWidthTests {
    @Test func wideAndCombiningCharacters() {
        #expect(DisplayWidth.columns(of: "Toronto") == 7)
        #expect(DisplayWidth.columns(of: "北京") == 4)
        #expect(DisplayWidth.columns(of: "São") == 3)
        #expect(DisplayWidth.columns(of: "e\u{301}") == 1)
        #expect(DisplayWidth.columns(of: "東京都 Tokyo") == 12)
    }

    /// Found by the pseudo-terminal width test: a colour code after the first character past U+02FF (the dash of
    /// `16:45–00:00` in `forecast --parts`) was counted as text, 44 columns too many.
    @Test func colourTakesNoRoomWhereverItStands() {
        let painted = "16:45–00:00  \u{1B}[38;5;226m☀\u{1B}[0m  北京 \u{1B}[1mSão\u{1B}[0m"
        #expect(DisplayWidth.columns(of: painted) == DisplayWidth.columns(of: "16:45–00:00  ☀  北京 São"))
        #expect(DisplayWidth.columns(of: "\u{1B}[1m–\u{1B}[0m") == 1)
    }

    /// Before: widths were summed per scalar, so a family emoji counted 8 columns and a flag 2 narrow ones.
    @Test func widthIsMeasuredPerGraphemeCluster() {
        #expect(DisplayWidth.columns(of: "👨‍👩‍👧‍👦") == 2)  // ZWJ sequence
        #expect(DisplayWidth.columns(of: "🇫🇷🇨🇦") == 4)  // two flags
        #expect(DisplayWidth.columns(of: "❤️") == 2)  // emoji presentation selector
        #expect(DisplayWidth.columns(of: "1️⃣") == 2)  // keycap
        #expect(DisplayWidth.columns(of: "☀︎") == 1)  // text presentation
        #expect(DisplayWidth.columns(of: "e" + String(repeating: "\u{301}", count: 8)) == 1)  // stacked marks
        #expect(DisplayWidth.columns(of: "\u{1100}\u{1161}\u{11A8}") == 2)  // Hangul jamo syllable
        #expect(DisplayWidth.columns(of: "Zürich 👩🏽‍🚀 北京") == 6 + 1 + 2 + 1 + 4)
    }

    @Test func longTextIsCutWithAnEllipsisOnACharacterBoundary() {
        #expect(DisplayWidth.truncated("👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦", toColumns: 5) == "👨‍👩‍👧‍👦👨‍👩‍👧‍👦…")
        #expect(DisplayWidth.truncated("Llanfairpwllgwyngyll", toColumns: 8) == "Llanfai…")
        #expect(DisplayWidth.columns(of: DisplayWidth.fit("🇫🇷🇫🇷🇫🇷", to: 4)) == 4)
    }

    @Test func fitCutsAndPadsToExactColumns() {
        #expect(DisplayWidth.fit("Toronto", to: 10) == "Toronto   ")
        #expect(DisplayWidth.fit("Toronto", to: 5) == "Toro…")
        #expect(DisplayWidth.columns(of: DisplayWidth.fit("北京北京北京", to: 5)) == 5)
        #expect(DisplayWidth.fit("x", to: 0) == "")
    }

    @Test func displayWidth() {
        #expect(DisplayWidth.columns(of: "Toronto") == 7)
        #expect(DisplayWidth.columns(of: "東京") == 4)
        #expect(DisplayWidth.columns(of: "서울") == 4)
        #expect(DisplayWidth.columns(of: "Zu\u{308}rich") == 6)
        #expect(DisplayWidth.columns(of: "😀") == 2)
        #expect(DisplayWidth.columns(of: "ＡＢ") == 4)
        #expect(DisplayWidth.columns(of: "São Paulo") == 9)
        #expect(DisplayWidth.columns(of: "◉ ⣿ ├─┤ ° · ≈") == 13)
    }

    @Test func truncation() {
        #expect(DisplayWidth.truncated("Toronto", toColumns: 7) == "Toronto")
        #expect(DisplayWidth.truncated("Toronto", toColumns: 4) == "Tor…")
        #expect(DisplayWidth.truncated("東京都", toColumns: 4) == "東…")
    }

    @Test func wideRangesAreSortedAndDisjoint() {
        let ranges = DisplayWidth.wideRanges
        for (a, b) in zip(ranges, ranges.dropFirst()) { #expect(a.upperBound < b.lowerBound, "\(a) \(b)") }
        #expect(DisplayWidth.columns(of: "\u{1100}") == 2)
        #expect(DisplayWidth.columns(of: "\u{10FF}") == 1)
        #expect(DisplayWidth.columns(of: "\u{2FFFD}") == 2)
        #expect(DisplayWidth.columns(of: "\u{1F5FA}") == 1)
    }
}

@Suite struct TextLayoutTests {
    @Test func proseIsBrokenAtSpacesAndKeepsItsIndent() {
        let lines = DisplayWidth.wrapped("  The weather now: sky, temperature, wind", width: 16, indent: "    ")
        #expect(lines == ["  The weather", "    now: sky,", "    temperature,", "    wind"])
        #expect(lines.allSatisfy { DisplayWidth.columns(of: $0) <= 16 })
        // Only a word longer than a whole line is broken, and nothing of it is lost.
        #expect(
            DisplayWidth.wrapped("Llanfairpwllgwyngyll is long", width: 10) == ["Llanfairpw", "llgwyngyll", "is long"])
        #expect(
            DisplayWidth.fitted("short\nSaved in /tmp/a/very/long/path.sqlite now", width: 16)
                == "short\nSaved in\n  /tmp/a/very/lo\n  ng/path.sqlite\n  now")
        // Wide characters count twice.
        #expect(DisplayWidth.wrapped("東京 大阪 京都", width: 9) == ["東京 大阪", "京都"])
        #expect(DisplayWidth.wrapped("", width: 10) == [""])
    }

    @Test func piecesFlowWithTheirSeparator() {
        let pieces = ["Humidity 81 %", "Dew point 0 °C", "Pressure 1016 hPa"]
        #expect(
            DisplayWidth.flow(pieces, width: 40, indent: "  ")
                == ["Humidity 81 % · Dew point 0 °C", "  Pressure 1016 hPa"])
        #expect(DisplayWidth.flow(pieces, width: 80) == ["Humidity 81 % · Dew point 0 °C · Pressure 1016 hPa"])
        #expect(DisplayWidth.flow(["A very long piece indeed"], width: 10) == ["A very lo…"])
    }
}

@Suite struct FittingLinesTests {
    @Test func aLongLineIsCutAndColourKeptAndReset() {
        #expect(DisplayWidth.fittingLines("short\nlonger than ten", width: 10) == "short\nlonger th…")
        let painted = "\u{1B}[1mBold and long text\u{1B}[0m"
        let cut = DisplayWidth.fittingLines(painted, width: 8)
        #expect(cut == "\u{1B}[1mBold an…\u{1B}[0m")
        // A painted line that fits is left alone: its escapes take no column.
        #expect(DisplayWidth.fittingLines("\u{1B}[38;5;99m3 °C\u{1B}[0m", width: 4) == "\u{1B}[38;5;99m3 °C\u{1B}[0m")
        #expect(DisplayWidth.fittingLines("東京東京東京", width: 5) == "東京…")
    }
}

@Suite struct CJKWrappingTests {
    @Test func japaneseBreaksBetweenCharactersNeverBeforeAClosingMark() {
        let text = "太陽と月：薄明、日の出、正中、日の入り、昼の長さ、月相、月の出・月の入り"
        let lines = DisplayWidth.wrapped(text, width: 20)
        #expect(lines.allSatisfy { DisplayWidth.columns(of: $0) <= 20 })
        #expect(lines.joined() == text)
        #expect(lines.dropFirst().allSatisfy { !"、。：・）".contains($0.first!) })
        // English is broken at spaces as before.
        #expect(DisplayWidth.wrapped("one two three four", width: 9) == ["one two", "three", "four"])
        // Mixed: a space between words stays a space, CJK joins without one.
        let mixed = DisplayWidth.wrapped("'help COMMAND'（または COMMAND --help）でオプションを表示します。", width: 30)
        #expect(mixed.allSatisfy { DisplayWidth.columns(of: $0) <= 30 })
        #expect(mixed.joined(separator: " ").contains("'help COMMAND'（または"))
    }
}
