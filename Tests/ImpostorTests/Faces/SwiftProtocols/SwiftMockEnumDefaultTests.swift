import Impostor
import Testing

// What an unanswered call returns when the member's result is a Swift enum: the first case of
// a CaseIterable enum, a type's own DefaultValue, and otherwise the documented stop (never a
// case made from zeroed memory).

enum Mood: CaseIterable { case calm, cross }
enum Weather { case sunny, rainy }
enum Season { case spring, summer }
extension Season: DefaultValue { static var defaultValue: Season { .summer } }

protocol Forecasting {
    func mood(on day: Int) -> Mood
    func weather(on day: Int) -> Weather
    func season(on day: Int) -> Season
}

final class MockForecasting: Mock, Forecasting {
    lazy var moodRef = MockReference(mood, on: self)
    lazy var weatherRef = MockReference(weather, on: self)
    lazy var seasonRef = MockReference(season, on: self)
    func mood(on day: Int) -> Mood { call(moodRef, args: day) }
    func weather(on day: Int) -> Weather { call(weatherRef, args: day) }
    func season(on day: Int) -> Season { call(seasonRef, args: day) }
}

@Suite("Swift mocks: enum results", .mockery)
struct SwiftMockEnumDefaultTests {
    @Test func aCaseIterableEnumAnswersItsFirstCase() {
        let forecast = MockForecasting(named: "forecast")
        #expect(forecast.mood(on: 1) == .calm)
    }

    @Test func anEnumsOwnDefaultValueWins() {
        let forecast = MockForecasting(named: "forecast")
        #expect(forecast.season(on: 1) == .summer)
    }

    @Test func anyEnumIsStubbedInEveryForm() {
        let forecast = MockForecasting(named: "forecast")
        stub(forecast.weather(on: 1)).returning(.rainy)
        stub(forecast.weatherRef, eq(2)).with { _ in .sunny }
        #expect(forecast.weather(on: 1) == .rainy)
        #expect(forecast.weather(on: 2) == .sunny)
        verify(.once, forecast.weather(on: 1))
    }

    @Test func anUnansweredEnumThatListsNoCasesStopsAtTheCall() async {
        let result = await #expect(processExitsWith: .failure, observing: [\ExitTest.Result.standardErrorContent]) {
            _ = MockForecasting(named: "forecast").weather(on: 3)
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("ImpostorTests/SwiftMockEnumDefaultTests.swift:"), "\(text)")
        #expect(text.contains(
            "Call to forecast.weather: nothing answered it (no stub, registered result or expectation), and no default "
                + "value of its result type Weather can be made, so the test process stops here. Stub the member, register "
                + "a result with registerResult(for:), or make Weather adopt DefaultValue (an enum: or CaseIterable, to "
                + "answer its first case)."), "\(text)")
    }
}
