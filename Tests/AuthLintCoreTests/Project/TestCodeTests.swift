import AuthLintAnalysis
import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintReporters
import AuthLintRules
import AuthLintSyntax
import Foundation
import XCTest

/// A file is test code because its project says so, not because of an import the build may
/// never see: a compiled-out `import XCTest` above sign-in code does not hide it from the rules.
final class TestCodeTests: XCTestCase {
    private let signIn = """
        func signIn() {
            let request = ASAuthorizationAppleIDProvider().createRequest()
            ASAuthorizationController(authorizationRequests: [request]).performRequests()
        }

        """

    private func rules(_ files: [String: String]) throws -> LintReport {
        try lintTree(files)
    }

    func testAnImportInsideAnyConditionMakesNoTestCode() throws {
        for header in [
            "#if false\nimport Testing\n#endif\n",
            "#if DEBUG\n@testable import XCTest\n#else\nimport Foundation\n#endif\n",
            "#if canImport(Nimble)\nimport Nimble\n#endif\n",
        ] {
            let report = try rules(["App/Login.swift": "import AuthenticationServices\n" + header + signIn])
            XCTAssertTrue(report.findings.contains { $0.rule == "missing-nonce" }, header)
            XCTAssertFalse(report.diagnostics.contains { $0.kind == .testCode }, header)
        }
    }

    func testAFileTakenForATestByItsImportsAloneIsMentioned() throws {
        for header in ["import XCTest\n", "import struct XCTest.XCTestCase\n", "@testable import Quick\n"] {
            let report = try rules(["App/Login.swift": "import AuthenticationServices\n" + header + signIn])
            XCTAssertFalse(report.findings.contains { $0.rule == "missing-nonce" }, header)
            let notice = report.diagnostics.first { $0.kind == .testCode }
            XCTAssertEqual(notice?.path, "App/Login.swift", header)
            XCTAssertTrue(
                notice?.message.hasPrefix("no target lists it and it imports ") == true, notice?.message ?? header)
            XCTAssertTrue(
                TextReporter().render(report).contains("App/Login.swift: test code: no target lists it"), header)
        }
    }

    func testThePackageTargetThatListsAFileDecides() throws {
        let manifest = """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Sunrise", targets: [
                .target(name: "Login"),
                .target(name: "Nimble"),
                .testTarget(name: "LoginTests", dependencies: ["Login"]),
            ])

            """
        let report = try rules([
            "Package.swift": manifest,
            // Listed by a library target: its XCTest import (a helper for previews, say) does not
            // make it a test.
            "Sources/Login/Login.swift": "import AuthenticationServices\nimport XCTest\n" + signIn,
            // The app's own module named like a test framework.
            "Sources/Nimble/Flow.swift": "import AuthenticationServices\n" + signIn,
            "Tools/Flow.swift": "import AuthenticationServices\nimport Nimble\n" + signIn,
            // A test target's file is a test, without a word about it.
            "Tests/LoginTests/LoginTests.swift": "import XCTest\nimport AuthenticationServices\n" + signIn,
        ])
        XCTAssertEqual(
            report.findings.filter { $0.rule == "missing-nonce" }.map(\.path).sorted(),
            ["Sources/Login/Login.swift", "Sources/Nimble/Flow.swift", "Tools/Flow.swift"])
        XCTAssertEqual(report.diagnostics.filter { $0.kind == .testCode }.map(\.path), [])
    }
}
