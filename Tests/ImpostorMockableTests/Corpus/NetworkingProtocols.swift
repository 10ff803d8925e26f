import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ImpostorMockable

// Networking clients: async throws, typed throws, Foundation's URLRequest/URL/Data, tuple
// results, escaping completion handlers (Sendable and not), generic decoding, inout request
// adaptation, overloads by argument type, an actor-isolated token provider.

/// An HTTP client in the async style.
@Mockable
public protocol CorpusHTTPClient: Sendable {
    func send(_ request: URLRequest) async throws(CorpusNetworkError) -> Data
    func data(from url: URL) async throws -> (Data, Int)
    func download(_ url: URL, progress: @escaping @Sendable (Double) -> Void) async throws -> URL
}

/// An HTTP client in the completion-handler style.
@Mockable
protocol CorpusCallbackClient: AnyObject {
    func fetch(_ request: URLRequest, completion: @escaping @Sendable (Result<Data, CorpusNetworkError>) -> Void)
    @discardableResult
    func upload(_ data: Data, to url: URL, completion: @escaping (Error?) -> Void) -> Int
    func cancelAll()
}

/// A JSON API client with generic requests and responses.
@Mockable
protocol CorpusAPIClient: Sendable {
    func get<Response: Decodable>(_ path: String, as type: Response.Type) async throws -> Response
    func post<Body: Encodable>(_ path: String, body: Body) async throws -> Int
    var baseURL: URL { get }
}

/// Adapts requests in place and decides on retries.
@Mockable
protocol CorpusRequestInterceptor {
    func adapt(_ request: inout URLRequest) throws
    func shouldRetry(_ request: URLRequest, dueTo error: CorpusNetworkError, attempt: Int) -> Bool
}

/// Reachability: read-only properties and an escaping change handler.
@Mockable
protocol CorpusReachability: AnyObject, Sendable {
    var isReachable: Bool { get }
    var connectionType: String? { get }
    func startMonitoring(onChange: @escaping @Sendable (Bool) -> Void)
    func stopMonitoring()
}

/// A WebSocket: overloads by argument type, an async property.
@Mockable
protocol CorpusWebSocket: Sendable {
    func connect(to url: URL) async throws
    func send(_ message: String) async throws
    func send(_ data: Data) async throws
    func receive() async throws -> String
    var isConnected: Bool { get async }
}

/// An actor that hands out access tokens.
@Mockable
protocol CorpusTokenProvider: Actor {
    func token() async throws -> String
    func invalidate()
    var refreshCount: Int { get }
}

/// Code under test: retries a request through the interceptor.
struct CorpusRetryingLoader {
    let client: any CorpusHTTPClient
    let interceptor: any CorpusRequestInterceptor

    func load(_ url: URL) async throws -> Data {
        var attempt = 0
        while true {
            var request = URLRequest(url: url)
            try interceptor.adapt(&request)
            do throws(CorpusNetworkError) {
                return try await client.send(request)
            } catch {
                attempt += 1
                guard interceptor.shouldRetry(request, dueTo: error, attempt: attempt) else { throw error }
            }
        }
    }
}
