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

/// Each sample under `samples/` gives exactly the findings in its golden file, and the HTML
/// report's table of its app targets in another.
/// `AUTHLINT_UPDATE_GOLDEN=1 swift test` rewrites the golden files; review them in the diff.
final class SampleTests: XCTestCase {
    func testSamplesMatchTheirGoldenFiles() throws {
        let root = RepositoryPaths.root
        let samples = try FileManager.default.contentsOfDirectory(atPath: root + "/samples")
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted()
        XCTAssertGreaterThanOrEqual(samples.count, 2)
        for sample in samples {
            let report = try Linter.run(
                LintOptions(
                    scan: ScanOptions(paths: ["samples/\(sample)"]), catalog: try RuleCatalog.builtin(),
                    currentDirectory: root))
            let rendered = TextReporter().render(report)
            try Golden.check(rendered, name: "samples/\(sample).txt")
            try Golden.check(signInTable(HTMLReporter().render(report)), name: "samples/\(sample).sign-in.html")
        }
    }

    /// The HTML report's table of app targets (their logins, entitlements, manifests, Face ID and
    /// the servers beside them), which the text report does not show.
    private func signInTable(_ page: String) -> String {
        guard let start = page.range(of: "<h3>Login services found</h3>"),
            let end = page.range(of: "</table>\n", range: start.upperBound..<page.endIndex)
        else { return "no table of app targets\n" }
        return String(page[start.lowerBound..<end.upperBound])
    }

    /// What the README's first command prints: every sample at once, each with its own targets and configuration.
    func testTheWholeSamplesFolderMatchesItsGoldenFile() throws {
        let report = try Linter.run(
            LintOptions(
                scan: ScanOptions(paths: ["samples"]), catalog: try RuleCatalog.builtin(),
                currentDirectory: RepositoryPaths.root))
        try Golden.check(TextReporter().render(report), name: "samples.txt")
        XCTAssertTrue(report.fails(.error), "the README says linting samples/ exits 1")
    }

    func testTheExemptSampleIsSilentAndSaysWhy() throws {
        let report = try Linter.run(
            LintOptions(
                scan: ScanOptions(paths: ["samples/ExemptApp"]), catalog: try RuleCatalog.builtin(),
                currentDirectory: RepositoryPaths.root))
        XCTAssertEqual(report.findings.map(\.rule), [])
        XCTAssertEqual(report.notices.count, 1)
        XCTAssertTrue(report.notices[0].contains("education-enterprise"), report.notices[0])
    }

    func testTheNonCompliantSampleTriggersEveryRule() throws {
        let root = RepositoryPaths.root
        let catalog = try RuleCatalog.builtin()
        let report = try Linter.run(
            LintOptions(
                scan: ScanOptions(paths: ["samples/NonCompliantApp"]), catalog: catalog, currentDirectory: root))
        let fired = Set(report.findings.map(\.rule))
        // What a pull request weakens in its policy needs a base revision: its examples run it.
        for rule in catalog.rules where rule.engine != "policy" {
            XCTAssertTrue(fired.contains(rule.id), "samples/NonCompliantApp does not trigger \(rule.id)")
        }
    }

    func testTheCompliantSampleIsClean() throws {
        let root = RepositoryPaths.root
        let report = try Linter.run(
            LintOptions(
                scan: ScanOptions(paths: ["samples/CompliantApp"]), catalog: try RuleCatalog.builtin(),
                currentDirectory: root))
        XCTAssertEqual(report.findings.map { "\($0.path):\($0.line): \($0.rule)" }, [])
        XCTAssertEqual(report.diagnostics, [])
    }

    func testTheReportDescribesEachAppTargetsSignIn() throws {
        let report = try Linter.run(
            LintOptions(
                scan: ScanOptions(paths: ["samples"]), catalog: try RuleCatalog.builtin(),
                currentDirectory: RepositoryPaths.root))
        let described = report.signIn.map { target in
            "\(target.name): \(target.loginServices.joined(separator: "+")) apple=\(target.signInWithApple) "
                + "entitlement=\(target.hasAppleSignInEntitlement) manifests=\(target.privacyManifests.count)"
        }
        XCTAssertEqual(
            described,
            [
                "target Harbor: Google Sign-In apple=true entitlement=true manifests=1",
                "folder ExemptApp: Google Sign-In apple=false entitlement=false manifests=0",
                "target SunriseKiosk: Google Sign-In+Kakao Login apple=false entitlement=false manifests=0",
                "target Sunrise: Google Sign-In apple=true entitlement=false manifests=1",
            ])
        let html = HTMLReporter().render(report)
        XCTAssertTrue(html.contains("<h3>Login services found</h3>"))
        XCTAssertTrue(
            html.contains(
                "<tr><th scope=\"row\">target SunriseKiosk</th><td>Google Sign-In<br>Kakao Login</td><td><span class=\"status error\">Missing</span>"
            ), html)
    }

    /// Two projects in one folder whose targets share their names (a monorepo, a white-label app,
    /// a folder of samples) are two projects: each gets the findings it gets alone, once-per-target
    /// findings for each, and no related place in the other.
    func testTwoProjectsWithTheSameTargetNamesStayApart() throws {
        let manager = FileManager.default
        let catalog = try RuleCatalog.builtin()
        let folder = manager.temporaryDirectory.appendingPathComponent("authlint-two-\(UUID().uuidString)").path
        defer { try? manager.removeItem(atPath: folder) }
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for copy in ["a", "b"] {
            try manager.copyItem(atPath: RepositoryPaths.root + "/samples/NonCompliantApp", toPath: folder + "/" + copy)
        }
        // b's Sunrise checks the credential state and observes revocation; a's does neither.
        try """
        import AuthenticationServices

        final class CredentialWatch {
            private var observer: NSObjectProtocol?

            func start(userID: String) {
                observer = NotificationCenter.default.addObserver(
                    forName: ASAuthorizationAppleIDProvider.credentialRevokedNotification, object: nil, queue: .main
                ) { _ in }
                ASAuthorizationAppleIDProvider().getCredentialState(forUserID: userID) { _, _ in }
            }
        }

        """.write(toFile: folder + "/b/Sunrise/Account/CredentialWatch.swift", atomically: true, encoding: .utf8)
        func lint(_ path: String) throws -> LintReport {
            try Linter.run(LintOptions(scan: ScanOptions(paths: [path]), catalog: catalog, currentDirectory: folder))
        }
        func described(_ report: LintReport) -> [String] {
            report.findings.map { finding in
                "\(report.displayPath(finding.path)):\(finding.line) \(finding.rule) "
                    + finding.related.map { "\(report.displayPath($0.path)):\($0.line)" }.joined(separator: " ")
            }
        }
        let both = try lint(".")
        XCTAssertEqual(described(both).sorted(), (try described(lint("a")) + described(lint("b"))).sorted())
        for finding in both.findings {
            let project = finding.path.prefix(2)
            for related in finding.related {
                XCTAssertEqual(
                    related.path.prefix(2), project,
                    "\(finding.rule) at \(finding.path):\(finding.line) points into the other project")
            }
        }
        let perTarget = both.findings.filter {
            ["no-credential-state-check", "no-revocation-observer"].contains($0.rule)
        }
        XCTAssertEqual(
            perTarget.map { "\($0.path.prefix(2))\($0.rule)" }.sorted(),
            ["a/no-credential-state-check", "a/no-revocation-observer"])
        XCTAssertEqual(
            Set(both.signIn.map(\.name)).count, both.signIn.count,
            "each target is named apart: \(both.signIn.map(\.name))")
    }

    /// Pre-commit names a few files: the whole project is read for its facts, only those files reported.
    func testNamingOneFileKeepsTheProjectsFactsAndReportsOnlyThatFile() throws {
        let root = RepositoryPaths.root
        let harbor = try Linter.run(
            LintOptions(
                scan: ScanOptions(paths: ["samples/CompliantApp/Harbor/Login/AppleSignIn.swift"]),
                catalog: try RuleCatalog.builtin(),
                currentDirectory: root))
        // The credential state is checked in Session.swift, which was not named.
        XCTAssertEqual(harbor.findings.map(\.rule), [])
        XCTAssertEqual(harbor.filesScanned, 1)

        let sunrise = try Linter.run(
            LintOptions(
                scan: ScanOptions(paths: ["Sunrise/Login/LoginView.swift"]), catalog: try RuleCatalog.builtin(),
                currentDirectory: root + "/samples/NonCompliantApp"))
        XCTAssertEqual(
            sunrise.findings.map { "\(sunrise.displayPath($0.path)):\($0.line) \($0.rule)" },
            [
                "Sunrise/Login/LoginView.swift:17 no-credential-state-check",
                "Sunrise/Login/LoginView.swift:17 no-revocation-observer",
                "Sunrise/Login/LoginView.swift:17 missing-nonce",
            ])
        // Its related places may lie in files not named: where the token is read, and where the
        // backend checks it.
        XCTAssertEqual(
            sunrise.findings.first { $0.rule == "missing-nonce" }?.related.map { sunrise.displayPath($0.path) },
            ["Sunrise/Account/Session.swift", "backend/app.py"])
    }

    /// `--root` with a folder under it (as the SwiftPM plugin lints one target): the root is read
    /// whole for its facts, and exactly the whole run's findings under the folder are reported.
    func testAGivenRootReportsOnlyTheFoldersUnderIt() throws {
        let sample = RepositoryPaths.root + "/samples/NonCompliantApp"
        let catalog = try RuleCatalog.builtin()
        let whole = try Linter.run(
            LintOptions(scan: ScanOptions(paths: [sample]), catalog: catalog, currentDirectory: sample))
        for folder in ["Sunrise/Login", "Sunrise", "Kiosk"] {
            var scan = ScanOptions(paths: [folder])
            scan.root = sample
            let part = try Linter.run(LintOptions(scan: scan, catalog: catalog, currentDirectory: sample))
            let expected = whole.findings.filter { $0.path.hasPrefix(folder + "/") }
            XCTAssertFalse(expected.isEmpty, folder)
            XCTAssertEqual(part.findings, expected, folder)
            XCTAssertEqual(part.root, sample)
        }
        var same = ScanOptions(paths: ["."])
        same.root = "."
        XCTAssertEqual(
            try Linter.run(LintOptions(scan: same, catalog: catalog, currentDirectory: sample)).findings, whole.findings
        )
    }

    /// Naming files runs file-local rules only on them; what is reported must not change. Each
    /// file of each sample, named alone, gives exactly the whole run's findings in that file.
    func testNamingAFileReportsWhatTheWholeRunReportsInIt() throws {
        let manager = FileManager.default
        let catalog = try RuleCatalog.builtin()
        let samples = RepositoryPaths.root + "/samples"
        for sample in try manager.contentsOfDirectory(atPath: samples).sorted() {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: samples + "/" + sample, isDirectory: &isDirectory), isDirectory.boolValue
            else { continue }
            let root = manager.temporaryDirectory.appendingPathComponent("authlint-named-\(UUID().uuidString)").path
            defer { try? manager.removeItem(atPath: root) }
            try manager.copyItem(atPath: samples + "/" + sample, toPath: root)
            // A `.git` folder makes the copy its own project root, as in a checkout.
            try manager.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
            let whole = try Linter.run(
                LintOptions(scan: ScanOptions(paths: [root]), catalog: catalog, currentDirectory: root))
            XCTAssertFalse(whole.findings.isEmpty && sample == "NonCompliantApp")
            let files = try XCTUnwrap(manager.subpathsOfDirectory(atPath: root)).filter { !$0.hasPrefix(".git") }
                .sorted()
            // Each file named alone twice: without summaries, and with the summaries of the
            // other files that the earlier runs kept.
            // The cache is measured on its own: without the prefilter, which spares lexing too.
            var cached = LintOptions(scan: ScanOptions(paths: []), catalog: catalog, currentDirectory: root)
            cached.cacheDirectory = root + ".cache"
            cached.prefilter = false
            var unfiltered = LintOptions(scan: ScanOptions(paths: [root]), catalog: catalog, currentDirectory: root)
            unfiltered.prefilter = false
            let lexedByWholeRun = try Linter.run(unfiltered).filesLexed
            defer { try? manager.removeItem(atPath: root + ".cache") }
            var fewestLexed = Int.max
            for path in files {
                guard manager.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue
                else { continue }
                let named = try Linter.run(
                    LintOptions(scan: ScanOptions(paths: [path]), catalog: catalog, currentDirectory: root))
                XCTAssertEqual(named.findings, whole.findings.filter { $0.path == path }, "\(sample)/\(path)")
                XCTAssertEqual(
                    named.suppressed.map(\.finding), whole.suppressed.map(\.finding).filter { $0.path == path },
                    "\(sample)/\(path)")
                cached.scan.paths = [path]
                let summarised = try Linter.run(cached)
                XCTAssertEqual(summarised.findings, named.findings, "\(sample)/\(path), with summaries")
                XCTAssertEqual(summarised.suppressed, named.suppressed, "\(sample)/\(path), with summaries")
                fewestLexed = min(fewestLexed, summarised.filesLexed)
            }
            XCTAssertLessThan(fewestLexed, lexedByWholeRun, "\(sample): summaries spare lexing some files")
        }
    }
}
