import Architecture
import Testing

@testable import CommandShell

@Suite struct ScreenKeyTests {
    func keys(_ text: String, final: Bool = true) -> [ScreenKey] {
        var parser = ScreenKeyParser()
        return parser.keys(Array(text.utf8), final: final)
    }

    @Test func charactersAndControlKeys() {
        #expect(
            keys("hj+/é東") == [
                .character("h"), .character("j"), .character("+"), .character("/"), .character("é"), .character("東"),
            ])
        #expect(keys("\r\u{7F}\t\u{3}") == [.enter, .backspace, .tab, .interrupt])
    }

    @Test func cursorAndPagingKeysInBothModes() {
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        #expect(keys("\u{1B}OA\u{1B}OD") == [.up, .left])
        #expect(keys("\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[4~") == [.pageUp, .pageDown, .home, .end])
    }

    @Test func aLoneEscapeWaitsForWhatFollows() {
        var parser = ScreenKeyParser()
        #expect(parser.keys([0x1B]).isEmpty)
        #expect(parser.keys([0x5B, 0x43]) == [.right])
        #expect(parser.keys([0x1B]).isEmpty)
        #expect(parser.keys([], final: true) == [.escape])
        // Escape then a key at once: both.
        #expect(parser.keys(Array("\u{1B}q".utf8)) == [.escape, .character("q")])
    }

    @Test func sgrMouseReports() {
        #expect(
            keys("\u{1B}[<64;10;5M\u{1B}[<65;1;1M") == [.wheelUp(column: 9, row: 4), .wheelDown(column: 0, row: 0)])
        #expect(
            keys("\u{1B}[<0;3;4M\u{1B}[<32;5;4M\u{1B}[<0;5;4m")
                == [.press(column: 2, row: 3), .drag(column: 4, row: 3), .release(column: 4, row: 3)])
    }

    @Test func garbageIsSkippedNeverTrapped() {
        #expect(keys("\u{1B}[999;999;999;999z\u{1B}[<1;2M\u{1B}[<7;1;1M\u{1B}[9~").isEmpty)
        var parser = ScreenKeyParser()
        #expect(parser.keys(Array(repeating: 0x1B, count: 3) + [0x5B] + Array(repeating: 0x31, count: 200)).count <= 3)
        // Bytes that are not UTF-8 are dropped; what follows still reads.
        var raw = ScreenKeyParser()
        #expect(raw.keys([0xFF, 0xC3, 0x61], final: true).contains(.character("a")))
    }
}
