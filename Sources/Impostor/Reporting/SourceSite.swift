/// A place in the user's source: where a mock, stub, verify or expectation was written.
public struct SourceSite: Sendable, Hashable, CustomStringConvertible {
    /// `Module/File.swift`.
    public let fileID: String
    /// The full path of the file.
    public let filePath: String
    /// The line, from 1.
    public let line: Int
    /// The column, from 1.
    public let column: Int

    /// Creates a source site; the defaults capture the caller's location.
    public init(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// `Module/File.swift:12:5`.
    public var description: String { "\(fileID):\(line):\(column)" }
}
