import Foundation
import ImpostorMockable
import Testing

@Suite("Corpus: @MainActor view models", .mockery)
@MainActor
struct ViewModelCorpusTests {
    @Test("a login model: property sets are recorded in order, the async action is stubbed")
    func loginViewModel() async {
        let model = CorpusLoginViewModelMock()
        stub(model.$login()).returning(false, true)
        stub(model.$errorMessage.get).returning("Wrong password")
        let screen = CorpusLoginScreen(model: model)

        #expect(await screen.submit(username: "ada", password: "nope") == "Wrong password")
        #expect(await screen.submit(username: "ada", password: "lovelace") == "welcome")
        model.logout()

        verify(.exactly(2), model.$username.set(eq("ada")))
        verify(.once, model.$password.set(eq("lovelace")))
        verify(.once, model.$errorMessage.set(eq("Wrong password")))
        verify(.exactly(2), model.$login())
        verify(.never, model.$isLoading.get)
        verifyInOrder {
            model.$username.set(eq("ada"))
            model.$password.set(eq("nope"))
            model.$login()
            model.$errorMessage.set(any())
            model.$password.set(eq("lovelace"))
            model.$login()
            model.$logout()
        }
    }

    @Test("a feed: throwing refresh, a read-only list, a nonisolated member")
    func feedViewModel() async throws {
        let feed = CorpusFeedViewModelMock()
        stub(feed.$refresh()).throwing(CorpusNetworkError.offline).thenReturning(())
        stub(feed.$items.get).returning(["a", "b"])
        stub(feed.$identifier()).returning("feed")

        await #expect(throws: CorpusNetworkError.offline) { try await feed.refresh() }
        try await feed.refresh()
        await feed.loadMore()
        feed.select(index: 1)
        #expect(feed.items == ["a", "b"])
        #expect(feed.identifier() == "feed")

        verify(.exactly(2), feed.$refresh())
        verify(.once, feed.$select(index: eq(1)))
        verify(.once, feed.$loadMore())
    }

    @Test("a public settings model: settable properties of an enum, a Bool and a Double")
    func settingsViewModel() async {
        let settings = CorpusSettingsViewModelMock()
        stub(settings.$theme.get).returning(.dark)
        stub(settings.$fontScale.get).returning(1.0)

        #expect(settings.theme == .dark)
        settings.theme = .light
        settings.notificationsEnabled = true
        settings.fontScale *= 1.5
        await settings.reset()

        verify(.once, settings.$theme.set(eq(.light)))
        verify(.once, settings.$notificationsEnabled.set(eq(true)))
        verify(.once, settings.$fontScale.set(eq(1.5)))
        verify(.once, settings.$reset())
    }

    @Test("a model refining a @MainActor parent answers the parent's members")
    func profileViewModel() async throws {
        let profile = CorpusProfileViewModelMock()
        let ada = CorpusUser(name: "Ada", email: "ada@example.com")
        stub(profile.$title.get).returning("Profile")
        stub(profile.$user.get).returning(ada)
        stub(profile.$follow(userID: eq(ada.id))).throwing(CorpusRepositoryError.conflict)

        let screen: any CorpusScreenModel = profile
        #expect(screen.title == "Profile")
        await screen.onAppear()
        #expect(profile.user == ada)
        await #expect(throws: CorpusRepositoryError.conflict) { try await profile.follow(userID: ada.id) }

        verify(.once, profile.$onAppear())
        verify(.once, profile.$title.get)
        verify(.once, profile.$follow(userID: eq(ada.id)))
    }
}
