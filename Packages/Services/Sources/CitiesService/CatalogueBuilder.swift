import CoreKit
import Foundation

/// Why the city catalogue could not be read, built or replaced, in words for the user.
public enum CatalogueError: Error, Equatable, Sendable {
    case unreadable(path: String, reason: String)
    case corrupt(path: String, reason: String)
    /// Written by an older SkyLens in a format this one no longer reads: imported again, quietly.
    case olderFormat(path: String, version: UInt32)
    /// The downloaded list is not the expected JSON.
    case malformed(String)
    /// Too few usable entries (none, or more than 1 % left out).
    case unusable(valid: Int, skipped: Int, firstProblem: String?)
    case download(Sentence)
    /// The download timed out or was rate-limited: worth trying again later.
    case downloadTemporary(Sentence)
    /// More places than a catalogue holds, or a catalogue larger than `CatalogueStore.maximumCatalogueBytes`.
    case tooLarge(String)
    case storage(String)

    /// What kind of failure it is, for the exit status: the list's own fault (malformed, unusable, too large),
    /// the network's (temporary or not), or the data directory's.
    public enum Kind: Sendable, Equatable { case list, temporary, unavailable, storage, other }

    public var kind: Kind {
        switch self {
        case .malformed, .unusable, .tooLarge: .list
        case .downloadTemporary: .temporary
        case .download: .unavailable
        case .storage: .storage
        case .unreadable, .corrupt, .olderFormat: .other
        }
    }

    /// In English (logs, tests).
    public var message: String { sentence.english }

    /// To be said in the user's language (`words(error.sentence)`); a file's or a parser's own reason as it is.
    public var sentence: Sentence {
        switch self {
        case .unreadable(let path, let reason):
            Sentence("The city catalogue at %1$@ cannot be read: %2$@.", .text(path), .text(reason), table: .places)
        case .corrupt(let path, let reason):
            Sentence("The city catalogue at %1$@ is damaged: %2$@.", .text(path), .text(reason), table: .places)
        case .olderFormat(let path, let version):
            Sentence(
                "The city catalogue at %1$@ was written by an older SkyLens (format %2$@).", .text(path),
                .text(String(version)), table: .places)
        case .malformed(let reason):
            Sentence("The city list is not valid JSON of the expected shape: %@.", .text(reason), table: .places)
        case .unusable(let valid, let skipped, let problem?):
            Sentence(
                "The city list has %1$@ usable cities and %2$@ broken entries (first: %3$@).", .number(valid),
                .number(skipped), .text(problem), table: .places)
        case .unusable(let valid, let skipped, nil):
            Sentence(
                "The city list has %1$@ usable cities and %2$@ broken entries.", .number(valid), .number(skipped),
                table: .places)
        case .download(let reason), .downloadTemporary(let reason):
            Sentence("The city list could not be downloaded: %@", .sentence(reason), table: .places)
        case .tooLarge(let reason): Sentence("The city list is too large: %@.", .text(reason), table: .places)
        case .storage(let reason): Sentence("The city catalogue could not be saved: %@.", .text(reason), table: .places)
        }
    }
}

extension Sentence.Table {
    /// CitiesService's words: finding a place, and the city catalogue's failures.
    public static let places = Self(bundle: "Services_CitiesService")
}

/// Turns a list of cities into a catalogue file: folds every name, sorts the rows into search order, and writes the
/// columns and indexes that `CityCatalogue` maps. Used ahead of time for the built-in list (`make catalogue`) and at
/// run time for a list from `SKYLENS_CITIES_URL`.
public enum CatalogueBuilder {
    /// False for a row that is not a town: no letter in its name (`-`), no country (a continent, the Earth), a
    /// country's or a state's formal name (`Republic of Fiji`, `State of Kerala`), or its own country's name with no
    /// population (`Canada, CA`; but `Singapore`, `Luxembourg` with their people are towns).
    public static func isTown(_ city: City, countryName: String?) -> Bool {
        guard !city.country.isEmpty, city.name.contains(where: \.isLetter) else { return false }
        let folded = NameFolding.fold(city.name)
        let formal = [
            "republic of ", "kingdom of ", "state of ", "commonwealth of ", "federal republic of ", "principality of ",
            "grand duchy of ", "sultanate of ", "democratic republic of ", "independent state of ", "union of ",
        ]
        if formal.contains(where: { folded.hasPrefix($0) }) { return false }
        if city.population == nil, let countryName, NameFolding.fold(countryName) == folded { return false }
        // A first-level region listed as a place, with no people of its own (`New York`, NY, the state's row, beside
        // `New York City`; `Washington`, WA): the region, not a town.
        if city.population == nil, let region = city.region, NameFolding.fold(region.name) == folded { return false }
        return true
    }

    /// An airport's IATA code and the place it serves (`airports.csv`): the code finds the place, said with the
    /// airport's name.
    public struct Airport: Sendable, Equatable {
        public var code: String
        public var name: String
        /// The id of the city it serves.
        public var cityID: Int

        public init(code: String, name: String, cityID: Int) {
            self.code = code
            self.name = name
            self.cityID = cityID
        }
    }

    /// Reads `iata,icao,name,city,subd,country,lat,lon,tz,city_id` (the airports file): the airports that serve a
    /// city of the list.
    public static func airports(csv: String) -> [Airport] {
        csv.split(whereSeparator: \.isNewline).dropFirst().compactMap { line in
            let fields = Countries.fields(String(line))
            guard fields.count >= 10, fields[0].count == 3, fields[0].allSatisfy({ $0.isASCII && $0.isLetter }),
                let id = Int(fields[9].trimmingSpaces)
            else { return nil }
            return Airport(
                code: fields[0].uppercased(), name: fields[2].trimmingSpaces, cityID: id)
        }
    }

    /// What kind of other name a text is: a code when it is two to four capital ASCII letters (`NYC`, `YYZ`, `NY`),
    /// else a name.
    static func kind(ofOtherName text: String) -> OtherNameKind {
        PlaceRanking.isCodeLike(text) ? .code : .name
    }

    /// What `addMore` did.
    public struct MoreReport: Sendable, Equatable {
        /// Places added.
        public var added: Int
        /// Places left out: the list has one of the same name and country within 10 km (often at the neighbouring
        /// GeoNames id: `Kashan` 128476 and 128477).
        public var merged: Int
        /// Of those, how many gave the listed place the population it lacked.
        public var populated: Int
    }

    /// Adds the places of `cities-more.csv` (`id,name,country,admin1,lat,lon,population,timezone`: GeoNames places of
    /// 15,000 people or more that the list lacks) to `records`, with the region their admin1 code names (as the
    /// list's own places of that country and code have it). A place the list already has (the same folded name and
    /// country within 10 km) is not added again: merged by name, country and distance, not by id.
    public static func addMore(_ csv: String, to records: inout [City]) -> MoreReport {
        var regions: [String: Region] = [:]
        var byName: [String: [Int]] = [:]
        var listedIDs = Set<Int>()
        for (index, record) in records.enumerated() {
            listedIDs.insert(record.id)
            if let region = record.region, !region.inferred {
                regions["\(record.country)\u{0}\(region.geonamesCode)"] = region
            }
            byName["\(record.country)\u{0}\(NameFolding.fold(record.name))", default: []].append(index)
        }
        var report = MoreReport(added: 0, merged: 0, populated: 0)
        for line in csv.split(whereSeparator: \.isNewline).dropFirst() {
            let fields = Countries.fields(String(line))
            guard fields.count >= 8, let id = Int(fields[0]), !listedIDs.contains(id), fields[2].count == 2,
                let latitude = Double(fields[4]), let longitude = Double(fields[5]),
                (-90...90).contains(latitude), (-180...180).contains(longitude)
            else { continue }
            let name = fields[1].trimmingSpaces
            guard !name.isEmpty else { continue }
            let country = fields[2].uppercased()
            let population = Int(fields[6])
            let key = "\(country)\u{0}\(NameFolding.fold(name))"
            if let listed = byName[key]?.first(where: {
                Geo.distance(
                    latitude1: records[$0].latitude, longitude1: records[$0].longitude, latitude2: latitude,
                    longitude2: longitude) <= 10
            }) {
                report.merged += 1
                if records[listed].population == nil, let population {
                    records[listed].population = population
                    report.populated += 1
                }
                continue
            }
            let zone = fields[7].trimmingSpaces
            records.append(
                City(
                    id: id, name: name, country: country, latitude: latitude, longitude: longitude,
                    population: population, timeZone: zone.isEmpty ? nil : zone,
                    region: regions["\(country)\u{0}\(fields[3])"]))
            byName[key, default: []].append(records.count - 1)
            listedIDs.insert(id)
            report.added += 1
        }
        return report
    }

    /// Reads `id<TAB>alias` lines (the other-names file, with its header) into other names by id.
    public static func otherNames(tsv: String) -> [Int: [String]] {
        var names: [Int: [String]] = [:]
        for line in tsv.split(separator: "\n").dropFirst() {
            guard let tab = line.firstIndex(of: "\t"), let id = Int(line[..<tab]) else { continue }
            names[id, default: []].append(String(line[line.index(after: tab)...]))
        }
        return names
    }

    /// Reads `id,state,population,timezone` (the extras file) into the records with those ids.
    public static func applyExtras(_ csv: String, to records: inout [City]) {
        var positions: [Int: Int] = [:]
        positions.reserveCapacity(records.count)
        for (index, record) in records.enumerated() { positions[record.id] = index }
        for line in csv.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count >= 4, let id = Int(fields[0]), let index = positions[id] else { continue }
            if fields[1].count == 2 { records[index].state = String(fields[1]) }
            if let population = Int(fields[2]) { records[index].population = population }
            let zone = fields[3].trimmingSpacesAndNewlines
            if !zone.isEmpty { records[index].timeZone = zone }
        }
    }

    /// Reads `id,region_code,region_iso,region,region_source,timezone,timezone_source` (the regions file) into the
    /// records with those ids: the first-level region (GeoNames' own, or inferred from the nearest city) and the time
    /// zone (which it has for every city: GeoNames' own, or looked up from time-zone boundaries at the city's
    /// coordinates). Where both files name a zone, this one is kept.
    public static func applyRegions(_ csv: String, to records: inout [City]) {
        var positions: [Int: Int] = [:]
        positions.reserveCapacity(records.count)
        for (index, record) in records.enumerated() { positions[record.id] = index }
        for line in csv.split(separator: "\n").dropFirst() {
            let fields = Countries.fields(String(line))
            guard fields.count >= 6, let id = Int(fields[0]), let index = positions[id] else { continue }
            let zone = fields[5].trimmingSpacesAndNewlines
            if !zone.isEmpty { records[index].timeZone = zone }
            let name = fields[3].trimmingSpaces
            if !name.isEmpty, !fields[1].isEmpty, fields[4] == "geonames" || fields[4] == "nearest" {
                records[index].region = Region(
                    name: name, isoCode: fields[2].isEmpty ? nil : fields[2], geonamesCode: fields[1],
                    inferred: fields[4] == "nearest")
            }
        }
    }

    /// Copies state, population, time zone and region from `catalogue` into records with the same id (for a downloaded list,
    /// which has only names and coordinates).
    public static func applyExtras(from catalogue: CityCatalogue, to records: inout [City]) {
        for index in records.indices {
            guard let position = catalogue.position(ofID: records[index].id) else { continue }
            let known = catalogue.city(at: position)
            records[index].state = known.state
            records[index].population = known.population
            records[index].timeZone = known.timeZone
            records[index].region = known.region
        }
    }

    /// The same for a table: the places of a downloaded list that the built-in catalogue knows get its state,
    /// population, time zone and region.
    static func applyExtras(from catalogue: CityCatalogue, to table: inout PlaceTable) {
        for row in 0..<table.count {
            guard let position = catalogue.position(ofID: Int(table.ids[row])) else { continue }
            table.setExtras(row, from: catalogue.city(at: position))
        }
    }
}
