import AuthLintAnalysis
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// In pull-request mode the policy in effect is the base revision's (``PolicyFiles``); what the
/// work tree changes in it is reported here, as findings of `policy-changed`, when it weakens the
/// gate: a rule turned off or lowered, `fail-on` raised, reasons no longer required, generated
/// code skipped, a new 4.8 declaration, globs that stop linting files, new baseline entries, team
/// rules removed or changed. A change that only tightens the gate is no finding: it takes effect
/// once it is on the base branch.
public enum PolicyChanges {
    public static let rule = "policy-changed"

    /// How strict each rule setting is: off is the weakest.
    private static func rank(_ setting: String) -> Int {
        ["off", "note", "warning", "error"].firstIndex(of: setting) ?? 3
    }

    /// How strict each `fail-on` is: `never` fails on nothing, `note` on everything.
    private static func rank(_ threshold: FailureThreshold) -> Int {
        switch threshold {
        case .never: 0
        case .error: 1
        case .warning: 2
        case .note: 3
        }
    }

    /// A finding of `policy-changed` at `path` (root-relative) and `line`.
    static func finding(_ message: String, path: String, line: Int) -> Finding {
        Finding(
            rule: rule, severity: .error, message: message, path: path, line: max(line, 1), column: 1,
            fingerprint: Fingerprint.hex(rule + "\u{0}" + path + "\u{0}" + message))
    }

    /// The weakenings of `workTree`'s configurations against `base`'s, each reported once, in the
    /// nearest work-tree file that makes it (or, when a file was removed, where that file was).
    /// `lostFiles` are the root-relative paths the work tree's globs stop linting. `located`
    /// turns a configuration's path as loaded into a root-relative one.
    static func configurations(
        base: NestedConfigurations, workTree: NestedConfigurations, catalog: RuleCatalog, revision: String,
        lostFiles: [String], located: (String) -> String
    ) -> [Finding] {
        let at = "at \(ChangedLines.shown(revision))"
        var findings: [Finding] = []
        let scopes = Set([""] + base.byFolder.keys + workTree.byFolder.keys).sorted {
            ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1)
        }

        /// Where the change of `key` (a top-level key, or a rule id under `rules`) at `scope` is
        /// made: the scope's own work-tree file when it says it; else where the scope's file was,
        /// when the change removed it; else the nearest work-tree file that says it; else the
        /// scope's file, or the nearest one.
        func place(_ scope: String, key: String, rule: Bool = false) -> (path: String, line: Int) {
            let says = { (file: NestedConfigurations.File) in
                file.configuration.path != nil
                    && (rule ? file.configuration.ruleLines[key] != nil : file.configuration.declared.contains(key))
            }
            func line(_ file: NestedConfigurations.File) -> (path: String, line: Int) {
                (
                    located(file.configuration.path!),
                    (rule ? file.configuration.ruleLines[key] : file.configuration.keyLines[key]) ?? 1
                )
            }
            let applying = workTree.files.filter {
                $0.configuration.path != nil && ($0.scope.isEmpty || ProjectPath.isInside(scope, folder: $0.scope))
            }
            let own = applying.filter { $0.scope == scope }
            if let file = own.last(where: says) { return line(file) }
            if own.isEmpty, !scope.isEmpty,
                let removed = base.files.last(where: { $0.scope == scope && $0.configuration.path != nil })
            {
                return (located(removed.configuration.path!), 1)
            }
            if let file = applying.last(where: says) { return line(file) }
            if let file = own.last ?? applying.last { return (located(file.configuration.path!), 1) }
            return (Configuration.fileName, 1)
        }

        // Each scope's change is reported unless its parent scope has the same one.
        var seen: [String: [String: String]] = [:]
        for scope in scopes {
            let probe = scope.isEmpty ? Configuration.fileName : scope + "/" + Configuration.fileName
            let (old, new) = (base.configuration(for: probe), workTree.configuration(for: probe))
            var parent = scope
            var inherited: [String: String] = [:]
            while !parent.isEmpty {
                parent = ProjectPath.directory(of: parent)
                if let known = seen[parent] {
                    inherited = known
                    break
                }
            }
            var changes: [String: String] = [:]
            func report(_ aspect: String, _ change: String, key: String, rule: Bool = false, message: String) {
                changes[aspect] = change
                guard inherited[aspect] != change else { return }
                let (path, line) = place(scope, key: key, rule: rule)
                findings.append(finding(message, path: path, line: line))
            }
            for spec in catalog.rules {
                let (was, now) = (old.setting(of: spec, in: catalog), new.setting(of: spec, in: catalog))
                guard rank(now) < rank(was) else { continue }
                let key = new.rules.keys.first { catalog.rule(named: $0)?.id == spec.id } ?? spec.id
                let what = now == "off" ? "turns `\(spec.id)` off" : "lowers `\(spec.id)` to \(now)"
                report(
                    "rule " + spec.id, was + ">" + now, key: key, rule: true,
                    message:
                        "This configuration \(what) (\(was) \(at)); the setting \(at) stays in effect until this change is on the base branch."
                )
            }
            if new.requireSuppressionReason != old.requireSuppressionReason, !new.requireSuppressionReason {
                report(
                    "suppressions", "reason", key: "suppressions",
                    message:
                        "This configuration lets inline suppressions go without a reason (\(at) they need one); the setting \(at) stays in effect until this change is on the base branch."
                )
            }
            if let declared = new.loginServices, declared.kind != old.loginServices?.kind {
                let what: String
                switch declared.kind {
                case .equivalentLogin(let name): what = "declares \(name) an equivalent login service"
                case .exemption(let exemption):
                    what = "declares the `\(exemption.rawValue)` exemption from guideline 4.8"
                }
                report(
                    "login-services", "\(declared.kind)", key: "login-services",
                    message:
                        "This configuration \(what), which silences third-party-login-without-apple; \(at) \(old.loginServices == nil ? "nothing is declared" : "another declaration stands"), and that stays in effect until this change is on the base branch."
                )
            }
            if scope.isEmpty {
                let (was, now) = (old.failOn ?? .error, new.failOn ?? .error)
                if rank(now) < rank(was) {
                    report(
                        "fail-on", now.rawValue, key: "fail-on",
                        message:
                            "This configuration raises fail-on to \(now.rawValue) (\(was.rawValue) \(at)), so fewer findings fail the gate; the setting \(at) stays in effect until this change is on the base branch."
                    )
                }
                if old.generatedCode == .lint, new.generatedCode == .skip {
                    report(
                        "generated-code", "skip", key: "generated-code",
                        message:
                            "This configuration skips generated code, which is linted \(at); the setting \(at) stays in effect until this change is on the base branch."
                    )
                }
            }
            seen[scope] = changes
        }
        if !lostFiles.isEmpty {
            let baseFiles = Dictionary(
                base.files.compactMap { file in file.configuration.path.map { ($0, file.configuration) } }
            ) { first, _ in first }
            let changed = workTree.files.compactMap { file -> (String, Int)? in
                guard let path = file.configuration.path else { return nil }
                let before = baseFiles[path]
                if file.configuration.exclude != (before?.exclude ?? []) {
                    return (located(path), file.configuration.keyLines["exclude"] ?? 1)
                }
                if file.configuration.include != (before?.include ?? []) {
                    return (located(path), file.configuration.keyLines["include"] ?? 1)
                }
                return nil
            }
            let shown =
                lostFiles.prefix(3).joined(separator: ", ")
                + (lostFiles.count > 3 ? " and \(lostFiles.count - 3) more" : "")
            let count = lostFiles.count == 1 ? "1 file" : "\(lostFiles.count) files"
            let message =
                "This configuration's include and exclude globs stop linting \(count) linted \(at): \(shown); the globs \(at) stay in effect until this change is on the base branch."
            for (path, line) in changed.isEmpty ? [place("", key: "exclude")] : changed {
                findings.append(finding(message, path: path, line: line))
            }
        }
        return findings
    }

    /// `path` (absolute, or from the current directory) relative to the project `root`.
    private static func inRoot(_ path: String, root: String) -> String {
        ProjectPath.relative(ProjectPath.join(FileManager.default.currentDirectoryPath, path), to: root)
    }

    /// The entries `workTree` (the baseline the work tree names, in `file`, whose text is `text`)
    /// holds that `base` (the baseline in effect) does not: each accepts a finding the base's
    /// baseline reports.
    public static func baseline(
        base: Baseline?, workTree: Baseline, file: String, text: String, root: String, revision: String
    ) -> [Finding] {
        let path = inRoot(file, root: root)
        let known = Set((base?.findings ?? []).map(\.key))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return workTree.findings.filter { !known.contains($0.key) }.map { entry in
            let line = lines.firstIndex { $0.contains("\"\(entry.fingerprint)\"") }.map { $0 + 1 } ?? 1
            return finding(
                "This baseline entry accepts a `\(entry.rule)` finding in \(entry.path) that the baseline at \(ChangedLines.shown(revision)) does not; "
                    + "it is still reported until the entry is on the base branch.",
                path: path, line: line)
        }
    }

    /// Team rule files removed or changed since `base`; a new one only adds to the gate and is
    /// no finding. The base's rules are the ones in effect.
    public static func teamRules(
        base: [RuleCatalog.TeamFile], workTree: [RuleCatalog.TeamFile], root: String, revision: String
    ) -> [Finding] {
        let texts = { (files: [RuleCatalog.TeamFile]) in
            Dictionary(files.map { (inRoot($0.path, root: root), $0.text) }, uniquingKeysWith: { first, _ in first })
        }
        let (base, workTree) = (texts(base), texts(workTree))
        let at = "at \(ChangedLines.shown(revision))"
        var findings: [Finding] = []
        for path in base.keys.sorted() {
            guard let now = workTree[path] else {
                findings.append(
                    finding(
                        "This team rule file is removed; the rules it holds \(at) still run until the removal is on the base branch.",
                        path: path, line: 1))
                continue
            }
            if now != base[path] {
                findings.append(
                    finding(
                        "This team rule file differs from its version \(at), which is the one that runs until the change is on the base branch: a changed rule may no longer catch what it caught.",
                        path: path, line: 1))
            }
        }
        return findings
    }
}
