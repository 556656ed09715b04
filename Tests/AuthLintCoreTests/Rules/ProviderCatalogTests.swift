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

/// The sign-in provider catalog: built-in entries, and a team's own added with `--rules DIR`.
final class ProviderCatalogTests: XCTestCase {
    private func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authlint-providers-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    private func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func testTheBuiltInCatalogKnowsAppleAndTheThirdPartyLogins() throws {
        let providers = try RuleCatalog.builtin().providers
        XCTAssertFalse(providers.providers(of: [.apple]).isEmpty)
        let names = Set(providers.providers(of: [.thirdParty, .enterprise]).map(\.id))
        for id in [
            "google-sign-in", "facebook-login", "firebase-oauth", "firebase-ui", "auth-backends", "line-login",
            "kakao-login",
            "naver-login", "wechat-login", "weibo-login", "qq-login", "x-login", "linkedin-login", "amazon-login",
            "vk-login",
            "snapchat-login", "tiktok-login", "web-oauth", "microsoft", "okta",
        ] {
            XCTAssertTrue(names.contains(id), "missing provider \(id)")
        }
        XCTAssertEqual(providers.providers(of: [.enterprise]).map(\.id).sorted(), ["microsoft", "okta"])
    }

    /// Each SDK is a provider of its own: a finding names the login its code offers, not a family.
    func testAFindingNamesTheSDKItSawAndNoOther() throws {
        let sdks = [
            "LINE", "Kakao", "Naver", "WeChat", "Weibo", "QQ", "Twitter", "LinkedIn", "Amazon", "VK", "Snap", "TikTok",
        ]
        let cases: [(sdk: String, name: String, file: String)] = [
            (
                "Kakao", "Kakao Login",
                """
                import KakaoSDKUser

                func signIn() {
                    UserApi.shared.loginWithKakaoTalk { token, error in }
                }

                """
            ),
            (
                "LinkedIn", "LinkedIn login",
                """
                import LinkedinSwift

                func signIn(helper: LinkedinSwiftHelper) {
                    helper.authorizeSuccess({ token in }, error: { error in }, cancel: {})
                }

                """
            ),
        ]
        for (sdk, name, file) in cases {
            let found = try lintTree(["App/Login.swift": file]).findings.filter {
                $0.rule == "third-party-login-without-apple"
            }
            XCTAssertEqual(found.map { "\($0.path):\($0.line)" }, ["App/Login.swift:4"], sdk)
            let message = found.first?.message ?? ""
            XCTAssertTrue(message.hasPrefix("\(name) is offered for signing in,"), message)
            for other in sdks where other != sdk {
                XCTAssertFalse(message.contains(other), "\(sdk) code, yet the message names \(other): \(message)")
            }
        }
    }

    /// Two SDKs in one file: one finding for the target, at the first call, naming its SDK, the
    /// other call listed with it under its own; both in the target's login services.
    func testTwoSDKsInOneFileAreOneFindingNamingEach() throws {
        let report = try lintTree([
            "App/Login.swift": """
            import LineSDK
            import KakaoSDKUser

            final class LoginViewController {
                func lineTapped() {
                    LoginManager.shared.login(permissions: [.profile], in: nil) { _ in }
                }

                func kakaoTapped() {
                    UserApi.shared.loginWithKakaoAccount { token, error in }
                }
            }

            """
        ])
        let found = report.findings.filter { $0.rule == "third-party-login-without-apple" }
        XCTAssertEqual(
            found.map { "\($0.line): \($0.message.prefix { $0 != "," })" }, ["6: LINE Login is offered for signing in"])
        XCTAssertEqual(
            found.flatMap(\.related).map { "\($0.line): \($0.message)" }, ["10: Kakao Login is offered here too"])
        XCTAssertEqual(report.signIn.map(\.loginServices), [["Kakao Login", "LINE Login"]])
    }

    func testATeamProviderFileExtendsTheFourPointEightRule() throws {
        let rules = try temporaryDirectory()
        try write(
            """
            provider: acme-id
            name: Acme ID
            kind: third-party
            imports: [AcmeID]
            sign-in:
              - "AcmeID.shared.login(...)"
            """, to: rules + "/providers/acme.yaml")
        let app = try temporaryDirectory()
        try write(
            "import AcmeID\n\nfunc signIn() {\n    AcmeID.shared.login(from: nil)\n}\n", to: app + "/App/Login.swift")

        let catalog = try RuleCatalog.load(extraDirectories: [rules])
        XCTAssertNotNil(catalog.providers.providers.first { $0.id == "acme-id" })
        let report = try Linter.run(
            LintOptions(scan: ScanOptions(paths: [app]), catalog: catalog, currentDirectory: app))
        let found = report.findings.filter { $0.rule == "third-party-login-without-apple" }
        XCTAssertEqual(found.map { "\($0.path):\($0.line):\($0.column)" }, ["App/Login.swift:4:5"])
        XCTAssertTrue(found.first?.message.hasPrefix("Acme ID is offered") == true, found.first?.message ?? "")

        // Without the team's file the same code is not a known login.
        let plain = try Linter.run(
            LintOptions(scan: ScanOptions(paths: [app]), catalog: try RuleCatalog.builtin(), currentDirectory: app))
        XCTAssertEqual(plain.findings.filter { $0.rule == "third-party-login-without-apple" }.count, 0)
    }

    func testAProviderMayNotReuseABuiltInID() throws {
        let rules = try temporaryDirectory()
        try write(
            "provider: google-sign-in\nname: Mine\nkind: third-party\nsign-in: [\"Mine.login()\"]\n",
            to: rules + "/providers/google.yaml")
        XCTAssertThrowsError(try RuleCatalog.load(extraDirectories: [rules])) { error in
            XCTAssertTrue("\(error)".contains("already defined"), "\(error)")
        }
    }

    func testAnUnknownProviderKindIsRefusedWithASuggestion() throws {
        let rules = try temporaryDirectory()
        try write(
            "provider: acme\nname: Acme\nkind: third-party\nsign-in: [\"Acme.login()\"]\n",
            to: rules + "/providers/acme.yaml")
        try write(
            """
            id: acme-rule
            severity: warning
            guideline: {reference: "4.8", quote: "q"}
            summary: s
            documentation: {flags: f, why: w, fix: x}
            message: m
            match:
              patterns:
                - providers: [third-partyy]
            """, to: rules + "/acme-rule.yaml")
        XCTAssertThrowsError(try RuleCatalog.load(extraDirectories: [rules])) { error in
            XCTAssertEqual(
                "\(error)",
                "\(rules)/acme-rule.yaml:9: unknown provider kind `third-partyy` (did you mean `third-party`?)")
        }
    }

    func testATeamProviderAddsCredentialsThatBuiltInRulesFollow() throws {
        let rules = try temporaryDirectory()
        try write(
            """
            provider: acme-id
            name: Acme ID
            kind: third-party
            imports: [AcmeID]
            sign-in:
              - "AcmeID.shared.login(...)"
            credentials:
              - "$_.session.bearer"
            """, to: rules + "/providers/acme.yaml")
        let app = try temporaryDirectory()
        try write(
            """
            import AcmeID

            func signedIn(_ result: AcmeResult) {
                let value = result.session.bearer
                print("signed in: \\(value)")
            }
            """, to: app + "/App/Login.swift")
        let catalog = try RuleCatalog.load(extraDirectories: [rules])
        let report = try Linter.run(
            LintOptions(scan: ScanOptions(paths: [app]), catalog: catalog, currentDirectory: app))
        XCTAssertEqual(
            report.findings.filter { $0.rule == "token-logged" }.map { "\($0.path):\($0.line)" }, ["App/Login.swift:5"])

        let plain = try Linter.run(
            LintOptions(scan: ScanOptions(paths: [app]), catalog: try RuleCatalog.builtin(), currentDirectory: app))
        XCTAssertEqual(plain.findings.filter { $0.rule == "token-logged" }.count, 0)
    }

    /// A provider's `flow:` joins the others': `scope: request` and `within: flow` know a team's
    /// own button as they know `SignInWithAppleButton`, from data, not from the engine.
    func testAProvidersFlowJoinsTheCatalogsAndAWrongOneIsRefused() throws {
        let rules = try temporaryDirectory()
        try write(
            """
            provider: acme-id
            name: Acme ID
            kind: third-party
            imports: [AcmeID]
            sign-in: ["AcmeButton(...)"]
            flow:
              starts: [AcmeButton]
              buttons: [{call: AcmeButton, request: onRequest, completion: onCompletion}]
              delegates: [{method: acmeLogin, label: didFinishWith}]
              request-makers: [makeRequest]
            """, to: rules + "/providers/acme.yaml")
        let flow = try RuleCatalog.load(extraDirectories: [rules]).providers.flow
        let builtIn = try RuleCatalog.builtin().providers.flow
        XCTAssertEqual(Set(flow.starts), Set(builtIn.starts + ["AcmeButton"]))
        XCTAssertEqual(Set(flow.buttons.map(\.call)), Set(builtIn.buttons.map(\.call) + ["AcmeButton"]))
        XCTAssertEqual(Set(flow.delegates.map(\.label)), Set(builtIn.delegates.map(\.label) + ["didFinishWith"]))
        XCTAssertEqual(Set(flow.requestMakers), Set(builtIn.requestMakers + ["makeRequest"]))
        XCTAssertTrue(
            builtIn.buttons.contains { $0.call == "SignInWithAppleButton" && $0.completion == "onCompletion" })

        try write(
            """
            provider: acme-id
            name: Acme ID
            kind: third-party
            sign-in: ["AcmeButton(...)"]
            flow:
              buttons: [{call: AcmeButton, completion: onCompletion}]
            """, to: rules + "/providers/acme.yaml")
        XCTAssertThrowsError(try RuleCatalog.load(extraDirectories: [rules])) { error in
            XCTAssertTrue("\(error)".hasSuffix("a button needs `request`"), "\(error)")
        }
    }

    /// `scope: request` finds a team button's request by its provider's `flow:`: the request
    /// closure (`configure:`) of the call whose completion closure (`onFinish:`) holds the site.
    /// Without the `flow:` the code says nothing of which request a handler answers, and the
    /// site's target is searched.
    func testAProvidersFlowTellsWhereItsButtonsRequestIsMade() throws {
        let provider = """
            provider: acme-id
            name: Acme ID
            kind: third-party
            imports: [AcmeID]
            sign-in: ["AcmeButton(...)"]

            """
        let flow = """
            flow:
              starts: [AcmeButton]
              buttons: [{call: AcmeButton, request: configure, completion: onFinish}]

            """
        let rule = """
            id: acme-scopes
            severity: warning
            guideline: {reference: "4.8", quote: "q"}
            summary: s
            documentation: {flags: f, why: w, fix: x}
            message: the request this answers asks no scopes
            match:
              patterns: ["handle($R)"]
              where:
                - absent: ["requestedScopes = $_"]
                  scope: request
            """
        let app = try temporaryDirectory()
        try write(
            """
            import AcmeID

            struct LoginView {
                var withScopes: AcmeButton {
                    AcmeButton(configure: { request in request.requestedScopes = [.email] }, onFinish: { result in
                        handle(result)
                    })
                }
                var without: AcmeButton {
                    AcmeButton(configure: { request in request.nonce = "n" }, onFinish: { result in
                        handle(result)
                    })
                }
            }
            """, to: app + "/App/Login.swift")
        func lines(_ providerText: String) throws -> [Int] {
            let rules = try temporaryDirectory()
            try write(providerText, to: rules + "/providers/acme.yaml")
            try write(rule, to: rules + "/acme-rule.yaml")
            let report = try Linter.run(
                LintOptions(
                    scan: ScanOptions(paths: [app]), catalog: try RuleCatalog.load(extraDirectories: [rules]),
                    currentDirectory: app))
            return report.findings.filter { $0.rule == "acme-scopes" }.map(\.line)
        }
        XCTAssertEqual(try lines(provider + flow), [11])
        XCTAssertEqual(try lines(provider), [], "without the flow, the target asks scopes somewhere")
    }

    func testAPushProviderNeedsNoSignInAndAnUnknownOriginIsRefused() throws {
        let rules = try temporaryDirectory()
        try write(
            "provider: acme-push\nname: Acme Push\nkind: push\npush-tokens: [\"AcmePush.shared.token\"]\n",
            to: rules + "/providers/push.yaml")
        let catalog = try RuleCatalog.load(extraDirectories: [rules])
        XCTAssertEqual(
            catalog.providers.clauses(of: .pushTokens).count,
            try RuleCatalog.builtin().providers.clauses(of: .pushTokens).count + 1)

        try write(
            """
            id: acme-rule
            severity: warning
            guideline: {reference: "4.8", quote: "q"}
            summary: s
            documentation: {flags: f, why: w, fix: x}
            message: m
            match:
              patterns: ["print(...)"]
              where:
                - metavariable: MATCH
                  comes-from: credential
            """, to: rules + "/acme-rule.yaml")
        XCTAssertThrowsError(try RuleCatalog.load(extraDirectories: [rules])) { error in
            XCTAssertEqual(
                "\(error)",
                "\(rules)/acme-rule.yaml:11: comes-from must be one of credentials, push-tokens, not `credential` (did you mean `credentials`?)"
            )
        }
    }

    /// The reviewer's overview reads its biometry from the `local-authentication` providers: a
    /// team's own (a vein scanner, its access control, its purpose string) counts as Face ID does.
    func testTheOverviewsBiometryComesFromLocalAuthenticationProviders() throws {
        let rules = try temporaryDirectory()
        try write(
            """
            provider: acme-veins
            name: Acme Vein ID
            kind: local-authentication
            imports: [AcmeVeins]
            sign-in: ["$_.scanVeins(...)"]
            keychain-binding: [".veinsCurrentSet"]
            purpose-strings: [AcmeVeinUsageDescription]
            """, to: rules + "/providers/veins.yaml")
        let app = try temporaryDirectory()
        let login = """
            import AuthenticationServices
            import AcmeVeins

            @main struct AcmeApp {
                static func main() {}
            }

            func signIn() {
                let request = ASAuthorizationAppleIDProvider().createRequest()
                _ = request
            }

            func unlock(_ scanner: VeinScanner) {
                scanner.scanVeins(reason: "Unlock") { ok in }
            }

            """
        try write(login, to: app + "/App/Login.swift")
        let plist = { (key: String) in
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>\(key)</key>
                <string>Unlock your notes.</string>
            </dict>
            </plist>
            """
        }
        try write(plist("AcmeVeinUsageDescription"), to: app + "/App/Info.plist")
        let catalog = try RuleCatalog.load(extraDirectories: [rules])
        func biometry() throws -> String {
            let report = try Linter.run(
                LintOptions(scan: ScanOptions(paths: [app]), catalog: catalog, currentDirectory: app))
            return report.signIn.map { target in
                guard let posture = target.localAuthentication else { return "\(target.name): none" }
                return
                    "\(target.name): bound=\(posture.boundToKeychain) purpose=\(posture.purposeString.map(String.init) ?? "?")"
            }.joined(separator: "; ")
        }
        XCTAssertEqual(try biometry(), "project: bound=false purpose=true")

        try write(plist("NSCameraUsageDescription"), to: app + "/App/Info.plist")
        try write(
            login
                + "let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, .veinsCurrentSet, nil)\n",
            to: app + "/App/Login.swift")
        XCTAssertEqual(try biometry(), "project: bound=true purpose=false")

        // The built-in catalog does not know the scanner.
        let plain = try Linter.run(
            LintOptions(scan: ScanOptions(paths: [app]), catalog: try RuleCatalog.builtin(), currentDirectory: app))
        XCTAssertEqual(plain.signIn.map { $0.localAuthentication == nil }, [true])

        try write(
            "provider: x\nname: X\nkind: apple\nsign-in: [\"x()\"]\npurpose-strings: [Y]\n",
            to: rules + "/providers/x.yaml")
        XCTAssertThrowsError(try RuleCatalog.load(extraDirectories: [rules])) { error in
            XCTAssertEqual(
                "\(error)",
                "\(rules)/providers/x.yaml:5: `purpose-strings:` is for providers of kind `local-authentication`")
        }
    }
}
