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

/// Reports the reporter tests render: one fixed report built here (so rule edits elsewhere do not
/// move the golden files), the same with nothing found, and the report of linting `samples/`.
enum ReportFixture {
    static let root = "/project"

    /// A Sign in with Apple request with no nonce: real findings for tests that lint a tree.
    static let appleLoginWithoutNonce = """
        import AuthenticationServices

        final class LoginController {
            func signIn() {
                let request = ASAuthorizationAppleIDProvider().createRequest()
                request.requestedScopes = [.email]
                ASAuthorizationController(authorizationRequests: [request]).performRequests()
            }
        }

        """

    static let rules: [RuleDescription] = [
        RuleDescription(
            id: "third-party-login-without-apple", name: "Third-party login without Sign in with Apple",
            severity: .error,
            guideline: .init(
                reference: "4.8",
                quote:
                    "Apps that use a third-party or social login service … must also offer as an equivalent option another login service.",
                url: "https://developer.apple.com/app-store/review/guidelines/#login-services"),
            summary: "The app offers a third-party login but no Sign in with Apple.",
            documentation: .init(
                flags: "Each place an app target offers a third-party login with no Sign in with Apple.",
                why: "App Review rejects apps that offer a social login without an equivalent option.",
                fix: "Add Sign in with Apple next to the other logins. Or declare an exemption in `.authlint.yml`.",
                snippet: "# .authlint.yml\nlogin-services:\n  exemption: education-enterprise"),
            tags: ["app-review", "guideline-4.8"]),
        RuleDescription(
            id: "missing-nonce", name: "Missing nonce", severity: .error,
            guideline: .init(
                reference: "ASAuthorizationOpenIDRequest.nonce",
                quote: "A string value to pass to the identity provider.",
                url:
                    "https://developer.apple.com/documentation/authenticationservices/asauthorizationopenidrequest/nonce"
            ),
            summary: "An Apple ID request is sent without a nonce.",
            documentation: .init(
                flags: "An Apple ID request whose `nonce` is never set.",
                why: "Without a nonce, a captured identity token can be replayed against your backend.",
                fix:
                    "Set `request.nonce` to the SHA-256 of a fresh random value, and keep the raw value for the backend.",
                snippet: "let nonce = randomNonceString()\nrequest.nonce = sha256(nonce)"),
            aliases: ["nonce-missing"], tags: ["security", "sign-in-with-apple"], securitySeverity: "7.5"),
        RuleDescription(
            id: "token-logged", name: "Token logged", severity: .warning,
            guideline: .init(reference: "Logging (OSLog privacy)", quote: "Mark private data as private."),
            summary: "A token reaches the log.",
            documentation: .init(
                flags: "Tokens in `print` or `NSLog`.", why: "Logs leave the device.", fix: "Remove the log line."),
            tags: ["security", "logging"], precision: "medium", securitySeverity: "5.5"),
        RuleDescription(
            id: "no-revocation-observer", name: "No revocation observer", severity: .note,
            guideline: .init(reference: "5.1.1(v)", quote: "Offer account deletion."),
            summary: "No `credentialRevokedNotification` observer.",
            documentation: .init(
                flags: "No observer.", why: "Revoked users stay signed in.", fix: "Observe the notification!"),
            tags: ["correctness", "sign-in-with-apple"]),
    ]

    static var findings: [Finding] {
        [
            Finding(
                rule: "third-party-login-without-apple", severity: .error,
                message: "Google Sign-In is offered for signing in, but this app offers no Sign in with Apple.",
                path: "Kiosk/KioskLoginView.swift", line: 18, column: 9, endLine: 18, endColumn: 62,
                fingerprint: "1a2b3c4d5e6f7081"),
            Finding(
                rule: "missing-nonce", severity: .error,
                message: "The Apple ID request `request` never gets a nonce; set `request.nonce` [as documented].",
                path: "Sunrise App/Login View.swift", line: 17, column: 48, endLine: 17, endColumn: 55,
                related: [
                    .init(
                        path: "Sunrise App/Account/Session.swift", line: 16, column: 39,
                        message: "the identity token is read here"),
                    .init(
                        path: "Sunrise App/Login View.swift", line: 9, column: 5, message: "the request is made here"),
                ],
                fingerprint: "00ff00ff00ff00ff"),
            Finding(
                rule: "token-logged", severity: .warning,
                message: "A token reaches the log: 100% of <b>it</b> | `print(\"a|b\")` & more\nsecond line",
                path: "Sunrise App/Account/Session.swift", line: 18, column: 9, fingerprint: "abcdefabcdefabcd"),
            Finding(
                rule: "no-revocation-observer", severity: .note,
                message: "Sign in with Apple is used here but `credentialRevokedNotification` is never observed.",
                path: "Sunrise App/Login/Coordinator.swift", line: 20, column: 16, endLine: 20, endColumn: 40,
                fingerprint: "0123456789abcdef"),
            Finding(
                rule: "team-rule", severity: .warning, message: "A team's own rule, not among the rules that ran.",
                path: "Sunrise App/Login/Coordinator.swift", line: 31, column: 1, fingerprint: "fedcba9876543210"),
        ]
    }

    static let excerpts: [String: [Int: String]] = [
        "Kiosk/KioskLoginView.swift": [
            18: "        GIDSignIn.sharedInstance.signIn(withPresenting: root) { result, _ in"
        ],
        "Sunrise App/Login View.swift": [17: "            SignInWithAppleButton(.continue) { request in"],
        "Sunrise App/Account/Session.swift": [18: "        print(\"token <\\(token)>\")"],
        "Sunrise App/Login/Coordinator.swift": [20: "\tlet request = provider.createRequest() // 👋🏽"],
    ]

    static let diagnostics = [
        Diagnostic(
            path: "Sunrise App/Info.plist", kind: .malformedPlist, message: "unexpected end of file", line: 12,
            column: 3),
        Diagnostic(path: "Assets/Logo.swift", kind: .binaryFile, message: "binary file"),
    ]

    static let notices = [
        "ExemptApp/.authlint.yml: Guideline 4.8: the configuration declares the `education-enterprise` exemption."
    ]

    /// Everything a reporter shows: findings of each severity, related places, a rule that did
    /// not run, paths with spaces, text that needs escaping, diagnostics, a notice and generated
    /// files left out.
    static var report: LintReport {
        var report = LintReport(
            root: root, displayPrefix: "project/", findings: findings, diagnostics: diagnostics, filesScanned: 7,
            rules: rules, excerpts: excerpts, declarations: notices.map { (path: nil, summary: $0) })
        report.generatedFiles = [
            GeneratedFile(path: "App/Generated/R.generated.swift", reason: "named *.generated.swift"),
            GeneratedFile(path: "App/Generated/<Strings> `L10n`.swift", reason: "its header says \"generated using\""),
        ]
        return report
    }

    /// The same rules ran and found nothing.
    static var empty: LintReport {
        LintReport(root: root, findings: [], diagnostics: [], filesScanned: 0, rules: rules)
    }

    /// The README's first command: every sample at once, from the repository root.
    static func samples() throws -> LintReport {
        try Linter.run(
            LintOptions(
                scan: ScanOptions(paths: [RepositoryPaths.root + "/samples"]), catalog: try RuleCatalog.builtin(),
                currentDirectory: RepositoryPaths.root))
    }

    /// A JSON object.
    static func object(_ text: String) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw CocoaError(.coderReadCorrupt)
        }
        return object
    }
}
