import AuthLintCore

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

    init(_ example: RuleDescription.Example) {
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

/// Runs one rule over in-memory example files.
enum ExampleRunner {
    struct Found {
        var position: ExamplePosition
        var message: String
        var summary: String { "\(position): \(message)" }
        var path: String { position.path }
    }

    static func findings(_ rule: RuleSpec, _ files: [RuleDescription.ExampleFile]) -> [Found] {
        let project = InMemoryProject.index(files)
        return Linter.check(project: project, rules: [rule]).map {
            Found(position: ExamplePosition(path: $0.path, line: $0.line, column: $0.column), message: $0.message)
        }
    }
}

enum InMemoryProject {
    static func index(_ files: [RuleDescription.ExampleFile]) -> ProjectIndex {
        let code = files.sorted { $0.path < $1.path }.compactMap { file -> CodeView? in
            let ext = file.path.split(separator: ".").last.map(String.init) ?? ""
            guard let language = SourceLanguage(pathExtension: ext) else { return nil }
            return CodeView(file: SourceFile(path: file.path, language: language, text: file.text))
        }
        return ProjectIndex(files: code)
    }
}
