/// What ``mockTable(of:named:template:keeping:capturing:unnamedMembers:fileID:filePath:line:column:)``
/// does with members of a table that Swift's reflection cannot name.
///
/// Reflection shows neither the members of a C union nor bitfields, nor anonymous unions and
/// structs, so a function pointer inside one of them cannot be found. By default such a table
/// is reported as a failure, naming those members and their bytes, rather than handed out with
/// a function pointer silently left unmocked.
public enum UnnamedMembers: Sendable, Equatable {
    /// Report the members as a failure at the calling line (``Mockery/makeMockTable(of:named:template:keeping:capturing:unnamedMembers:fileID:filePath:line:column:)``
    /// throws). The table is still made: every function pointer that can be named is a mock.
    case fail
    /// Leave their bytes as the template has them (zero without one), unmocked, and report
    /// nothing. For tables whose unnamed members you know hold no function pointer, such as
    /// flag bitfields.
    case keepBytes
}
