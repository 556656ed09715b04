import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintRules

/// JUnit XML for CI test dashboards (Jenkins, Bitrise, Xcode Cloud scripts, GitLab's test
/// report): each rule is a `<testsuite>`, each finding a failed `<testcase>`.
///
/// One suite per rule, rather than per file, because dashboards list failing tests by class and
/// name: `authlint.missing-nonce` › `App/Login.swift:17:48` reads as "this check failed here", a
/// rule's count of failures shows on its suite, and a rule that found nothing is one passing test
/// (`no findings`), so the dashboard shows which checks passed too. Suites follow the rules' ids;
/// a rule that did not run but has findings (a team's own) gets a suite as well. With
/// `--strict-baseline`, the entries nothing matches any more are failures of a `strict-baseline`
/// suite; files that could not be read (or were read only in part) are skipped tests of a
/// `file-problems` suite. A report never lacks a test: with no rule and nothing found, it holds
/// one passing `authlint` test.
///
/// Each `<failure>` has the message as `message`, the severity as `type`, and as its text the
/// compiler-style line, the related places and the rule's summary. Paths are as the text output
/// shows them; names hold no line break (one is shown as `\n`), messages keep theirs. Every count (`tests`, `failures`, `errors`, `skipped`) is of the testcases written;
/// times are `0`, as nothing depends on the clock. Text from the tree is escaped for XML, with
/// control and bidirectional characters shown as escapes (`\e`, `\u{202E}`). The layout follows
/// Jenkins' JUnit schema (`junit-10.xsd` of the xUnit plugin).
public struct JUnitReporter: Reporter {
    public init() {}

    public func render(_ report: LintReport) -> String {
        let suites = suites(report)
        let tests = suites.map(\.cases.count).reduce(0, +)
        let failures = suites.map(\.failures).reduce(0, +)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<testsuites name=\"\(AuthLint.name)\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" time=\"0\">\n"
        for suite in suites {
            out +=
                "  <testsuite name=\"\(suite.name.reportSafe().xmlAttribute)\" tests=\"\(suite.cases.count)\" failures=\"\(suite.failures)\""
                + " errors=\"0\" skipped=\"\(suite.skipped)\" time=\"0\">\n"
            for testCase in suite.cases {
                out +=
                    "    <testcase name=\"\(testCase.name.reportSafe().xmlAttribute)\""
                    + " classname=\"\(suite.className.reportSafe().xmlAttribute)\" time=\"0\""
                switch testCase.outcome {
                case .passed:
                    out += "/>\n"
                case .failed(let type, let message, let text):
                    out +=
                        ">\n      <failure message=\"\(message.xmlAttribute)\" type=\"\(type.xmlAttribute)\">"
                        + text.xmlText + "</failure>\n    </testcase>\n"
                case .skipped(let type, let message):
                    out +=
                        ">\n      <skipped message=\"\(message.xmlAttribute)\" type=\"\(type.xmlAttribute)\"/>\n    </testcase>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    /// A `<testsuite>`: its name, the class name of its testcases, and the testcases.
    struct Suite {
        var name: String
        var cases: [TestCase]
        var className: String { AuthLint.name + "." + name }
        var failures: Int { cases.filter { if case .failed = $0.outcome { true } else { false } }.count }
        var skipped: Int { cases.filter { if case .skipped = $0.outcome { true } else { false } }.count }
    }

    /// A `<testcase>` and how it ended.
    struct TestCase {
        enum Outcome {
            case passed
            case failed(type: String, message: String, text: String)
            case skipped(type: String, message: String)
        }

        var name: String
        var outcome: Outcome
    }

    /// The suites in order: the rules by id, then the stale baseline entries, then the files
    /// that could not be read.
    func suites(_ report: LintReport) -> [Suite] {
        var byRule: [String: [Finding]] = [:]
        for finding in report.findings { byRule[finding.rule, default: []].append(finding) }
        let ids = Set(report.rules.map(\.id)).union(byRule.keys).sorted()
        var suites = ids.map { id -> Suite in
            guard let findings = byRule[id] else {
                return Suite(name: id, cases: [TestCase(name: "no findings", outcome: .passed)])
            }
            return Suite(name: id, cases: findings.map { testCase($0, report: report) })
        }
        let stale = report.failingBaselineEntries
        if !stale.isEmpty {
            suites.append(
                Suite(
                    name: "strict-baseline",
                    cases: stale.map { entry in
                        let path = report.displayPath(entry.path).reportSafe()
                        let message = entry.staleDescription
                        return TestCase(
                            name: path,
                            outcome: .failed(
                                type: Severity.error.rawValue, message: message,
                                text: "\(path): error: \(message) [strict-baseline]"))
                    }))
        }
        if !report.diagnostics.isEmpty {
            suites.append(
                Suite(
                    name: "file-problems",
                    cases: report.diagnostics.map { diagnostic in
                        var name = report.displayPath(diagnostic.path).reportSafe()
                        if let line = diagnostic.line {
                            name += ":\(line)"
                            if let column = diagnostic.column { name += ":\(column)" }
                        }
                        return TestCase(
                            name: name,
                            outcome: .skipped(
                                type: diagnostic.kind.rawValue,
                                message: "\(diagnostic.readLabel): \(diagnostic.message)"))
                    }))
        }
        if suites.isEmpty {
            suites = [Suite(name: AuthLint.name, cases: [TestCase(name: "no findings", outcome: .passed)])]
        }
        return suites
    }

    private func testCase(_ finding: Finding, report: LintReport) -> TestCase {
        let place = "\(report.displayPath(finding.path).reportSafe()):\(finding.line):\(finding.column)"
        var text = "\(place): \(finding.severity.rawValue): \(finding.message) [\(finding.rule.reportSafe())]\n"
        for related in finding.related {
            text +=
                "related: \(report.displayPath(related.path).reportSafe()):\(related.line):\(related.column): \(related.message)\n"
        }
        if let rule = report.rule(finding.rule) { text += "\(rule.name): \(rule.summary.trimmed)\n" }
        return TestCase(
            name: place, outcome: .failed(type: finding.severity.rawValue, message: finding.message, text: text))
    }
}
