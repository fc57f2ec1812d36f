import Architecture
import Contracts
import Testing

/// The contracts are values the router can hold side by side and tell apart.
@MainActor
struct ContractsTests {
    let toronto = CityReference(id: 6167865, name: "Toronto")

    @Test func eachDestinationIsItsOwnRoute() {
        let routes = [Route(CityWeather.self), Route(CityPage.self), Route(CityMap.self)]
        #expect(Set(routes).count == 3)
        #expect(routes.map(\.feature) == ["Weather", "Map", "Map"])
    }

    @Test func theRouterFindsEachByType() {
        let router = Router()
        router.push(CityPage(city: toronto))
        router.push(CityMap(city: toronto))
        router.push(CityWeather(city: toronto))
        #expect(router.top(as: CityWeather.self)?.city == toronto)
        #expect(router.top(as: CityMap.self) == nil)
        #expect(router.stack.map(\.title) == ["Toronto", "Toronto", "Toronto"])
        #expect(router.pop(through: CityMap.self))
        #expect(router.top(as: CityPage.self)?.city.id == 6167865)
    }

    @Test func weatherForCoordinatesHasNoCity() {
        let here = CityWeather(coordinatesNamed: "19.54, 110.00")
        #expect(here.city == nil)
        #expect(here.title == "19.54, 110.00")
        #expect(AnyDestination(here) != AnyDestination(CityWeather(city: toronto)))
    }
}
