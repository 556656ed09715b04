import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintRules

/// A self-contained page for reviewers: the project, a Guideline 4.8 verdict read from the
/// findings, an overview of the sign-in setup, then the findings grouped by rule with their code
/// and the rule's reasons and fix. Inline CSS and a few lines of inline script, nothing loaded
/// from the network, everything escaped, nothing from the clock.
public struct HTMLReporter: Reporter {
    /// Only `rulePages` applies: each rule's guidance names its page.
    let options: ReporterOptions

    public init(options: ReporterOptions = ReporterOptions()) {
        self.options = options
    }

    public func render(_ report: LintReport) -> String {
        Page(report: report, pages: options.rulePages).render()
    }

    /// Documentation prose: escaped, with `code` spans set as code.
    /// Code spans may break between tokens, as excerpts do.
    static func prose(_ text: String) -> String {
        let parts = text.trimmed.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 2 else { return text.trimmed.htmlShown }
        var out = ""
        for (index, part) in parts.enumerated() {
            if index % 2 == 1 && index < parts.count - 1 {
                out += "<code>\(code(part))</code>"
            } else {
                out += (index % 2 == 1 ? "`" : "") + part.htmlShown
            }
        }
        return out
    }

    /// A path, escaped, that may break after each `/`, and in a long file name after `+` (and
    /// nowhere else unless a name is longer than the line).
    static func path(_ text: String) -> String {
        text.htmlShown.replacingOccurrences(of: "/", with: "/<wbr>").replacingOccurrences(of: "+", with: "+<wbr>")
    }

    /// Code, escaped, that may break between tokens: before a `.`, after `(`, `[`, `{` and `,`
    /// (and at spaces), never inside a name.
    static func code(_ text: String) -> String {
        var out = ""
        var piece = ""
        for character in text {
            if character == ".", !piece.isEmpty, piece.last != "." {
                out += piece.htmlShown + "<wbr>"
                piece = ""
            }
            piece.append(character)
            if "([{,".contains(character) {
                out += piece.htmlShown + "<wbr>"
                piece = ""
            }
        }
        return out + piece.htmlShown
    }

    /// The source line, escaped, with the finding's columns (UTF-16, end exclusive) marked.
    static func highlighted(_ line: String, _ finding: Finding) -> String {
        let units = Array(line.utf16)
        var start = max(0, min(finding.column - 1, units.count))
        var end = min(start + 1, units.count)
        if finding.endLine == nil || finding.endLine == finding.line, let endColumn = finding.endColumn,
            endColumn > finding.column
        {
            end = min(endColumn - 1, units.count)
        } else if let endLine = finding.endLine, endLine > finding.line {
            end = units.count
        }
        // Widen a range that starts or ends inside a surrogate pair to the whole character.
        if start < units.count, UTF16.isTrailSurrogate(units[start]), start > 0 { start -= 1 }
        if end < units.count, UTF16.isTrailSurrogate(units[end]) { end += 1 }
        let text = { (range: Range<Int>) in code(String(decoding: units[range], as: UTF16.self)) }
        guard start < end else { return text(0..<units.count) }
        return text(0..<start) + "<mark>" + text(start..<end) + "</mark>" + text(end..<units.count)
    }
}

/// One report as a page: the report, and where each finding is in it (for anchors).
private struct Page {
    let report: LintReport
    let anchors: [Finding: Int]
    /// Each rule's published page, by id.
    let pages: [String: String]

    init(report: LintReport, pages: [String: String]) {
        self.report = report
        self.pages = pages
        anchors = Dictionary(report.findings.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func render() -> String {
        let project = projectName(report.root)
        let overview = SignInOverview(report)
        let groups = RuleGroup.groups(report)
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="\(AuthLint.name) \(AuthLint.version)">
            <title>Sign-in review: \(project.htmlShown) · authlint</title>
            <style>\(HTMLReporter.style)</style>
            </head>
            <body>

            """
        out += masthead(project: project)
        out += "<main>\n"
        out += verdict(overview)
        out += areas(overview, targets: report.signIn)
        out += findings(groups)
        out += diagnostics()
        out += "</main>\n"
        out +=
            "<footer>Generated by \(AuthLint.name) \(AuthLint.version) · \(AuthLint.informationURI.htmlShown)</footer>\n"
        if !report.findings.isEmpty { out += "<script>\(HTMLReporter.script)</script>\n" }
        out += "</body>\n</html>\n"
        return out
    }

    private func projectName(_ root: String) -> String {
        let name = ProjectPath.lastComponent(of: root)
        return name.isEmpty ? "/" : name
    }

    // MARK: - Head of the page

    private func masthead(project: String) -> String {
        let counts = report.countsBySeverity
        var out = "<header class=\"masthead\">\n"
        out +=
            "<p class=\"eyebrow\">authlint \(AuthLint.version) · Sign in with Apple and App Review Guideline 4.8</p>\n"
        out += "<h1>Sign-in review: <span class=\"project\">\(project.htmlShown)</span></h1>\n"
        out += "<ul class=\"totals\">\n"
        out += "<li><strong>\(report.filesScanned)</strong> file\(report.filesScanned == 1 ? "" : "s") scanned</li>\n"
        if !report.generatedFiles.isEmpty {
            let count = report.generatedFiles.count
            let names = report.generatedFiles.map { report.displayPath($0.path) + " (" + $0.reason + ")" }.joined(
                separator: "\n")
            out +=
                "<li title=\"\(names.htmlShown)\"><strong>\(count)</strong> generated file\(count == 1 ? "" : "s") not linted</li>\n"
        }
        for severity in Severity.allCases.reversed() {
            let count = counts[severity] ?? 0
            out +=
                "<li class=\"total \(severity.rawValue)\"><strong>\(count)</strong> \(severity.rawValue)\(count == 1 ? "" : "s")</li>\n"
        }
        out += "</ul>\n</header>\n"
        return out
    }

    private func verdict(_ overview: SignInOverview) -> String {
        var out = "<section class=\"verdict \(overview.verdict.rawValue)\" aria-labelledby=\"verdict-title\">\n"
        out += "<p class=\"verdict-label\">Guideline 4.8 · Login Services</p>\n"
        out += "<h2 id=\"verdict-title\">\(overview.verdict.title)</h2>\n"
        out += "<p>\(overview.explanation.htmlShown)</p>\n"
        let login = report.findings.filter { $0.rule == SignInOverview.loginServicesRule }
        if !login.isEmpty {
            out += "<ul class=\"verdict-findings\">\n"
            for finding in login {
                out +=
                    "<li><a href=\"#\(anchor(finding))\">\(HTMLReporter.path(location(finding)))</a>: \(HTMLReporter.prose(finding.message))</li>\n"
            }
            out += "</ul>\n"
        }
        for declaration in overview.declarations {
            out += "<p class=\"declaration\">\(HTMLReporter.prose(declaration))</p>\n"
        }
        if report.findings.contains(where: { $0.rule == SignInOverview.entitlementRule && $0.severity != .note }) {
            out +=
                "<p class=\"caveat\">Also: Sign in with Apple is in the code, but a shipping configuration lacks its entitlement, so it fails when people use it.</p>\n"
        }
        out += "<p class=\"basis\">This verdict is read from authlint’s findings, not from running the app: "
        out += "authlint reports problems it can see in the source, so “no problem found” is not a guarantee.</p>\n"
        out += "</section>\n"
        return out
    }

    private func areas(_ overview: SignInOverview, targets signIn: [SignInTarget]) -> String {
        var out =
            "<section class=\"overview\" aria-labelledby=\"overview-title\">\n<h2 id=\"overview-title\">Sign-in setup</h2>\n"
        out += "<p class=\"lede\">"
        if overview.appleFlowFindings > 0 {
            out +=
                "Sign in with Apple is used in the code: \(overview.appleFlowFindings) finding\(overview.appleFlowFindings == 1 ? " concerns" : "s concern") its flow. "
        }
        out += "Each row lists what authlint checked and what it found.</p>\n"
        out +=
            "<table>\n<thead><tr><th scope=\"col\">Area</th><th scope=\"col\">Rules</th><th scope=\"col\">Result</th></tr></thead>\n<tbody>\n"
        for area in overview.areas {
            let worst = area.findings.map(\.severity).max()
            out +=
                "<tr class=\"\(worst?.rawValue ?? (area.checked ? "clear" : "unchecked"))\"><th scope=\"row\">\(area.title.htmlShown)</th><td>"
            out += area.rules.map { rule in
                area.findings.contains { $0.rule == rule }
                    ? "<a href=\"#rule-\(rule.htmlShown)\"><code>\(rule.htmlShown)</code></a>"
                    : "<code>\(rule.htmlShown)</code>"
            }.joined(separator: "<br>")
            let declared = area.rules.contains(SignInOverview.loginServicesRule) && !overview.declarations.isEmpty
            out += "</td><td>" + areaResult(area, declared: declared) + "</td></tr>\n"
        }
        out += "</tbody>\n</table>\n"
        out += targets(signIn)
        out += "</section>\n"
        return out
    }

    /// The login services found in each app target, with its entitlements and privacy manifests,
    /// and the servers of the tree.
    private func targets(_ targets: [SignInTarget]) -> String {
        guard !targets.isEmpty else { return "" }
        var out = "<h3>Login services found</h3>\n<table class=\"targets\">\n<thead><tr><th scope=\"col\">Target</th>"
        out += "<th scope=\"col\">Third-party logins</th><th scope=\"col\">Sign in with Apple</th>"
        out +=
            "<th scope=\"col\">Entitlements</th><th scope=\"col\">Privacy manifest</th><th scope=\"col\">Face ID</th><th scope=\"col\">Server</th></tr></thead>\n<tbody>\n"
        for target in targets {
            let logins =
                target.loginServices.isEmpty ? "None" : target.loginServices.map(\.htmlShown).joined(separator: "<br>")
            let apple =
                target.signInWithApple
                ? "<span class=\"status clear\">Offered</span>"
                : target.loginServices.isEmpty
                    ? "No"
                    : target.loginServicesDeclared
                        ? "<span class=\"status note\">Not needed: exemption declared</span>"
                        : "<span class=\"status error\">Missing</span>"
            let entitlement =
                target.entitlements.isEmpty
                ? (target.signInWithApple ? "<span class=\"status error\">None</span>" : "None")
                : target.entitlements.map { "<code>\(HTMLReporter.path($0))</code>" }.joined(separator: "<br>")
                    + (target.signInWithApple
                        ? (target.hasAppleSignInEntitlement
                            ? " <span class=\"status clear\">grants Sign in with Apple</span>"
                            : " <span class=\"status error\">lacks Sign in with Apple</span>") : "")
            let manifest =
                target.privacyManifests.isEmpty
                ? "None"
                : target.privacyManifests.map { "<code>\(HTMLReporter.path($0))</code>" }.joined(separator: "<br>")
            out +=
                "<tr><th scope=\"row\">\(target.name.htmlShown)</th><td>\(logins)</td><td>\(apple)</td><td>\(entitlement)</td><td>\(manifest)</td>"
            let server = servers(SignInServer.servers(of: target, among: report.servers))
            out += "<td>\(localAuthentication(target.localAuthentication))</td><td>\(server)</td></tr>\n"
        }
        out += "</tbody>\n</table>\n"
        return out
    }

    /// The target's Face ID posture: whether the Keychain or only a Boolean guards what it unlocks,
    /// and whether the purpose string is there.
    private func localAuthentication(_ posture: SignInTarget.LocalAuthentication?) -> String {
        guard let posture else { return "None" }
        var out =
            posture.boundToKeychain
            ? "<span class=\"status clear\">Keychain item needs it</span>"
            : "<span class=\"status warning\">Boolean only</span>"
        switch posture.purposeString {
        case false?: out += " <span class=\"status error\">no purpose string</span>"
        case nil: out += " <span class=\"status unchecked\">purpose string unknown</span>"
        case true?: break
        }
        return out
    }

    /// The servers of an app target's row, each by folder and framework, with what the server
    /// rules found in it.
    private func servers(_ servers: [SignInServer]) -> String {
        guard !servers.isEmpty else { return "None in this repository" }
        return servers.map { server in
            let folder = server.folder.isEmpty ? "." : HTMLReporter.path(server.folder)
            var out = "<code>\(folder)/</code>"
            out += " " + server.frameworkNames.map(\.htmlShown).joined(separator: ", ") + "<br>"
            guard server.checked else { return out + "<span class=\"status unchecked\">Not checked</span>" }
            guard !server.findings.isEmpty else { return out + "<span class=\"status clear\">No finding</span>" }
            out += severityCounts(server.findings)
            for rule in Set(server.findings.map(\.rule)).sorted() {
                out += "<br><a href=\"#rule-\(rule.htmlShown)\"><code>\(rule.htmlShown)</code></a>"
            }
            return out
        }.joined(separator: "<br>")
    }

    /// What the area's rules found; `declared` when a 4.8 declaration silences the area.
    private func areaResult(_ area: SignInOverview.Area, declared: Bool) -> String {
        guard area.checked else { return "<span class=\"status unchecked\">Not checked</span>" }
        if declared && area.findings.isEmpty { return "<span class=\"status note\">Exemption declared</span>" }
        guard !area.findings.isEmpty else { return "<span class=\"status clear\">No finding</span>" }
        return severityCounts(area.findings)
    }

    /// How many findings there are of each severity, the worst first.
    private func severityCounts(_ findings: [Finding]) -> String {
        let parts = Severity.allCases.reversed().compactMap { severity -> String? in
            let count = findings.filter { $0.severity == severity }.count
            guard count > 0 else { return nil }
            return
                "<span class=\"status \(severity.rawValue)\">\(count) \(severity.rawValue)\(count == 1 ? "" : "s")</span>"
        }
        return parts.joined(separator: " ")
    }

    // MARK: - Findings

    private func findings(_ groups: [RuleGroup]) -> String {
        var out =
            "<section class=\"findings\" aria-labelledby=\"findings-title\">\n<h2 id=\"findings-title\">Findings</h2>\n"
        guard !groups.isEmpty else {
            out += "<p class=\"empty\">No findings.</p>\n"
            return out + "</section>\n"
        }
        out += "<nav class=\"filter\" aria-label=\"Show findings\">Show: "
        out += "<button type=\"button\" data-show=\"all\" aria-pressed=\"true\">All</button>"
        for severity in Severity.allCases.reversed() where report.findings.contains(where: { $0.severity == severity })
        {
            out +=
                "<button type=\"button\" data-show=\"\(severity.rawValue)\" aria-pressed=\"false\">\(severity.title)s</button>"
        }
        out += "</nav>\n"
        for group in groups { out += rule(group) }
        return out + "</section>\n"
    }

    private func rule(_ group: RuleGroup) -> String {
        let severities = Set(group.findings.map(\.severity)).map(\.rawValue).sorted().joined(separator: " ")
        var out =
            "<article class=\"rule \(group.severity.rawValue)\" id=\"rule-\(group.id.htmlShown)\" data-severities=\"\(severities)\">\n"
        out +=
            "<header class=\"rule-head\">\n<span class=\"badge \(group.severity.rawValue)\">\(group.severity.rawValue)</span>\n"
        out += "<h3>\((group.rule?.name ?? group.id).htmlShown)</h3>\n"
        out += "<p class=\"rule-meta\"><code>\(group.id.htmlShown)</code>"
        if let rule = group.rule {
            out += " · " + HTMLReporter.code(rule.guideline.label)
        }
        out += " · \(group.findings.count) finding\(group.findings.count == 1 ? "" : "s")</p>\n"
        if let summary = group.rule?.summary { out += "<p class=\"summary\">\(HTMLReporter.prose(summary))</p>\n" }
        out += "</header>\n<ol class=\"occurrences\">\n"
        for finding in group.findings { out += item(finding, groupSeverity: group.severity) }
        out += "</ol>\n"
        if let rule = group.rule { out += guidance(rule) }
        out += "</article>\n"
        return out
    }

    private func item(_ finding: Finding, groupSeverity: Severity) -> String {
        let id = anchor(finding)
        var out = "<li class=\"finding \(finding.severity.rawValue)\" id=\"\(id)\">\n"
        out += "<p class=\"where\"><a class=\"location\" href=\"#\(id)\">\(HTMLReporter.path(location(finding)))</a>"
        if finding.severity != groupSeverity {
            out += " <span class=\"badge small \(finding.severity.rawValue)\">\(finding.severity.rawValue)</span>"
        }
        out += "</p>\n"
        out += "<p class=\"message\">\(HTMLReporter.prose(finding.message))</p>\n"
        if let line = report.excerpts[finding.path]?[finding.line] {
            out +=
                "<pre class=\"excerpt\"><span class=\"line-number\">\(finding.line)</span>\(HTMLReporter.highlighted(line, finding))</pre>\n"
        }
        if !finding.related.isEmpty {
            out += "<ul class=\"related\">\n"
            for related in finding.related {
                out +=
                    "<li><span class=\"related-location\">\(HTMLReporter.path(report.displayPath(related.path))):\(related.line):\(related.column)</span> "
                out += HTMLReporter.prose(related.message) + "</li>\n"
            }
            out += "</ul>\n"
        }
        out += "</li>\n"
        return out
    }

    private func guidance(_ rule: RuleDescription) -> String {
        var out = "<div class=\"guidance\">\n"
        out += "<section><h4>Why it matters</h4><p>\(HTMLReporter.prose(rule.documentation.why))</p></section>\n"
        out += "<section><h4>How to fix it</h4><p>\(HTMLReporter.prose(rule.documentation.fix))</p></section>\n"
        if let snippet = rule.documentation.snippet?.trimmed {
            out += "<pre class=\"snippet\"><code>\(snippet.htmlShown)</code></pre>\n"
        }
        out += "<blockquote class=\"guideline\"><p>\(rule.guideline.quote.trimmed.htmlShown)</p>"
        out += "<footer>\(HTMLReporter.code(rule.guideline.label))"
        if let url = rule.guideline.url { out += " · <span class=\"url\">\(url.htmlShown)</span>" }
        out += "</footer></blockquote>\n"
        if let page = pages[rule.id] {
            out += "<p class=\"page\">The rule's page: <span class=\"url\">\(page.htmlShown)</span></p>\n"
        }
        out += "</div>\n"
        return out
    }

    private func diagnostics() -> String {
        guard !report.diagnostics.isEmpty else { return "" }
        var out = "<section class=\"diagnostics\" aria-labelledby=\"diagnostics-title\">\n"
        out += "<h2 id=\"diagnostics-title\">Files authlint could not read</h2>\n<ul>\n"
        for diagnostic in report.diagnostics {
            var location = report.displayPath(diagnostic.path)
            if let line = diagnostic.line { location += ":\(line)" }
            out +=
                "<li><code>\(HTMLReporter.path(location))</code>: \(diagnostic.message.htmlShown) (\(diagnostic.kind.rawValue))</li>\n"
        }
        out += "</ul>\n</section>\n"
        return out
    }

    // MARK: - Text

    private func location(_ finding: Finding) -> String {
        "\(report.displayPath(finding.path)):\(finding.line):\(finding.column)"
    }

    /// An id for the finding's anchor: its place in the report.
    private func anchor(_ finding: Finding) -> String {
        "finding-\((anchors[finding] ?? 0) + 1)"
    }
}
