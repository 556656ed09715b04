import AuthLintAnalysis
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// What changed since a git revision, for gating only what a pull request touches: the files
/// (`--changed-since REV`) and, from the diff's hunks, the lines (`--changed-lines`).
public struct ChangedLines: Sendable, Equatable {
    /// Root-relative path → changed lines of the new file; nil lines means the whole file is new.
    public var files: [String: [ClosedRange<Int>]?]

    public init(files: [String: [ClosedRange<Int>]?]) {
        self.files = files
    }

    /// Whether a finding at `line` of `path` is in what changed (`lines`: only changed lines count).
    public func contains(path: String, line: Int, lines: Bool) -> Bool {
        guard let entry = files[path] else { return false }
        guard lines, let ranges = entry else { return true }
        return ranges.contains { $0.contains(line) }
    }

    /// A diff git printed that cannot be read as git writes one.
    public struct UnreadableDiff: Error, Equatable, CustomStringConvertible {
        public var reason: String
        public var description: String { "git's diff cannot be read: \(reason)" }
    }

    /// Reads `git diff -U0` output whose files are `names`, in git's order (from
    /// `git diff --name-only -z` with the same options): one `diff --git` section per name, each
    /// with its extended header lines and then its hunks. A hunk's body is read by the line counts
    /// of its `@@ -a,b +c,d @@` header, so no line the diff adds or removes is ever read as a
    /// header, whatever it holds; and the names come from git's NUL-separated list, never from
    /// the quoted text of a header. A deleted file changes nothing; a file without hunks (a mode
    /// change, a binary file) changes no line. Paths are made root-relative by `relative`.
    public static func parse(diff: String, names: [String], relative: (String) -> String?) throws -> ChangedLines {
        var files: [String: [ClosedRange<Int>]?] = [:]
        var section = -1
        var current: String?
        var inHeader = false
        // Lines of the current hunk's body still to come: removed, then added.
        var removing = 0
        var adding = 0
        var lines = diff.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        for (number, line) in lines.enumerated() {
            let fail = { (what: String) in UnreadableDiff(reason: "line \(number + 1): \(what)") }
            if removing > 0 || adding > 0 {
                if line.hasPrefix("\\") { continue }  // "\ No newline at end of file"
                if removing > 0, line.hasPrefix("-") {
                    removing -= 1
                } else if removing == 0, line.hasPrefix("+") {
                    adding -= 1
                } else {
                    throw fail("a hunk's body is shorter than its header says")
                }
                continue
            }
            if line.hasPrefix("diff --git ") {
                section += 1
                guard section < names.count else { throw fail("more files than git named") }
                current = relative(names[section])
                if let current, files[current] == nil { files[current] = .some([]) }
                inHeader = true
            } else if line.hasPrefix("@@ ") {
                guard section >= 0 else { throw fail("a hunk before any file") }
                guard let hunk = hunkHeader(line) else { throw fail("a hunk header git does not write") }
                inHeader = false
                removing = hunk.removed
                adding = hunk.added
                if let current, hunk.added > 0 {
                    files[current, default: .some([])]?.append(hunk.start...(hunk.start + hunk.added - 1))
                }
            } else if inHeader {
                // Extended header lines: index, modes, `---` and `+++`. A deleted file changes nothing.
                if line.hasPrefix("deleted file mode "), let deleted = current {
                    files[deleted] = nil
                    current = nil
                }
            } else if !line.hasPrefix("\\") {
                throw fail("a line outside any hunk")
            }
        }
        guard removing == 0, adding == 0 else { throw UnreadableDiff(reason: "the last hunk is cut short") }
        guard section == names.count - 1 else {
            throw UnreadableDiff(reason: "git named \(names.count) files but its diff has \(section + 1)")
        }
        return ChangedLines(files: files)
    }

    /// `@@ -a[,b] +c[,d] @@…`: the lines removed (b), and where the added ones start (c) and how
    /// many there are (d); a count left out is 1.
    static func hunkHeader(_ line: Substring) -> (removed: Int, start: Int, added: Int)? {
        let parts = line.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false)
        guard parts.count >= 4, parts[0] == "@@", parts[3] == "@@", parts[1].hasPrefix("-"), parts[2].hasPrefix("+"),
            let old = range(parts[1].dropFirst()), let new = range(parts[2].dropFirst())
        else { return nil }
        return (old.count, new.start, new.count)
    }

    /// `start[,count]` of a hunk header, both decimal and small enough to add.
    private static func range(_ text: Substring) -> (start: Int, count: Int)? {
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false)
        guard (1...2).contains(numbers.count),
            numbers.allSatisfy({ !$0.isEmpty && $0.count <= 9 && $0.allSatisfy { $0 >= "0" && $0 <= "9" } })
        else { return nil }
        return (Int(numbers[0])!, numbers.count == 2 ? Int(numbers[1])! : 1)
    }
}
