import ModelSource
import Testing
@testable import SchemaGate

@Suite struct LintOverridesTests {
    let model = AppModel(entities: [Entity(name: "Item", file: "Item.swift", line: 1, attributes: [
        Attribute(name: "title", swiftType: "String", optional: false, hasDefault: false, line: 2),
        Attribute(name: "code", swiftType: "String", optional: false, hasDefault: true, unique: true, line: 3),
    ])])

    func findings(_ overrides: LintOverrides) -> [Finding] {
        LintEngine(rules: LintRuleCatalog.modelRules, overrides: overrides, readText: { _ in nil }).findings(for: LintInput(model: model))
    }

    @Test func severityOverrideAndOff() {
        #expect(findings(LintOverrides()).map { "\($0.code):\($0.severity)" } == ["required-attribute:error", "unique-constraint:error"])
        let relaxed = findings(LintOverrides(["required-attribute": .warning, "unique-constraint": .off]))
        #expect(relaxed.map { "\($0.code):\($0.severity)" } == ["required-attribute:warning"])
        #expect(Report(command: "lint", findings: relaxed).status == .pass)
    }

    @Test func unknownRuleIsAnErrorWithASuggestion() {
        #expect(throws: LintOverridesError.unknownRule("unique-constraints", suggestion: "unique-constraint")) {
            try LintOverrides(["unique-constraints": .off]).validate()
        }
        #expect(throws: Never.self) { try LintOverrides(["missing-inverse": .info]).validate() }
    }

    @Test func parsesAssignments() throws {
        #expect(try LintOverrides.parseAssignment("deny-delete-rule=warning") == ("deny-delete-rule", .warning))
        #expect(throws: LintOverridesError.unknownLevel("fatal", rule: "deny-delete-rule")) {
            try LintOverrides.parseAssignment("deny-delete-rule=fatal")
        }
        #expect(throws: LintOverridesError.malformed("deny-delete-rule")) { try LintOverrides.parseAssignment("deny-delete-rule") }
    }

    @Test func catalogIDsAreStableKebabCaseAndUnique() {
        let ids = LintRuleCatalog.infos.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.range(of: "^[a-z0-9]+(-[a-z0-9]+)*$", options: .regularExpression) != nil })
        #expect(LintRuleCatalog.infos.allSatisfy { !$0.summary.isEmpty && !$0.fix.isEmpty && !$0.fix.contains("\n") })
        // Reader diagnostics share the code namespace and must not collide with rule ids.
        #expect(Set(ids).isDisjoint(with: ["parse-error", "unreadable-file", "unknown-type", "unregistered-model", "undeclared-model"]))
    }
}

/// One policy for every stage (Docs/lint.md, "Severity policy").
@Suite struct SeverityPolicyTests {
    @Test func devTimeTrapsAreWarningsInTheGateOnly() {
        let trap = TestConfigurationSyncsRule.info
        #expect(SeverityPolicy.severity(of: trap, at: .lint) == .error)
        #expect(SeverityPolicy.severity(of: trap, at: .gate) == .warning)
        for rule in LintRuleCatalog.infos where rule.id != trap.id {
            #expect(SeverityPolicy.severity(of: rule, at: .gate) == rule.severity, "\(rule.id) breaks the shipped build or Production, or is a warning anyway")
        }
        // A configured level wins at every stage.
        #expect(LintOverrides([trap.id: .error]).severity(for: trap, at: .gate) == .error)
    }

    @Test func anUnsettledViolationIsAtMostAWarning() {
        let settled = LintViolation(message: "m", file: "f", line: 1)
        var unsettled = settled
        unsettled.unsettled = true
        #expect(SeverityPolicy.capped(.error, settled) == .error)
        #expect(SeverityPolicy.capped(.error, unsettled) == .warning)
        #expect(SeverityPolicy.capped(.info, unsettled) == .info)
    }
}
