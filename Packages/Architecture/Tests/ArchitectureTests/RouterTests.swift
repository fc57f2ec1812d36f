import Architecture
import CommandShell
import CoreKit
import Testing

/// Destinations of a test's own: a page with a title and a plain list.
struct Page: Destination {
    static let feature = "Pages"
    var id: Int
    var name: String
    var title: String? { name }
}

struct List: Destination {
    static let feature = "Lists"
}

struct Other: Destination {
    static let feature = "Weather"
    var id: Int
}

@MainActor @Suite struct RouterTests {
    @Test func pushPopReplaceAndPopToRoot() {
        let router = Router()
        #expect(router.isAtRoot && router.top == nil)
        router.push(Page(id: 1, name: "Toronto"))
        router.push(Other(id: 1))
        #expect(router.top?.route == Route(Other.self))
        #expect(router.top(as: Other.self)?.id == 1)
        #expect(router.top(as: Page.self) == nil)
        router.replace(with: List())
        #expect(router.stack.map(\.route) == [Route(Page.self), Route(List.self)])
        #expect(router.pop()?.is(List.self) == true)
        #expect(router.stack.map(\.description) == ["Page(Toronto)"])
        router.popToRoot()
        #expect(router.isAtRoot)
        #expect(router.pop() == nil)
    }

    @Test func popThroughAType() {
        let router = Router()
        router.push(List())
        router.push(Page(id: 1, name: "A"))
        router.push(Other(id: 2))
        #expect(router.contains(Page.self))
        #expect(router.pop(through: Page.self))
        #expect(router.stack.map(\.route) == [Route(List.self)])
        #expect(!router.pop(through: Other.self))
    }

    @Test func destinationsAreComparedByTypeAndValue() {
        #expect(AnyDestination(Page(id: 1, name: "A")) == AnyDestination(Page(id: 1, name: "A")))
        #expect(AnyDestination(Page(id: 1, name: "A")) != AnyDestination(Page(id: 2, name: "A")))
        #expect(AnyDestination(AnyDestination(List())) == AnyDestination(List()))
        #expect(Route(Other.self).feature == "Weather" && Route(Other.self) != Route(Page.self))
    }
}

@Suite struct TokenizerTests {
    @Test func splitsLikeAShell() throws {
        #expect(
            try CommandLineTokenizer.split("search  \"New York\"  --limit 5") == ["search", "New York", "--limit", "5"])
        #expect(try CommandLineTokenizer.split("say 'it''s'") == ["say", "its"])
        #expect(try CommandLineTokenizer.split(#"say "it's" it\'s"#) == ["say", "it's", "it's"])
        #expect(try CommandLineTokenizer.split(#"x "a \"quoted\" \\ word""#) == ["x", #"a "quoted" \ word"#])
        #expect(try CommandLineTokenizer.split("x ''") == ["x", ""])
        #expect(try CommandLineTokenizer.split("   ") == [])
    }

    @Test func unbalancedQuotesAreErrors() {
        #expect(throws: CommandLineTokenizer.Failure.unterminatedQuote("\"")) {
            try CommandLineTokenizer.split("search \"New York")
        }
        #expect(throws: CommandLineTokenizer.Failure.unterminatedQuote("'")) { try CommandLineTokenizer.split("x 'a") }
        #expect(throws: CommandLineTokenizer.Failure.trailingBackslash) { try CommandLineTokenizer.split("x \\") }
    }

    @Test func quoteRoundTrips() throws {
        for word in ["plain", "New York", "it's", "", "a\"b", "back\\slash"] {
            #expect(try CommandLineTokenizer.split(CommandLineTokenizer.quote(word)) == [word])
        }
    }

    @Test func suggestionsFindNearNames() {
        #expect(Suggestions.nearest(to: "serch", among: ["search", "send", "help"]).first == "search")
        #expect(Suggestions.nearest(to: "hlep", among: ["help", "home"]) == ["help"])
        #expect(Suggestions.nearest(to: "zzzzzz", among: ["help", "home"]).isEmpty)
        #expect(Suggestions.editDistance("kitten", "sitting") == 3)
    }
}

@Suite struct ArgumentParsingTests {
    static let name = Argument.option("name", value: "TEXT", help: "Your name").required
    static let phone = Argument.option("phone", value: "NUMBER", help: "A phone number")
    static let dryRun = Argument.flag("dry-run", help: "Check only")
    let send = CommandDeclaration("contact send", arguments: [name, phone, dryRun], summary: "Send")

    @Test func parsesOptionsFlagsAndInlineValues() throws {
        let parsed = try send.parse(["--name", "Ann Lee", "--phone=+1 555", "--dry-run"])
        #expect(parsed[Self.name] == "Ann Lee" && parsed[Self.phone] == "+1 555" && parsed[Self.dryRun])
    }

    @Test func reportsMissingUnknownAndValuelessOptions() {
        #expect(throws: CommandError.self) { try send.parse([]) }
        do { _ = try send.parse(["--nmae", "Ann"]) } catch {
            #expect(error.kind == .usage && error.message.contains("Did you mean --name?"))
        }
        do { _ = try send.parse(["--name"]) } catch { #expect(error.message.hasPrefix("--name needs a value")) }
        do { _ = try send.parse(["--name", "A", "extra"]) } catch {
            #expect(error.message.hasPrefix("Unexpected argument 'extra'"))
        }
    }

    @Test func wholeNumbersAreCheckedOnceWhenTheLineIsParsed() throws {
        let zoom = Argument.integer("zoom", in: 0...12, help: "z")
        let map = CommandDeclaration(
            "map", arguments: [Argument.remainder("city", help: "x"), zoom], summary: "Map")
        #expect(try map.parse(["Toronto", "--zoom", "7"])[zoom] == 7)
        #expect(try map.parse(["--zoom=0"])[zoom] == 0)
        #expect(try map.parse(["Toronto"])[zoom] == nil)
        for bad in ["13", "-1", "seven", "7.5", ""] {
            do {
                _ = try map.parse(["--zoom", bad])
                Issue.record("--zoom \(bad) was taken")
            } catch {
                #expect(error.kind == .usage)
                #expect(error.message == "--zoom must be a whole number from 0 to 12, not '\(bad)'.")
            }
        }
    }

    @Test func remainderTakesFreeTextAndStillSeesOptions() throws {
        let query = Argument.remainder("query", help: "Name"), words = Argument.words("query", help: "Name")
        let limit = Argument.option("limit", help: "Rows")
        let search = CommandDeclaration("search", arguments: [query, limit], summary: "Search")
        let parsed = try search.parse(["New", "York", "--limit", "5"])
        #expect(parsed[query] == "New York" && parsed[limit] == "5" && parsed[words] == ["New", "York"])
        #expect(try search.parse(["--", "--odd"])[query] == "--odd")
    }
}

@Suite struct CompletionTests {
    let model = CompletionModel(commands: [
        CommandDeclaration(
            "help", arguments: [Argument.words("command", help: "x", completion: .commandNames)], summary: ""),
        CommandDeclaration("contact", summary: ""),
        CommandDeclaration(
            "contact send",
            arguments: [
                Argument.option("name", help: ""), Argument.option("email", help: ""),
                Argument.flag("dry-run", help: ""),
            ], summary: ""),
        CommandDeclaration("contact outbox", summary: ""),
        CommandDeclaration(
            "edit",
            arguments: [Argument.positional("field", help: "", completion: .values(["name", "email", "message"]))],
            summary: ""),
    ])

    @Test func completesCommandsSubcommandsOptionsAndValues() {
        #expect(model.complete("con").candidates == ["contact"])
        #expect(model.complete("contact ").candidates == ["outbox", "send"])
        #expect(model.complete("contact s").candidates == ["send"])
        #expect(model.complete("contact send --").candidates == ["--dry-run", "--email", "--name"])
        #expect(model.complete("contact send --name Ann --").candidates == ["--dry-run", "--email"])
        #expect(model.complete("edit e").candidates == ["email"])
        #expect(model.complete("help contact o").candidates == ["outbox"])
        #expect(CompletionModel.commonPrefix(["search", "send"]) == "se")
    }

    @Test func aValueOfSeveralWordsIsCompletedWithTheWordsBefore() {
        let model = CompletionModel(commands: [
            CommandDeclaration(
                "weather",
                arguments: [
                    Argument.remainder(
                        "place", help: "",
                        completion: .words { before, prefix in
                            ["\(before.joined(separator: "+"))|\(prefix)"]
                        }),
                    Argument.flag("refresh", help: ""), Argument.option("units", help: ""),
                ], summary: ""),
            CommandDeclaration(
                "open",
                arguments: [
                    Argument.positional("row", help: ""),
                    Argument.remainder(
                        "name", help: "",
                        completion: .words { b, p in
                            ["\(b.count):\(p)"]
                        }),
                ], summary: ""),
        ])
        #expect(model.complete("weather sa").candidates == ["|sa"])
        #expect(model.complete("weather sao pa").candidates == ["sao|pa"])
        #expect(model.complete("weather --refresh new yo").candidates == ["new|yo"])
        #expect(model.complete("weather --units c rio de j").candidates == ["rio+de|j"])
        #expect(model.complete("weather 'sao' ").candidates == ["sao|"])
        #expect(model.complete("open 3 la pa").candidates == ["1:pa"])
    }

    @Test func wordsOfNamesKeepTheirProvidersOrder() {
        // The most populous places' words first, as the city list gives them; not sorted.
        let model = CompletionModel(
            commands: [
                CommandDeclaration(
                    "search", arguments: [Argument.remainder("prefix", help: "", completion: .placeNames)],
                    summary: "")
            ], placeNames: { _, _ in ["Toronto", "Toro", "Toronto", "…and 3 more"] })
        #expect(model.complete("search toro").candidates == ["Toronto", "Toro", "…and 3 more"])
    }
}

@Suite struct TokenizerRegressionTests {
    /// Found by FuzzCommandLine: a quote followed by a combining mark is one Character but still a quote.
    @Test func aQuoteBeforeACombiningMarkStillQuotes() throws {
        for word in ["'\u{301}", "a'\u{301}b c", "i\u{FFFD}'\u{0603} &a it", "\u{0}\u{0}~\t'&l"] {
            #expect(try CommandLineTokenizer.split(CommandLineTokenizer.quote(word)) == [word])
        }
        #expect(try CommandLineTokenizer.split("say '\u{301}x'") == ["say", "\u{301}x"])
    }
}
