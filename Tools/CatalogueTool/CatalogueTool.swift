import CitiesService
import Foundation

/// Prepares the built-in city catalogue and the time-zone grid ahead of time, so that the App never decodes, folds or
/// sorts the 218,000 names at run time: `make catalogue` runs it on the files in the workspace's `shared/data`.
///
///     CatalogueTool CITIES.json EXTRAS.csv REGIONS.csv ALIASES.tsv MORE.csv AIRPORTS.csv TZGRID.txt \
///         OUTPUT.skycat OUTPUT.skytz
@main
struct CatalogueTool {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count == 9 else {
            FileHandle.standardError.write(
                Data(
                    """
                    usage: CatalogueTool cities.json cities-extra.csv cities-regions.csv cities-aliases.tsv \
                    cities-more.csv airports.csv tz-grid.txt output.skycat output.skytz

                    """.utf8))
            exit(64)
        }
        let paths = Array(arguments)
        let started = Date()
        let json = try Data(contentsOf: URL(fileURLWithPath: paths[0]))
        let parsed = try CityListParser.parse(json)
        var records = parsed.cities
        let extras = try String(contentsOfFile: paths[1], encoding: .utf8)
        CatalogueBuilder.applyExtras(extras, to: &records)
        CatalogueBuilder.applyRegions(try String(contentsOfFile: paths[2], encoding: .utf8), to: &records)
        let otherNames = CatalogueBuilder.otherNames(tsv: try String(contentsOfFile: paths[3], encoding: .utf8))
        let listed = records.count
        let more = CatalogueBuilder.addMore(try String(contentsOfFile: paths[4], encoding: .utf8), to: &records)
        let airports = CatalogueBuilder.airports(csv: try String(contentsOfFile: paths[5], encoding: .utf8))
        // A fixed date keeps the file byte-identical when the data has not changed.
        let data = try CatalogueBuilder.build(
            records, source: "built-in", createdAt: Date(timeIntervalSince1970: 0), otherNames: otherNames,
            airports: airports)
        try data.write(to: URL(fileURLWithPath: paths[7]))
        let places = CatalogueBuilder.places(records)
        let summary = """
            \(listed) cities (\(parsed.skipped) entries left out) and \(more.added) more places \
            (\(more.merged) of the more already listed within 10 km, \(more.populated) of those gave it its \
            population), \(records.count) in \(places.count) places \
            (\(records.count - places.count) rows merged into another's place), \
            \(records.filter { $0.population != nil }.count) with population, \
            \(records.filter { $0.timeZone != nil }.count) with a time zone, \
            \(records.filter { $0.region != nil }.count) with a region, \
            \(otherNames.values.reduce(0) { $0 + $1.count }) other names for \(otherNames.count) ids, \
            \(airports.count) airports with the city they serve; \
            \(data.count) bytes in \(String(format: "%.1f", Date().timeIntervalSince(started))) s -> \(paths[7])

            """
        FileHandle.standardError.write(Data(summary.utf8))
        let written = try CityCatalogue(path: paths[7])
        FileHandle.standardError.write(
            Data(
                "\(written.aliasCount) other names kept, \(written.nearestIndexCount) towns in the nearest-place tree\n"
                    .utf8))
        guard let grid = TimeZoneGrid.file(fromText: try String(contentsOfFile: paths[6], encoding: .utf8)),
            TimeZoneGrid(data: grid) != nil
        else {
            FileHandle.standardError.write(Data("\(paths[6]) is not a time-zone grid\n".utf8))
            exit(65)
        }
        try grid.write(to: URL(fileURLWithPath: paths[8]))
        FileHandle.standardError.write(Data("time-zone grid: \(grid.count) bytes -> \(paths[8])\n".utf8))
    }
}
