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

/// Inputs that once made work grow faster than their size. Each test runs a size at which the
/// old code took many seconds (or ran out of memory) and the fixed code takes a fraction of one,
/// with a bound that linear work meets by far.
final class BoundedWorkTests: XCTestCase {
    private func elapsed(_ body: () throws -> Void) rethrows -> TimeInterval {
        let start = Date()
        try body()
        return Date().timeIntervalSince(start)
    }

    private func lint(_ files: [String: String]) throws -> LintReport {
        let tree = try ScanFixture()
        try tree.mkdir(".git")
        for (path, text) in files { try tree.write(path, text) }
        return try Linter.run(
            LintOptions(
                scan: ScanOptions(paths: [tree.root]), catalog: try RuleCatalog.builtin(),
                currentDirectory: tree.root))
    }

    /// `bplist00` with `depth` arrays, each holding the next one twice: 2^depth leaves.
    static func sharedBinaryPlist(depth: Int) -> [UInt8] {
        var objects: [[UInt8]] = (0..<depth).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        objects.append([0x51, UInt8(ascii: "x")])
        var data = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(data.count)
            data += object
        }
        let table = data.count
        for offset in offsets { data += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        data += [0, 0, 0, 0, 0, 0, 2, 1]
        for value in [objects.count, 0, table] { data += (0..<8).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        return data
    }

    func testSharedBinaryPlistObjectsAreNotExpanded() {
        var parsed: (file: PropertyListFile, diagnostics: [Diagnostic])?
        let time = elapsed { parsed = PropertyListParser.parse(Self.sharedBinaryPlist(depth: 60), path: "Info.plist") }
        XCTAssertLessThan(time, 1)
        XCTAssertNil(parsed?.file.root)
        XCTAssertEqual(parsed?.diagnostics.map(\.kind), [.tooComplex])
    }

    func testBinaryPlistsWrittenByFoundationReadAsBefore() throws {
        let value: [String: Any] = [
            "com.apple.developer.applesignin": ["Default"], "count": 3, "big": Int64(1) << 40,
            "flag": true, "ratio": 0.5, "name": "Café ☕️", "blob": Data([1, 2, 3]),
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0)
        let parsed = PropertyListParser.parse(Array(data), path: "App.entitlements", kind: .entitlements)
        XCTAssertEqual(parsed.diagnostics, [])
        let root = try XCTUnwrap(parsed.file.root)
        XCTAssertEqual(root.keys, ["big", "blob", "com.apple.developer.applesignin", "count", "flag", "name", "ratio"])
        XCTAssertEqual(root["com.apple.developer.applesignin"]?.arrayValue?.first?.stringValue, "Default")
        XCTAssertEqual(root["count"]?.integerValue, 3)
        XCTAssertEqual(root["big"]?.integerValue, 1 << 40)
        XCTAssertEqual(root["name"]?.stringValue, "Café ☕️")
        XCTAssertEqual(root["ratio"]?.realValue, 0.5)
        XCTAssertEqual(root["blob"]?.dataValue, Data([1, 2, 3]))
        XCTAssertEqual(root["flag"]?.boolValue, true)
        // Cut anywhere, it is refused, never read out of bounds.
        for length in stride(from: 0, to: data.count, by: 3) {
            XCTAssertNil(PropertyListParser.parse(Array(data.prefix(length)), path: "x.plist").file.root)
        }
    }

    func testLargeXMLPlistsParseInLinearTime() {
        func plist(_ keys: Int) -> [UInt8] {
            var text = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict>\n"
            for index in 0..<keys { text += "<key>k\(index)</key><array><string>v</string></array>\n" }
            return Array((text + "</dict></plist>\n").utf8)
        }
        let small = plist(5_000)
        let large = plist(40_000)
        var parsed: PropertyListFile?
        let smallTime = elapsed { _ = PropertyListParser.parse(small, path: "a.plist") }
        let largeTime = elapsed { parsed = PropertyListParser.parse(large, path: "a.plist").file }
        XCTAssertEqual(parsed?.root?.keys?.count, 40_000)
        // 8x the input: linear work takes about 8x; the old, quadratic builder took about 64x.
        XCTAssertLessThan(largeTime, max(smallTime * 24, 0.5), "5k keys: \(smallTime) s, 40k keys: \(largeTime) s")
    }

    func testDoublingBuildSettingsStopAtTheBound() {
        var variables: [String: String] = [:]
        for level in 0..<40 { variables["A\(level)"] = "$(A\(level + 1))$(A\(level + 1))" }
        variables["A40"] = "xyz"
        variables["SELF"] = "$(SELF)$(SELF)"
        var expanded = ""
        let time = elapsed { expanded = BuildSettings.expand("$(A0)/$(SELF)", variables: variables) }
        XCTAssertLessThan(time, 1)
        XCTAssertLessThanOrEqual(expanded.utf8.count, BuildSettings.maximumValueLength)
        XCTAssertEqual(BuildSettings.expand("$(SELF)", variables: variables), "$(SELF)$(SELF)")
        XCTAssertEqual(BuildSettings.expand("$(A39)", variables: variables), "xyzxyz")

        var value: String? = "x"
        let inherited = elapsed {
            for _ in 0..<200 { value = BuildSettings.inheriting("$(inherited)$(inherited)", from: value) }
        }
        XCTAssertLessThan(inherited, 1)
        XCTAssertTrue(BuildSettings.reachesBound(["X": value ?? ""]))
    }

    func testUnclosedReferencesExpandInLinearTime() {
        // Each `$(` without a `)` once searched the rest of the value: a 129 KB project took 46 s.
        for opener in ["$(", "${"] {
            let value = "$(A)" + String(repeating: opener + "B", count: 150_000)
            var expanded = ""
            let time = elapsed { expanded = BuildSettings.expand(value, variables: ["A": "x", "B": "y"]) }
            XCTAssertLessThan(time, 1, opener)
            XCTAssertTrue(expanded.hasPrefix("x" + opener + "B" + opener), opener)
            XCTAssertLessThanOrEqual(expanded.utf8.count, BuildSettings.maximumValueLength + 1)
        }
        XCTAssertEqual(BuildSettings.expand("$(A) $(B ${A} ${B", variables: ["A": "x"]), "x $(B x ${B")
        XCTAssertEqual(BuildSettings.expand("$(B ${A}", variables: ["A": "x"]), "$(B x")
    }

    func testAnXCConfigDoublingThroughInheritedIsCutAtTheBoundInLinearTime() {
        let text =
            "X = a\n" + String(repeating: "X = $(inherited)$(inherited)\n", count: 5_000) + "Y = $(inherited) b\n"
        var settings: [String: String] = [:]
        let time = elapsed { settings = XCConfig.parse(Array(text.utf8), path: "App.xcconfig").config.ownSettings }
        XCTAssertLessThan(time, 2)
        XCTAssertEqual(settings["X"]?.utf8.count, BuildSettings.maximumValueLength)
        XCTAssertEqual(settings["Y"], "b")
        XCTAssertEqual(BuildSettings.inheriting(" $(inherited) -ObjC ", from: "-lz"), "-lz -ObjC")
        XCTAssertEqual(BuildSettings.inheriting("${inherited}", from: nil), "")
    }

    func testADoubledIncludeGraphIsResolvedOncePerFile() {
        var configs: [String: XCConfig] = [:]
        let depth = 40
        for level in 0..<depth {
            let next = "c\(level + 1).xcconfig"
            configs["c\(level).xcconfig"] =
                XCConfig.parse(
                    Array("#include \"\(next)\"\n#include \"\(next)\"\nK\(level) = \(level)\n".utf8),
                    path: "c\(level).xcconfig"
                ).config
        }
        configs["c\(depth).xcconfig"] = XCConfig.parse(Array("LAST = yes\n".utf8), path: "c\(depth).xcconfig").config
        var lookups = 0
        let settings = configs["c0.xcconfig"]!.resolvedSettings { path in
            lookups += 1
            return configs[path]
        }
        XCTAssertEqual(settings["LAST"], "yes")
        XCTAssertEqual(settings["K39"], "39")
        XCTAssertLessThanOrEqual(lookups, depth + 1)
    }

    func testFollowingAValueIsNotQuadraticInItsUses() throws {
        func source(_ uses: Int) -> String {
            "import Foundation\nfunc show() {\n    let token = UserDefaults.standard.string(forKey: \"token\")\n"
                + String(repeating: "    print(token)\n", count: uses) + "}\n"
        }
        var report: LintReport?
        let small = try elapsed { _ = try lint(["A.swift": source(500)]) }
        let large = try elapsed { report = try lint(["A.swift": source(4_000)]) }
        XCTAssertEqual(report?.findings.filter { $0.rule == "token-logged" }.count, 4_000)
        XCTAssertLessThan(large, max(small * 24, 1.5), "500 uses: \(small) s, 4,000 uses: \(large) s")
    }

    func testNestedClosuresOverAVariableAreFollowedQuickly() throws {
        let depth = 600
        let text =
            "import Foundation\nfunc run(_ body: () -> Void) { body() }\nfunc show() {\n    var token = UserDefaults.standard.string(forKey: \"t\")\n"
            + String(repeating: "run {\nprint(token)\n", count: depth) + String(repeating: "}\n", count: depth) + "}\n"
        var report: LintReport?
        let time = try elapsed { report = try lint(["A.swift": text]) }
        XCTAssertEqual(report?.findings.filter { $0.rule == "token-logged" }.count, depth)
        XCTAssertLessThan(time, 4, "\(depth) levels: \(time) s")
    }

    func testManyHelpersOfOneNameAreFollowedInBoundedTime() throws {
        // Every type declares `log(_:)`, and every call could be any of them.
        func files(_ count: Int) -> [String: String] {
            var files: [String: String] = [:]
            for chunk in 0..<(count / 50) {
                var text = ""
                for index in (chunk * 50)..<((chunk + 1) * 50) {
                    text += "struct T\(index) { func log(_ m: String) { print(\"x \\(m)\") } }\n"
                }
                text +=
                    "func calls(accessToken: String, t: T0) {\n"
                    + String(repeating: "    t.log(accessToken)\n", count: 50) + "}\n"
                files["H\(chunk).swift"] = text
            }
            return files
        }
        var report: LintReport?
        let small = try elapsed { _ = try lint(files(250)) }
        let large = try elapsed { report = try lint(files(1_000)) }
        XCTAssertEqual(report?.findings.filter { $0.rule == "token-logged" }.count, 1_000)
        XCTAssertLessThan(large, max(small * 24, 2), "250 helpers: \(small) s, 1,000 helpers: \(large) s")
    }

    func testGlobsWithManyAnyDepthSegmentsMatchInPolynomialTime() {
        let pattern = GlobPattern(String(repeating: "**/*/", count: 12) + "x")
        let deep = (0..<60).map { "d\($0)" }.joined(separator: "/") + "/y.swift"
        var matched = true
        let time = elapsed { matched = pattern.matches(deep) }
        XCTAssertFalse(matched)
        XCTAssertLessThan(time, 0.5)
        XCTAssertTrue(pattern.matches((0..<30).map { "d\($0)" }.joined(separator: "/") + "/x"))
        XCTAssertFalse(pattern.matches("a/b/x"))
        XCTAssertTrue(GlobPattern("**/Tests/**").matches("App/Tests/A.swift"))
        XCTAssertTrue(GlobPattern("**").matches(""))
        XCTAssertFalse(GlobPattern("Generated/*.swift").matches("Generated/Sub/A.swift"))
    }

    func testPatternsWithManyGapsDoNotBacktrack() throws {
        let pattern = try Pattern("f(... x ... x ... x ... x ... x ... y)")
        let tokens = 300
        let code = CodeView(
            file: SourceFile(
                path: "A.swift", text: "f(" + String(repeating: "x ", count: tokens) + ")\nf(x x x x x y)\n"))
        let budget = StepBudget(limit: .max)
        var found: [Match] = []
        let time = elapsed { found = Matcher(code, budget: budget).matches(pattern) }
        XCTAssertEqual(found.map { code.tokens[$0.range.lowerBound].line }, [2])
        // Each of the six gaps crosses each token about once, where trying every split of the
        // tokens between them would take C(300, 5) ≈ 2·10¹⁰ steps.
        XCTAssertLessThan(budget.spent, 6 * 4 * tokens, "\(budget.spent) steps")
        XCTAssertLessThan(time, 0.5)
    }

    func testAFileBeyondItsStepBudgetIsReportedAndTheRunGoesOn() throws {
        // Each name bound to $X sends the second gap across the rest of the call: quadratic work.
        let rule = TeamRuleFixture.rule(
            id: "said-twice", message: "`{X}` is said twice.",
            match: """
                report: X
                patterns:
                  - "start(... $X ... $X ... end)"
                """)
        let names = (0..<1_000).map { "n\($0)" }.joined(separator: " ")
        let tree = try ScanFixture()
        try tree.mkdir(".git")
        try tree.write("App/Fine.swift", "func a() { start(a b a end) }\n")
        try tree.write(
            "App/Slow.swift", "func b() { start(q r q end) }\nfunc c() { start(\(names)) }\nfunc d() { end() }\n")
        var options = LintOptions(
            scan: ScanOptions(paths: [tree.root]), catalog: try TeamRuleFixture.catalog([["said-twice.yaml": rule]]),
            currentDirectory: tree.root)
        options.stepAllowance = StepBudget.Allowance(base: 100_000, perByte: 2)
        var produced: LintReport?
        let time = try elapsed { produced = try Linter.run(options) }
        let report = try XCTUnwrap(produced)
        XCTAssertEqual(
            report.findings.filter { $0.rule == "said-twice" }.map { "\($0.path):\($0.line)" }, ["App/Fine.swift:1"])
        let stopped = report.diagnostics.filter { $0.kind == .tooComplex }
        XCTAssertEqual(stopped.map(\.path), ["App/Slow.swift"])
        XCTAssertTrue(
            stopped.first?.message.hasPrefix("matching stopped at this file's budget of 1") == true,
            stopped.first?.message ?? "")
        XCTAssertLessThan(time, 5)

        // With the standard allowance the same file is analysed whole.
        options.stepAllowance = .standard
        let whole = try Linter.run(options)
        XCTAssertEqual(
            whole.findings.filter { $0.rule == "said-twice" }.map { "\($0.path):\($0.line)" },
            ["App/Fine.swift:1", "App/Slow.swift:1"])
        XCTAssertTrue(whole.diagnostics.filter { $0.kind == .tooComplex }.isEmpty)
    }
}
