/// Why a mock could not be made for a function type.
///
/// ``mockFunction(of:named:capturing:fileID:filePath:line:column:)-4r3mp`` reports it as a test failure at the
/// line that asked for the mock; ``Mockery/makeMock(of:named:capturing:fileID:filePath:line:column:)``
/// throws it. The same goes for a method table and
/// ``Mockery/makeMockTable(of:named:template:keeping:capturing:unnamedMembers:fileID:filePath:line:column:)``.
public struct MockCreationError: Error, Sendable, CustomStringConvertible, Equatable {
    /// Where in the signature the problem lies.
    public enum Position: Sendable, Equatable, CustomStringConvertible {
        /// Parameter number `n`, counted from 1 as in C documentation.
        case parameter(Int)
        /// The return type.
        case result

        /// `parameter 2` or `the return type`.
        public var description: String {
            switch self {
            case .parameter(let number): "parameter \(number)"
            case .result: "the return type"
            }
        }
    }

    enum Reason: Sendable {
        case notAFunction(type: String)
        case notCConvention(type: String)
        case unsupportedType(function: String, position: Position, reason: TypeRejection)
        case libffiRejected(function: String, status: Int)
        case closureAllocationFailed(function: String)
        case invalidCapture(function: String, mock: String, problem: CaptureProblem)
        // Method tables (mockTable, makeMockTable).
        case notATable(type: String, mock: String)
        case tableWithoutFunctions(type: String, mock: String)
        case unnamedTableMembers(type: String, mock: String, members: [UnnamedMember])
        case unknownTableField(type: String, mock: String, field: String, fields: [String])
        case unknownKeptTableField(type: String, mock: String, field: String, fields: [String])
        case keptTableFieldsWithoutTemplate(mock: String, fields: [String])
        case capturingKeptTableField(mock: String, field: String)
        indirect case tableField(type: String, field: String, reason: Reason)
    }

    let reason: Reason

    init(_ reason: Reason) { self.reason = reason }

    /// The position of the offending type, when one type is at fault (for a method table, in
    /// the function type of the field at fault).
    public var position: Position? {
        switch reason {
        case .unsupportedType(_, let position, _): return position
        case .invalidCapture(_, _, let problem): return .parameter(problem.position + 1)
        case .tableField(_, _, let reason): return MockCreationError(reason).position
        default: return nil
        }
    }

    /// The full explanation, naming the type and the parameter position.
    public var description: String { FailureMessages.creation(reason) }

    /// Two errors are equal when they explain the same problem with the same text.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.description == rhs.description }
}
