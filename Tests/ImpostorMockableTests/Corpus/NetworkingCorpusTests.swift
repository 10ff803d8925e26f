import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ImpostorMockable
import Synchronization
import Testing

@Suite("Corpus: networking clients", .mockery)
struct NetworkingCorpusTests {
    let url = URL(string: "https://example.com/api/users")!

    @Test("typed throws, tuple results and an escaping progress handler")
    func httpClient() async throws {
        let client = CorpusHTTPClientMock()
        let payload = Data("[]".utf8)
        stub(client.$send(has(\.url, eq(url)))).returning(payload)
        stub(client.$send(has(\.httpMethod, eq("DELETE")))).throwing(CorpusNetworkError.status(405))
        stub(client.$data(from: any())).returning((payload, 200))
        stub(client.$download(any(), progress: any())).with { (url: URL, progress: @escaping @Sendable (Double) -> Void) in
            progress(0.5)
            progress(1)
            return URL(fileURLWithPath: "/tmp/\(url.lastPathComponent)")
        }

        #expect(try await client.send(URLRequest(url: url)) == payload)
        var delete = URLRequest(url: URL(string: "https://example.com/other")!)
        delete.httpMethod = "DELETE"
        do throws(CorpusNetworkError) {
            _ = try await client.send(delete)
            Issue.record("send should have thrown")
        } catch {
            #expect(error == .status(405))
        }
        let (data, status) = try await client.data(from: url)
        #expect(data == payload && status == 200)
        let reported = Mutex<[Double]>([])
        let file = try await client.download(url) { fraction in reported.withLock { $0.append(fraction) } }
        #expect(file.path == "/tmp/users")
        #expect(reported.withLock { $0 } == [0.5, 1])

        verify(.exactly(2), client.$send(any()))
        verify(.once, client.$data(from: eq(url)))
        verify(.once, client.$download(eq(url), progress: any()))
    }

    @Test("completion handlers: the stub calls them back with a result")
    func callbackClient() async throws {
        let client = CorpusCallbackClientMock()
        let body = Data("ok".utf8)
        stub(client.$fetch(any(), completion: any())).with {
            (_: URLRequest, completion: @escaping @Sendable (Result<Data, CorpusNetworkError>) -> Void) in
            completion(.success(body))
        }
        stub(client.$upload(any(), to: any(), completion: any())).with {
            (_: Data, _: URL, completion: @escaping (Error?) -> Void) -> Int in
            completion(CorpusNetworkError.offline)
            return 17
        }

        let result = await withCheckedContinuation { continuation in
            client.fetch(URLRequest(url: url)) { continuation.resume(returning: $0) }
        }
        #expect(try result.get() == body)
        var uploadError: (any Error)?
        let task = client.upload(body, to: url) { uploadError = $0 }
        #expect(task == 17)
        #expect(uploadError as? CorpusNetworkError == .offline)
        client.cancelAll()

        verify(.once, client.$fetch(has(\.url, eq(url)), completion: any()))
        verify(.once, client.$upload(eq(body), to: eq(url), completion: any()))
        verify(.once, client.$cancelAll())
    }

    @Test("generic requests: the response is cast back, the body is matched through erased")
    func apiClient() async throws {
        let api = CorpusAPIClientMock()
        let ada = CorpusUser(name: "Ada", email: "ada@example.com")
        stub(api.$get(eq("/users/1"), as: any())).returning(ada)
        stub(api.$get(eq("/users"), as: any())).returning([ada])
        stub(api.$post(any(), body: any())).returning(201)
        stub(api.$baseURL.get).returning(url)

        let one = try await api.get("/users/1", as: CorpusUser.self)
        let all = try await api.get("/users", as: [CorpusUser].self)
        #expect(one == ada && all == [ada])
        #expect(try await api.post("/users", body: ada) == 201)
        #expect(api.baseURL == url)

        verify(.once, api.$post(eq("/users"), body: eq(ada).erased))
        verify(.never, api.$post(any(), body: eq("not a user").erased))
        verify(.exactly(2), api.$get(any(), as: any()))
    }

    @Test("inout requests are recorded as passed; the loader retries through the interceptor")
    func interceptor() async throws {
        let client = CorpusHTTPClientMock()
        let interceptor = CorpusRequestInterceptorMock()
        stub(client.$send(any())).throwing(CorpusNetworkError.offline)
        stub(interceptor.$shouldRetry(any(), dueTo: eq(.offline), attempt: lt(3))).returning(true)
        let loader = CorpusRetryingLoader(client: client, interceptor: interceptor)

        await #expect(throws: CorpusNetworkError.offline) { try await loader.load(url) }

        verify(.exactly(3), interceptor.$adapt(has(\.url, eq(url))))
        verify(.exactly(3), client.$send(any()))
        verify(.once, interceptor.$shouldRetry(any(), dueTo: any(), attempt: eq(3)))
        verify(.exactly(3), interceptor.$shouldRetry(any(), dueTo: eq(.offline), attempt: any()))
    }

    @Test("reachability: property stubs and a captured change handler")
    func reachability() {
        let reachability = CorpusReachabilityMock()
        stub(reachability.$isReachable.get).returning(true)
        stub(reachability.$connectionType.get).returning("wifi")
        let changes = Mutex<[Bool]>([])
        stub(reachability.$startMonitoring(onChange: any())).with { (handler: @escaping @Sendable (Bool) -> Void) in
            handler(false)
        }

        #expect(reachability.isReachable)
        #expect(reachability.connectionType == "wifi")
        reachability.startMonitoring { value in changes.withLock { $0.append(value) } }
        reachability.stopMonitoring()
        #expect(changes.withLock { $0 } == [false])

        verify(.once, reachability.$isReachable.get)
        verify(.once, reachability.$startMonitoring(onChange: any()))
        verifyInOrder {
            reachability.$startMonitoring(onChange: any())
            reachability.$stopMonitoring()
        }
    }

    @Test("a WebSocket: overloads by type are told apart, an async property")
    func webSocket() async throws {
        let socket = CorpusWebSocketMock()
        stub(socket.$receive()).returning("pong", "bye")
        stub(socket.$isConnected.get).returning(true)

        try await socket.connect(to: url)
        try await socket.send("ping")
        try await socket.send(Data([1, 2]))
        #expect(try await socket.receive() == "pong")
        #expect(try await socket.receive() == "bye")
        #expect(await socket.isConnected)

        verify(.once, socket.$send(eq("ping")))
        verify(.once, socket.$send(eq(Data([1, 2]))))
        verify(.never, socket.$send(eq("pong")))
        verify(.exactly(2), socket.$receive())
        verify(.once, socket.$connect(to: eq(url)))
    }

    @Test("an actor token provider: calls from outside await, prototypes do not")
    func tokenProvider() async throws {
        let tokens = CorpusTokenProviderMock()
        stub(tokens.$token()).returning("t1", "t2")
        stub(tokens.$refreshCount.get).returning(2)

        #expect(try await tokens.token() == "t1")
        await tokens.invalidate()
        #expect(try await tokens.token() == "t2")
        #expect(await tokens.refreshCount == 2)

        verify(.exactly(2), tokens.$token())
        verify(.once, tokens.$invalidate())
        verifyInOrder {
            tokens.$token()
            tokens.$invalidate()
            tokens.$token()
        }
    }
}
