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

/// Excludes and includes are matched as one compiled set: the same answers as each glob alone,
/// and a cost per path that does not grow with the number of literal globs.
final class GlobSetTests: XCTestCase {
    private let patterns = [
        "**/Tests/**", "Generated/*.swift", "*.pb.swift", "Pods", "./Vendor/", "/App/Legacy/**", "a/**/b/**/c",
        "**", "Sources/*/Internal/?.swift", "Docs/**/*.md", "x*y*z", "**/**/Deep", "Caf\u{E9}/*",
        // The root itself: it is no parent of a path, even one written with empty parts.
        "/",
    ]
    private let paths = [
        "App/Tests/LoginTests.swift", "Tests", "Generated/R.swift", "Generated/Sub/R.swift", "Model.pb.swift",
        "A/Model.pb.swift",
        "Pods/Alamofire/A.swift", "Vendor/Kit/K.swift", "App/Legacy/Old.swift", "App/Legacy", "a/b/c", "a/x/b/y/c",
        "a/c",
        "Sources/Core/Internal/A.swift", "Sources/Core/Internal/AB.swift", "Docs/x/y/z.md", "xAyBz", "one/two/Deep",
        "Caf\u{E9}/menu.swift", "Login.swift", "", "//Pods/a/b", "App//Legacy/Old.swift",
    ]

    func testTheSetAnswersAsEachGlobAlone() {
        for pattern in patterns {
            let single = GlobSet([ScopedGlob(pattern)])
            for path in paths {
                let glob = GlobPattern(pattern)
                XCTAssertEqual(single.matches(path), glob.matches(path), "\(pattern) ~ \(path)")
                if !path.isEmpty {
                    XCTAssertEqual(
                        single.excludes(path), glob.matchesPathOrAncestor(path), "\(pattern) excludes \(path)")
                }
            }
        }
        let all = GlobSet(patterns.filter { $0 != "**" }.map { ScopedGlob($0) })
        for path in paths where !path.isEmpty {
            XCTAssertEqual(
                all.excludes(path),
                patterns.filter { $0 != "**" }.contains { GlobPattern($0).matchesPathOrAncestor(path) }, path)
        }
    }

    func testScopesAndIncludes() {
        let set = GlobSet([ScopedGlob("*.swift", scope: "apps/kiosk")])
        XCTAssertTrue(set.matches("apps/kiosk/A.swift"))
        XCTAssertFalse(set.matches("apps/other/A.swift"), "a nested configuration's glob applies below its folder only")
        // A configuration above the root (in `repo/`, the root being `repo/app`) sees the
        // root's files through the way down to it.
        let above = GlobSet([ScopedGlob("app/Kiosk/**", lead: "app")])
        XCTAssertTrue(above.excludes("Kiosk/A.m"))
        XCTAssertFalse(above.excludes("Other/A.m"))
        let includes = GlobSet([ScopedGlob("Sources/**", scope: "pkg")])
        XCTAssertTrue(includes.includes("pkg/Sources/A.swift"))
        XCTAssertFalse(includes.includes("pkg/Tests/A.swift"))
        XCTAssertTrue(includes.includes("other/A.swift"), "no include applies there")
        XCTAssertTrue(GlobSet([]).includes("A.swift"))
    }

    func testTwoHundredThousandGlobsCompileAndMatchQuickly() {
        var globs: [ScopedGlob] = []
        for index in 0..<200_000 {
            switch index % 4 {
            case 0: globs.append(ScopedGlob("Generated/Module\(index)/File.swift"))
            case 1: globs.append(ScopedGlob("File\(index).swift"))
            case 2: globs.append(ScopedGlob("**/Feature\(index)/**"))
            default: globs.append(ScopedGlob("Vendor/Kit\(index)/**/*.h"))
            }
        }
        let start = Date()
        let set = GlobSet(globs)
        let compiled = Date().timeIntervalSince(start)
        XCTAssertLessThan(compiled, 5, "compiling (a release build takes well under a second)")
        let files = (0..<2_000).map { "App/Sources/Area\($0 % 50)/Screen\($0)/View\($0).swift" }
        let matching = Date()
        XCTAssertFalse(files.contains { set.excludes($0) })
        let perFile = Date().timeIntervalSince(matching) / Double(files.count)
        XCTAssertLessThan(perFile, 0.001, "per file")
        XCTAssertTrue(set.excludes("Generated/Module40/File.swift"))
        XCTAssertTrue(set.excludes("Deep/Down/File5.swift"))
        XCTAssertTrue(set.excludes("App/Feature6/Login.swift"))
        XCTAssertTrue(set.excludes("Vendor/Kit7/a/b/c.h"))
        XCTAssertFalse(set.excludes("Vendor/Kit7/a/b/c.m"))
    }
}
