import Foundation
import ImpostorMockable
import Testing

@Suite("Corpus: delegates", .mockery)
struct DelegateCorpusTests {
    @Test("a weakly held delegate: labels tell the overloads apart, an unanswered Optional is nil")
    func downloadDelegate() {
        let delegate = CorpusDownloadDelegateMock()
        let downloader = CorpusDownloader()
        downloader.delegate = delegate
        stub(delegate.$downloadShouldRetry(eq(1))).returning(true, false)

        downloader.run(id: 1, failures: 2)
        downloader.run(id: 2, failures: 1)  // unanswered: nil, so no retry
        downloader.run(id: 3, failures: 0)

        verify(.exactly(2), delegate.$download(eq(1), didFailWith: any()))
        verify(.never, delegate.$download(eq(1), didProgress: any()))
        verify(.once, delegate.$download(eq(2), didFailWith: any()))
        verify(.never, delegate.$download(eq(2), didFinishAt: any()))
        verify(.exactly(4), delegate.$download(eq(3), didProgress: any()))
        verify(.once, delegate.$download(eq(3), didProgress: eq(1.0)))
        verify(.once, delegate.$download(eq(3), didFinishAt: eq(URL(fileURLWithPath: "/tmp/3"))))
        verifyInOrder {
            delegate.$download(eq(3), didProgress: eq(0.25))
            delegate.$download(eq(3), didProgress: eq(0.5))
            delegate.$download(eq(3), didFinishAt: any())
        }
    }

    @Test("a data source: stubbed heights override the default, unstubbed ones are nil")
    func tableDataSource() {
        let dataSource = CorpusTableDataSourceMock()
        stub(dataSource.$numberOfRows(in: eq(0))).returning(3)
        stub(dataSource.$heightForRow(at: eq(1))).returning(100)
        stub(dataSource.$subscript(eq(0)).get).returning(["a", "b", "c"])
        stub(dataSource.$title(forRow: any(), in: any())).with { (row: Int, section: Int) in "\(section).\(row)" }
        let layout = CorpusTableLayout(dataSource: dataSource)

        #expect(layout.totalHeight(section: 0) == 44 + 100 + 44)
        #expect(layout.totalHeight(section: 1) == 0)
        #expect(dataSource[0] == ["a", "b", "c"])
        #expect(dataSource.title(forRow: 2, in: 0) == "0.2")

        verify(.exactly(3), dataSource.$heightForRow(at: any()))
        verify(.once, dataSource.$numberOfRows(in: eq(1)))
        verify(.once, dataSource.$subscript(eq(0)).get)
    }

    @Test("a public delegate: the veto is stubbed per value, checking { } expects the notification")
    func formDelegate() {
        let delegate = CorpusFormDelegateMock()
        stub(delegate.$form(any(), shouldChange: eq("age"), to: any())).with { (_: String, _: String, value: String) in
            Int(value) != nil
        }
        Mockery.current.checking {
            oneOf(delegate.$form(eq("signup"), didValidate: eq(["age": true])))
            allowing(delegate.$errorMessage(forField: any())).will(returnValue("required"))
        }

        #expect(delegate.form("signup", shouldChange: "age", to: "42"))
        #expect(!delegate.form("signup", shouldChange: "age", to: "forty"))
        #expect(!delegate.form("signup", shouldChange: "name", to: "x"))
        delegate.form("signup", didValidate: ["age": true])
        #expect(delegate.errorMessage(forField: "name") == "required")

        verify(.exactly(2), delegate.$form(any(), shouldChange: eq("age"), to: any()))
        verify(.once, delegate.$form(eq("signup"), shouldChange: eq("name"), to: eq("x")))
    }

    @Test("a @MainActor delegate: the playlist asks it for the next track")
    @MainActor
    func playerDelegate() {
        let delegate = CorpusPlayerDelegateMock()
        stub(delegate.$nextTrack(after: eq("a"))).returning("b")
        let playlist = CorpusPlaylist(first: "a")
        playlist.delegate = delegate

        playlist.start()
        playlist.skip()
        playlist.skip()  // no track after "b": nil, stays
        delegate.player(didPauseAt: 12.5)
        #expect(playlist.current == "b")

        verify(.once, delegate.$playerDidStart(eq("a")))
        verify(.once, delegate.$playerDidStart(eq("b")))
        verify(.exactly(2), delegate.$nextTrack(after: any()))
        verify(.once, delegate.$player(didPauseAt: gt(10.0)))
    }
}
