import AuthLintAnalysis
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// Where a finding is, or is expected: path, line and UTF-16 column.
public struct ExamplePosition: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    public var description: String { "\(path):\(line):\(column)" }
}

/// A rule example with its `↓` marks taken out and remembered.
public struct MarkedExample: Sendable {
    public var files: [RuleDescription.ExampleFile] = []
    public var marks: Set<ExamplePosition> = []
    public var configuration: String?
    public var severity: Severity?
    public var message: String?
    /// The files at the base revision, for an example in pull-request mode.
    public var base: [RuleDescription.ExampleFile]?

    public init(_ example: RuleDescription.Example) {
        configuration = example.configuration
        base = example.base
        severity = example.severity
        message = example.message
        for file in example.files {
            var text = ""
            var line = 1
            var column = 1
            for character in file.text {
                if character == "↓" {
                    marks.insert(ExamplePosition(path: file.path, line: line, column: column))
                    continue
                }
                text.append(character)
                if character == "\n" || character == "\r\n" {
                    line += 1
                    column = 1
                } else {
                    column += character.utf16.count
                }
            }
            files.append(.init(path: file.path, text: text))
        }
    }
}

/// Runs one rule over an example's files, written to a temporary project outside the tree,
/// through the whole pipeline: scanner, property lists, configuration and all.
public enum ExampleRunner {
    public struct Found: Sendable {
        public var position: ExamplePosition
        public var message: String
        public var severity: Severity
        public var summary: String { "\(position): \(message)" }
        public var path: String { position.path }
    }

    /// The findings of `rule` in the example's files. The rule runs alone with the catalog's
    /// providers; a rule about suppressions runs with the whole catalog, whose rules its
    /// suppressions name.
    /// With `base`, the example is a pull request: those files are committed first, and the run
    /// reads its policy from that commit.
    public static func findings(
        _ rule: RuleSpec, _ files: [RuleDescription.ExampleFile], configuration: String? = nil,
        base: [RuleDescription.ExampleFile]? = nil,
        catalog: RuleCatalog, adjusting adjust: (inout LintOptions) -> Void = { _ in }
    ) -> [Found] {
        do {
            return try inProject(files, configuration: configuration, base: base) { root in
                let policy = base == nil ? PolicyFiles.workTree : try PolicyFiles.at("HEAD", root: root)
                return try lint(rule, root: root, catalog: catalog) { options in
                    options.policy = policy
                    adjust(&options)
                }.findings.filter { $0.rule == rule.id }.map {
                    Found(
                        position: ExamplePosition(path: $0.path, line: $0.line, column: $0.column), message: $0.message,
                        severity: $0.severity)
                }
            }
        } catch {
            return [
                Found(
                    position: ExamplePosition(path: "<error>", line: 0, column: 0), message: "\(error)",
                    severity: .error)
            ]
        }
    }

    /// What differs from the example's `fixed:` files after `--fix`: a file that reads
    /// otherwise, one that was not created, or one changed that the example does not list.
    public static func fixProblems(
        _ rule: RuleSpec, _ files: [RuleDescription.ExampleFile], fixed: [RuleDescription.ExampleFile],
        configuration: String? = nil,
        catalog: RuleCatalog
    ) -> [String] {
        do {
            return try inProject(files, configuration: configuration) { root in
                let report = try lint(rule, root: root, catalog: catalog)
                let plan = Fixer.plan(report.findings.filter { $0.rule == rule.id }, root: root)
                var problems = plan.skipped.map { "the fix of \($0.path) was left out: \($0.reason)" }
                let written = Fixer.write(plan, root: root)
                problems += (written.refused + written.failed).map { "\($0.path) could not be written: \($0.reason)" }
                let expected = Dictionary(fixed.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })
                for path in expected.keys.sorted() {
                    let text =
                        (try? String(contentsOfFile: ProjectPath.join(root, path), encoding: .utf8)) ?? "<no file>"
                    if text != expected[path] {
                        problems.append("\(path) after --fix reads\n\(text)\nnot\n\(expected[path]!)")
                    }
                }
                for change in plan.changes where expected[change.path] == nil {
                    problems.append("--fix changes \(change.path), which `fixed:` does not list")
                }
                return problems
            }
        } catch {
            return ["\(error)"]
        }
    }

    private static func lint(
        _ rule: RuleSpec, root: String, catalog: RuleCatalog, adjusting adjust: (inout LintOptions) -> Void = { _ in }
    ) throws -> LintReport {
        let ran = rule.engine == nil ? RuleCatalog(rules: [rule], providers: catalog.providers) : catalog
        var options = LintOptions(scan: ScanOptions(paths: [root]), catalog: ran, currentDirectory: root)
        adjust(&options)
        return try Linter.run(options)
    }

    /// Writes the example's files to a temporary project outside the tree, runs `body` on its
    /// root, and removes it.
    private static func inProject<T>(
        _ files: [RuleDescription.ExampleFile], configuration: String?, base: [RuleDescription.ExampleFile]? = nil,
        _ body: (String) throws -> T
    ) throws -> T {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authlint-example-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: root) }
        if let base {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            try write(base, root: root)
            try commit(root)
            for file in base { try FileManager.default.removeItem(atPath: ProjectPath.join(root, file.path)) }
        }
        try write(files, root: root)
        if let configuration {
            try configuration.write(toFile: root + "/.authlint.yml", atomically: true, encoding: .utf8)
        }
        return try body(root)
    }

    /// Writes an example's files under `root`.
    private static func write(_ files: [RuleDescription.ExampleFile], root: String) throws {
        for file in files {
            // An example names files inside its own project, never outside it.
            let parts = file.path.split(separator: "/")
            guard !file.path.hasPrefix("/"), !parts.isEmpty, !parts.contains(where: { $0 == ".." || $0 == "." }) else {
                throw FileError(
                    path: file.path, line: 0, message: "an example's file must be a relative path inside the example")
            }
            let path = (root as NSString).appendingPathComponent(file.path)
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try file.text.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    /// Makes `root` a git repository with one commit of what it holds: the base of an example
    /// in pull-request mode. The user's and the system's git settings are not read.
    private static func commit(_ root: String) throws {
        let settings = [
            "-c", "user.name=authlint", "-c", "user.email=examples@authlint.invalid", "-c", "commit.gpgsign=false",
        ]
        for arguments in [
            ["init", "-q"], ["add", "-A"], ["commit", "-q", "--allow-empty", "--no-verify", "-m", "base"],
        ] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", root] + settings + arguments
            var environment = ProcessInfo.processInfo.environment
            environment["GIT_CONFIG_NOSYSTEM"] = "1"
            // A file that does not exist: no global settings, whatever /dev/null is on the machine.
            environment["GIT_CONFIG_GLOBAL"] = root + ".no-git-config"
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw FileError(
                    path: root, line: 0,
                    message: "git \(arguments[0]) failed for an example's base: \(said.prefix(500))")
            }
        }
    }

    /// What is wrong with a rule's examples, one line each (none when they all hold): a
    /// triggering example must give one finding at each of its `↓` marks and none elsewhere, at
    /// its severity, with its message, and `--fix` must leave its `fixed:` files; a
    /// non-triggering one gives none.
    public static func problems(_ rule: RuleSpec, catalog: RuleCatalog) -> [String] {
        var problems: [String] = []
        let examples = rule.description.examples
        for (number, example) in examples.triggering.enumerated() {
            let marked = MarkedExample(example)
            let name = "\(rule.id): triggering example \(number + 1)"
            guard !marked.marks.isEmpty else {
                problems.append("\(name) has no ↓ mark")
                continue
            }
            let found = findings(
                rule, marked.files, configuration: marked.configuration, base: marked.base, catalog: catalog)
            let positions = Set(found.map(\.position))
            for missing in marked.marks.subtracting(positions).sorted(by: { $0.description < $1.description }) {
                problems.append("\(name): no finding at the mark \(missing)")
            }
            for extra in found where !marked.marks.contains(extra.position) {
                problems.append("\(name): a finding where nothing is marked: \(extra.summary)")
            }
            for (position, count) in Dictionary(found.map { ($0.position, 1) }, uniquingKeysWith: +) where count > 1 {
                problems.append("\(name): \(count) findings at \(position), one mark")
            }
            let severity = marked.severity ?? rule.description.severity
            for wrong in found where wrong.severity != severity {
                problems.append(
                    "\(name): \(wrong.position) is a \(wrong.severity.rawValue), not a \(severity.rawValue)")
            }
            if let message = marked.message {
                for wrong in found where !wrong.message.contains(message) {
                    problems.append("\(name): \(wrong.position) does not say \"\(message)\"")
                }
            }
            if let fixed = example.fixed {
                problems += fixProblems(
                    rule, marked.files, fixed: fixed, configuration: marked.configuration, catalog: catalog
                )
                .map { "\(name): \($0)" }
            }
        }
        for (number, example) in examples.nonTriggering.enumerated() {
            let marked = MarkedExample(example)
            let name = "\(rule.id): non-triggering example \(number + 1)"
            if !marked.marks.isEmpty { problems.append("\(name) has a ↓ mark") }
            for extra in findings(
                rule, marked.files, configuration: marked.configuration, base: marked.base, catalog: catalog)
            {
                problems.append("\(name): \(extra.summary)")
            }
        }
        return problems
    }
}
