import AuthLintAnalysis
import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintReporters
import AuthLintRules
import AuthLintSyntax
import AuthLintTestSupport
import Foundation
import XCTest

/// `.authlint.yml`: rules turned off or re-graded, globs, the failure threshold, and strictness.
final class ConfigurationTests: XCTestCase {
    private let login = """
        import AuthenticationServices

        func signIn() {
            let request = ASAuthorizationAppleIDProvider().createRequest()
            print("token \\(request)")
        }
        """

    private func project(_ configuration: String?, files: [String: String]? = nil) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("authlint-config-\(UUID().uuidString)")
            .path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        for (path, text) in files ?? ["App/Login.swift": login, "Generated/Login+Mock.swift": login] {
            let full = root + "/" + path
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        if let configuration {
            try configuration.write(toFile: root + "/.authlint.yml", atomically: true, encoding: .utf8)
        }
        return root
    }

    private func lint(_ root: String, paths: [String]? = nil) throws -> LintReport {
        try Linter.run(
            LintOptions(
                scan: ScanOptions(paths: paths ?? [root]), catalog: try RuleCatalog.builtin(), currentDirectory: root))
    }

    private func summary(_ report: LintReport) -> [String] {
        report.findings.filter { $0.rule == "missing-nonce" || $0.rule == "no-credential-state-check" }
            .map { "\($0.path) \($0.rule) \($0.severity.rawValue)" }
    }

    /// `baseline:` names a file relative to the configuration's folder, inside the tree.
    func testTheBaselineKeyIsAPathInsideTheTree() throws {
        let root = try project("baseline: gates/accepted.json\n")
        let report = try lint(root)
        XCTAssertEqual(report.configuredBaseline?.written, "gates/accepted.json")
        XCTAssertEqual(report.configuredBaseline?.file, root + "/gates/accepted.json")
        XCTAssertTrue(
            try Configuration.load(path: nil, root: root).dump(catalog: try RuleCatalog.builtin())
                .contains("baseline: \"gates/accepted.json\"\n"))
        for (text, problem) in [
            ("baseline: /etc/accepted.json\n", "relative to this file's folder"),
            ("baseline: \"\"\n", "relative to this file's folder"),
            ("baseline: ../../accepted.json\n", "leads outside the project root"),
            ("baseline: [a]\n", "baseline"),
        ] {
            XCTAssertThrowsError(try lint(try project(text)), text) { error in
                XCTAssertTrue(String(describing: error).contains(problem), "\(text): \(error)")
            }
        }
        XCTAssertNil(Configuration.settingBaseline("b.json", in: "baseline: a.json\n"))
        XCTAssertEqual(
            Configuration.settingBaseline("b.json", in: "# x\n# baseline: a.json\nfail-on: note"),
            "# x\nbaseline: b.json\nfail-on: note")
        XCTAssertEqual(
            Configuration.settingBaseline("b.json", in: "fail-on: note"),
            "fail-on: note\n\n# Findings recorded here are accepted until fixed; only new ones are reported.\nbaseline: b.json\n"
        )
    }

    func testAConfigurationOfOnlyCommentsIsTheDefaults() throws {
        let commented = "# authlint configuration\n# rules:\n#   token-logged: off\n\n# fail-on: error\n"
        XCTAssertEqual(summary(try lint(try project(commented))), summary(try lint(try project(nil))))
        XCTAssertThrowsError(try Configuration.parse("rules: [", path: ".authlint.yml"))
    }

    func testLoginServicesMistakesAreNamedForWhatTheyAre() throws {
        func problem(_ yaml: String) -> String {
            do {
                _ = try Configuration.parse(yaml, path: ".authlint.yml")
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        XCTAssertEqual(
            problem("login-services: {reason: staff only}"),
            ".authlint.yml:1: login-services needs `equivalent-login: NAME` or `exemption: KIND`, and a reason")
        XCTAssertEqual(
            problem("login-services:\n  exemption: educaton-enterprise\n"),
            ".authlint.yml:2: exemption must be one of \(LoginServicesDeclaration.Exemption.allCases.map(\.rawValue).joined(separator: ", ")), not `educaton-enterprise` (did you mean `education-enterprise`?)"
        )
        XCTAssertEqual(
            problem("login-services:\n  exemption: education-enterprise\n"),
            ".authlint.yml:2: login-services needs a `reason:` saying why the app needs no Sign in with Apple")
        XCTAssertEqual(
            problem("login-services:\n  exemption: education-enterprise\n  equivalent-login: Acme\n  reason: x\n"),
            ".authlint.yml:2: login-services takes `equivalent-login` or `exemption`, not both")
    }

    func testRulesCanBeTurnedOffOrRegraded() throws {
        let root = try project(
            "rules:\n  missing-nonce: note\n  no-credential-state-check: off\n", files: ["App/Login.swift": login])
        XCTAssertEqual(summary(try lint(root)), ["App/Login.swift missing-nonce note"])
    }

    func testExcludesApplyToTheTreeAndToNamedFiles() throws {
        let root = try project("exclude: [\"Generated/**\"]\n")
        XCTAssertEqual(Set(try lint(root).findings.map(\.path)), ["App/Login.swift"])
        let named = try lint(root, paths: ["Generated/Login+Mock.swift"])
        XCTAssertEqual(named.findings.map(\.path), [])
    }

    func testIncludesRestrictTheTree() throws {
        let root = try project("include: [\"Generated/**\"]\n")
        XCTAssertEqual(Set(try lint(root).findings.map(\.path)), ["Generated/Login+Mock.swift"])
    }

    func testFailOnIsTakenFromTheConfiguration() throws {
        let root = try project("fail-on: never\n")
        let report = try lint(root)
        XCTAssertEqual(report.configuredFailOn, .never)
        XCTAssertTrue(report.fails(.error))
    }

    func testUnknownKeysAndRulesFailWithALineAndASuggestion() throws {
        let misspelt = try project("exlude: [\"x\"]\n")
        XCTAssertThrowsError(try lint(misspelt)) { error in
            XCTAssertEqual(
                "\(error)", ".authlint.yml:1: unknown key `exlude` in the configuration (did you mean `exclude`?)")
        }
        let unknownRule = try project("rules:\n  missing-nonce: error\n  token-loged: off\n")
        XCTAssertThrowsError(try lint(unknownRule)) { error in
            XCTAssertEqual(
                "\(error)", ".authlint.yml:3: unknown rule `token-loged` in rules (did you mean `token-logged`?)")
        }
        let badValue = try project("rules:\n  missing-nonce: loud\n")
        XCTAssertThrowsError(try lint(badValue)) { error in
            XCTAssertTrue(
                "\(error)".hasPrefix(
                    ".authlint.yml:2: the setting of `missing-nonce` must be one of off, note, warning, error"),
                "\(error)")
        }
        let executable = try CLITests.requireExecutable()
        let run = try ExternalTool.run(executable.path, ["lint", misspelt])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("did you mean `exclude`?"), run.stderr)
    }

    func testTheEffectiveConfigurationListsDefaults() throws {
        let text = Configuration().dump(catalog: try RuleCatalog.builtin())
        XCTAssertTrue(text.contains("fail-on: error\n"), text)
        XCTAssertTrue(text.contains("  require-reason: true\n"), text)
        XCTAssertTrue(text.contains("  missing-nonce: error\n"), text)
        XCTAssertTrue(text.contains("  no-revocation-observer: note\n"), text)
    }
}
