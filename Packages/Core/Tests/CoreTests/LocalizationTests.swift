import CoreKit
import Foundation
import Synchronization
import Testing

@testable import Localization

@Suite struct PluralRuleTests {
    /// CLDR's own sample integers for each category (cldr/common/supplemental/plurals.xml, CLDR 46).
    static let samples: [String: [PluralCategory: [Int]]] = [
        "en": [.one: [1], .other: [0] + Array(2...16) + [100, 1000, 10000, 100_000, 1_000_000]],
        "de": [.one: [1], .other: [0] + Array(2...16) + [100, 1000, 10000, 100_000, 1_000_000]],
        "tr": [.one: [1], .other: [0] + Array(2...16) + [100, 1000, 10000, 100_000, 1_000_000]],
        "fr": [.one: [0, 1], .many: [1_000_000, 2_000_000], .other: Array(2...17) + [100, 1000, 10000, 100_000]],
        "es": [.one: [1], .many: [1_000_000, 3_000_000], .other: [0] + Array(2...16) + [100, 1000, 10000, 100_000]],
        "it": [.one: [1], .many: [1_000_000], .other: [0] + Array(2...16) + [100, 1000, 10000, 100_000]],
        "pt-BR": [.one: [0, 1], .many: [1_000_000], .other: Array(2...17) + [100, 1000, 10000, 100_000]],
        "ru": [
            .one: [1, 21, 31, 41, 51, 61, 71, 81, 101, 1001],
            .few: Array(2...4) + Array(22...24) + Array(32...34) + Array(42...44) + Array(52...54) + [62, 102, 1002],
            .many: [0] + Array(5...19) + [100, 1000, 10000, 100_000, 1_000_000],
        ],
        "pl": [
            .one: [1],
            .few: Array(2...4) + Array(22...24) + Array(32...34) + Array(42...44) + Array(52...54) + [62, 102, 1002],
            .many: [0] + Array(5...19) + [100, 1000, 10000, 100_000, 1_000_000],
        ],
        "ar": [
            .zero: [0], .one: [1], .two: [2], .few: Array(3...10) + Array(103...110) + [1003],
            .many: Array(11...26) + [111, 1011],
            .other: Array(100...102) + Array(200...202) + Array(300...302) + [600, 1000, 10000, 100_000, 1_000_000],
        ],
        "ja": [.other: Array(0...15) + [100, 1000, 10000]],
        "zh-Hans": [.other: Array(0...15) + [100, 1000, 10000]],
    ]

    @Test(arguments: samples.keys.sorted())
    func categoriesMatchCLDRSamples(code: String) throws {
        let language = try #require(Language.named(code))
        for (category, numbers) in Self.samples[code]! {
            for number in numbers {
                #expect(language.pluralCategory(number) == category, "\(code) \(number)")
            }
            #expect(language.pluralCategories.contains(category))
        }
    }

    @Test func ukrainianIsRussiansRule() throws {
        let uk = try #require(Language.named("uk")), ru = try #require(Language.named("ru"))
        for number in 0...1200 { #expect(uk.pluralCategory(number) == ru.pluralCategory(number)) }
    }
}

@Suite struct LanguageChoiceTests {
    @Test func codesInTheirManyWritings() {
        #expect(Language.named("de_DE.UTF-8")?.code == "de")
        #expect(Language.named("de-AT")?.code == "de")
        #expect(Language.named("DE")?.code == "de")
        #expect(Language.named("fr_CA.utf8@euro")?.code == "fr")
        #expect(Language.named("pt_BR")?.code == "pt-BR")
        #expect(Language.named("pt_PT")?.code == "pt-BR")
        #expect(Language.named("zh_CN.GB18030")?.code == "zh-Hans")
        #expect(Language.named("zh-Hans")?.code == "zh-Hans")
        #expect(Language.named("zh_TW") == nil)
        #expect(Language.named("zh-Hant") == nil)
        #expect(Language.named("sv_SE") == nil)
        #expect(Language.named("") == nil)
        #expect(Language.all.count >= 15)
        #expect(Set(Language.all.map(\.code)).count == Language.all.count)
    }

    @Test func theOrderThatDecides() {
        let everything = [
            "SKYLENS_LANG": "fr", "LC_ALL": "ja_JP.UTF-8", "LC_MESSAGES": "ko_KR.UTF-8", "LANG": "ru_RU.UTF-8",
        ]
        func chosen(_ option: String?, _ environment: [String: String], _ configured: String?) -> String? {
            try? LanguageChoice.resolve(option: option, environment: environment, configured: configured).get().code
        }
        #expect(chosen("de", everything, "it") == "de")
        #expect(chosen(nil, everything, "it") == "fr")
        var environment = everything
        environment["SKYLENS_LANG"] = nil
        #expect(chosen(nil, environment, "it") == "it")
        #expect(chosen(nil, environment, nil) == "ja")
        environment["LC_ALL"] = ""
        #expect(chosen(nil, environment, nil) == "ko")
        environment["LC_MESSAGES"] = nil
        #expect(chosen(nil, environment, nil) == "ru")
        #expect(chosen(nil, ["LC_ALL": "C", "LANG": "de_DE.UTF-8"], nil) == "en")
        #expect(chosen(nil, ["LANG": "POSIX"], nil) == "en")
        #expect(chosen(nil, ["LANG": "C.UTF-8"], nil) == "en")
        #expect(chosen(nil, ["LANG": "sv_SE.UTF-8"], nil) == "en")
        #expect(chosen(nil, [:], nil) == "en")
    }

    @Test func anUnknownCodeGivenOnPurposeIsAnError() {
        let result = LanguageChoice.resolve(option: "xx", environment: ["LANG": "de_DE.UTF-8"], configured: nil)
        #expect(throws: UnknownLanguage(code: "xx", source: "--lang")) { try result.get() }
        let fromEnvironment = LanguageChoice.resolve(
            option: nil, environment: ["SKYLENS_LANG": "klingon"], configured: nil)
        #expect(throws: UnknownLanguage(code: "klingon", source: "SKYLENS_LANG")) { try fromEnvironment.get() }
    }
}

@Suite struct WordsTests {
    static let catalogue = StringCatalog(
        comments: [:],
        entries: [
            "Sunrise": ["de": .text("Sonnenaufgang", translated: true), "fr": .text("Lever", translated: false)],
            "%1$@ in %2$@": ["de": .text("%2$@: %1$@", translated: true)],
            "%lld days old": [
                "en": .plural([.one: "%lld day old", .other: "%lld days old"], translated: true),
                "ru": .plural(
                    [.one: "%lld день", .few: "%lld дня", .many: "%lld дней", .other: "%lld дня"], translated: true),
                "ar": .plural(
                    [
                        .zero: "عمره أقل من يوم", .one: "عمره يوم واحد", .two: "عمره يومان", .few: "عمره %lld أيام",
                        .many: "عمره %lld يومًا", .other: "عمره %lld يوم",
                    ], translated: true),
            ],
        ])

    @Test func translatedPositionalAndFallback() throws {
        let source = StringCatalogSource.fixed(Self.catalogue)
        let german = Words(source, language: try #require(Language.named("de")))
        #expect(german("Sunrise") == "Sonnenaufgang")
        #expect(german("%1$@ in %2$@", "Regen", "Berlin") == "Berlin: Regen")
        #expect(german("Not in the catalogue %@", "x") == "Not in the catalogue x")
        // Marked new (not translated): English, not a draft.
        #expect(Words(source, language: try #require(Language.named("fr")))("Sunrise") == "Sunrise")
        #expect(german.count("%lld days old", 1) == "1 day old")
        let russian = Words(source, language: try #require(Language.named("ru")))
        #expect(
            [1, 2, 5, 21, 22, 11].map { russian.count("%lld days old", $0) } == [
                "1 день", "2 дня", "5 дней", "21 день", "22 дня", "11 дней",
            ])
        let arabic = Words(source, language: try #require(Language.named("ar")))
        #expect(arabic.count("%lld days old", 2) == "عمره يومان")
        #expect(arabic.count("%lld days old", 13) == "عمره 13 يومًا")
        #expect(Words.english().count("%lld days old", 1) == "1 days old")
        #expect(Words(source, language: .english).count("%lld days old", 1) == "1 day old")
    }

    @Test func numbersInTheLanguagesConventions() throws {
        let german = Words(.fixed(Self.catalogue), language: try #require(Language.named("de")))
        #expect(german.number(3.25, digits: 1) == "3,2" || german.number(3.25, digits: 1) == "3,3")
        #expect(german.number(12345) == "12.345")
        let arabic = Words(.fixed(Self.catalogue), language: try #require(Language.named("ar")))
        #expect(arabic.number(12) == "12")
        #expect(Words.format("100%% of %@", ["x"]) == "100% of x")
    }

    @Test func theKeysASourceUsesIncludeItsDeclarationsAndSources() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = #"""
            let a = words("Sunrise")
            let b = words.count("%lld days", n)
            static let city = Argument.words("city", help: "A place", required: true)
            static let declaration = CommandDeclaration(
                "sky", summary: "Sun and Moon",
                discussion: """
                    The sun's events, \
                    and the moon's.
                    """)
            var name: String { "Sky" }
            Attribution("Sun and Moon data", detail: "computed here", licence: "no data used")
            let c = words("Hello \(name)")
            """#
        try source.write(to: folder.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        let keys = StringCatalogCheck.keysUsed(inSourcesAt: folder)
        #expect(
            keys == [
                "Sunrise", "%lld days", "A place", "Sun and Moon", "The sun's events, and the moon's.", "Sky",
                "Sun and Moon data", "computed here", "no data used",
            ], "\(keys.sorted())")
    }

    @Test func extensionsAreNotRegionsAndANamedScriptWins() throws {
        // `-u-hc-h12` is an extension: "hc" is not a region.
        #expect(Language.named("de-u-hc-h12")?.localeIdentifier == "de_DE")
        #expect(Language.named("zh-Hans-TW")?.code == "zh-Hans")
        #expect(Language.named("zh-Hant-CN") == nil && Language.named("zh_TW") == nil)
        #expect(Language.named("en-US-x-private")?.localeIdentifier == "en_US")
    }

    @Test func aCountMaySayItsNumberInWordsOnlyWhereItsFormHoldsOneNumber() throws {
        let de = try #require(Language.named("de")), fr = try #require(Language.named("fr"))
        let ru = try #require(Language.named("ru")), ar = try #require(Language.named("ar"))
        #expect(de.categoryHoldsOneNumber(.one) && !de.categoryHoldsOneNumber(.other))
        // French's and Portuguese's one is 0 and 1; Russian's is 1, 21, 31…
        #expect(!fr.categoryHoldsOneNumber(.one) && !ru.categoryHoldsOneNumber(.one))
        #expect(ar.categoryHoldsOneNumber(.zero) && ar.categoryHoldsOneNumber(.two))
        let catalogue = StringCatalog(
            comments: [:],
            entries: [
                "Next %lld hours": [
                    "en": .plural([.one: "Next %lld hour", .other: "Next %lld hours"], translated: true),
                    "de": .plural([.one: "Nächste Stunde", .other: "Nächste %lld Stunden"], translated: true),
                    "fr": .plural(
                        [.one: "Prochaine heure", .many: "%lld prochaines heures", .other: "%lld prochaines heures"],
                        translated: true),
                ]
            ])
        let problems = StringCatalogCheck.problems(catalogue, languages: [de, fr])
        #expect(
            problems.count == 1 && problems.first?.hasPrefix("[fr] \"Next %lld hours\" (one)") == true, "\(problems)")
    }

    @Test func theCheckFindsWhatATranslatorMissed() throws {
        let broken = StringCatalog(
            comments: [:],
            entries: [
                "%@ lit": ["de": .text("beleuchtet", translated: true)],
                "%lld days": [
                    "en": .plural([.one: "%lld day", .other: "%lld days"], translated: true),
                    "ru": .plural([.one: "%lld день", .other: "%lld дня"], translated: true),
                ],
            ])
        let languages = try ["de", "ru"].map { try #require(Language.named($0)) }
        let problems = StringCatalogCheck.problems(broken, languages: languages)
        #expect(problems.contains { $0.contains("[de] \"%@ lit\": placeholders") })
        #expect(problems.contains { $0.contains("[ru] \"%@ lit\": no translation") })
        #expect(problems.contains { $0.contains("[ru] \"%lld days\": plural forms") })
        #expect(problems.contains { $0.contains("[de] \"%lld days\": no translation") })
        #expect(
            StringCatalogCheck.problems(Self.catalogue, languages: [try #require(Language.named("de"))]) == [
                "[de] \"%lld days old\": no translation"
            ])
    }

    @Test func xcstringsRoundTrip() throws {
        let data = Self.catalogue.xcstrings()
        let read = try StringCatalog(xcstrings: data)
        #expect(read.entries == Self.catalogue.entries)
        #expect(throws: StringCatalogError.self) { try StringCatalog(xcstrings: Data("{}".utf8)) }
    }
}

@Suite struct BidiMarkTests {
    @Test func arabicNumbersAndDatesCarryNoInvisibleMarks() throws {
        let arabic = Words(
            .fixed(StringCatalog(comments: [:], entries: [:])), language: try #require(Language.named("ar")))
        let minus = arabic.number(-1)
        #expect(minus.unicodeScalars.allSatisfy { !Words.bidiMarks.contains($0.value) })
        #expect(minus.hasSuffix("1") && minus.contains("-"))
        let zone = try #require(TimeZone(identifier: "Asia/Riyadh"))
        let date = Date(timeIntervalSince1970: 1_798_000_000)
        for text in [
            arabic.longDate(date, zone), arabic.shortDate(date, zone), arabic.time(date, zone, hours24: false),
        ] {
            #expect(text.unicodeScalars.allSatisfy { !Words.bidiMarks.contains($0.value) }, "\(text)")
        }
    }
}

@Suite struct CatalogueReaderTests {
    static let text = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Say \"hi\"\n" : {
              "comment" : "A greeting: \\ and \/ and \u00e9 and \ud83c\udf19.",
              "extractionState" : "manual",
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Sag \"hallo\"\n" } },
                "ja" : { "stringUnit" : { "state" : "new", "value" : "こんにちは \ud83c\udf19" } },
                "fr" : { "stringUnit" : { "state" : "new", "value" : "back\\slash \\\"quoted\\\" end\\" } }
              }
            },
            "%lld days" : {
              "localizations" : {
                "en" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld day" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld days" } } } } },
                "ru" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld день" } },
                  "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld дня" } },
                  "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld дней" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld дня" } } } } }
              }
            },
            "Empty" : { }
          },
          "version" : "1.0",
          "x-extra" : [1, 2.5e3, true, null, {"a": []}]
        }
        """#

    @Test func everyLanguageWithItsEscapesAndPlurals() throws {
        let catalogue = try StringCatalog(xcstrings: Data(Self.text.utf8))
        #expect(catalogue.entries["Say \"hi\"\n"]?["de"] == .text("Sag \"hallo\"\n", translated: true))
        #expect(catalogue.entries["Say \"hi\"\n"]?["ja"] == .text("こんにちは 🌙", translated: false))
        // Backslashes before a quote, escaped and not: what skipping another language's text must count.
        #expect(catalogue.entries["Say \"hi\"\n"]?["fr"] == .text(#"back\slash \"quoted\" end\"#, translated: false))
        #expect(catalogue.comments["Say \"hi\"\n"] == "A greeting: \\ and / and é and 🌙.")
        #expect(catalogue.entries["%lld days"]?["ru"]?.isTranslated == true)
        #expect(catalogue.entries["Empty"] == [:])
        // What JSONSerialization writes, this reads back.
        #expect(try StringCatalog(xcstrings: catalogue.xcstrings()).entries == catalogue.entries)
    }

    @Test func onlyTheLanguagesAskedFor() throws {
        let catalogue = try StringCatalog(xcstrings: Data(Self.text.utf8), languages: ["ru", "en"])
        #expect(catalogue.entries["Say \"hi\"\n"] == [:])
        #expect(catalogue.entries["%lld days"]?.keys.sorted() == ["en", "ru"])
        #expect(catalogue.comments.isEmpty)
        let russian = Words(.fixed(catalogue), language: try #require(Language.named("ru")))
        #expect(russian.count("%lld days", 3) == "3 дня")
    }

    @Test func anythingElseIsRefusedNeverACrash() {
        let bytes = Array(Self.text.utf8)
        // Every cut of the text is refused (the whole of it aside).
        for end in stride(from: 0, to: bytes.count - 1, by: 7) {
            #expect(throws: StringCatalogError.self) { try StringCatalog(xcstrings: Data(bytes[..<end])) }
        }
        // Surrogates paired wrongly: a stand-in character, never a trap.
        for escape in [#"\ud800\u0041"#, #"\ud83d\ud83d"#, #"\udc00"#, #"\ud83d"#] {
            let text =
                #"{"strings": {"k": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "x"#
                + escape + #""}}}}}}"#
            let catalogue = try? StringCatalog(xcstrings: Data(text.utf8))
            #expect(catalogue?.entries["k"]?["de"] != nil, "\(escape)")
        }
        for bad in [
            "{}", "[]", #"{"strings": {"k": {"localizations": {"de": {}}}}}"#, #"{"strings": 3}"#,
            "{\"strings\": {}} x",
        ] {
            #expect(throws: StringCatalogError.self, "\(bad)") { try StringCatalog(xcstrings: Data(bad.utf8)) }
        }
    }
}

/// Issue 30: English's plural forms are found by the key's name in the catalogue's bytes, not by reading it whole;
/// what is found must be what the whole read finds, and anything else falls back to it.
@Suite struct OneKeyLookupTests {
    /// Keys named like the names inside entries, a key that is also a value and a comment's words, escapes.
    static let tricky = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "comment" : { "comment" : "\"%lld items\" : {", "localizations" : {
              "en" : { "stringUnit" : { "state" : "new", "value" : "one" } } } },
            "one" : { "localizations" : { "en" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld one" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld ones" } } } } } } },
            "value" : { "localizations" : {
              "de" : { "stringUnit" : { "state" : "translated", "value" : "%lld items" } } } },
            "%lld items" : { "localizations" : { "en" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld item" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld items" } } } } } } },
            "Say \"%lld\"\n\ttab" : { "localizations" : { "en" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "new", "value" : "one \"%lld\"" } },
              "other" : { "stringUnit" : { "state" : "new", "value" : "many \"%lld\"" } } } } } } },
            "No English" : { "localizations" : {
              "de" : { "stringUnit" : { "state" : "translated", "value" : "Kein Englisch" } } } },
            "Empty" : { }
          },
          "version" : "1.0"
        }
        """#

    static func sameAsWhole(_ text: String, sourceLine: SourceLocation = #_sourceLocation) throws {
        let data = Data(text.utf8)
        let whole = try StringCatalog(xcstrings: data)
        for (key, entry) in whole.entries {
            let found = CatalogueReader.entry(of: key, in: data, languages: ["en"])
            let english = entry.filter { $0.key == "en" }
            // An entry without `localizations` ("Empty": {}) is not told from a nested object: read whole.
            if entry.isEmpty, found == nil { continue }
            #expect(found == english, "\(key)", sourceLocation: sourceLine)
        }
    }

    @Test func theEntryFoundByItsNameIsTheWholeReadsForEveryKey() throws {
        try Self.sameAsWhole(Self.tricky)
        try Self.sameAsWhole(CatalogueReaderTests.text)
        // This package's catalogue, as built, and every package's beside it in the repository (the App's words).
        let url = try #require(ResourceLocator.url(bundle: "Core_CoreKit", file: "Localizable.xcstrings"))
        try Self.sameAsWhole(String(decoding: try Data(contentsOf: url), as: UTF8.self))
        let packages = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let files = try FileManager.default.contentsOfDirectory(atPath: packages.path).flatMap { package in
            let sources = "\(package)/Sources"
            return
                (FileManager.default.enumerator(atPath: packages.appendingPathComponent(sources).path)?
                .compactMap { $0 as? String } ?? [])
                .filter { $0.hasSuffix("Localizable.xcstrings") }.map { "\(sources)/\($0)" }
        }
        #expect(files.count >= 10, "\(packages.path)")
        for file in files {
            let text = String(decoding: try Data(contentsOf: packages.appendingPathComponent(file)), as: UTF8.self)
            try Self.sameAsWhole(text)
        }
    }

    @Test func aNameNotFoundSoIsLeftToTheWholeRead() {
        let data = Data(Self.tricky.utf8)
        // Not a member name anywhere (only inside a comment, and as a value).
        #expect(CatalogueReader.entry(of: "%lld things", in: data, languages: ["en"]) == nil)
        #expect(CatalogueReader.entry(of: "", in: data, languages: ["en"]) == nil)
        // Damaged after the name: the whole read says what is wrong.
        let cut = Data(Self.tricky.utf8.prefix(Self.tricky.utf8.count / 2))
        #expect(CatalogueReader.entry(of: "%lld items", in: cut, languages: ["en"]) == nil)
    }

    @Test func wordsCountsInEnglishFromTheOneEntryAndInOtherLanguagesFromTheWhole() throws {
        let data = Data(Self.tricky.utf8)
        let reads = Mutex(0)
        let source = StringCatalogSource(
            load: { languages in
                reads.withLock { $0 += 1 }
                return try StringCatalog(xcstrings: data, languages: languages)
            }, bytes: { data })
        let english = Words(source, language: .english)
        #expect(english.count("%lld items", 1) == "1 item")
        #expect(english.count("%lld items", 2) == "2 items")
        #expect(english.count("one", 1) == "1 one")
        #expect(english.count("Say \"%lld\"\n\ttab", 3) == "many \"3\"")
        #expect(english.count("No English %lld", 2) == "No English 2")
        #expect(reads.withLock { $0 } == 1, "a key not found so is read whole, once")
        #expect(english.count("%lld items", 1) == "1 item")
        let german = Words(source, language: try #require(Language.named("de")))
        #expect(german("No English") == "Kein Englisch")
    }
}

/// English's numbers are written without ICU (issue 30: a one-shot command's start); they must be ICU's text.
@Suite struct EnglishNumbersTests {
    let english = Words.english()
    static func icu(_ value: Int) -> String { value.formatted(.number.locale(Language.english.locale)) }
    static func icu(_ value: Double, _ digits: Int) -> String {
        value.formatted(.number.precision(.fractionLength(digits)).locale(Language.english.locale))
    }

    /// The decimal sign each language's words give is its locale's (English's without asking ICU).
    @Test func decimalSignAsTheLocaleHasIt() {
        for language in Language.all {
            let words = english.in(language)
            #expect(words.decimalSign == (language.locale.decimalSeparator ?? "."), "\(language.code)")
        }
        #expect(english.decimalSign == english.number(1.5, digits: 1).dropFirst().prefix(1).description)
    }

    @Test func wholeNumbersAsICUWritesThem() {
        var generator = SystemRandomNumberGenerator()
        var values = [0, 1, -1, 9, 10, 99, 100, 999, 1_000, -1_000, 12_345, 999_999, 1_000_000, Int.max, Int.min + 1]
        values += (0..<5_000).map { _ in Int.random(in: -10_000_000_000...10_000_000_000, using: &generator) }
        values += (0..<1_000).map { _ in Int.random(in: -2_000...2_000, using: &generator) }
        for value in values { #expect(english.number(value) == Self.icu(value), "\(value)") }
    }

    @Test func decimalsAsICUWritesThem() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [
            0, -0.0, 0.05, -0.05, 0.125, 0.375, 2.5, 3.25, -3.25, 1_234.5, 999.95, -0.04, 1e12 + 0.5,
        ]
        values += (0..<3_000).map { _ in Double.random(in: -100_000...100_000, using: &generator) }
        values += (0..<2_000).map { _ in Double(Int.random(in: -4_000...4_000, using: &generator)) / 8 }
        for value in values {
            for digits in 0...3 {
                #expect(english.number(value, digits: digits) == Self.icu(value, digits), "\(value) \(digits)")
            }
        }
    }

    @Test func paddedNumbersAsICUWritesThem() {
        for value in [0, 1, 7, 9, 10, 59, 99, 100, 1_234, 12_345, -1, -7, -12, -1_234, Int.max, Int.min + 1] {
            for minimum in 0...6 {
                let icu = value.formatted(
                    .number.precision(.integerLength(minimum...)).grouping(.never).locale(Language.english.locale))
                #expect(english.number(value, minimumDigits: minimum) == icu, "\(value) \(minimum)")
            }
        }
    }
}

/// English's clock is written without ICU (issue 30: a one-shot `sky`'s start); it must be ICU's text, in every
/// zone, across days, years and changes of offset.
@Suite struct EnglishDatesTests {
    @Test func timesAsICUWritesThem() throws {
        let english = Words.english()
        var generator = SystemRandomNumberGenerator()
        let zones =
            try [
                "UTC", "Europe/London", "America/Toronto", "Asia/Kolkata", "Asia/Kathmandu", "Australia/Lord_Howe",
                "Pacific/Chatham", "America/St_Johns", "Pacific/Kiritimati", "America/Adak",
            ].map { try #require(TimeZone(identifier: $0)) } + [
                try #require(TimeZone(secondsFromGMT: -(9 * 3600 + 1800)))
            ]
        var dates = (0..<600).map { _ in Date(timeIntervalSince1970: .random(in: -1e9...4e9, using: &generator)) }
        // On and around the minute, and the night a clock changes (London, 2026-03-29 and 2026-10-25).
        // And outside the years 1–9999, where Foundation's calendar answers.
        dates += [-7e10, -62_135_596_801, 253_402_300_800, 3e11].map { Date(timeIntervalSince1970: $0) }
        dates += [0, 29.9, 30, 59.9, 60, 1_774_746_000, 1_774_749_599, 1_792_890_000, 1_792_893_600].map {
            Date(timeIntervalSince1970: $0)
        }
        for zone in zones {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let style = Date.FormatStyle(locale: Language.english.locale, calendar: calendar, timeZone: zone)
            for date in dates {
                let rounded = Date(timeIntervalSince1970: ((date.timeIntervalSince1970 + 30) / 60).rounded(.down) * 60)
                let icu = Words.withoutBidiMarks(rounded.formatted(style.hour().minute()))
                #expect(english.time(date, zone) == icu, "\(date) \(zone.identifier)")
            }
        }
    }

    /// From review: English of another region (`LANG=en_US.UTF-8`) is written by ICU, as before: `7:26 AM`, en_IN's
    /// grouping; only en_GB's, SkyLens's own English, by hand.
    @Test func englishOfAnotherRegionIsICUs() throws {
        for name in ["en_US.UTF-8", "en_IN", "en_CA"] {
            let language = try #require(Language.named(name))
            #expect(language == .english && language.localeIdentifier != Language.english.localeIdentifier)
            let words = Words.english().in(language)
            let zone = try #require(TimeZone(identifier: "America/Toronto"))
            var calendar = Calendar(identifier: .gregorian)
            calendar.locale = language.locale
            calendar.timeZone = zone
            let style = Date.FormatStyle(locale: language.locale, calendar: calendar, timeZone: zone)
            let date = Date(timeIntervalSince1970: 1_795_352_760)  // 07:26 in Toronto
            #expect(words.time(date, zone) == Words.withoutBidiMarks(date.formatted(style.hour().minute())), "\(name)")
            #expect(
                words.longDate(date, zone)
                    == Words.withoutBidiMarks(date.formatted(style.weekday(.wide).day().month(.wide).year())), "\(name)"
            )
            #expect(words.number(1_234_567) == 1_234_567.formatted(.number.locale(language.locale)), "\(name)")
        }
        let american = Words.english().in(try #require(Language.named("en_US")))
        #expect(
            american.time(
                Date(timeIntervalSince1970: 1_795_352_760), try #require(TimeZone(identifier: "America/Toronto"))
            ).contains("AM"))
        #expect(Words.english().in(try #require(Language.named("en_IN"))).number(1_234_567) == "12,34,567")
    }

    @Test func datesAsThePatternGeneratorMakesThem() throws {
        let english = Words.english()
        var generator = SystemRandomNumberGenerator()
        // Offsets of every kind (half and quarter hours, a half-hour summer time, clocks that change at midnight),
        // as the date at the zone is written as the same date at Greenwich.
        let zones = try [
            "UTC", "America/Toronto", "Asia/Tokyo", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/London",
            "Asia/Kathmandu", "America/St_Johns", "Australia/Lord_Howe", "America/Santiago", "Asia/Beirut",
        ].map { try #require(TimeZone(identifier: $0)) }
        // Every month and weekday, years of one to five digits, and the edges of a day.
        var dates = (0..<400).map { _ in Date(timeIntervalSince1970: .random(in: -6e10...2e11, using: &generator)) }
        dates += (0..<366).map { Date(timeIntervalSince1970: 1_767_225_600 + Double($0) * 86_400 - 1) }
        // Either side of the Gregorian calendar's start (15 October 1582), which Foundation's follows, and of 10000.
        dates += [-12_219_292_800, -12_219_292_801, -12_219_379_200, -12_219_206_400, 253_402_300_799, 253_402_300_800]
            .map { Date(timeIntervalSince1970: $0) }
        for zone in zones {
            var calendar = Calendar(identifier: .gregorian)
            calendar.locale = Language.english.locale
            calendar.timeZone = zone
            let style = Date.FormatStyle(locale: Language.english.locale, calendar: calendar, timeZone: zone)
            for date in dates {
                let long = Words.withoutBidiMarks(date.formatted(style.weekday(.wide).day().month(.wide).year()))
                let short = Words.withoutBidiMarks(
                    date.formatted(style.weekday(.abbreviated).day().month(.abbreviated)))
                let title = Words.withoutBidiMarks(date.formatted(style.month(.wide).year()))
                #expect(english.longDate(date, zone) == long, "\(date) \(zone.identifier)")
                #expect(english.shortDate(date, zone) == short, "\(date) \(zone.identifier)")
                #expect(english.monthAndYear(date, zone) == title, "\(date) \(zone.identifier)")
            }
        }
    }
}
