import AuthLintTestSupport
import Foundation
import XCTest

/// `lint --stdin-filename PATH`: standard input linted as the file at PATH, with the project
/// around it, as an editor passes its unsaved buffer.
extension CLITests {
    /// Every file of the bundled samples, given on standard input, reports what `lint FILE`
    /// reports: the same JSON, byte for byte.
    func testStandardInputReportsWhatTheFileOnDiskDoes() throws {
        // A copy, so that each run reads its app and not the whole repository around it.
        let samples = workspace + "/samples"
        try FileManager.default.copyItem(atPath: RepositoryPaths.root + "/samples", toPath: samples)
        let suffixes = [".swift", ".plist", ".entitlements", ".xcprivacy", ".pbxproj"]
        let files = try FileManager.default.subpathsOfDirectory(atPath: samples).filter { file in
            suffixes.contains { file.hasSuffix($0) }
        }.sorted()
        XCTAssertGreaterThan(files.count, 20)
        var withFindings = 0
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: samples + "/" + file)))
            let named = try authlint(["lint", "--no-cache", "--format", "json", file], in: samples)
            let piped = try authlint(
                ["lint", "--no-cache", "--format", "json", "--stdin-filename", file], in: samples, input: bytes)
            XCTAssertEqual(piped.status, named.status, file + "\n" + piped.stderr)
            XCTAssertEqual(piped.stdout, named.stdout, file)
            XCTAssertEqual(piped.stderr, named.stderr, file)
            if named.stdout.contains("\"rule\"") { withFindings += 1 }
        }
        XCTAssertGreaterThan(withFindings, 10, "the samples' files hold findings to compare")
    }

    /// The text given replaces the one on disk, in the file and in the project's facts, and the
    /// file need not exist; the tree on disk is left as it was.
    func testStandardInputTakesThePlaceOfTheFileOnDisk() throws {
        try write(["app/App/Login.swift": cleanSource, "copy/App/Login.swift": missingNonceSource])
        let given = Array(missingNonceSource.utf8)
        let piped = try authlint(["lint", "--stdin-filename", "app/App/Login.swift"], input: given)
        let onDisk = try authlint(["lint", "copy/App/Login.swift"])
        XCTAssertEqual(piped.status, 1, piped.stderr)
        XCTAssertEqual(onDisk.status, 1, onDisk.stderr)
        XCTAssertTrue(piped.stdout.hasPrefix("app/App/Login.swift:5:13: error: "), piped.stdout)
        XCTAssertEqual(
            piped.stdout.replacingOccurrences(of: "app/", with: ""),
            onDisk.stdout.replacingOccurrences(of: "copy/", with: ""))

        let cleaned = try authlint(
            ["lint", "--stdin-filename", "copy/App/Login.swift"], input: Array(cleanSource.utf8))
        XCTAssertEqual(cleaned.status, 0, cleaned.stdout + cleaned.stderr)

        let new = try authlint(["lint", "--stdin-filename", "app/App/New/Login.swift"], input: given)
        XCTAssertEqual(new.status, 1, new.stderr)
        XCTAssertTrue(new.stdout.hasPrefix("app/App/New/Login.swift:5:13: error: "), new.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: workspace + "/app/App/New"))
        XCTAssertEqual(
            try String(contentsOfFile: workspace + "/app/App/Login.swift", encoding: .utf8), cleanSource)
    }

    /// The project's facts come from the tree around the file: a Google sign-in given on
    /// standard input is flagged unless another file on disk offers Sign in with Apple.
    func testStandardInputIsLintedWithTheProjectAroundIt() throws {
        let google = """
            import GoogleSignIn
            import UIKit

            final class LoginViewController: UIViewController {
                @objc func signInTapped() {
                    GIDSignIn.sharedInstance.signIn(withPresenting: self) { _, _ in }
                }
            }

            """
        let apple = """
            import AuthenticationServices
            import UIKit

            final class AppleLoginViewController: UIViewController {
                @IBAction func appleTapped(_ sender: UIButton) {
                    let request = ASAuthorizationAppleIDProvider().createRequest()
                    request.requestedScopes = [.email]
                    ASAuthorizationController(authorizationRequests: [request]).performRequests()
                }
            }

            """
        let arguments = [
            "lint", "--stdin-filename", "app/App/Login.swift", "--select", "third-party-login-without-apple",
        ]
        try write(["app/App/Login.swift": cleanSource, "app/App/Apple.swift": cleanSource])
        let alone = try authlint(arguments, input: Array(google.utf8))
        XCTAssertEqual(alone.status, 1, alone.stderr)
        XCTAssertTrue(alone.stdout.hasPrefix("app/App/Login.swift:6:"), alone.stdout)
        try write(["app/App/Apple.swift": apple])
        let besideApple = try authlint(arguments, input: Array(google.utf8))
        XCTAssertEqual(besideApple.status, 0, besideApple.stdout)
    }

    /// With --fix, the fixed text goes to standard output and the report of what remains to
    /// standard error; the file on disk is not written, and a fix that changes another file too
    /// is left out. --fix --diff shows the change as a diff of the file.
    func testFixOnStandardInputPrintsTheFixedText() throws {
        try write(["app/App/Login.swift": cleanSource, "app/App/App.entitlements": entitlementsWithoutAppleSignIn])
        let given = Array(publicTokenLog.utf8)
        let fixed = try authlint(["lint", "--fix", "--stdin-filename", "app/App/Login.swift"], input: given)
        XCTAssertEqual(fixed.status, 0, fixed.stderr)
        XCTAssertEqual(
            fixed.stdout,
            publicTokenLog.replacingOccurrences(of: "\\(accessToken, privacy: .public)", with: "\\(accessToken)"))
        XCTAssertTrue(fixed.stderr.contains("Fixed 1 finding in standard input."), fixed.stderr)
        XCTAssertFalse(fixed.stderr.contains("[token-logged]"), fixed.stderr)
        XCTAssertEqual(try String(contentsOfFile: workspace + "/app/App/Login.swift", encoding: .utf8), cleanSource)

        let diff = try authlint(["lint", "--fix", "--diff", "--stdin-filename", "app/App/Login.swift"], input: given)
        XCTAssertEqual(diff.status, 1, diff.stderr)
        XCTAssertTrue(diff.stdout.hasPrefix("--- a/app/App/Login.swift\n+++ b/app/App/Login.swift\n@@"), diff.stdout)
        XCTAssertTrue(diff.stdout.contains("+    logger.info(\"Refreshed: \\(accessToken)\")\n"), diff.stdout)

        // Nothing to fix: the text comes back as it was given.
        let clean = try authlint(
            ["lint", "--fix", "--stdin-filename", "app/App/Login.swift"], input: Array(cleanSource.utf8))
        XCTAssertEqual(clean.stdout, cleanSource)
    }

    /// A file the configuration excludes has nothing to report, and --fix gives its text back.
    func testExcludedStandardInputReportsNothing() throws {
        try write(["app/.authlint.yml": "exclude:\n  - Generated/**\n", "app/App/Login.swift": cleanSource])
        let given = Array(missingNonceSource.utf8)
        let excluded = try authlint(["lint", "--stdin-filename", "app/Generated/Login.swift"], input: given)
        XCTAssertEqual(excluded.status, 0, excluded.stdout + excluded.stderr)
        XCTAssertFalse(excluded.stdout.contains("missing-nonce"), excluded.stdout)
        let fixed = try authlint(["lint", "--fix", "--stdin-filename", "app/Generated/Login.swift"], input: given)
        XCTAssertEqual(fixed.status, 0, fixed.stderr)
        XCTAssertEqual(fixed.stdout, missingNonceSource)
    }

    func testStandardInputIsRefusedWithOtherPathsOrAFolder() throws {
        try write(["app/App/Login.swift": cleanSource])
        let both = try authlint(["lint", "app", "--stdin-filename", "app/App/Login.swift"], input: [])
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.contains("give no other paths"), both.stderr)
        let folder = try authlint(["lint", "--stdin-filename", "app/App"], input: [])
        XCTAssertEqual(folder.status, 2)
        XCTAssertTrue(folder.stderr.contains("is a folder"), folder.stderr)
    }
}
