/// A CLDR plural category.
public enum PluralCategory: String, Sendable, CaseIterable, Codable {
    case zero, one, two, few, many, other
}

/// The CLDR plural rules (cldr/common/supplemental/plurals.xml, CLDR 46) of SkyLens's languages, for whole numbers:
/// a count SkyLens says is always whole (days, hours, places). `other` is every language's category for fractions.
package enum PluralRule: Sendable {
    /// ja, ko, zh: one form.
    case otherOnly
    /// en, de, nl, tr: one for 1 (`i = 1 and v = 0`; tr `n = 1`).
    case oneOther
    /// es, it: one for 1, many for whole millions (`e = 0 and i != 0 and i % 1000000 = 0 and v = 0`).
    case romance
    /// fr: one for 0 and 1, many for whole millions.
    case french
    /// pt (Brazil): one for 0 and 1 (`i = 0..1`), many for whole millions.
    case portuguese
    /// ru, uk: one (21, 31 …), few (2–4, 22–24 …), many (0, 5–20, 25 …).
    case eastSlavic
    /// pl: one (1), few (2–4, 22–24 …), many (0, 5–21, 25 …).
    case polish
    /// ar: zero, one, two, few (3–10 mod 100), many (11–99 mod 100), other (100–102 …).
    case arabic

    package func category(_ count: Int) -> PluralCategory {
        let n = count.magnitude
        let mod10 = n % 10, mod100 = n % 100
        let isMillions = n != 0 && n % 1_000_000 == 0
        switch self {
        case .otherOnly: return .other
        case .oneOther: return n == 1 ? .one : .other
        case .romance: return n == 1 ? .one : isMillions ? .many : .other
        case .french, .portuguese: return n <= 1 ? .one : isMillions ? .many : .other
        case .eastSlavic:
            if mod10 == 1 && mod100 != 11 { return .one }
            if (2...4).contains(mod10) && !(12...14).contains(mod100) { return .few }
            return .many
        case .polish:
            if n == 1 { return .one }
            if (2...4).contains(mod10) && !(12...14).contains(mod100) { return .few }
            return .many
        case .arabic:
            switch n {
            case 0: return .zero
            case 1: return .one
            case 2: return .two
            default:
                if (3...10).contains(mod100) { return .few }
                if (11...99).contains(mod100) { return .many }
                return .other
            }
        }
    }

    package var categories: [PluralCategory] {
        switch self {
        case .otherOnly: [.other]
        case .oneOther: [.one, .other]
        case .romance, .french, .portuguese: [.one, .many, .other]
        case .eastSlavic, .polish: [.one, .few, .many, .other]
        case .arabic: [.zero, .one, .two, .few, .many, .other]
        }
    }
}
