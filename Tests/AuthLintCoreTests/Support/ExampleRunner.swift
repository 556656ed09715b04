import AuthLintCore
import Foundation

/// Where a finding is, or is expected: path, line and UTF-16 column.
struct ExamplePosition: Hashable, CustomStringConvertible {
    var path: String
    var line: Int
    var column: Int

    var description: String { "\(path):\(line):\(column)" }
}

/// A rule example with its `↓` marks taken out and remembered.
struct MarkedExample {
    var files: [RuleDescription.ExampleFile] = []
    var marks: Set<ExamplePosition> = []
    var configuration: String?
    var severity: Severity?
    var message: String?

    init(_ example: RuleDescription.Example) {
        configuration = example.configuration
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

/// Runs one rule over an example's files, written to a temporary project, through the whole
/// pipeline: scanner, property lists, configuration and all.
enum ExampleRunner {
    struct Found {
        var position: ExamplePosition
        var message: String
        var severity: Severity
        var summary: String { "\(position): \(message)" }
        var path: String { position.path }
    }

    static let providers = (try? RuleCatalog.builtin().providers) ?? ProviderCatalog()

    static func findings(_ rule: RuleSpec, _ files: [RuleDescription.ExampleFile], configuration: String? = nil) -> [Found] {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("authlint-example-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        do {
            for file in files {
                let path = (root as NSString).appendingPathComponent(file.path)
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try file.text.write(toFile: path, atomically: true, encoding: .utf8)
            }
            if let configuration {
                try configuration.write(toFile: root + "/.authlint.yml", atomically: true, encoding: .utf8)
            }
            // Rules about suppressions need the rules the suppressions name; only their own findings count.
            let catalog = rule.engine == nil ? RuleCatalog(rules: [rule], providers: providers) : try RuleCatalog.builtin()
            let report = try Linter.run(LintOptions(scan: ScanOptions(paths: [root]), catalog: catalog, currentDirectory: root))
            return report.findings.filter { $0.rule == rule.id }.map {
                Found(position: ExamplePosition(path: $0.path, line: $0.line, column: $0.column), message: $0.message, severity: $0.severity)
            }
        } catch {
            return [Found(position: ExamplePosition(path: "<error>", line: 0, column: 0), message: "\(error)", severity: .error)]
        }
    }
}
