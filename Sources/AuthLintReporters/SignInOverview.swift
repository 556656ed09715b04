import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintRules

/// What a report's findings say about an app's sign-in setup, for readers who want a verdict
/// before the details. Everything here is read from which rules ran and which fired: authlint
/// reports problems, not what an app contains, so "no finding" is never "verified".
struct SignInOverview {
    /// The Guideline 4.8 verdict.
    enum Verdict: String {
        /// A third-party login is offered with no Sign in with Apple or equivalent beside it.
        case atRisk = "at-risk"
        /// Only work or school logins (Microsoft, Okta) are offered without Sign in with Apple.
        case review
        /// The configuration declares an exemption or an equivalent login service.
        case declared
        /// The login-services rule ran and found nothing.
        case clear
        /// The login-services rule did not run.
        case notChecked = "not-checked"

        var title: String {
            switch self {
            case .atRisk: "At risk"
            case .review: "Needs a look"
            case .declared: "Exemption declared"
            case .clear: "No problem found"
            case .notChecked: "Not checked"
            }
        }
    }

    /// One part of the sign-in setup and the rules that look at it.
    struct Area {
        var title: String
        var rules: [String]
        /// The rules of this area that ran, and the findings of each.
        var ran: [String]
        var findings: [Finding]

        var checked: Bool { !ran.isEmpty }
    }

    static let loginServicesRule = "third-party-login-without-apple"
    static let entitlementRule = "missing-applesignin-entitlement"

    /// The areas in the order a reviewer walks through them. Rules not named here (a team's own)
    /// land in "Other rules".
    static let areaRules: [(title: String, rules: [String])] = [
        ("Login services (Guideline 4.8)", [loginServicesRule]),
        ("Sign in with Apple capability", [entitlementRule]),
        (
            "Nonce (replay protection)",
            ["missing-nonce", "unhashed-nonce", "hashed-nonce-passed-as-raw", "weak-nonce-source"]
        ),
        ("Name and email from Apple", ["full-name-not-persisted", "email-assumed-present", "fabricated-relay-email"]),
        ("Sign-in sheet", ["presentation-anchor-new-window"]),
        ("Credential state and revocation", ["no-credential-state-check", "no-revocation-observer"]),
        ("Account deletion (Guideline 5.1.1(v))", ["missing-token-revocation-on-delete"]),
        ("Privacy manifest", ["privacy-manifest-missing-collected-types"]),
        ("Token storage and logging", ["token-in-userdefaults", "token-logged", "keychain-accessible-always"]),
        ("Local authentication (Face ID)", ["biometry-not-bound-to-keychain", "missing-faceid-usage-description"]),
    ]

    var verdict: Verdict
    var areas: [Area]
    /// Findings about a Sign in with Apple flow: the code uses it somewhere.
    var appleFlowFindings: Int
    /// Declarations from the configuration that bear on Guideline 4.8.
    var declarations: [String]

    init(_ report: LintReport) {
        let ran = Set(report.rules.map(\.id))
        let named = Set(Self.areaRules.flatMap(\.rules))
        let others =
            report.rules.map(\.id).filter { !named.contains($0) }
            + report.findings.map(\.rule).filter { !named.contains($0) && !ran.contains($0) }
        var areas = Self.areaRules.map { area in
            Area(
                title: area.title, rules: area.rules, ran: area.rules.filter(ran.contains),
                findings: report.findings.filter { area.rules.contains($0.rule) })
        }
        if !others.isEmpty {
            let rules = Array(Set(others)).sorted()
            areas.append(
                Area(
                    title: "Other rules", rules: rules, ran: rules,
                    findings: report.findings.filter { rules.contains($0.rule) }))
        }
        self.areas = areas
        declarations = report.notices

        let login = report.findings.filter { $0.rule == Self.loginServicesRule }
        if login.contains(where: { $0.severity == .error }) {
            verdict = .atRisk
        } else if !login.isEmpty {
            verdict = .review
        } else if !declarations.isEmpty {
            verdict = .declared
        } else if ran.contains(Self.loginServicesRule) {
            verdict = .clear
        } else {
            verdict = .notChecked
        }
        appleFlowFindings =
            report.findings.filter { finding in
                finding.rule != Self.loginServicesRule
                    && report.rule(finding.rule)?.tags.contains("sign-in-with-apple") == true
            }.count
    }

    /// One or two sentences that explain the verdict.
    var explanation: String {
        switch verdict {
        case .atRisk:
            "An app target offers a third-party or social login with no Sign in with Apple or other equivalent login service beside it. App Review rejects this under Guideline 4.8 unless an exemption applies."
        case .review:
            "An app target offers a work or school login (such as Microsoft or Okta) with no Sign in with Apple beside it. That is fine when only existing enterprise or education accounts can sign in; otherwise Guideline 4.8 applies."
        case .declared:
            "The configuration declares a Guideline 4.8 exemption or an equivalent login service, so third-party logins are not reported. App Review will judge whether the declaration holds."
        case .clear:
            "No app target was found offering a third-party login without Sign in with Apple or an equivalent login service."
        case .notChecked:
            "The login-services rule did not run, so this report says nothing about Guideline 4.8."
        }
    }
}
