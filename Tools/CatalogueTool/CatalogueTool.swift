import CitiesService
import Foundation

/// Prepares the built-in city catalogue ahead of time, so that the App never decodes, folds or sorts the 209,579
/// names at run time: `make catalogue` runs it on the files in the workspace's `shared/data`.
///
///     CatalogueTool CITIES.json EXTRAS.csv REGIONS.csv ALIASES.tsv OUTPUT.skycat
@main
struct CatalogueTool {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count == 5 else {
            FileHandle.standardError.write(
                Data(
                    "usage: CatalogueTool cities.json cities-extra.csv cities-regions.csv cities-aliases.tsv output.skycat\n"
                        .utf8))
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
        // A fixed date keeps the file byte-identical when the data has not changed.
        let data = CatalogueBuilder.build(
            records, source: "built-in", createdAt: Date(timeIntervalSince1970: 0), otherNames: otherNames)
        try data.write(to: URL(fileURLWithPath: paths[4]))
        let places = CatalogueBuilder.places(records)
        let summary = """
            \(records.count) cities (\(parsed.skipped) entries left out) in \(places.count) places \
            (\(records.count - places.count) rows merged into another's place), \
            \(records.filter { $0.population != nil }.count) with population, \
            \(records.filter { $0.timeZone != nil }.count) with a time zone, \
            \(records.filter { $0.region != nil }.count) with a region, \
            \(otherNames.values.reduce(0) { $0 + $1.count }) other names for \(otherNames.count) ids; \
            \(data.count) bytes in \(String(format: "%.1f", Date().timeIntervalSince(started))) s -> \(paths[4])

            """
        FileHandle.standardError.write(Data(summary.utf8))
        let written = try CityCatalogue(path: paths[4])
        FileHandle.standardError.write(Data("\(written.aliasCount) other names kept\n".utf8))
    }
}
