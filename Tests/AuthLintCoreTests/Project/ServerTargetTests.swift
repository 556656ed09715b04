import Foundation
import XCTest

@testable import AuthLintCore
@testable import AuthLintModel
@testable import AuthLintProject
@testable import AuthLintRules
@testable import AuthLintSyntax

/// Servers kept beside the app: recognised by their manifests, read as server targets.
final class ServerTargetTests: XCTestCase {
    private func frameworks(_ text: String, _ path: String) -> [String]? {
        let kind = ProjectFileKind.classify(fileName: ProjectPath.lastComponent(of: path), parentName: "")!
        return ServerManifest.read(Array(text.utf8), path: path, kind: kind)?.frameworks
    }

    func testRequirementsFilesNameTheirFrameworks() {
        XCTAssertEqual(
            frameworks(
                """
                # the API
                Flask[async]==3.0.2  # web
                -r base.txt
                --index-url https://pypi.org/simple
                PyJWT>=2.8
                python_jose[cryptography]
                requests
                """, "backend/requirements.txt"),
            ["flask", "pyjwt", "python-jose"])
        XCTAssertEqual(frameworks("fastapi\n", "api/requirements-dev.txt"), ["fastapi"])
        XCTAssertNil(frameworks("requests\nnumpy\n# flask\n", "scripts/requirements.txt"))
        XCTAssertEqual(
            ServerManifest.requirementNames(
                Array("https://example.com/flask.zip\nflask @ https://example.com/f.zip\n".utf8)),
            ["flask"])
    }

    func testPyprojectAndPipfileNameTheirFrameworks() {
        XCTAssertEqual(
            frameworks(
                """
                [project]
                name = "flask-notes"
                description = "Not a Django app"
                dependencies = [
                    "fastapi[standard]>=0.110",  # "django" in a comment
                    'uvicorn',
                ]

                [project.optional-dependencies]
                auth = ["PyJWT>=2"]

                [tool.poetry.group.dev.dependencies]
                Django = "^5.0"

                [tool.ruff]
                select = ["starlette"]
                """, "server/pyproject.toml"),
            ["fastapi", "pyjwt", "django"])
        XCTAssertEqual(
            frameworks(
                """
                [[source]]
                url = "https://pypi.org/simple"

                [packages]
                flask = "*"

                [dev-packages]
                pytest = "*"
                """, "Pipfile"),
            ["flask"])
    }

    func testPackageJSONNamesItsRuntimeDependenciesOnly() {
        XCTAssertEqual(
            frameworks(
                #"{"dependencies": {"firebase-functions": "^6", "firebase-admin": "^12", "Express": "4"}}"#,
                "functions/package.json"),
            ["express", "firebase-admin", "firebase-functions"])
        XCTAssertNil(
            frameworks(#"{"dependencies": {"react": "18"}, "devDependencies": {"express": "4"}}"#, "web/package.json"))
        XCTAssertNil(frameworks("not json", "package.json"))
    }

    func testAFrontEndsTokenLibraryMakesNoServer() {
        XCTAssertNil(frameworks(#"{"dependencies": {"react-native": "0.74", "jose": "5"}}"#, "package.json"))
        XCTAssertNil(frameworks(#"{"dependencies": {"expo": "51", "jsonwebtoken": "9"}}"#, "mobile/package.json"))
        XCTAssertEqual(
            frameworks(#"{"dependencies": {"react": "18", "express": "4", "jose": "5"}}"#, "web/package.json"),
            ["express", "jose"])
    }

    func testSwiftPackagesThatDependOnVaporAreServers() {
        let packages = [
            LinkedPackage(
                name: "vapor", manager: .swiftPackageManager, source: "Server/Package.swift", line: 5,
                location: "https://github.com/vapor/vapor.git"),
            LinkedPackage(
                name: "jwt-kit", manager: .swiftPackageManager, source: "Server/Package.swift", line: 6,
                location: "git@github.com:vapor/jwt-kit"),
            LinkedPackage(
                name: "Alamofire", manager: .swiftPackageManager, source: "Package.swift", line: 3,
                location: "https://github.com/Alamofire/Alamofire"),
        ]
        let servers = ServerManifest.swiftServers(packages)
        XCTAssertEqual(servers.map(\.folder), ["Server"])
        XCTAssertEqual(servers.first?.frameworks, ["vapor", "jwt-kit"])
        // What a lock file pins says nothing of whose code it is.
        let pinned = LinkedPackage(
            name: "vapor", manager: .swiftPackageManager,
            source: "App.xcworkspace/xcshareddata/swiftpm/Package.resolved",
            line: 4, location: "https://github.com/vapor/vapor.git")
        XCTAssertEqual(ServerManifest.swiftServers([pinned]).map(\.path), [])
    }

    /// The kinds of the targets an app's files and a package's source are built in, for an
    /// XcodeGen app in `App/` beside a package whose manifest is at `manifest`.
    private func kindsBesideAnApp(
        manifest: String, _ text: String, source: String, _ code: String
    ) throws -> (servers: [String], kinds: [BuildTarget.Kind]) {
        let tree = try ScanFixture()
        try tree.mkdir(".git")
        try tree.write(
            "project.yml",
            "name: Sunrise\ntargets:\n  Sunrise:\n    type: application\n    platform: iOS\n    sources: [App]\n")
        try tree.write("App/AppDelegate.swift", "import UIKit\n")
        try tree.write(manifest, text)
        try tree.write(source, code)
        let scanned = ProjectScanner.scan(ScanOptions(paths: [tree.root]), currentDirectory: tree.root)
        let built = BuildTargetBuilder.build(
            files: scanned.sourceFiles.map { BuildTargetBuilder.File(path: $0.path, imports: []) }, scanned: scanned)
        return (
            scanned.servers.map(\.path),
            (0..<scanned.sourceFiles.count).map { built.targets[built.targetOfFile[FileID($0)]].kind }
        )
    }

    func testAnAppsOwnPackageThatDependsOnJWTKitIsTheAppsCode() throws {
        let found = try kindsBesideAnApp(
            manifest: "Modules/Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Modules",
                dependencies: [.package(url: "https://github.com/vapor/jwt-kit.git", from: "5.0.0")],
                targets: [.target(name: "Auth", dependencies: [.product(name: "JWTKit", package: "jwt-kit")])]
            )
            """, source: "Modules/Sources/Auth/ClientToken.swift", "import JWTKit\n")
        XCTAssertEqual(found.servers, ["Modules/Package.swift"])
        XCTAssertEqual(found.kinds, [.app, .app])
    }

    func testAVaporPackageInsideTheAppsFolderIsAServer() throws {
        let found = try kindsBesideAnApp(
            manifest: "Backend/Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Backend",
                products: [.library(name: "BackendKit", targets: ["App"])],
                dependencies: [
                    .package(url: "https://github.com/vapor/vapor.git", from: "4.99.0"),
                    .package(url: "https://github.com/vapor/jwt.git", from: "4.2.0"),
                ],
                targets: [.target(name: "App", dependencies: [.product(name: "Vapor", package: "vapor")], path: "Sources/App")]
            )
            """, source: "Backend/Sources/App/configure.swift", "import Vapor\n")
        XCTAssertEqual(found.kinds, [.app, .server])
    }

    func testOnlyAServersPythonAndJavaScriptAreReadAndTheyAreServerTargets() throws {
        let tree = try ScanFixture()
        try tree.mkdir(".git")
        try tree.write("App/AppDelegate.swift", "import UIKit\n")
        try tree.write("backend/requirements.txt", "flask\n")
        try tree.write("backend/app.py", "from flask import Flask\n")
        try tree.write("backend/tests/test_auth.py", "def test_x(): pass\n")
        try tree.write("backend/venv/lib/site.py", "x = 1\n")
        try tree.write("functions/package.json", #"{"dependencies": {"firebase-functions": "6"}}"#)
        try tree.write("functions/src/index.ts", "export const x = 1\n")
        try tree.write("functions/src/auth.spec.ts", "it('x', () => {})\n")
        try tree.write("scripts/bump.py", "print(1)\n")
        try tree.write("web/package.json", #"{"dependencies": {"react": "18"}}"#)
        try tree.write("web/app.js", "render()\n")
        let scanned = ProjectScanner.scan(ScanOptions(paths: [tree.root]), currentDirectory: tree.root)
        XCTAssertEqual(
            scanned.sourceFiles.map(\.path),
            [
                "App/AppDelegate.swift", "backend/app.py", "backend/tests/test_auth.py", "functions/src/auth.spec.ts",
                "functions/src/index.ts",
            ])
        XCTAssertEqual(scanned.servers.map(\.path), ["backend/requirements.txt", "functions/package.json"])
        let built = BuildTargetBuilder.build(
            files: scanned.sourceFiles.map { BuildTargetBuilder.File(path: $0.path, imports: []) }, scanned: scanned)
        let kinds = (0..<scanned.sourceFiles.count).map { index -> String in
            let target = built.targets[built.targetOfFile[FileID(index)]]
            return "\(target.name) \(target.kind.rawValue)"
        }
        XCTAssertEqual(
            kinds, ["project unknown", "server backend server", "tests test", "tests test", "server functions server"])
    }

    func testTheAppStoreRulesAreSilentOnAServersSwiftCode() throws {
        let tree = try ScanFixture()
        try tree.mkdir(".git")
        let code = """
            func save(session: Session) {
                UserDefaults.standard.set(session.value, forKey: "authToken")
            }
            """
        try tree.write("App/Session.swift", code)
        try tree.write(
            "Server/Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Server",
                dependencies: [.package(url: "https://github.com/vapor/vapor.git", from: "4.0.0")],
                targets: [.executableTarget(name: "App", dependencies: [.product(name: "Vapor", package: "vapor")])]
            )
            """)
        try tree.write("Server/Sources/App/Session.swift", code)
        let report = try Linter.run(
            LintOptions(
                scan: ScanOptions(paths: [tree.root]), catalog: try RuleCatalog.builtin(), currentDirectory: tree.root))
        XCTAssertEqual(report.findings.map { "\($0.path): \($0.rule)" }, ["App/Session.swift: token-in-userdefaults"])
    }

    /// The report's servers: each server target by folder, with the server rules' findings in
    /// its folder (a nested server's in the nested one), a manifest without code left out, and
    /// a key outside every server given to none.
    func testTheReportListsEachServerWithTheServerRulesFindingsInIt() throws {
        let tree = try ScanFixture()
        try tree.mkdir(".git")
        try tree.write("App/AppDelegate.swift", "import UIKit\n")
        try tree.write("AuthKey_ROOT.p8", "key\n")
        try tree.write("backend/requirements.txt", "flask\nPyJWT\n")
        try tree.write(
            "backend/app.py",
            """
            import jwt

            def sign_in(identity_token):
                return jwt.decode(identity_token, options={"verify_signature": False})

            """)
        try tree.write("backend/keys/AuthKey_ABC.p8", "key\n")
        try tree.write("backend/admin/package.json", #"{"dependencies": {"express": "4", "jsonwebtoken": "9"}}"#)
        try tree.write(
            "backend/admin/index.js",
            "const jwt = require('jsonwebtoken')\nexports.claims = (token) => jwt.decode(token)\n")
        try tree.write("server/requirements.txt", "fastapi\n")
        try tree.write("server/main.py", "from fastapi import FastAPI\napp = FastAPI()\n")
        try tree.write("docs/requirements.txt", "django\n")
        func lint(_ ignored: Set<String> = []) throws -> LintReport {
            var options = LintOptions(
                scan: ScanOptions(paths: [tree.root]), catalog: try RuleCatalog.builtin(), currentDirectory: tree.root)
            options.ignoredRules = ignored
            return try Linter.run(options)
        }
        func described(_ report: LintReport) -> [String] {
            report.servers.map { server in
                "\(server.folder) \(server.manifest) \(server.frameworkNames.joined(separator: "+")) "
                    + "checked=\(server.checked): "
                    + server.findings.map { "\($0.path) \($0.rule) \($0.severity.rawValue)" }.joined(separator: ", ")
            }
        }
        XCTAssertEqual(
            described(try lint()),
            [
                "backend backend/requirements.txt Flask+PyJWT checked=true: "
                    + "backend/app.py apple-token-not-verified error, "
                    + "backend/keys/AuthKey_ABC.p8 apple-private-key-in-repository warning",
                "backend/admin backend/admin/package.json Express+jsonwebtoken checked=true: "
                    + "backend/admin/index.js apple-token-not-verified error",
                "server server/requirements.txt FastAPI checked=true: ",
            ])
        let serverRules = try RuleCatalog.builtin().rules.filter { $0.description.tags.contains("server") }.map(\.id)
        XCTAssertTrue(serverRules.contains("apple-token-not-verified"), "\(serverRules)")
        XCTAssertEqual(
            try lint(Set(serverRules)).servers.map { "\($0.folder) checked=\($0.checked) \($0.findings.count)" },
            ["backend checked=false 0", "backend/admin checked=false 0", "server checked=false 0"],
            "no server rule ran")
    }

    func testAnAppsRowShowsTheServersInItsProjectsFolderElseEvery() {
        func server(_ folder: String) -> SignInServer {
            SignInServer(
                folder: folder, manifest: folder + "/requirements.txt", frameworks: ["flask"], checked: true,
                findings: [])
        }
        func app(declaredIn project: String) -> SignInTarget {
            var target = SignInTarget(
                name: "App", loginServices: [], signInWithApple: true, entitlements: [],
                hasAppleSignInEntitlement: true,
                privacyManifests: [])
            target.folder = SignInTarget.projectFolder(of: project)
            return target
        }
        let servers = [server("Harbor/server"), server("Sunrise/backend"), server("api")]
        func shown(_ project: String) -> [String] {
            SignInServer.servers(of: app(declaredIn: project), among: servers).map(\.folder)
        }
        XCTAssertEqual(shown("Sunrise/Sunrise.xcodeproj/project.pbxproj"), ["Sunrise/backend"])
        XCTAssertEqual(shown("Harbor/project.yml"), ["Harbor/server"])
        // An app with no server in its folder (an `ios/` beside `api/`), or at the root: every server.
        XCTAssertEqual(shown("ios/App.xcodeproj/project.pbxproj"), ["Harbor/server", "Sunrise/backend", "api"])
        XCTAssertEqual(shown("App.xcodeproj/project.pbxproj"), ["Harbor/server", "Sunrise/backend", "api"])
        XCTAssertEqual(shown(""), ["Harbor/server", "Sunrise/backend", "api"])
    }

    /// A missing nonce in the app points to where the server beside it checks the identity token,
    /// the other half of the fix; with no server that checks one, it points nowhere else.
    func testAMissingNoncePointsToTheServersCheckOfTheToken() throws {
        let tree = try ScanFixture()
        try tree.mkdir(".git")
        try tree.write(
            "ios/App/Login.swift",
            """
            import AuthenticationServices

            final class Login: NSObject {
                func signIn() {
                    let request = ASAuthorizationAppleIDProvider().createRequest()
                    ASAuthorizationController(authorizationRequests: [request]).performRequests()
                }
            }

            """)
        try tree.write("api/requirements.txt", "fastapi\nPyJWT[crypto]\n")
        try tree.write(
            "api/apple.py",
            """
            import jwt

            KEYS = jwt.PyJWKClient("https://appleid.apple.com/auth/keys")

            def session_claims(token, secret):
                return jwt.decode(token, secret, algorithms=["HS256"], audience="api")

            def apple_claims(identity_token):
                key = KEYS.get_signing_key_from_jwt(identity_token).key
                return jwt.decode(identity_token, key, algorithms=["RS256"], audience="com.example.app",
                                  issuer="https://appleid.apple.com")

            """)
        func related() throws -> [String] {
            let report = try Linter.run(
                LintOptions(
                    scan: ScanOptions(paths: [tree.root]), catalog: try RuleCatalog.builtin(),
                    currentDirectory: tree.root))
            let nonce = try XCTUnwrap(report.findings.first { $0.rule == "missing-nonce" })
            return nonce.related.map { "\($0.path):\($0.line)" }
        }
        XCTAssertEqual(try related(), ["api/apple.py:10"])
        try tree.write(
            "api/apple.py", "import jwt\n\ndef session_claims(token, secret):\n    return jwt.decode(token, secret)\n")
        XCTAssertEqual(try related(), [])
    }
}
