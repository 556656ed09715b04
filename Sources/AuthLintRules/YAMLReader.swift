import AuthLintModel
import AuthLintSyntax
import Yams

/// Typed, position-aware access to a YAML node: every error names the file and line, and
/// unknown keys are refused with a suggestion.
@usableFromInline
package struct YAMLReader {
    let node: Node
    let path: String
    /// The language the patterns under this node are written in: set where a rule or a pattern
    /// entry says (`language: python`), and passed down to every node below.
    package var patternLanguage = SourceLanguage.swift

    init(node: Node, path: String) {
        self.node = node
        self.path = path
    }

    /// A node below this one: it reads its patterns in the same language.
    private func child(_ node: Node) -> YAMLReader {
        var reader = YAMLReader(node: node, path: path)
        reader.patternLanguage = patternLanguage
        return reader
    }

    /// The same node, its patterns (and those below it) read in `language`.
    package func speaking(_ language: SourceLanguage) -> YAMLReader {
        var reader = self
        reader.patternLanguage = language
        return reader
    }

    /// The node written out again: nodes that read the same write the same text.
    var written: String? { try? Yams.serialize(node: node) }

    /// Parses `text`; a syntax error, or a document with nothing in it, becomes a ``FileError``.
    static func parse(_ text: String, path: String) throws -> YAMLReader {
        try parse(text, path: path, emptyIsValid: false)!
    }

    /// Parses `text`; a syntax error becomes a ``FileError``, and so does a document with nothing
    /// in it (only comments) unless `emptyIsValid`, when it gives nil.
    package static func parse(_ text: String, path: String, emptyIsValid: Bool) throws -> YAMLReader? {
        do {
            // Every scalar is read as text (``string(_:)``, ``bool(_:)``): no tag is resolved,
            // which would match each against Yams' regular expressions.
            guard let node = try Yams.compose(yaml: text, .basic) else {
                if emptyIsValid { return nil }
                throw FileError(path: path, line: 0, message: "the file is empty")
            }
            return YAMLReader(node: node, path: path)
        } catch let error as FileError {
            throw error
        } catch let error as YamlError {
            if case .duplicatedKeysInMapping(let duplicates, _) = error, let key = duplicates.sorted().first {
                throw FileError(
                    path: path, line: YAMLReader.secondLine(of: key, in: text),
                    message: "duplicate key `\(key.shortExcerpt)`")
            }
            throw FileError(
                path: path, line: YAMLReader.line(of: error), message: "invalid YAML: \(YAMLReader.describe(error))")
        }
    }

    package var line: Int { node.mark?.line ?? 1 }

    package func fail(_ message: String) -> FileError {
        FileError(path: path, line: line, message: message)
    }

    // MARK: Scalars

    package var isNull: Bool {
        if case .scalar(let scalar) = node {
            return scalar.string == "null" || scalar.string == "~" || (scalar.string.isEmpty && scalar.style == .plain)
        }
        return false
    }

    package func string(_ what: String) throws -> String {
        guard case .scalar(let scalar) = node else { throw fail("\(what) must be a string") }
        return scalar.string
    }

    package func bool(_ what: String) throws -> Bool {
        guard case .scalar(let scalar) = node else { throw fail("\(what) must be true or false") }
        switch scalar.string {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw fail("\(what) must be true or false, not `\(scalar.string.shortExcerpt)`")
        }
    }

    /// A string, or a list of strings.
    package func strings(_ what: String) throws -> [String] {
        switch node {
        case .scalar: return [try string(what)]
        case .sequence(let sequence):
            return try sequence.map { try child($0).string("each entry of \(what)") }
        default: throw fail("\(what) must be a string or a list of strings")
        }
    }

    /// Whether the node is a list.
    package var isList: Bool {
        if case .sequence = node { return true }
        return false
    }

    /// Whether the node is a mapping.
    package var isMapping: Bool {
        if case .mapping = node { return true }
        return false
    }

    func list(_ what: String) throws -> [YAMLReader] {
        guard case .sequence(let sequence) = node else { throw fail("\(what) must be a list") }
        return sequence.map(child)
    }

    package func enumValue<T: RawRepresentable & CaseIterable>(_ type: T.Type, _ what: String) throws -> T
    where T.RawValue == String {
        let value = try string(what)
        if let result = T(rawValue: value) { return result }
        let choices = T.allCases.map(\.rawValue)
        throw fail(
            "\(what) must be one of \(choices.joined(separator: ", ")), not `\(value.shortExcerpt)`"
                + Suggestion.didYouMean(value, choices))
    }

    // MARK: Mappings

    /// The mapping's entries in file order; refuses keys outside `allowed`.
    package func mapping(_ what: String, allowed: [String]) throws -> Entries {
        guard case .mapping(let mapping) = node else { throw fail("\(what) must be a mapping") }
        var entries: [(String, YAMLReader)] = []
        for (keyNode, valueNode) in mapping {
            let key = YAMLReader(node: keyNode, path: path)
            let name = try key.string("a key")
            if !allowed.contains(name) {
                throw key.fail("unknown key `\(name.shortExcerpt)` in \(what)" + Suggestion.didYouMean(name, allowed))
            }
            if entries.contains(where: { $0.0 == name }) {
                throw key.fail("duplicate key `\(name.shortExcerpt)` in \(what)")
            }
            entries.append((name, child(valueNode)))
        }
        return Entries(entries: entries, owner: self, what: what)
    }

    /// A mapping whose keys are free (file names, rule ids).
    package func pairs(_ what: String) throws -> [(key: String, keyLine: Int, value: YAMLReader)] {
        guard case .mapping(let mapping) = node else { throw fail("\(what) must be a mapping") }
        return try mapping.map { keyNode, valueNode in
            let key = YAMLReader(node: keyNode, path: path)
            return (try key.string("a key"), key.line, child(valueNode))
        }
    }

    package struct Entries {
        let entries: [(String, YAMLReader)]
        let owner: YAMLReader
        let what: String

        package subscript(_ key: String) -> YAMLReader? {
            entries.first { $0.0 == key }?.1
        }

        package func required(_ key: String) throws -> YAMLReader {
            guard let value = self[key] else { throw owner.fail("\(what) needs `\(key)`") }
            return value
        }

        var keys: [String] { entries.map(\.0) }

        /// The same entries, their patterns read in `language`.
        package func speaking(_ language: SourceLanguage) -> Entries {
            Entries(entries: entries.map { ($0.0, $0.1.speaking(language)) }, owner: owner, what: what)
        }
    }

    // MARK: Errors

    /// The line where `key:` appears the second time (the duplicate), or 1.
    private static func secondLine(of key: String, in text: String) -> Int {
        var seen = 0
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "-" }
            if trimmed.hasPrefix(key + ":") || trimmed.hasPrefix("\"\(key)\":") {
                seen += 1
                if seen == 2 { return number + 1 }
            }
        }
        return 1
    }

    private static func line(of error: YamlError) -> Int {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _):
            return mark.line
        default:
            return 1
        }
    }

    private static func describe(_ error: YamlError) -> String {
        switch error {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _):
            return problem
        default:
            // Other errors describe themselves with the source lines around them: never quoted.
            return "malformed YAML"
        }
    }
}

/// "Did you mean" for misspelt keys and ids.
public enum Suggestion {
    /// " (did you mean `x`?)" for the closest candidate, or "" when none is close.
    public static func didYouMean(_ word: String, _ candidates: [String]) -> String {
        closest(word, candidates).map { " (did you mean `\($0)`?)" } ?? ""
    }

    /// The candidate closest to `word` by edit distance, or nil when none is close.
    public static func closest(_ word: String, _ candidates: [String]) -> String? {
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(word.lowercased(), candidate.lowercased())
            if distance <= max(2, candidate.count / 3), best == nil || distance < best!.1 {
                best = (candidate, distance)
            }
        }
        return best?.0
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8)
        let b = Array(b.utf8)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
