import ArgumentParser
import AuthLintAnalysis
import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintReporters
import AuthLintRules
import AuthLintSyntax
import Foundation

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the rules, or explain one.",
        usage: "authlint rules [<id>] [<options>]",
        discussion:
            "With --rules DIR, the team's rules there are also tested: each example must give findings exactly at its ↓ marks."
    )

    enum Format: String, CaseIterable, ExpressibleByArgument {
        case text, json, markdown
    }

    @Argument(help: "A rule id: print its documentation and examples.")
    var id: String?

    @Option(help: "The page's format.")
    var format: Format = .text

    @OptionGroup var extraRules: TeamRulesOption

    @Option(
        help: ArgumentHelp(
            "Configuration file whose severities the list shows; by default .authlint.yml here.", valueName: "FILE"))
    var config: String?

    @Option(
        help: ArgumentHelp(
            "Write a Markdown page for every rule, and an index (README.md), into this folder; pages written before for rules no longer there are removed.",
            valueName: "DIR"))
    var writePages: String?

    func validate() throws {
        if writePages != nil, id != nil || format != .text {
            throw ValidationError("--write-pages writes every rule's page: give it without a rule id or --format.")
        }
    }

    func run() throws {
        let catalog = try loadCatalog(extraRules.directories)
        if let writePages {
            try write(pages: catalog.descriptions, into: writePages)
            return
        }
        var descriptions = catalog.descriptions
        if let id {
            guard let rule = catalog.rule(named: id) else {
                printError("error: no rule named `\(id)`" + Suggestion.didYouMean(id, catalog.rules.map(\.id)))
                throw ExitCode(2)
            }
            descriptions = [rule.description]
        }
        // The list and a rule's page show each rule as the configuration here sets it (`off` included).
        var settings: [String: String] = [:]
        if format == .text {
            let current = FileManager.default.currentDirectoryPath
            do {
                let configuration = try Configuration.load(path: config, root: current)
                for rule in catalog.rules { settings[rule.id] = configuration.setting(of: rule, in: catalog) }
            } catch {
                printError("error: \(String(describing: error).terminalSafe())")
                throw ExitCode(2)
            }
        }
        let text: String
        switch format {
        case .json: text = RuleDocumentation.json(descriptions, single: id != nil)
        case .markdown:
            text = id != nil ? RuleDocumentation.page(descriptions[0]) : RuleDocumentation.pagesIndex(descriptions)
        case .text:
            text =
                id != nil
                ? RuleDocumentation.text(descriptions[0], setting: settings[descriptions[0].id])
                : RuleDocumentation.table(descriptions, settings: settings)
        }
        // JSON escapes what could act on a terminal itself; the other pages show it escaped.
        FileHandle.standardOutput.write(Data((format == .json ? text : text.terminalShown).utf8))
        // A team's own rules are tested as the built-in ones are: every example, every mark.
        if id == nil, !extraRules.directories.isEmpty { try testTeamRules(catalog) }
    }

    /// Writes `ID.md` for every rule and `README.md` listing them into `folder` (made when
    /// missing), and removes the pages written before (by their first line) of rules no longer
    /// in the catalog; no other file is touched.
    private func write(pages rules: [RuleDescription], into folder: String) throws {
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            var written = Set<String>()
            for (name, text) in rules.map({ ($0.id + ".md", RuleDocumentation.page($0)) })
                + [("README.md", RuleDocumentation.pagesIndex(rules))]
            {
                // Written beside and renamed over: a link in the folder is replaced, not followed.
                try Data(text.utf8).write(
                    to: URL(fileURLWithPath: folder).appendingPathComponent(name), options: .atomic)
                written.insert(name)
            }
            for name in try manager.contentsOfDirectory(atPath: folder).sorted()
            where name.hasSuffix(".md") && !written.contains(name) {
                let path = (folder as NSString).appendingPathComponent(name)
                guard (try? manager.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular,
                    let handle = FileHandle(forReadingAtPath: path)
                else { continue }
                let start = (try? handle.read(upToCount: RuleDocumentation.pageMarker.utf8.count)) ?? Data()
                try? handle.close()
                if start == Data(RuleDocumentation.pageMarker.utf8) { try manager.removeItem(atPath: path) }
            }
            print("Wrote \(rules.count) rule pages and their index to \(folder.terminalSafe()).")
        } catch {
            printError("error: cannot write the pages in \(folder.terminalSafe()): \(FileProblem.describe(error))")
            throw ExitCode(2)
        }
    }

    private func testTeamRules(_ catalog: RuleCatalog) throws {
        let team = catalog.rules.filter { !catalog.builtinRuleIDs.contains($0.id) }
        let problems = team.flatMap { ExampleRunner.problems($0, catalog: catalog) }
        let examples = team.reduce(0) {
            $0 + $1.description.examples.triggering.count + $1.description.examples.nonTriggering.count
        }
        if problems.isEmpty {
            print(
                "\nThe team's \(team.count) rule\(team.count == 1 ? "" : "s"): \(examples) example\(examples == 1 ? "" : "s"), each as marked."
            )
            return
        }
        for problem in problems { printError("error: \(problem)") }
        printError("error: \(problems.count) example problem\(problems.count == 1 ? "" : "s") in the team's rules")
        throw ExitCode(1)
    }
}
