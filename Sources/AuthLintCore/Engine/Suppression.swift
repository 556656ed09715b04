import Foundation

/// An inline suppression: `// authlint:disable:next RULE[, RULE] -- reason`,
/// `// authlint:disable:this RULE -- reason`, or a region `// authlint:disable RULE -- reason`
/// … `// authlint:enable RULE`. In property lists, the same words inside `<!-- … -->`, with
/// ` - reason` (XML comments may not contain `--`).
/// Only a line comment that starts with the words counts: text in strings, block comments and
/// commented-out directives (`// // authlint:…`) does not.
public struct Suppression: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case nextLine = "disable:next"
        case thisLine = "disable:this"
        case region = "disable"
    }

    public var path: String
    /// Where the directive is.
    public var line: Int
    public var column: Int
    public var kind: Kind
    public var rules: [String]
    public var reason: String?
    /// The lines it silences.
    public var lines: ClosedRange<Int>

    /// Reads the directives of a file: Swift and Objective-C line comments, and XML comments of
    /// property lists (given as line, column and text).
    static func parse(path: String, comments: [(line: Int, column: Int, text: String)], lineCount: Int) -> [Suppression] {
        var found: [Suppression] = []
        var open: [String: Int] = [:]  // rule → index of the region directive still open
        for comment in comments {
            guard let directive = Directive(comment.text) else { continue }
            switch directive.word {
            case "enable":
                for rule in directive.rules {
                    if let index = open.removeValue(forKey: rule) {
                        found[index].lines = found[index].lines.lowerBound...max(found[index].lines.lowerBound, comment.line)
                    }
                }
            default:
                let kind = Kind(rawValue: directive.word) ?? .region
                let lines: ClosedRange<Int> = switch kind {
                case .nextLine: (comment.line + 1)...(comment.line + 1)
                case .thisLine: comment.line...comment.line
                case .region: comment.line...max(comment.line, lineCount)
                }
                found.append(Suppression(
                    path: path, line: comment.line, column: comment.column, kind: kind, rules: directive.rules,
                    reason: directive.reason, lines: lines))
                if kind == .region { for rule in directive.rules { open[rule] = found.count - 1 } }
            }
        }
        return found
    }

    /// `authlint:WORD RULE, RULE -- reason`, from a comment's text without its delimiters.
    struct Directive {
        var word: String
        var rules: [String]
        var reason: String?

        init?(_ text: String) {
            var body = Substring(text).drop { $0 == " " || $0 == "\t" }
            guard body.hasPrefix("authlint:") else { return nil }
            body = body.dropFirst("authlint:".count)
            var reasonText: Substring?
            // XML comments may not hold `--`: there the reason follows ` - ` or ` — ` instead.
            if let dashes = body.range(of: " -- ") ?? body.range(of: "--") ?? body.range(of: " — ") ?? body.range(of: " - ") {
                reasonText = body[dashes.upperBound...]
                body = body[..<dashes.lowerBound]
            }
            let parts = body.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" })
            guard let first = parts.first, ["disable", "disable:next", "disable:this", "enable"].contains(String(first)) else { return nil }
            word = String(first)
            rules = parts.count > 1
                ? parts[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } : []
            let reason = reasonText?.trimmingCharacters(in: .whitespaces) ?? ""
            self.reason = reason.isEmpty ? nil : reason
            guard !rules.isEmpty else { return nil }
        }
    }
}

extension SourceFile {
    /// The texts of the file's `//` comments (not `///`), after the slashes, with their places.
    var lineComments: [(line: Int, column: Int, text: String)] {
        tokens.compactMap { token in
            guard token.kind == .lineComment else { return nil }
            let text = self.text(of: token)
            guard text.hasPrefix("//"), !text.hasPrefix("///") else { return nil }
            return (Int(token.line), Int(token.column), String(text.dropFirst(2)))
        }
    }
}
