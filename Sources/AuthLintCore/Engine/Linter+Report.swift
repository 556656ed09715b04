import AuthLintAnalysis
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// The last steps of a run: fingerprints, excerpts, diagnostics in order, and paths as shown.
extension Linter {
    /// Stage 7, report: the findings the run keeps, with their fixes and excerpts, the
    /// diagnostics, notices and the sign-in overview (the app targets, and the servers beside them).
    static func report(
        scan: ScanResult, selection: RuleSelection, loaded: LoadResult, run: AnalysisRun, narrowed: Narrowed,
        options: LintOptions
    ) -> LintReport {
        let project = run.project
        let configurations = scan.configurations
        var findings = narrowed.kept
        FixBuilder(project: project, scanned: scan.project).resolve(&findings)
        // What a pull request weakens in the policy is reported whichever files are.
        if selection.rules.contains(where: { $0.id == PolicyChanges.rule }), !scan.policyChanges.isEmpty {
            findings = (findings + scan.policyChanges.compactMap(selection.applied)).sorted(by: Finding.reportOrder)
        }
        let tests = project.testsByImport.map { test in
            Diagnostic(
                path: project.paths[test.file], kind: .testCode,
                message:
                    "no target lists it and it imports \(test.module.prefix(40)), so it is taken for a test and no rule looks at it; "
                    + "add it to its target if it ships")
        }
        let diagnostics =
            scan.project.diagnostics + loaded.diagnostics + narrowed.diagnostics
            + tests.filter { scan.reports($0.path) }
        // A nested configuration is worth a word only when it applies to a file reported on.
        let reported = scan.reported ?? Set(project.paths)
        let applied = configurations.files.filter { file in
            file.scope.isEmpty || reported.contains { $0.hasPrefix(file.scope + "/") }
        }
        let declarations = applied.compactMap { file in
            file.configuration.loginServices.map { (path: file.configuration.path, summary: $0.summary) }
        }
        let root = scan.project.root
        var report = LintReport(
            root: root,
            displayPrefix: displayPrefix(root: root, currentDirectory: options.currentDirectory),
            findings: findings,
            diagnostics: diagnostics.sorted(by: Diagnostic.reportOrder),
            // Every file read: sources, property lists, projects and dependency manifests, and the
            // configurations named on the command line.
            filesScanned: scan.reported.map { $0.count - loaded.generated.count + scan.namedConfigurations.count }
                ?? scan.project.allFiles.count - loaded.generated.count,
            rules: selection.rules.map(\.description),
            excerpts: excerpts(for: findings, project: project, scanned: scan.project),
            declarations: declarations)
        report.suppressed = narrowed.suppressed
        report.generatedFiles = loaded.generated
        report.configuredFailOn = configurations.root.failOn
        if let policy = selection.rules.first(where: { $0.id == PolicyChanges.rule }) {
            let setting = selection.setting(policy.id, at: Configuration.fileName)
            report.policyChangeSeverity = setting == .off ? nil : setting?.severity ?? policy.description.severity
        }
        if let file = configurations.root.baselineFile, let written = configurations.root.baseline {
            report.configuredBaseline = (file, written)
        }
        report.workTreeBaseline = scan.workTreeBaseline
        if options.describesSignIn {
            report.signIn = SignInTarget.describe(
                run, providers: options.catalog.providers, configurations: configurations)
            let serverRules = selection.rules.filter { $0.description.tags.contains(SignInServer.serverTag) }
            report.servers = SignInServer.describe(
                project, scanned: scan.project, findings: findings, serverRules: Set(serverRules.map(\.id)),
                reported: scan.reported)
        }
        report.filesLexedUpFront = loaded.lexed
        (report.filesLexedOnUse, report.filesLexedAgain) = project.files.lexedOnUse
        report.filesLetGo = loaded.codeLetGo ? loaded.lexed : 0
        if scan.reported != nil { report.currentDirectory = options.currentDirectory }
        report.configurationPaths = configurations.paths
        report.cacheProblem = loaded.cacheProblem
        report.filesTakenUnread = loaded.takenUnread
        return report
    }

    // MARK: - Fingerprints

    /// Gives each finding a fingerprint from its rule, path and the normalised code of its line,
    /// numbered when the same code repeats in a file, so moving lines or rewording messages
    /// keeps it while a second identical problem stays distinct.
    static func fingerprinted(_ findings: [Finding], project: ProjectIndex) -> [Finding] {
        var occurrences: [String: Int] = [:]
        return findings.map { finding in
            var finding = finding
            let code = project.file(atPath: finding.path).map { project.files[$0] }
            let normalised =
                code.map { normalisedLine(finding.line, in: $0) }
                ?? project.resources.texts[finding.path].map { normalisedText($0.lineText(finding.line)) } ?? ""
            let key = finding.rule + "\u{0}" + finding.path + "\u{0}" + normalised
            let count = occurrences[key, default: 0]
            occurrences[key] = count + 1
            finding.fingerprint = Fingerprint.hex(key + "\u{0}\(count)")
            return finding
        }
    }

    /// The code tokens on a line, joined by single spaces: immune to reformatting and comments.
    static func normalisedLine(_ line: Int, in code: CodeView) -> String {
        var parts: [String] = []
        var index = code.tokens.lowerBound { $0.line < line }
        while index < code.count, code.tokens[index].line == line {
            parts.append(code.text(index))
            index += 1
        }
        return parts.joined(separator: " ")
    }

    /// Words of a line joined by single spaces.
    static func normalisedText(_ line: String) -> String {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    // MARK: - Helpers

    static func lexicalDiagnostics(_ source: SourceFile) -> [Diagnostic] {
        source.diagnostics.filter { $0.kind != .invalidUTF8 }.map {
            Diagnostic(
                path: source.path, kind: .lexical, message: $0.message, line: $0.location.line,
                column: $0.location.column)
        }
    }

    static func excerpts(for findings: [Finding], project: ProjectIndex, scanned: ScannedProject) -> [String: [Int:
        String]]
    {
        var excerpts: [String: [Int: String]] = [:]
        var others: [String: SourceFile] = [:]
        for finding in findings {
            if let index = project.file(atPath: finding.path) {
                excerpts[finding.path, default: [:]][finding.line] = project.files[index].file.lineText(finding.line)
            } else if let text = project.resources.texts[finding.path] {
                excerpts[finding.path, default: [:]][finding.line] = text.lineText(finding.line)
            } else if let record = scanned.file(atPath: finding.path),
                let text = others[finding.path] ?? otherFile(record)
            {
                others[finding.path] = text
                excerpts[finding.path, default: [:]][finding.line] = text.lineText(finding.line)
            }
        }
        return excerpts
    }

    /// A non-source file of the tree findings point at (a property list), read for its lines if
    /// it is still the file the scan found.
    static func otherFile(_ file: ProjectFile) -> SourceFile? {
        guard case .success(let bytes) = FileReader.readFile(file) else { return nil }
        return SourceFile(path: file.path, language: .objectiveC, bytes: bytes)
    }

    /// "" when the root is the current directory, else the relative way from it to the root, with a trailing "/".
    static func displayPrefix(root: String, currentDirectory: String) -> String {
        let relative = ProjectPath.way(from: currentDirectory, to: root)
        return relative == "." ? "" : relative + "/"
    }

}

/// Stable 64-bit FNV-1a fingerprints, as 16 hex digits.
package enum Fingerprint {
    package static func hex(_ text: String) -> String {
        let value = CodeView.hash(text)
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
