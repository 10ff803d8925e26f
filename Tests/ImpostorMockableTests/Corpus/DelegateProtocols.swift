import Foundation
import ImpostorMockable

// Delegates and data sources: class-bound (`AnyObject`) so that the code under test holds them
// weakly, methods named after the sender with different labels, Optional-returning methods a
// delegate leaves unanswered, a @MainActor delegate.

/// A download's delegate: several `download(_:...)` methods told apart by their labels.
@Mockable
protocol CorpusDownloadDelegate: AnyObject {
    func download(_ id: Int, didProgress fraction: Double)
    func download(_ id: Int, didFinishAt location: URL)
    func download(_ id: Int, didFailWith error: any Error)
    func downloadShouldRetry(_ id: Int) -> Bool?
}

/// A table's data source: counts, optional titles and heights, a subscript.
@Mockable
protocol CorpusTableDataSource: AnyObject {
    func numberOfRows(in section: Int) -> Int
    func title(forRow row: Int, in section: Int) -> String?
    func heightForRow(at index: Int) -> Double?
    subscript(section: Int) -> [String] { get }
}

/// A form's validation delegate: veto, notification and an optional message.
@Mockable
public protocol CorpusFormDelegate: AnyObject {
    func form(_ form: String, shouldChange field: String, to value: String) -> Bool
    func form(_ form: String, didValidate fields: [String: Bool])
    func errorMessage(forField field: String) -> String?
}

/// A player's delegate, called on the main actor.
@MainActor
@Mockable
protocol CorpusPlayerDelegate: AnyObject {
    func playerDidStart(_ trackID: String)
    func player(didPauseAt seconds: Double)
    func nextTrack(after trackID: String) -> String?
}

/// Code under test: a downloader that tells its weakly held delegate what happens.
final class CorpusDownloader {
    weak var delegate: (any CorpusDownloadDelegate)?

    func run(id: Int, failures: Int) {
        var remaining = failures
        while remaining > 0 {
            delegate?.download(id, didFailWith: CorpusNetworkError.offline)
            guard delegate?.downloadShouldRetry(id) ?? false else { return }
            remaining -= 1
        }
        for step in 1...4 { delegate?.download(id, didProgress: Double(step) / 4) }
        delegate?.download(id, didFinishAt: URL(fileURLWithPath: "/tmp/\(id)"))
    }
}

/// Code under test: lays a table out from its data source.
struct CorpusTableLayout {
    weak var dataSource: (any CorpusTableDataSource)?

    func totalHeight(section: Int) -> Double {
        guard let dataSource else { return 0 }
        return (0..<dataSource.numberOfRows(in: section)).reduce(0) { total, row in
            total + (dataSource.heightForRow(at: row) ?? 44)
        }
    }
}

/// Code under test: a playlist that asks its delegate for the next track.
@MainActor
final class CorpusPlaylist {
    weak var delegate: (any CorpusPlayerDelegate)?
    private(set) var current: String

    init(first: String) { current = first }

    func start() { delegate?.playerDidStart(current) }

    func skip() {
        if let next = delegate?.nextTrack(after: current) {
            current = next
            delegate?.playerDidStart(next)
        }
    }
}
