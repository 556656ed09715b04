import AuthLintCore
import Foundation
import XCTest

/// Each sample under `samples/` gives exactly the findings in its golden file.
/// `AUTHLINT_UPDATE_GOLDEN=1 swift test` rewrites the golden files; review them in the diff.
final class SampleTests: XCTestCase {
    func testSamplesMatchTheirGoldenFiles() throws {
        let root = RepositoryPaths.root
        let samples = try FileManager.default.contentsOfDirectory(atPath: root + "/samples")
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted()
        XCTAssertGreaterThanOrEqual(samples.count, 2)
        for sample in samples {
            let report = Linter.run(LintOptions(
                scan: ScanOptions(paths: ["samples/\(sample)"]), catalog: try RuleCatalog.builtin(), currentDirectory: root))
            let rendered = TextReporter().render(report)
            try Golden.check(rendered, name: "samples/\(sample).txt")
        }
    }

    func testTheNonCompliantSampleTriggersEveryRule() throws {
        let root = RepositoryPaths.root
        let catalog = try RuleCatalog.builtin()
        let report = Linter.run(LintOptions(
            scan: ScanOptions(paths: ["samples/NonCompliantApp"]), catalog: catalog, currentDirectory: root))
        let fired = Set(report.findings.map(\.rule))
        for rule in catalog.rules {
            XCTAssertTrue(fired.contains(rule.id), "samples/NonCompliantApp does not trigger \(rule.id)")
        }
    }

    func testTheCompliantSampleIsClean() throws {
        let root = RepositoryPaths.root
        let report = Linter.run(LintOptions(
            scan: ScanOptions(paths: ["samples/CompliantApp"]), catalog: try RuleCatalog.builtin(), currentDirectory: root))
        XCTAssertEqual(report.findings.map { "\($0.path):\($0.line): \($0.rule)" }, [])
        XCTAssertEqual(report.diagnostics, [])
    }
}
