import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// An inline suppression: `// authlint:disable:next RULE[, RULE] -- reason`,
/// `// authlint:disable:this RULE -- reason`, or a region `// authlint:disable RULE -- reason`
/// … `// authlint:enable RULE`; `all` names every rule. In property lists, the same words inside
/// `<!-- … -->`, with ` - reason` (XML comments may not contain `--`).
/// Only a line comment that starts with the words counts: text in strings and commented-out
/// directives (`// // authlint:…`) does not. A directive in a block or doc comment is reported,
/// not obeyed: one form is what a reviewer and `grep` look for, and a doc comment is the
/// declaration's documentation, which Quick Help shows.
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
    /// The kind of comment it is written in, which says how a reason is set apart.
    package var syntax: Syntax
    /// The lines it silences.
    public var lines: ClosedRange<Int>

    /// The rule name that suppresses every rule.
    package static let allRules = "all"

    /// How a reason is set apart in a kind of comment: ` -- ` in Swift and Objective-C, ` - ` in
    /// XML, which may not contain `--`.
    package enum Syntax: Sendable {
        case code, xml

        package var separator: String { self == .code ? " -- " : " - " }
        /// The separator ending a directive that gives no reason after it.
        var trailingSeparator: String { self == .code ? " --" : " -" }
        var language: String { self == .code ? "code" : "property lists" }
    }

    /// Reads the directives of a file: line comments of code (`//`, and `#` in Python), and XML
    /// comments of property lists (given as line, column and text).
    package static func parse(
        path: String, comments: [(line: Int, column: Int, text: String)], lineCount: Int, syntax: Syntax = .code
    ) -> [Suppression] {
        var found: [Suppression] = []
        var open: [String: Int] = [:]  // rule → index of the region directive still open
        for comment in comments {
            guard let directive = Directive(comment.text, syntax: syntax) else { continue }
            switch directive.word {
            case "enable":
                for rule in directive.rules {
                    if let index = open.removeValue(forKey: rule) {
                        found[index].lines =
                            found[index].lines.lowerBound...max(found[index].lines.lowerBound, comment.line)
                    }
                }
            default:
                let kind = Kind(rawValue: directive.word) ?? .region
                let lines: ClosedRange<Int> =
                    switch kind {
                    case .nextLine: (comment.line + 1)...(comment.line + 1)
                    case .thisLine: comment.line...comment.line
                    case .region: comment.line...max(comment.line, lineCount)
                    }
                found.append(
                    Suppression(
                        path: path, line: comment.line, column: comment.column, kind: kind, rules: directive.rules,
                        reason: directive.reason, syntax: syntax, lines: lines))
                if kind == .region { for rule in directive.rules { open[rule] = found.count - 1 } }
            }
        }
        return found
    }

    /// What is wrong with a comment that starts like a directive but is none, so it silences
    /// nothing: an unknown word (`authlint:disable-next-line`), no rule named, or a reason set
    /// apart by anything but the separator of its kind of file (`:`, ` - ` in Swift, ` — `). Nil
    /// for a comment that is a directive or no directive at all.
    package static func problem(_ text: String, syntax: Syntax = .code) -> String? {
        guard var body = directiveBody(text) else { return nil }
        if let directive = Directive(text, syntax: syntax) {
            // A rule written with another separator (`token-logged: kept for now`,
            // `token-logged - kept`) names no rule.
            guard let odd = directive.rules.first(where: { $0.contains(":") || $0.contains(" ") }) else { return nil }
            let rule = odd.split(whereSeparator: { $0 == ":" || $0 == " " }).first.map(String.init) ?? odd
            return "this directive reads `\(odd.shortExcerpt)` as a rule id; in \(syntax.language) the reason follows "
                + "`\(syntax.separator)` (`\(rule.shortExcerpt)\(syntax.separator)reason`)"
        }
        if let dashes = body.range(of: syntax.separator) ?? body.range(of: "--") { body = body[..<dashes.lowerBound] }
        let parts = body.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" })
        let word = parts.first.map(String.init) ?? ""
        let words = ["disable:next", "disable:this", "disable", "enable"]
        guard words.contains(word) else {
            // What other linters call them.
            let known = [
                "disable-next-line": "disable:next", "disable-line": "disable:this", "ignore": "disable:next",
                "ignore-next-line": "disable:next", "disable-next": "disable:next", "nextline": "disable:next",
                "ignore-line": "disable:this", "this": "disable:this", "next": "disable:next",
            ]
            let suggestion =
                (known[word.lowercased()] ?? Suggestion.closest(word, words)).map {
                    " (did you mean `authlint:\($0)`?)"
                } ?? ""
            return
                "`authlint:\(word.shortExcerpt)` is not a directive, so this comment silences nothing; use `authlint:disable:next`, "
                + "`authlint:disable:this`, `authlint:disable` or `authlint:enable`" + suggestion
        }
        return "this `authlint:\(word)` names no rule, so it silences nothing; name the rules before ` -- `"
    }

    /// What follows `authlint:` in a comment's text that starts with it (after spaces and tabs):
    /// the part of a comment a directive is read from; nil for any other comment.
    static func directiveBody(_ text: String) -> Substring? {
        let body = Substring(text).drop { $0 == " " || $0 == "\t" }
        return body.hasPrefix("authlint:") ? body.dropFirst("authlint:".count) : nil
    }

    /// `authlint:WORD RULE, RULE -- reason`, from a comment's text without its delimiters.
    struct Directive {
        var word: String
        var rules: [String]
        var reason: String?

        init?(_ text: String, syntax: Syntax = .code) {
            guard var body = Suppression.directiveBody(text) else { return nil }
            var reasonText: Substring?
            // Only the separator of the file's kind sets the reason apart; text after any other is
            // read as part of a rule's name, which ``Suppression/problem(_:syntax:)`` reports.
            let trimmed = body.trimmingSpaces()
            if let dashes = body.range(of: syntax.separator) {
                reasonText = body[dashes.upperBound...]
                body = body[..<dashes.lowerBound]
            } else if trimmed.hasSuffix(syntax.trailingSeparator) {
                body = trimmed.dropLast(syntax.trailingSeparator.count)
            }
            let parts = body.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" })
            guard let first = parts.first,
                ["disable", "disable:next", "disable:this", "enable"].contains(String(first))
            else { return nil }
            word = String(first)
            rules =
                parts.count > 1
                ? parts[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                : []
            let reason = reasonText?.trimmingCharacters(in: .whitespaces) ?? ""
            self.reason = reason.isEmpty ? nil : reason
            guard !rules.isEmpty else { return nil }
        }
    }
}

extension SourceFile {
    /// The comments of a file that may be suppression directives (`// authlint:…`), and its line
    /// count: what suppressions need of a file, kept when its code is let go.
    package struct Directives: Sendable {
        package var comments: [(line: Int, column: Int, text: String)]
        /// Block and doc comments that start with `authlint:`: reported, never obeyed.
        package var misplaced: [(line: Int, column: Int, text: String)]
        package var lineCount: Int

        package init(_ file: SourceFile) {
            comments = file.lineComments.filter { Suppression.directiveBody($0.text) != nil }
            misplaced = file.tokens.compactMap { token in
                guard token.kind == .docLineComment || token.kind == .blockComment || token.kind == .docBlockComment
                else { return nil }
                var text = Substring(file.text(of: token))
                for opening in ["///", "/**", "/*"] where text.hasPrefix(opening) {
                    text = text.dropFirst(opening.count)
                    break
                }
                if text.hasSuffix("*/") { text = text.dropLast(2) }
                let body = text.drop { $0 == " " || $0 == "\t" || $0 == "*" || $0 == "\n" || $0 == "\r" }
                guard let directive = Suppression.directiveBody(String(body)) else { return nil }
                let line = directive.prefix { $0 != "\n" && $0 != "\r" }
                return (Int(token.line), Int(token.column), "authlint:" + String(line.trimmingSpaces()))
            }
            lineCount = file.lineStarts.count
        }

        package var isEmpty: Bool { comments.isEmpty && misplaced.isEmpty }
    }

    /// The texts of the file's `//` comments (not `///`), or of a Python file's `#` comments,
    /// after the slashes or the `#`, with their places.
    var lineComments: [(line: Int, column: Int, text: String)] {
        tokens.compactMap { token in
            guard token.kind == .lineComment else { return nil }
            let text = self.text(of: token)
            if language == .python {
                return text.hasPrefix("#") ? (Int(token.line), Int(token.column), String(text.dropFirst())) : nil
            }
            guard text.hasPrefix("//"), !text.hasPrefix("///") else { return nil }
            return (Int(token.line), Int(token.column), String(text.dropFirst(2)))
        }
    }
}
