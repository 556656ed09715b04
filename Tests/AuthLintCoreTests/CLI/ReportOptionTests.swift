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
import XCTest

/// `authlint lint --report FORMAT=PATH`: extra reports written in the same run as the main output.
final class ReportOptionTests: XCTestCase {
    private var workspace = ""

    override func setUpWithError() throws {
        _ = try CLITests.requireExecutable()
        workspace =
            FileManager.default.temporaryDirectory.appendingPathComponent("authlint-report-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: workspace + "/app", withIntermediateDirectories: true)
        try ReportFixture.appleLoginWithoutNonce.write(
            toFile: workspace + "/app/LoginController.swift", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        if !workspace.isEmpty { try? FileManager.default.removeItem(atPath: workspace) }
    }

    private func authlint(_ arguments: [String]) throws -> ExternalTool.Output {
        let executable = try XCTUnwrap(CLITests.executable).path
        // The tool runs in the workspace: a shell `cd` keeps ExternalTool's runner simple.
        let command = "cd \"$0\" && exec \"$1\" \"${@:2}\""
        return try ExternalTool.run("/bin/bash", ["-c", command, workspace, executable] + arguments)
    }

    private func read(_ name: String) throws -> String {
        try String(contentsOfFile: workspace + "/" + name, encoding: .utf8)
    }

    func testExtraReportsAreWrittenBesideTheMainOutput() throws {
        let run = try authlint([
            "lint", "app", "--report", "sarif=authlint.sarif", "--report", "html=report.html",
            "--report", "markdown=summary.md", "--report", "github=annotations.txt", "--report", "json=report.json",
        ])
        XCTAssertEqual(run.status, 1, "findings still set the exit code: \(run.stderr)")
        XCTAssertTrue(
            run.stdout.contains("app/LoginController.swift:5:13: error: "),
            "the main output is unchanged: \(run.stdout)")
        let sarif = try ReportFixture.object(try read("authlint.sarif"))
        XCTAssertEqual(sarif["version"] as? String, "2.1.0")
        XCTAssertTrue(try read("report.html").contains("<h2 id=\"verdict-title\">"))
        XCTAssertTrue(try read("summary.md").hasPrefix("## authlint: "))
        XCTAssertTrue(try read("annotations.txt").hasPrefix("::error file=app/LoginController.swift,line=5,col=13,"))
        XCTAssertEqual(try ReportFixture.object(try read("report.json"))["schemaVersion"] as? Int, 1)
    }

    func testTheSameRunGivesTheSameReportAsTheFormatOption() throws {
        _ = try authlint([
            "lint", "app", "--format", "sarif", "--output", "direct.sarif", "--report", "sarif=extra.sarif",
        ])
        XCTAssertEqual(try read("direct.sarif"), try read("extra.sarif"))
        let run = try authlint(["lint", "app", "--format", "markdown"])
        XCTAssertTrue(run.stdout.hasPrefix("## authlint: "), run.stdout)
        XCTAssertTrue(run.stdout.contains("\n### `missing-nonce` · error"), run.stdout)
    }

    func testTheCIFormatsWorkWithBothOptions() throws {
        let run = try authlint([
            "lint", "app", "--format", "gitlab", "--report", "junit=junit.xml", "--report", "checkstyle=checkstyle.xml",
            "--report", "gitlab=gitlab.json",
        ])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.stdout, try read("gitlab.json"), "--format and --report write the same report")
        let issues = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(
            (issues.first?["location"] as? [String: Any])?["path"] as? String, "LoginController.swift",
            "from the project root")
        XCTAssertTrue(
            try read("junit.xml").contains(#"<testcase name="app/LoginController.swift:5:13" classname="authlint."#))
        XCTAssertTrue(try read("checkstyle.xml").contains(#"<file name="app/LoginController.swift">"#))
    }

    func testInvalidReportSpecificationsExitTwo() throws {
        for (spec, expected) in [
            ("sarif", "--report expects FORMAT=PATH (for example sarif=authlint.sarif), not `sarif`."),
            (
                "xml=out.xml",
                "--report xml=out.xml: unknown format `xml`; use one of text, json, sarif, markdown, github, html, gitlab, junit, checkstyle, xcode."
            ),
            ("sarif=", "--report sarif=: the path after `=` is empty."),
        ] {
            let run = try authlint(["lint", "app", "--report", spec])
            XCTAssertEqual(run.status, 2, spec)
            XCTAssertEqual(run.stdout, "", "nothing is linted: \(spec)")
            XCTAssertTrue(run.stderr.contains(expected), run.stderr)
        }
        let twice = try authlint(["lint", "app", "--output", "a.txt", "--report", "json=a.txt"])
        XCTAssertEqual(twice.status, 2)
        XCTAssertTrue(twice.stderr.contains("a.txt is already written by another report"), twice.stderr)
    }

    func testAnUnwritableReportExitsTwo() throws {
        let run = try authlint(["lint", "app", "--report", "sarif=missing-folder/a.sarif"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.hasPrefix("error: cannot write missing-folder/a.sarif"), run.stderr)
    }
}
