import Architecture
import CommandShell
import Contracts
import ShellTesting
import Testing

/// The contracts are values the router can hold side by side and tell apart.
@MainActor
struct ContractsTests {
    let toronto = CityReference(id: 6167865, name: "Toronto")

    @Test func eachDestinationIsItsOwnRoute() {
        let destinations = [
            AnyDestination(CityWeather(city: toronto)), AnyDestination(CityPage(city: toronto)),
            AnyDestination(CityMap(city: toronto)),
        ]
        #expect(destinations[0] != destinations[1] && destinations[1] != destinations[2])
        #expect(destinations[1].is(CityPage.self) && !destinations[1].is(CityMap.self))
        #expect([CityWeather.feature, CityPage.feature, CityMap.feature] == ["Weather", "Map", "Map"])
    }

    @Test func theRouterFindsEachByType() {
        // A shell's router (the testing product's): features never make one.
        let router = ShellHarness(plugins: []).shell.router
        router.push(CityPage(city: toronto))
        router.push(CityMap(city: toronto))
        router.push(CityWeather(city: toronto))
        #expect(router.top(as: CityWeather.self)?.city == toronto)
        #expect(router.top(as: CityMap.self) == nil)
        #expect(router.top(as: CityWeather.self)?.title == "Toronto")
        #expect(router.pop(through: CityMap.self))
        #expect(router.top(as: CityPage.self)?.city.id == 6167865)
        #expect(router.top(as: CityPage.self)?.title == "Toronto")
    }

    @Test func weatherForCoordinatesHasNoCity() {
        let here = CityWeather(coordinatesNamed: "19.54, 110.00")
        #expect(here.city == nil)
        #expect(here.title == "19.54, 110.00")
        #expect(AnyDestination(here) != AnyDestination(CityWeather(city: toronto)))
    }
}
