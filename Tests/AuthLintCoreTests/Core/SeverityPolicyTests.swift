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

/// The README's severity policy: a gate with no options (`fail-on: error`) fails on every
/// security or App Review problem, and notes never fail it.
final class SeverityPolicyTests: XCTestCase {
    func testEverySecurityAndAppReviewRuleIsAnError() throws {
        for rule in try RuleCatalog.builtin().rules {
            let tags = Set(rule.description.tags)
            guard tags.contains("security") || tags.contains("app-review") else { continue }
            XCTAssertEqual(
                rule.description.severity, .error, "\(rule.id) is tagged \(rule.description.tags) but is not an error")
        }
    }

    func testAnAppThatLogsAndStoresItsTokensFailsTheDefaultGate() throws {
        let report = try lintTree([
            "App/Session.swift": """
            import AuthenticationServices
            import Foundation

            final class Session: NSObject, ASAuthorizationControllerDelegate {
                func authorizationController(controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization) {
                    guard let credential = authorization.credential as? ASAuthorizationAppleIDCredential,
                          let data = credential.identityToken, let token = String(data: data, encoding: .utf8) else { return }
                    print("identity token: \\(token)")
                    UserDefaults.standard.set(token, forKey: "identityToken")
                }
            }

            """
        ])
        let rules = Set(report.findings.map(\.rule))
        XCTAssertTrue(rules.isSuperset(of: ["token-logged", "token-in-userdefaults"]), "\(rules)")
        for finding in report.findings where ["token-logged", "token-in-userdefaults"].contains(finding.rule) {
            XCTAssertEqual(finding.severity, .error, finding.rule)
        }
        XCTAssertTrue(report.fails(.error))
    }

    /// The compliant sample without its revocation observer: one note, and the gate passes.
    func testNotesNeverFailTheDefaultGate() throws {
        let manager = FileManager.default
        let folder = manager.temporaryDirectory.appendingPathComponent("authlint-note-\(UUID().uuidString)").path
        defer { try? manager.removeItem(atPath: folder) }
        try manager.copyItem(atPath: RepositoryPaths.root + "/samples/CompliantApp", toPath: folder)
        let session = folder + "/Harbor/Account/Session.swift"
        let text = try String(contentsOfFile: session, encoding: .utf8)
        XCTAssertTrue(text.contains("ASAuthorizationAppleIDProvider.credentialRevokedNotification"))
        try text.replacingOccurrences(
            of: "ASAuthorizationAppleIDProvider.credentialRevokedNotification",
            with: "UIApplication.didBecomeActiveNotification"
        )
        .write(toFile: session, atomically: true, encoding: .utf8)
        let report = try Linter.run(
            LintOptions(
                scan: ScanOptions(paths: [folder]), catalog: try RuleCatalog.builtin(), currentDirectory: folder))
        XCTAssertEqual(report.findings.map { "\($0.rule) \($0.severity)" }, ["no-revocation-observer note"])
        XCTAssertFalse(report.fails(.error))
        XCTAssertFalse(report.fails(.warning))
        XCTAssertTrue(report.fails(.note))
    }
}
