import AuthLintCore
import AuthLintModel
import AuthLintProject
import AuthLintReporters
import AuthLintRules
import Foundation
import MCP

/// `authlint mcp`: the Model Context Protocol over standard input and output, for coding agents,
/// with three tools: lint a path, explain a rule, and propose the rules' fixes as a diff. Nothing
/// is written: the diff is for the agent, or its user, to apply.
public enum AgentServer {
    /// Serves until the client closes its end.
    public static func serve(catalog: RuleCatalog, currentDirectory: String, cacheDirectory: String?) async throws {
        let tools = AgentTools(catalog: catalog, currentDirectory: currentDirectory, cacheDirectory: cacheDirectory)
        let server = Server(
            name: "authlint", version: AuthLint.version,
            instructions:
                "authlint checks an iOS app's sources for App Store Guideline 4.8 (Login Services) and Sign in with Apple mistakes. Lint a folder or files with `lint`, read a rule's documentation with `explain_rule`, and get the fixes the rules declare as a unified diff with `propose_fixes`.",
            capabilities: .init(tools: .init(listChanged: false)))
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: AgentTools.list) }
        await server.withMethodHandler(CallTool.self) { params in tools.call(params.name, params.arguments ?? [:]) }
        try await server.start(transport: StdioTransport())
        await server.waitUntilCompleted()
    }
}

/// The tools, each a run of the library as the command line makes it.
struct AgentTools: Sendable {
    let catalog: RuleCatalog
    let currentDirectory: String
    let cacheDirectory: String?

    static let list: [Tool] = [
        Tool(
            name: "lint",
            description:
                "Lint an iOS app's folder, or files in it, for App Store Guideline 4.8 and Sign in with Apple mistakes. The project around the paths is read for its project-wide facts; only the paths given are reported. Returns each finding as `path:line:column: severity: message [rule]`, with the related places.",
            inputSchema: .object([
                "type": "object",
                "properties": .object([
                    "paths": .object([
                        "type": "array", "items": .object(["type": "string"]),
                        "description":
                            "Files or folders, absolute or relative to the server's folder; a folder is the project root. Default: the server's folder.",
                    ]),
                    "rules": .object([
                        "type": "array", "items": .object(["type": "string"]),
                        "description": "Run only these rules (ids); default: every rule the configuration leaves on.",
                    ]),
                ]),
            ]),
            annotations: .init(readOnlyHint: true, openWorldHint: false)),
        Tool(
            name: "explain_rule",
            description:
                "A rule's documentation: what it flags, why it matters (with the guideline it cites), how to fix it, and its examples.",
            inputSchema: .object([
                "type": "object",
                "properties": .object([
                    "id": .object(["type": "string", "description": "The rule's id, as findings show it."])
                ]),
                "required": .array(["id"]),
            ]),
            annotations: .init(readOnlyHint: true, openWorldHint: false)),
        Tool(
            name: "propose_fixes",
            description:
                "The fixes the rules declare for the findings in the paths (the Sign in with Apple entitlement, the privacy manifest's collected data types, a token logged as public), as a unified diff that `git apply` reads, and the changes to make by hand. Nothing is written.",
            inputSchema: .object([
                "type": "object",
                "properties": .object([
                    "paths": .object([
                        "type": "array", "items": .object(["type": "string"]),
                        "description": "Files or folders, as for `lint`.",
                    ])
                ]),
            ]),
            annotations: .init(readOnlyHint: true, openWorldHint: false)),
    ]

    func call(_ name: String, _ arguments: [String: Value]) -> CallTool.Result {
        do {
            switch name {
            case "lint": return Self.result(try lint(arguments))
            case "explain_rule": return try explain(arguments)
            case "propose_fixes": return Self.result(try proposeFixes(arguments))
            default: return Self.result("authlint has no tool named \(name)", isError: true)
            }
        } catch {
            return Self.result("authlint: \(error)", isError: true)
        }
    }

    static func result(_ text: String, isError: Bool = false) -> CallTool.Result {
        .init(content: [.text(text: text, annotations: nil, _meta: nil)], isError: isError)
    }

    /// The run the command line makes of `authlint lint PATHS`.
    private func run(_ arguments: [String: Value], rules: Bool) throws -> LintReport {
        let paths = arguments["paths"]?.arrayValue?.compactMap(\.stringValue) ?? []
        var options = LintOptions(
            scan: ScanOptions(paths: paths.isEmpty ? ["."] : paths), catalog: catalog,
            currentDirectory: currentDirectory)
        options.cacheDirectory = cacheDirectory
        options.describesSignIn = false
        if rules, let chosen = arguments["rules"]?.arrayValue?.compactMap(\.stringValue), !chosen.isEmpty {
            options.selectedRules = Set(
                try chosen.map { name in
                    guard let rule = catalog.rule(named: name) else { throw AgentError("no rule named `\(name)`") }
                    return rule.id
                })
        }
        var report = try Linter.run(options)
        report.applyConfiguredBaseline()
        return report
    }

    func lint(_ arguments: [String: Value]) throws -> String {
        let report = try run(arguments, rules: true)
        guard report.filesScanned > 0 else { throw AgentError("the paths hold no file authlint reads") }
        return TextReporter(options: ReporterOptions()).render(report)
    }

    func explain(_ arguments: [String: Value]) throws -> CallTool.Result {
        guard let id = arguments["id"]?.stringValue else { throw AgentError("give the rule's `id`") }
        guard let rule = catalog.rule(named: id) else {
            return Self.result(
                "no rule named `\(id)`; the rules are " + catalog.rules.map(\.id).joined(separator: ", "), isError: true
            )
        }
        return Self.result(RuleDocumentation.page(rule.description))
    }

    func proposeFixes(_ arguments: [String: Value]) throws -> String {
        let report = try run(arguments, rules: false)
        let plan = Fixer.plan(report.findings, root: report.root)
        var out = String(decoding: Fixer.diff(plan, shown: report.displayPath), as: UTF8.self)
        for (path, text) in plan.manual { out += "\nTo do by hand for \(report.displayPath(path)): \(text)" }
        for (path, reason) in plan.skipped { out += "\nLeft out for \(report.displayPath(path)): \(reason)" }
        if out.isEmpty {
            out = "No fix to propose: \(report.findings.count) finding(s), none with a fix the rules declare."
        }
        return out
    }
}

struct AgentError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
