import Foundation

/// The last steps of a run: fingerprints, excerpts, diagnostics in order, and paths as shown.
extension Linter {
    // MARK: - Fingerprints

    /// Gives each finding a fingerprint from its rule, path and the normalised code of its line,
    /// numbered when the same code repeats in a file, so moving lines or rewording messages
    /// keeps it while a second identical problem stays distinct.
    static func fingerprinted(_ findings: [Finding], project: ProjectIndex) -> [Finding] {
        var occurrences: [String: Int] = [:]
        return findings.map { finding in
            var finding = finding
            let code = project.fileIndex(finding.path).map { project.files[$0] }
            let normalised = code.map { normalisedLine(finding.line, in: $0) }
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
            Diagnostic(path: source.path, kind: .lexical, message: $0.message, line: $0.location.line, column: $0.location.column)
        }
    }

    static func excerpts(for findings: [Finding], project: ProjectIndex, root: String) -> [String: [Int: String]] {
        var excerpts: [String: [Int: String]] = [:]
        var others: [String: SourceFile] = [:]
        for finding in findings {
            if let index = project.fileIndex(finding.path) {
                excerpts[finding.path, default: [:]][finding.line] = project.files[index].file.lineText(finding.line)
            } else if let text = project.resources.texts[finding.path] {
                excerpts[finding.path, default: [:]][finding.line] = text.lineText(finding.line)
            } else if let text = others[finding.path] ?? otherFile(finding.path, root: root) {
                others[finding.path] = text
                excerpts[finding.path, default: [:]][finding.line] = text.lineText(finding.line)
            }
        }
        return excerpts
    }

    /// A non-source file findings point at (a property list), read for its lines.
    static func otherFile(_ path: String, root: String) -> SourceFile? {
        guard case let .success(bytes) = FileReader.readFile(atPath: (root as NSString).appendingPathComponent(path)) else { return nil }
        return SourceFile(path: path, language: .objectiveC, bytes: bytes)
    }

    /// "" when the root is the current directory, else the relative way from it to the root, with a trailing "/".
    static func displayPrefix(root: String, currentDirectory: String) -> String {
        let relative = ProjectPath.way(from: currentDirectory, to: root)
        return relative == "." ? "" : relative + "/"
    }

}

/// Stable 64-bit FNV-1a fingerprints, as 16 hex digits.
enum Fingerprint {
    static func hex(_ text: String) -> String {
        let value = CodeView.hash(text)
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
