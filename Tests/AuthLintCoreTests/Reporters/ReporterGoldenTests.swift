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

/// Every output format of one fixed report and of an empty one, against golden files in
/// `Golden/reporters/`. `AUTHLINT_UPDATE_GOLDEN=1 swift test` rewrites them; review the diff.
final class ReporterGoldenTests: XCTestCase {
    private static let extensions: [OutputFormat: String] = [
        .text: "txt", .json: "json", .sarif: "sarif", .markdown: "md", .github: "github.txt", .html: "html",
        .gitlab: "gitlab.json", .junit: "junit.xml", .checkstyle: "checkstyle.xml", .xcode: "xcode.txt",
    ]

    func testEveryFormatHasAGoldenExtension() {
        XCTAssertEqual(Set(Self.extensions.keys), Set(OutputFormat.allCases))
    }

    func testEveryFormatOfTheFixtureMatchesItsGoldenFile() throws {
        for format in OutputFormat.allCases {
            let rendered = format.reporter().render(ReportFixture.report)
            try Golden.check(rendered, name: "reporters/fixture.\(Self.extensions[format] ?? format.rawValue)")
        }
    }

    func testEveryFormatOfAnEmptyReportMatchesItsGoldenFile() throws {
        for format in OutputFormat.allCases {
            let rendered = format.reporter().render(ReportFixture.empty)
            try Golden.check(rendered, name: "reporters/empty.\(Self.extensions[format] ?? format.rawValue)")
        }
    }

    func testEveryFormatIsTheSameBytesEveryTime() {
        for format in OutputFormat.allCases {
            let first = format.reporter().render(ReportFixture.report)
            let second = format.reporter().render(ReportFixture.report)
            XCTAssertEqual(first, second, "\(format) is not deterministic")
            XCTAssertFalse(first.isEmpty, "\(format) is empty")
            XCTAssertTrue(first.hasSuffix("\n"), "\(format) does not end with a line break")
        }
    }

    func testNoFormatButTextShowsTheTimeOrColour() {
        let options = ReporterOptions(color: true, excerpts: true, elapsed: 3.25)
        for format in OutputFormat.allCases where format != .text {
            let rendered = format.reporter(options).render(ReportFixture.report)
            XCTAssertEqual(
                rendered, format.reporter().render(ReportFixture.report), "\(format) depends on terminal options")
            XCTAssertFalse(rendered.contains("\u{1B}["), "\(format) has colour codes")
        }
    }

    func testNoFormatShowsTheAbsoluteRootExceptSARIFsBase() {
        for format in OutputFormat.allCases {
            let rendered = format.reporter().render(ReportFixture.report)
            let occurrences = rendered.components(separatedBy: "file:///project").count - 1
            XCTAssertEqual(
                occurrences, format == .sarif ? 1 : 0, "\(format) names the absolute root \(occurrences) times")
        }
    }
}
