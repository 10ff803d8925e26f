import Foundation
import ImpostorMockable

// @MainActor view models: settable properties of several types, async and throwing actions,
// a nonisolated requirement, a public one, one refining another.

/// A login screen's model.
@MainActor
@Mockable
protocol CorpusLoginViewModel: AnyObject {
    var username: String { get set }
    var password: String { get set }
    var isLoading: Bool { get }
    var errorMessage: String? { get set }
    func login() async -> Bool
    func logout()
}

/// A feed: a read-only list, throwing refresh, paging, a nonisolated identifier.
@MainActor
@Mockable
protocol CorpusFeedViewModel {
    var items: [String] { get }
    func refresh() async throws
    func loadMore() async
    func select(index: Int)
    nonisolated func identifier() -> String
}

/// A public settings model with an enum property.
@MainActor
@Mockable
public protocol CorpusSettingsViewModel: AnyObject {
    var notificationsEnabled: Bool { get set }
    var theme: CorpusTheme { get set }
    var fontScale: Double { get set }
    func reset() async
}

/// A detail screen refining a generic screen model.
@MainActor
@Mockable
protocol CorpusScreenModel {
    var title: String { get }
    func onAppear() async
}

@MainActor
@Mockable
protocol CorpusProfileViewModel: CorpusScreenModel {
    var user: CorpusUser? { get }
    func follow(userID: UUID) async throws
}

/// Code under test: a screen driving the login model.
@MainActor
struct CorpusLoginScreen {
    let model: any CorpusLoginViewModel

    func submit(username: String, password: String) async -> String {
        model.username = username
        model.password = password
        if await model.login() { return "welcome" }
        model.errorMessage = "Wrong password"
        return model.errorMessage ?? ""
    }
}
