extension Mockery {
    /// Creates a method table in this Mockery: a `Table` whose every function-pointer field is a
    /// mock, reporting what cannot be mocked as a failure at the calling line.
    ///
    /// What the table holds, how its mocks are named and what `keeping`, `capturing` and
    /// `unnamedMembers` do is described at ``mockTable(of:named:template:keeping:capturing:unnamedMembers:fileID:filePath:line:column:)``,
    /// which makes the table in ``Mockery/current``.
    ///
    /// After a failure, the table is made all the same: a field whose function type cannot be
    /// mocked holds a function pointer that reports each call and returns zero, and a `Table`
    /// that is not a struct of function pointers comes back as the template, or zero.
    public func mockTable<Table>(
        of type: Table.Type = Table.self, named name: String, template: Table? = nil, keeping: Set<String> = [],
        capturing: [String: [Int: PointerCapture]] = [:], unnamedMembers: UnnamedMembers = .fail,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Table {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        MatcherRecorder.reportLeftovers()
        FailureReporter.flush(pendingFailures)
        FailureReporter.flush(.global)
        let plan = TablePlan(
            Table.self, named: name, keeping: keeping, hasTemplate: template != nil, capturing: capturing, unnamedMembers: unnamedMembers)
        for problem in plan.problems {
            FailureReporter.report(ImpostorFailure(message: problem.description, site: site))
        }
        return fill(plan, template: template, site: site) { error in
            FailureReporter.report(ImpostorFailure(message: error.description, site: site))
        }
    }

    /// Creates a method table in this Mockery, throwing when any of its function pointers
    /// cannot be mocked.
    ///
    /// Checks everything ``mockTable(of:named:template:keeping:capturing:unnamedMembers:fileID:filePath:line:column:)``
    /// reports before making any mock.
    ///
    /// - Throws: ``MockCreationError``, the first problem found: a `Table` that is not a struct
    ///   of function pointers, members reflection cannot name (with `unnamedMembers: .fail`), a
    ///   `capturing` key or declaration that fits no field, a `keeping` path that fits none (or
    ///   `keeping` without a template, or a capture declaration for a kept field), or a field
    ///   whose function type cannot be mocked (its ``MockCreationError/position`` is in that
    ///   function type).
    public func makeMockTable<Table>(
        of type: Table.Type = Table.self, named name: String, template: Table? = nil, keeping: Set<String> = [],
        capturing: [String: [Int: PointerCapture]] = [:], unnamedMembers: UnnamedMembers = .fail,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) throws(MockCreationError) -> Table {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let plan = TablePlan(
            Table.self, named: name, keeping: keeping, hasTemplate: template != nil, capturing: capturing, unnamedMembers: unnamedMembers)
        if let problem = plan.problems.first { throw problem }
        var failure: MockCreationError?
        let table = fill(plan, template: template, site: site) { error in failure = failure ?? error }
        if let failure { throw failure }
        return table
    }

    /// The template (or zero) with a mock in every function-pointer field the plan found.
    /// A field that cannot be made all the same (libffi out of closures) goes to `failed` and
    /// holds a placeholder that reports each call.
    private func fill<Table>(
        _ plan: TablePlan, template: Table?, site: SourceSite, failed: (MockCreationError) -> Void
    ) -> Table {
        guard plan.layout != nil else { return template ?? FailedMock.value(of: Table.self, named: plan.name, site: site) }
        var image = TableImage<Table>(template: template)
        for field in plan.fields where !field.isKept {
            func write<Function>(_ type: Function.Type) {
                if field.isMockable {
                    do {
                        let made = try create(type, named: field.mockName, capturing: field.capturing, site: site,
                                              face: TableFieldFace(path: field.member.path))
                        image.write(made.mock, at: field.member.offset)
                        return
                    } catch {
                        failed(error)
                    }
                }
                if TypeMetadata.isFunctionPointer(type) {
                    image.write(FailedMock.value(of: type, named: field.mockName, site: site), at: field.member.offset)
                }
            }
            write(field.member.type)
        }
        return image.value
    }
}
