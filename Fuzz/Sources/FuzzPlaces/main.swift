import CitiesService
import Foundation

// The catalogue of places from damaged files: a small valid catalogue (regions, merged rows, other names) patched
// by the input (5-byte patches: a little-endian offset and a byte; a first byte of 1 also cuts the file short). A file
// that opens must answer searches with qualifiers, the resolution of a name and typo suggestions without trapping,
// and only with rows it has; suggestions are within two edits.
let pristine: Data = {
    let ontario = Region(name: "Ontario", isoCode: "ON", geonamesCode: "08")
    let cities = [
        City(
            id: 1, name: "Toronto", country: "CA", latitude: 43.7, longitude: -79.42, population: 2_794_356,
            region: ontario),
        City(id: 2, name: "Toronto", country: "CA", latitude: 43.701, longitude: -79.421),
        City(
            id: 3, name: "Paris", country: "US", latitude: 33.66, longitude: -95.56, population: 24_782,
            region: Region(name: "Texas", isoCode: "TX", geonamesCode: "TX", inferred: true)),
        City(
            id: 4, name: "Paris", country: "FR", latitude: 48.85, longitude: 2.35, population: 2_138_551,
            region: Region(name: "Ile-de-France", isoCode: "IDF", geonamesCode: "11")),
        City(id: 5, name: "Republic of Fiji", country: "FJ", latitude: -18, longitude: 178),
        City(id: 6, name: "São Paulo", country: "BR", latitude: -23.5, longitude: -46.6, population: 12_400_232),
    ]
    // In memory, with no limit: the build cannot fail, and an empty file would only make the fuzzer find nothing.
    return
        (try? CatalogueBuilder.build(
            cities, source: "fuzz", createdAt: Date(timeIntervalSince1970: 0), countries: Countries(csv: ""),
            otherNames: [1: ["YYZ", "Torontu"], 4: ["Lutetia", "Paname"], 6: ["Sampa"]])) ?? Data()
}()
let path = NSTemporaryDirectory() + "fuzz-places-\(ProcessInfo.processInfo.processIdentifier).skycat"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var file = pristine
    let input = UnsafeBufferPointer(start: data, count: size)
    var index = 0
    if size >= 5, input[0] == 1 {
        let cut = Int(input[1]) | Int(input[2]) << 8 | Int(input[3]) << 16
        file = file.prefix(cut % max(1, file.count))
        index = 4
    }
    while index + 5 <= size, !file.isEmpty {
        let offset =
            Int(input[index]) | Int(input[index + 1]) << 8 | Int(input[index + 2]) << 16
            | Int(input[index + 3]) << 24
        file[file.startIndex + offset % file.count] = input[index + 4]
        index += 5
    }
    guard (try? file.write(to: URL(fileURLWithPath: path))) != nil,
        let catalogue = try? CityCatalogue(path: path)
    else { return 0 }
    for text in ["par", "paris, tx", "Paris, Texas, US", "toronto, on", "yyz", "lute", "Tornto", "", "s", "#2"] {
        let page = catalogue.search(CityQuery(parsing: text), limit: 50)
        precondition(page.positions.allSatisfy { (0..<catalogue.count).contains($0) }, "a row outside the list")
        for position in page.positions { _ = catalogue.city(at: position).listLabel }
        let sorted = catalogue.search(CityQuery(parsing: text, order: .population), limit: 50)
        precondition(sorted.total == page.total, "a sort changed the matches")
        _ = catalogue.resolve(name: text)
        for suggestion in catalogue.suggestions(for: text) {
            precondition(suggestion.distance <= 2, "a suggestion too far")
        }
    }
    for position in 0..<min(catalogue.count, 16) {
        _ = catalogue.nearest(to: position, limit: 3)
        _ = catalogue.position(ofID: catalogue.id(at: position))
    }
    return 0
}
