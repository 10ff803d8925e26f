/// Where a Swift mock's member was called, as the typed entry point carries it: the source
/// site's texts as the compiler's literals, so that passing it along a call copies no string
/// and counts no reference (a ``SourceSite``'s two strings cost about 15 reference counts a
/// call). Made into a ``SourceSite`` only when a message needs it.
@usableFromInline
struct CallSite: Sendable {
    @usableFromInline let fileID: StaticString
    @usableFromInline let filePath: StaticString
    @usableFromInline let line: Int
    @usableFromInline let column: Int

    @inlinable
    init(fileID: StaticString, filePath: StaticString, line: Int, column: Int) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// The site as messages and reports take it.
    @usableFromInline
    var sourceSite: SourceSite {
        SourceSite(fileID: fileID.description, filePath: filePath.description, line: line, column: column)
    }
}
