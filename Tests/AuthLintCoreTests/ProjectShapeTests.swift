import Foundation
import XCTest
@testable import AuthLintCore

/// How the code of a tree is grouped into the apps it ships in.
final class ProjectShapeTests: XCTestCase {
    private func lint(_ tree: ScanFixture) throws -> LintReport {
        try Linter.run(LintOptions(scan: ScanOptions(paths: [tree.root]), catalog: try RuleCatalog.builtin(), currentDirectory: tree.root))
    }

    static let entitlements = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>com.apple.developer.applesignin</key>
        \t<array><string>Default</string></array>
        </dict>
        </plist>
        """

    static let appleRequest = """
        import AuthenticationServices
        import CryptoKit

        final class AppleSignIn {
            func start(nonce: String) {
                let request = ASAuthorizationAppleIDProvider().createRequest()
                request.nonce = sha256(nonce)
                ASAuthorizationController(authorizationRequests: [request]).performRequests()
            }
        }
        """

    func testWithoutAProjectFileAnInfoPlistDoesNotSplitTheApp() throws {
        let tree = try ScanFixture()
        try tree.mkdir(".git")
        try tree.write("App/Info.plist", "<plist><dict><key>CFBundleName</key><string>App</string></dict></plist>")
        try tree.write("App/App.entitlements", Self.entitlements)
        try tree.write("App/AppDelegate.swift", """
            import UIKit
            import AuthenticationServices

            final class AppDelegate: UIResponder {
                func check(user: String) {
                    ASAuthorizationAppleIDProvider().getCredentialState(forUserID: user) { state, _ in }
                }
            }
            """)
        try tree.write("Auth/AppleSignIn.swift", Self.appleRequest)
        let report = try lint(tree)
        XCTAssertEqual(report.findings.map { "\($0.path):\($0.line): \($0.rule)" }.filter { $0.contains("credential-state") }, [])
        XCTAssertEqual(report.signIn.map(\.name), ["project"])

        // With a project file in the tree, a folder with its own Info.plist is an app of its own.
        try tree.write("Other/Other.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ objects = {}; rootObject = X; }\n")
        let split = try lint(tree)
        XCTAssertEqual(split.findings.map { "\($0.path): \($0.rule)" }.filter { $0.contains("credential-state") },
                       ["Auth/AppleSignIn.swift: no-credential-state-check"])
    }
}
