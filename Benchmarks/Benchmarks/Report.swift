/// The rows measured so far, and what later rows are compared with.
final class Report {
    let plan: SamplingPlan
    private(set) var rows: [Row] = []
    private let progress: Progress
    /// `--only`: the groups to measure (by the id their `measure` call names), nil for all.
    private let only: Set<String>?
    /// How busy the machine was when the run started and ended (1, 5, 15 minute load averages).
    let loadAtStart = Machine.loadAverage()
    private(set) var loadAtEnd = ""

    init(plan: SamplingPlan, progress: Progress, only: Set<String>? = nil) {
        self.plan = plan
        self.progress = progress
        self.only = only
    }

    /// Notes how busy the machine was at the end of the run.
    func finish() {
        loadAtEnd = Machine.loadAverage()
    }

    /// Row 2's median: the empty libffi closure every ratio is relative to.
    var baseline: Double? { median(of: "2") }

    /// The median of row `id`, when it was measured in time.
    func median(of id: String) -> Double? {
        rows.first { $0.id == id }?.medianNanoseconds
    }

    func add(_ row: Row) {
        rows.append(row)
        progress.finished(row)
    }

    /// Measures a group of rows; an error becomes a skipped row instead of ending the run.
    /// Under `--only`, groups not asked for are left out, except the baseline (row 2).
    func measure(_ id: String, _ name: String, _ body: () throws -> Void) {
        if let only, id != "2", !only.contains(id) { return }
        progress.starting(name)
        do {
            try body()
        } catch {
            add(Row(id, name, .skipped("error: \(error)")))
        }
    }
}
