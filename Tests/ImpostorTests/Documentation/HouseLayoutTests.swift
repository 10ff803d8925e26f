import Foundation
import Testing

// What the README's Layout and the DocC article "How Impostor is built" say of the house, held
// to the tree: every room of Sources/Impostor is in both trees and has its paragraph, no tree
// names a room that is not there, only the door room imports the C modules, and no C source
// runs over 400 lines.

@Suite("The house: layout, doors and sizes")
struct HouseLayoutTests {
    private let root = ArticleExamples.packageRoot()

    private func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The rooms: `Dispatch`, ..., `Faces/Tables`.
    private func rooms() throws -> [String] {
        let sources = root.appendingPathComponent("Sources/Impostor")
        var rooms: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() where !name.hasSuffix(".docc") {
            let inner = try FileManager.default.contentsOfDirectory(atPath: sources.appendingPathComponent(name).path)
            let subfolders = inner.filter { !$0.hasSuffix(".swift") }.sorted()
            if subfolders.isEmpty { rooms.append(name) } else { rooms += subfolders.map { "\(name)/\($0)" } }
        }
        return rooms
    }

    @Test func everyRoomIsInBothTreesWithItsPurpose() throws {
        let rooms = try rooms()
        #expect(rooms.count >= 16)
        let readme = try text("README.md")
        let layout = try #require(readme.range(of: "## Layout")).upperBound
        let readmeTree = String(readme[layout...])
        let overview = try text("Sources/Impostor/Impostor.docc/Impostor.md")
        let article = try text("Sources/Impostor/Impostor.docc/Architecture.md")
        for room in rooms {
            let top = String(room.split(separator: "/")[0]), leaf = String(room.split(separator: "/").last!)
            #expect(readmeTree.contains("  \(top)/"), "README Layout lacks \(top)/")
            #expect(readmeTree.contains("\(leaf)/"), "README Layout lacks \(room)/")
            #expect(overview.contains("\(room)/"), "the DocC overview's tree lacks \(room)/")
            #expect(article.contains("\(room)/") || article.contains("\(leaf)/"), "Architecture.md's tree lacks \(room)/")
            #expect(article.contains("**\(top)**"), "Architecture.md has no paragraph for \(top)")
        }
    }

    @Test func noTreeNamesARoomThatIsNotThere() throws {
        let rooms = Set(try rooms().flatMap { room in [room] + room.split(separator: "/").map(String.init) })
        let overview = try text("Sources/Impostor/Impostor.docc/Impostor.md")
        // The overview's tree: the words ending in `/` inside its one text block after "rooms".
        let block = try #require(overview.range(of: "```\nInternals/")).lowerBound
        let end = try #require(overview[overview.index(block, offsetBy: 4)...].range(of: "```")).lowerBound
        for word in overview[block..<end].split(whereSeparator: \.isWhitespace) where word.hasSuffix("/") {
            #expect(rooms.contains(String(word.dropLast())), "the DocC overview names \(word), which is no room")
        }
    }

    @Test func onlyTheDoorRoomImportsTheCModules() throws {
        let sources = root.appendingPathComponent("Sources/Impostor")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100)
        for file in files {
            let body = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let importsC = body.split(separator: "\n").contains { line in
                line.hasPrefix("import CImpostor") || line.hasPrefix("import CLibFFI")
            }
            #expect(!importsC || file.hasPrefix("Internals/"), "\(file) imports a C module outside Internals/")
        }
    }

    /// Shared state is guarded by `Locked` (a pthread mutex), never Swift's `Mutex`:
    /// ThreadSanitizer cannot see the futex-based `Mutex` synchronize, and reports races on the
    /// values it guards (as it did on two that slipped in). See `Locked`.
    @Test func sharedStateIsLockedNeverMutex() throws {
        let sources = root.appendingPathComponent("Sources/Impostor")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        for file in files {
            let body = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            #expect(!body.contains("Mutex<") && !body.contains("Mutex("), "\(file) uses Swift's Mutex; use Locked")
        }
    }

    @Test func noCSourceIsOver400Lines() throws {
        let support = root.appendingPathComponent("CSupport")
        let files = try #require(FileManager.default.enumerator(atPath: support.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".c") || $0.hasSuffix(".h") }
        #expect(files.count > 20)
        for file in files {
            let lines = try String(contentsOf: support.appendingPathComponent(file), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(lines <= 400, "\(file) has \(lines) lines")
        }
    }
}
