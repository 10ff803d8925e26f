/// What a field of a `mockTable` table adds to its mock: its path in the table (`xWrite`), so
/// that messages show the `capturing:` declaration the table takes.
final class TableFieldFace: MockFace {
    let tableField: String?

    init(path: String) { tableField = path }
}
