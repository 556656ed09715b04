import AuthLintCore
import AuthLintModel
import AuthLintProject
import AuthLintReporters
import AuthLintRules
import Foundation

/// What the server makes of findings: diagnostics, code actions and hovers.
extension LanguageServer {
    // MARK: - Diagnostics

    /// A finding as a diagnostic: its rule as the code, with a link to the rule's page, and the
    /// other places involved as related information.
    func diagnostic(_ finding: Finding, root: String) -> JSONValue {
        var diagnostic: [String: JSONValue] = [
            "range": Self.range(
                line: finding.line, column: finding.column, endLine: finding.endLine, endColumn: finding.endColumn),
            "severity": .int(Self.severity(finding.severity)),
            "code": .string(finding.rule),
            "source": "authlint",
            "message": .string(finding.message),
        ]
        if let page = pages[finding.rule] { diagnostic["codeDescription"] = ["href": .string(page)] }
        if !finding.related.isEmpty {
            diagnostic["relatedInformation"] = .array(
                finding.related.map { related in
                    [
                        "location": [
                            "uri": .string(uri(of: ProjectPath.join(root, related.path))),
                            "range": Self.range(line: related.line, column: related.column),
                        ],
                        "message": .string(related.message),
                    ]
                })
        }
        return .object(diagnostic)
    }

    /// A problem reading the file (not UTF-8, too large, a lexical error) as a warning.
    static func diagnostic(_ problem: Diagnostic) -> JSONValue {
        [
            "range": range(line: problem.line ?? 1, column: problem.column ?? 1),
            "severity": 2,
            "code": .string(problem.kind.rawValue),
            "source": "authlint",
            "message": .string(problem.message),
        ]
    }

    /// The protocol's severities: 1 error, 2 warning, 3 information.
    static func severity(_ severity: Severity) -> Int {
        switch severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
    }

    // MARK: - Code actions

    /// For each finding on the lines of the range: its rule's fix, a suppression, and the rule's page.
    func codeActions(_ params: JSONValue) -> [JSONValue] {
        guard let uri = params["textDocument"]?["uri"]?.string, let path = Self.path(of: uri),
            let shown = published[path], let document = documents[path],
            let start = Self.position(params["range"]?["start"]), let end = Self.position(params["range"]?["end"])
        else { return [] }
        var actions: [JSONValue] = []
        for finding in shown.findings
        where finding.line - 1 <= end.line && (finding.endLine ?? finding.line) - 1 >= start.line {
            let diagnostic = diagnostic(finding, root: shown.root)
            if let fix = finding.fix, let edit = workspaceEdit(fix, root: shown.root) {
                actions.append([
                    "title": .string("Fix: \(fix.summary)"), "kind": "quickfix", "diagnostics": [diagnostic],
                    "isPreferred": true, "edit": edit,
                ])
            }
            actions.append(suppression(finding, document: document, diagnostic: diagnostic))
            if let page = pages[finding.rule] {
                actions.append([
                    "title": .string("Open the documentation of \(finding.rule)"), "kind": "quickfix",
                    "diagnostics": [diagnostic],
                    "command": [
                        "title": .string("Open the documentation of \(finding.rule)"),
                        "command": .string(Command.openPage), "arguments": [.string(page)],
                    ],
                ])
            }
        }
        return actions
    }

    /// A fix's edits as a workspace edit, each file's byte ranges as positions in its text (the
    /// open document's, else the file's). Nil when a fix creates a file, must be made by hand,
    /// or a file it edits is not as it was when the fix was made.
    func workspaceEdit(_ fix: Fix, root: String) -> JSONValue? {
        guard fix.manual == nil, !fix.edits.isEmpty, !fix.edits.contains(where: \.createsFile) else { return nil }
        let project = ProjectRoot(root)
        var changes: [String: JSONValue] = [:]
        for path in Set(fix.edits.map(\.path)).sorted() {
            let absolute = ProjectPath.join(root, path)
            guard project.contains(path) else { return nil }
            let bytes: [UInt8]
            if let open = documents[absolute] {
                bytes = open.bytes
            } else if case .success(let read) = FileReader.readFile(atPath: absolute) {
                bytes = read
            } else {
                return nil
            }
            let positions = TextPositions(bytes)
            var edits: [JSONValue] = []
            for edit in fix.edits where edit.path == path {
                guard edit.checked.upperBound <= bytes.count, bytes[edit.checked].elementsEqual(edit.checkedBytes)
                else { return nil }
                let (from, to) = (
                    positions.position(ofOffset: edit.range.lowerBound),
                    positions.position(ofOffset: edit.range.upperBound)
                )
                edits.append([
                    "range": [
                        "start": ["line": .int(from.line), "character": .int(from.character)],
                        "end": ["line": .int(to.line), "character": .int(to.character)],
                    ],
                    "newText": .string(edit.replacement),
                ])
            }
            changes[uri(of: absolute)] = .array(edits)
        }
        return ["changes": .object(changes)]
    }

    /// A directive above the finding's line that suppresses its rule there, with the reason left
    /// to write (`suppression-without-reason` flags it until it is): the cursor is placed on it.
    func suppression(_ finding: Finding, document: Document, diagnostic: JSONValue) -> JSONValue {
        let line = max(finding.line - 1, 0)
        let indentation = TextPositions(document.bytes).indentation(ofLine: line)
        let isPropertyList = [".plist", ".entitlements", ".xcprivacy"].contains { finding.path.hasSuffix($0) }
        let (directive, after) =
            isPropertyList
            ? ("<!-- authlint:disable:next \(finding.rule) - ", " -->")
            : ("// authlint:disable:next \(finding.rule) -- ", "")
        let at: JSONValue = ["line": .int(line), "character": 0]
        let reason: JSONValue = [
            "line": .int(line), "character": .int((indentation + directive).utf16.count),
        ]
        return [
            "title": .string("Suppress \(finding.rule) on this line, with a reason"), "kind": "quickfix",
            "diagnostics": [diagnostic],
            "edit": [
                "changes": [
                    document.uri: [
                        [
                            "range": ["start": at, "end": at],
                            "newText": .string(indentation + directive + after + "\n"),
                        ]
                    ]
                ]
            ],
            "command": [
                "title": "Write the reason", "command": .string(Command.placeCursor),
                "arguments": [.string(document.uri), reason],
            ],
        ]
    }

    /// The commands of code actions: the client is asked to show the rule's page, or the
    /// document with the cursor where the reason goes.
    func execute(_ params: JSONValue) {
        let arguments = params["arguments"]?.array ?? []
        switch params["command"]?.string {
        case Command.openPage:
            guard let page = arguments.first?.string, pages.values.contains(page) else { return }
            request("window/showDocument", ["uri": .string(page), "external": true])
        case Command.placeCursor:
            guard arguments.count == 2, let uri = arguments[0].string, Self.path(of: uri) != nil,
                Self.position(arguments[1]) != nil
            else { return }
            request(
                "window/showDocument",
                ["uri": .string(uri), "takeFocus": true, "selection": ["start": arguments[1], "end": arguments[1]]])
        default:
            return
        }
    }

    // MARK: - Hover

    /// On a flagged range: each finding's message and its rule's what, why and fix.
    func hover(_ params: JSONValue) -> JSONValue {
        guard let uri = params["textDocument"]?["uri"]?.string, let path = Self.path(of: uri),
            let shown = published[path], let at = Self.position(params["position"])
        else { return .null }
        let here = shown.findings.filter { finding in
            let start = (finding.line - 1, finding.column - 1)
            guard let endLine = finding.endLine else { return at.line == start.0 && at.character >= start.1 }
            let end = (endLine - 1, (finding.endColumn ?? 1) - 1)
            return (at.line, at.character) >= start && (at.line, at.character) < end
        }
        guard let first = here.first else { return .null }
        let pages = here.map { finding -> String in
            var text = "**authlint: \(finding.rule)** — \(finding.message)\n\n"
            if let rule = options.catalog.rule(named: finding.rule) {
                text += RuleDocumentation.helpMarkdown(rule.description)
            }
            return text
        }
        return [
            "contents": ["kind": "markdown", "value": .string(pages.joined(separator: "\n\n---\n\n"))],
            "range": Self.range(
                line: first.line, column: first.column, endLine: first.endLine, endColumn: first.endColumn),
        ]
    }
}
