import AuthLintCore
import AuthLintReporters
import AuthLintRules
import AuthLintTestSupport
import Foundation
import XCTest

/// The rules' pages in `docs/rules/`: written from the rules' YAML, and current with it.
final class RulePagesTests: XCTestCase {
    private let folder = RepositoryPaths.root + "/docs/rules"

    /// Every built-in rule has its page, as `authlint rules --write-pages docs/rules` writes it
    /// today, with the index, and the folder holds no other page.
    func testThePublishedPagesAreCurrent() throws {
        let catalog = try RuleCatalog.builtin()
        XCTAssertEqual(catalog.builtinRuleIDs, Set(catalog.rules.map(\.id)))
        let rerun = "run `swift run authlint rules --write-pages docs/rules`"
        for rule in catalog.descriptions {
            let page = try String(contentsOfFile: folder + "/\(rule.id).md", encoding: .utf8)
            XCTAssertEqual(page, RuleDocumentation.page(rule), "docs/rules/\(rule.id).md is out of date: \(rerun)")
        }
        XCTAssertEqual(
            try String(contentsOfFile: folder + "/README.md", encoding: .utf8),
            RuleDocumentation.pagesIndex(catalog.descriptions), "docs/rules/README.md is out of date: \(rerun)")
        XCTAssertEqual(
            Set(try FileManager.default.contentsOfDirectory(atPath: folder)),
            Set(catalog.rules.map { $0.id + ".md" } + ["README.md"]), "a page of a rule no longer there: \(rerun)")
        XCTAssertEqual(
            RuleDocumentation.publishedPages(catalog)["missing-nonce"],
            "https://github.com/authlint/authlint/blob/main/docs/rules/missing-nonce.md")
    }

    /// A team's rule is no built-in rule: it has no published page.
    func testATeamRuleHasNoPublishedPage() throws {
        let text = try String(contentsOfFile: RepositoryPaths.root + "/rules/missing-nonce.yaml", encoding: .utf8)
            .replacingOccurrences(of: "id: missing-nonce\n", with: "id: team-nonce\n")
        let catalog = try RuleCatalog.load(extraFiles: [
            RuleCatalog.TeamFile(path: "/team/team-nonce.yaml", relative: "team-nonce.yaml", text: text)
        ])
        XCTAssertNotNil(catalog.rule(named: "team-nonce"))
        XCTAssertFalse(catalog.builtinRuleIDs.contains("team-nonce"))
        XCTAssertEqual(catalog.builtinRuleIDs, try RuleCatalog.builtin().builtinRuleIDs)
        XCTAssertNil(RuleDocumentation.publishedPages(catalog)["team-nonce"])
        XCTAssertNotNil(RuleDocumentation.publishedPages(catalog)["missing-nonce"])
    }

    /// What a page quotes stays inside its fence, whatever backticks it holds, and each file
    /// is fenced in its own language.
    func testAPageFencesWhatItQuotes() {
        let rule = RuleDescription(
            id: "odd-rule", name: "Odd rule", severity: .warning,
            guideline: .init(reference: "4.8", quote: "Apps that use a third-party login service…"),
            summary: "Something odd.",
            documentation: .init(flags: "Odd code.", why: "Because.", fix: "Do not."),
            examples: .init(
                triggering: [
                    .init(files: [
                        .init(path: "Example.swift", text: "let text = \"\"\"\n```\n\"\"\"\n↓odd()"),
                        .init(path: "App/Info.plist", text: "<plist><dict/></plist>"),
                    ])
                ]))
        let page = RuleDocumentation.page(rule)
        XCTAssertTrue(page.hasPrefix(RuleDocumentation.pageMarker + "\n\n# `odd-rule`: Odd rule\n"), page)
        XCTAssertTrue(page.contains("````swift\nlet text = \"\"\"\n```\n\"\"\"\n↓odd()\n````\n"), page)
        XCTAssertTrue(page.contains("`App/Info.plist`:\n\n```xml\n<plist><dict/></plist>\n```\n"), page)
        XCTAssertTrue(page.contains("| warning | Guideline 4.8 | "), page)
        XCTAssertFalse(page.contains("## Non-triggering examples"), "no section without examples")
    }
}
