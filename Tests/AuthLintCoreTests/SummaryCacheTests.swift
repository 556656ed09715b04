import AuthLintCore
import Foundation
import XCTest

/// Runs that report only some files keep summaries of the others between runs, in a cache folder
/// outside the tree, keyed by content: they must give exactly what a run without the cache gives.
final class SummaryCacheTests: XCTestCase {
    private var root = ""
    private var cache = ""
    private let manager = FileManager.default

    override func setUpWithError() throws {
        let base = manager.temporaryDirectory.appendingPathComponent("authlint-cache-\(UUID().uuidString)").path
        root = base + "/app"
        cache = base + "/cache"
        try manager.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        try write("App/Login/LoginController.swift", """
            import AuthenticationServices

            final class LoginController: NSObject {
                func signIn() {
                    let request = ASAuthorizationAppleIDProvider().createRequest()
                    request.requestedScopes = [.email]
                    ASAuthorizationController(authorizationRequests: [request]).performRequests()
                }
            }

            """)
        try write("App/Account/Session.swift", sessionChecking(true))
        for number in 1...30 {
            try write("App/Feature/Screen\(number).swift", "import SwiftUI\n\nstruct Screen\(number): View {\n    var body: some View { Text(\"\(number)\") }\n}\n")
        }
    }

    override func tearDownWithError() throws {
        try? manager.removeItem(atPath: (root as NSString).deletingLastPathComponent)
    }

    private func write(_ path: String, _ text: String) throws {
        let full = root + "/" + path
        try manager.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
    }

    /// A file that checks the Apple credential state, or (as long, so that only the content
    /// tells them apart) calls a function of its own instead.
    private func sessionChecking(_ checks: Bool) -> String {
        """
        import AuthenticationServices

        final class Session {
            func restore(userID: String) {
                ASAuthorizationAppleIDProvider().\(checks ? "get" : "got")CredentialState(forUserID: userID) { _, _ in }
            }
        }

        extension ASAuthorizationAppleIDProvider {
            func gotCredentialState(forUserID: String, _ done: (Int, Error?) -> Void) {}
        }

        """
    }

    private func lint(_ paths: [String], cache: String?) throws -> LintReport {
        var options = LintOptions(scan: ScanOptions(paths: paths), catalog: try RuleCatalog.builtin(), currentDirectory: root)
        options.cacheDirectory = cache
        return try Linter.run(options)
    }

    private let login = "App/Login/LoginController.swift"

    func testAWarmCacheGivesTheSameFindingsAndLexesOnlyWhatItMust() throws {
        let uncached = try lint([login], cache: nil)
        let cold = try lint([login], cache: cache)
        let warm = try lint([login], cache: cache)
        XCTAssertEqual(cold.findings, uncached.findings)
        XCTAssertEqual(warm.findings, uncached.findings)
        XCTAssertTrue(uncached.findings.contains { $0.rule == "missing-nonce" })
        XCTAssertFalse(uncached.findings.contains { $0.rule == "no-credential-state-check" }, "Session.swift checks the state")
        XCTAssertEqual(cold.filesLexed, 32)
        XCTAssertLessThanOrEqual(warm.filesLexed, 2, "the screens cannot match any rule: answered from their summaries")
        XCTAssertGreaterThanOrEqual(warm.filesLexed, 1)
    }

    func testAChangedFileIsReadAgain() throws {
        XCTAssertEqual(sessionChecking(false).utf8.count, sessionChecking(true).utf8.count)
        try write("App/Account/Session.swift", sessionChecking(false))
        XCTAssertTrue(try lint([login], cache: cache).findings.contains { $0.rule == "no-credential-state-check" })
        // Its summary said the file cannot check the state; the new content does.
        try write("App/Account/Session.swift", sessionChecking(true))
        XCTAssertFalse(try lint([login], cache: cache).findings.contains { $0.rule == "no-credential-state-check" })
        try write("App/Account/Session.swift", sessionChecking(false))
        XCTAssertTrue(try lint([login], cache: cache).findings.contains { $0.rule == "no-credential-state-check" })
    }

    func testTheCacheStaysOutsideTheTreeAndFullRunsLeaveItAlone() throws {
        let before = try manager.subpathsOfDirectory(atPath: root).sorted()
        _ = try lint(["."], cache: cache)
        XCTAssertFalse(manager.fileExists(atPath: cache), "a run of the whole project keeps no summaries")
        _ = try lint([login], cache: cache)
        XCTAssertEqual(try manager.subpathsOfDirectory(atPath: root).sorted(), before)
        XCTAssertEqual(try manager.contentsOfDirectory(atPath: cache).count, 1)
    }

    func testADamagedCacheIsIgnoredAndRewritten() throws {
        let expected = try lint([login], cache: nil).findings
        _ = try lint([login], cache: cache)
        let file = cache + "/" + (try XCTUnwrap(manager.contentsOfDirectory(atPath: cache).first))
        let good = try XCTUnwrap(manager.contents(atPath: file))
        for damaged in [Data(), good.prefix(good.count / 2), Data(good.reversed()), Data("authlint-summaries\n".utf8) + good.dropFirst(19).map { $0 ^ 0x5A }] {
            try damaged.write(to: URL(fileURLWithPath: file))
            let run = try lint([login], cache: cache)
            XCTAssertEqual(run.findings, expected)
            XCTAssertEqual(run.filesLexed, 32, "nothing is taken from a damaged cache")
            XCTAssertEqual(manager.contents(atPath: file), good, "rewritten whole")
        }
    }

    func testAnUnwritableCacheIsReportedAndTheRunGoesOn() throws {
        try Data("a file, not a folder".utf8).write(to: URL(fileURLWithPath: cache))
        let run = try lint([login], cache: cache)
        XCTAssertEqual(run.findings, try lint([login], cache: nil).findings)
        XCTAssertNotNil(run.cacheProblem)
    }
}
