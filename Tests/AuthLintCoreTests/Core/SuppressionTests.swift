import Foundation
import XCTest

@testable import AuthLintAnalysis
@testable import AuthLintCore
@testable import AuthLintIndex
@testable import AuthLintModel
@testable import AuthLintProject
@testable import AuthLintReporters
@testable import AuthLintRules
@testable import AuthLintSyntax

/// Inline suppressions: the three forms, in Swift and in property lists, with reasons, and the
/// meta rules that keep them honest.
final class SuppressionTests: XCTestCase {
    private func lint(_ files: [String: String], configuration: String? = nil) throws -> LintReport {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authlint-suppress-\(UUID().uuidString)"
        ).path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        for (path, text) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        if let configuration {
            try configuration.write(toFile: root + "/.authlint.yml", atomically: true, encoding: .utf8)
        }
        return try Linter.run(
            LintOptions(scan: ScanOptions(paths: [root]), catalog: try RuleCatalog.builtin(), currentDirectory: root))
    }

    private func rules(_ report: LintReport) -> [String] {
        report.findings.map { "\($0.line) \($0.rule)" }
    }

    private let logging = """
        import os

        func refreshed(accessToken: String) {
            print("token \\(accessToken)")
        }
        """

    func testWithoutASuppressionTheFindingIsThere() throws {
        XCTAssertEqual(rules(try lint(["A.swift": logging])), ["4 token-logged"])
    }

    func testNextLineThisLineAndRegion() throws {
        let next = logging.replacingOccurrences(
            of: "    print(", with: "    // authlint:disable:next token-logged -- fixture value\n    print(")
        let nextReport = try lint(["A.swift": next])
        XCTAssertEqual(rules(nextReport), [])
        XCTAssertEqual(
            nextReport.suppressed.map { "\($0.finding.line) \($0.finding.rule) \($0.reason ?? "-")" },
            ["5 token-logged fixture value"])

        let this = logging.replacingOccurrences(
            of: "print(\"token \\(accessToken)\")",
            with: "print(\"token \\(accessToken)\") // authlint:disable:this token-logged -- fixture")
        XCTAssertEqual(rules(try lint(["A.swift": this])), [])

        let several = """
            import os
            import Foundation

            func refreshed(accessToken: String) {
                // authlint:disable:next token-logged, token-in-userdefaults -- fixture values
                print("token \\(accessToken)"); UserDefaults.standard.set(accessToken, forKey: "accessToken")
            }
            """
        let severalReport = try lint(["A.swift": several])
        XCTAssertEqual(rules(severalReport), [])
        XCTAssertEqual(
            severalReport.suppressed.map(\.finding.rule).sorted(), ["token-in-userdefaults", "token-logged"])

        let region = """
            import os

            // authlint:disable token-logged -- debug helpers below
            func a(accessToken: String) { print("a \\(accessToken)") }
            func b(accessToken: String) { print("b \\(accessToken)") }
            // authlint:enable token-logged
            func c(accessToken: String) { print("c \\(accessToken)") }
            """
        let regionReport = try lint(["A.swift": region])
        XCTAssertEqual(rules(regionReport), ["7 token-logged"])
        XCTAssertEqual(regionReport.suppressed.count, 2)
    }

    func testTextInAStringIsNoSuppression() throws {
        let inString = logging.replacingOccurrences(
            of: "    print(", with: "    let note = \"// authlint:disable:next token-logged -- no\"\n    print(")
        XCTAssertEqual(rules(try lint(["A.swift": inString])), ["5 token-logged"])
    }

    /// A directive in a block or doc comment silences nothing, and says what to write instead.
    func testADirectiveInABlockOrDocCommentIsReportedNotObeyed() throws {
        for comment in [
            "/* authlint:disable:next token-logged -- no */", "/** authlint:disable:next token-logged -- no */",
            "/// authlint:disable:next token-logged -- no",
            "/*\n     * authlint:disable:next token-logged -- no\n     */",
        ] {
            let source = logging.replacingOccurrences(of: "    print(", with: "    \(comment)\n    print(")
            let report = try lint(["A.swift": source])
            let lines = comment.split(separator: "\n").count
            XCTAssertEqual(rules(report), ["4 unknown-suppression-directive", "\(4 + lines) token-logged"], comment)
            let message = report.findings[0].message
            XCTAssertTrue(message.contains("block or doc comment is not read"), message)
            XCTAssertTrue(
                message.hasSuffix(
                    "write it as a `//` line comment of its own: `// authlint:disable:next token-logged -- no`."),
                message)
        }
        // Prose that mentions a directive further on is no directive.
        let prose = logging.replacingOccurrences(
            of: "    print(", with: "    /// Use authlint:disable:next sparingly.\n    print(")
        XCTAssertEqual(rules(try lint(["A.swift": prose])), ["5 token-logged"])
    }

    /// ` -- ` sets the reason apart in Swift, ` - ` in property lists; any other is reported
    /// with the form the file's kind expects.
    func testTheReasonSeparatorIsTheOneOfTheFilesKind() throws {
        for (directive, problem) in [
            (
                "// authlint:disable:next token-logged - a fixture",
                "in code the reason follows ` -- ` (`token-logged -- reason`)"
            ),
            ("// authlint:disable:next token-logged — a fixture", "in code the reason follows ` -- `"),
            ("// authlint:disable:next token-logged: a fixture", "in code the reason follows ` -- `"),
        ] {
            let report = try lint([
                "A.swift": logging.replacingOccurrences(of: "    print(", with: "    \(directive)\n    print(")
            ])
            XCTAssertEqual(rules(report), ["4 unknown-suppression-directive", "5 token-logged"], directive)
            XCTAssertTrue(report.findings[0].message.contains(problem), report.findings[0].message)
        }
        let kept = try lint([
            "A.swift": logging.replacingOccurrences(
                of: "    print(", with: "    // authlint:disable:next token-logged -- a fixture\n    print(")
        ])
        XCTAssertEqual(rules(kept), [])
        XCTAssertEqual(kept.suppressed.map(\.reason), ["a fixture"])
        XCTAssertEqual(
            Suppression.problem("authlint:disable:next missing-applesignin-entitlement - signed later", syntax: .xml),
            nil)
        XCTAssertEqual(
            Suppression.Directive("authlint:disable:next missing-applesignin-entitlement - signed later", syntax: .xml)?
                .reason, "signed later")
        XCTAssertTrue(
            Suppression.problem("authlint:disable:next missing-applesignin-entitlement — signed later", syntax: .xml)?
                .contains("in property lists the reason follows ` - `") == true)
    }

    /// `all` names every rule, and needs a reason like any other.
    func testAllSuppressesEveryRuleAndNeedsAReason() throws {
        let all = try lint([
            "A.swift": logging.replacingOccurrences(
                of: "    print(", with: "    // authlint:disable:next all -- generated fixture\n    print(")
        ])
        XCTAssertEqual(rules(all), [])
        XCTAssertEqual(all.suppressed.map(\.finding.rule), ["token-logged"])
        let bare = try lint([
            "A.swift": logging.replacingOccurrences(
                of: "    print(", with: "    // authlint:disable:next all\n    print(")
        ])
        XCTAssertEqual(rules(bare), ["4 suppression-without-reason"])
        let unused = try lint([
            "A.swift": logging.replacingOccurrences(
                of: "    print(", with: "    // authlint:disable:this all -- nothing here\n    print(")
        ])
        XCTAssertEqual(rules(unused), ["4 unused-suppression", "5 token-logged"])
    }

    func testUnusedReasonlessAndUnknownSuppressionsAreReported() throws {
        let source = """
            import os

            // authlint:disable:next missing-nonce -- nothing here
            func refreshed(accessToken: String) {
                // authlint:disable:next token-logged
                print("token \\(accessToken)")
                // authlint:disable:next token-loged -- typo
                print("again \\(accessToken)")
            }
            """
        let report = try lint(["A.swift": source])
        XCTAssertEqual(
            rules(report),
            [
                "3 unused-suppression", "5 suppression-without-reason", "7 unknown-rule-in-suppression",
                "8 token-logged",
            ])
        XCTAssertTrue(report.findings[2].message.contains("did you mean `token-logged`?"), report.findings[2].message)
        XCTAssertEqual(report.suppressed.count, 1)
    }

    func testReasonsCanBeMadeOptional() throws {
        let source = logging.replacingOccurrences(
            of: "    print(", with: "    // authlint:disable:next token-logged\n    print(")
        let report = try lint(["A.swift": source], configuration: "suppressions:\n  require-reason: false\n")
        XCTAssertEqual(rules(report), [])
        XCTAssertEqual(report.suppressed.count, 1)
    }

    func testAPropertyListFindingIsSuppressedByAnXMLComment() throws {
        let login = """
            import AuthenticationServices

            func signIn() {
                let request = ASAuthorizationAppleIDProvider().createRequest()
                request.nonce = sha256(nonce)
            }
            """
        let entitlements = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <!-- authlint:disable:next missing-applesignin-entitlement - the capability is added by the CI signing step -->
            <dict>
            </dict>
            </plist>
            """
        let report = try lint(["App/Login.swift": login, "App/App.entitlements": entitlements])
        XCTAssertFalse(report.findings.contains { $0.rule == "missing-applesignin-entitlement" }, "\(rules(report))")
        XCTAssertEqual(report.suppressed.map(\.finding.rule), ["missing-applesignin-entitlement"])
        XCTAssertEqual(report.suppressed.first?.reason, "the capability is added by the CI signing step")
    }

    func testReportsCountAndListSuppressedFindings() throws {
        let source = logging.replacingOccurrences(
            of: "    print(", with: "    // authlint:disable:next token-logged -- fixture\n    print(")
        let report = try lint(["A.swift": source])
        XCTAssertTrue(TextReporter().render(report).contains("; 1 suppressed inline"))
        let json = try JSONSerialization.jsonObject(with: Data(JSONReporter().render(report).utf8)) as? [String: Any]
        let suppressed = try XCTUnwrap(json?["suppressed"] as? [[String: Any]])
        XCTAssertEqual(suppressed.first?["reason"] as? String, "fixture")
        XCTAssertEqual((suppressed.first?["finding"] as? [String: Any])?["rule"] as? String, "token-logged")
    }
}
