import CitiesService
import Localization
import Testing

/// The countries' names that ship, in each language: common names, neutral where names are disputed.
@Suite struct CountryNamesTests {
    @Test func everyLanguageNamesEveryCountry() {
        for language in Language.all where language != .english {
            let names = CountryNames.builtIn(language)
            #expect(names.count == 249, "\(language.code): \(names.count)")
        }
        #expect(CountryNames.builtIn(.english).count == 0)
    }

    @Test func theNamesArePeoplesNotTheFormalOnes() throws {
        let german = CountryNames.builtIn(try #require(Language.named("de")))
        #expect(german.name("KR") == "Südkorea")
        #expect(german.name("kp") == "Nordkorea")
        #expect(german.name("RU") == "Russland")
        #expect(german.name("IR") == "Iran")
        #expect(german.name("CZ") == "Tschechien")
        #expect(CountryNames.builtIn(try #require(Language.named("fr"))).name("RU") == "Russie")
        #expect(CountryNames.builtIn(try #require(Language.named("ja"))).name("KR") == "韓国")
        #expect(CountryNames.builtIn(try #require(Language.named("pt-BR"))).name("PL") == "Polônia")
        // The formal names are inverted with a comma ("Korea, Republik"); none of these is.
        for language in Language.all where language != .english {
            let names = CountryNames.builtIn(language)
            for code in ["KR", "KP", "RU", "IR", "SY", "LA", "VN", "BO", "VE", "TZ", "MD", "TW", "PS", "FM"] {
                let name = try #require(names.name(code), "\(language.code) \(code)")
                #expect(!name.contains(","), "\(language.code) \(code): \(name)")
            }
        }
    }

    @Test func disputedNamesTakeNoSide() throws {
        let taiwan = [
            "de": "Taiwan", "fr": "Taïwan", "es": "Taiwán", "ja": "台湾", "zh-Hans": "台湾", "ko": "대만",
            "ru": "Тайвань", "ar": "تايوان",
        ]
        for (code, name) in taiwan {
            #expect(CountryNames.builtIn(try #require(Language.named(code))).name("TW") == name, "\(code)")
        }
        for language in Language.all where language != .english {
            let names = CountryNames.builtIn(language)
            // Neither "Province of China" nor "Republic of China"; Palestine without "State of" or "occupied".
            let tw = try #require(names.name("TW"))
            #expect(!tw.contains("(") && tw.count <= 8, "\(language.code): \(tw)")
            let falklands = try #require(names.name("FK"))
            #expect(falklands.contains("(") || falklands.contains("（"), "\(language.code): both names, \(falklands)")
        }
    }

    @Test func aTableIsReadForOneLanguageAndSanitised() throws {
        let tsv = "iso\tlang\tname\nDE\tde\tDeutschland\nDE\tfr\tAllemagne\nXX\tde\tBad\u{1B}[31m\nbad line\n"
        let names = CountryNames(tsv: tsv, language: try #require(Language.named("de")))
        #expect(names.name("DE") == "Deutschland" && names.count == 2)
        #expect(names.name("XX")?.contains("\u{1B}") == false)
    }
}

/// Places' own names in a language (CLDR's names of the time zones' cities, matched to the list's other names).
@Suite struct LocalNamesTests {
    @Test func theLargestCitiesHaveTheirNameInEachLanguage() throws {
        let tokyo = 1_850_147, moscow = 524_901
        #expect(LocalNames.builtIn(try #require(Language.named("ja"))).name(tokyo) == "東京")
        #expect(LocalNames.builtIn(try #require(Language.named("ru"))).name(moscow) == "Москва")
        #expect(LocalNames.builtIn(try #require(Language.named("de"))).name(moscow) == "Moskau")
        #expect(LocalNames.builtIn(try #require(Language.named("ko"))).name(tokyo) == "도쿄")
        #expect(LocalNames.builtIn(.english).count == 0)
        // Every language has some; the scripts of their own most (every exemplar city is written in them).
        for language in Language.all where language != .english {
            #expect(LocalNames.builtIn(language).count >= 40, "\(language.code)")
        }
    }

    @Test func aPlaceIsRenamedOnlyWhereItHasAName() throws {
        let names = LocalNames(
            tsv: "id\tlang\tname\n1850147\tja\t東京\n1\tja\tbad\u{1B}[2J\n", language: try #require(Language.named("ja")))
        var place = Place(
            id: 1_850_147, name: "Tokyo", country: "JP", latitude: 35.69, longitude: 139.69, timeZone: "Asia/Tokyo")
        #expect(place.named(in: names).name == "東京")
        place.id = 2
        #expect(place.named(in: names).name == "Tokyo")
        #expect(names.name(1)?.contains("\u{1B}") == false)
    }
}
