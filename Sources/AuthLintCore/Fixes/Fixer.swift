import AuthLintAnalysis
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// Applies the fixes of a report's findings (`authlint lint --fix`), or shows them as a unified
/// diff (`--fix --diff`). A fix is all or nothing: it is left out when a file it edits changed
/// since it was read, is not a regular file inside the root, or when it overlaps a fix taken
/// before it. Edits keep everything around them as it is.
public enum Fixer {
    /// A file's text before and after the fixes (nil before: a new file).
    public struct Change: Sendable {
        public var path: String
        public var old: [UInt8]?
        public var new: [UInt8]
    }

    /// What the fixes come to.
    public struct Plan: Sendable {
        public var changes: [Change] = []
        /// Findings fixed (several may share one fix: two data types added to one manifest).
        public var fixed = 0
        /// Changes to make by hand (a generated project's manifest), with the finding's path.
        public var manual: [(path: String, text: String)] = []
        /// Why a fix was left out, with the path of its finding.
        public var skipped: [(path: String, reason: String)] = []
    }

    /// What the fixes of `findings` would change in the tree at `root`, the files in `buffers`
    /// (by root-relative path) holding the text given there instead of the one on disk.
    public static func plan(_ findings: [Finding], root: String, buffers: [String: [UInt8]] = [:]) -> Plan {
        var plan = Plan()
        let projectRoot = ProjectRoot(root)
        var texts: [String: [UInt8]] = [:]
        var created: Set<String> = []
        var accepted: [String: [Fix.Edit]] = [:]
        var seen: Set<Fix> = []
        var applied: Set<Fix> = []
        for finding in findings {
            guard let fix = finding.fix, seen.insert(fix).inserted else { continue }
            if let manual = fix.manual {
                plan.manual.append((finding.path, manual))
                continue
            }
            var problem: String?
            var newEdits: [Fix.Edit] = []
            for edit in fix.edits where problem == nil {
                if accepted[edit.path, default: []].contains(edit) { continue }
                let absolute = ProjectPath.join(root, edit.path)
                guard projectRoot.contains(edit.path) else {
                    problem = "\(edit.path) leads outside the project root"
                    continue
                }
                if edit.createsFile {
                    if created.contains(edit.path) || accepted[edit.path] != nil {
                        problem = "\(edit.path) exists"
                    } else if let refused = projectRoot.problemCreating(edit.path) {
                        problem = refused
                    }
                    newEdits.append(edit)
                    continue
                }
                if texts[edit.path] == nil, let given = buffers[edit.path] {
                    texts[edit.path] = given
                } else if texts[edit.path] == nil {
                    guard case .success(let status) = FileStatus.ofLink(atPath: absolute), status.type == .regular,
                        case .success(let bytes) = FileReader.readFile(atPath: absolute)
                    else {
                        problem = "\(edit.path) is not a regular file that can be read"
                        continue
                    }
                    texts[edit.path] = bytes
                }
                let bytes = texts[edit.path]!
                guard edit.checked.upperBound <= bytes.count, bytes[edit.checked].elementsEqual(edit.checkedBytes)
                else {
                    problem = "\(edit.path) changed since it was read; run again"
                    continue
                }
                let others = accepted[edit.path, default: []] + newEdits.filter { $0.path == edit.path }
                if others.contains(where: { overlaps($0.range, edit.range) }) {
                    problem = "it overlaps another fix in \(edit.path); run --fix again"
                    continue
                }
                newEdits.append(edit)
            }
            if let problem {
                plan.skipped.append((finding.path, problem))
                continue
            }
            for edit in newEdits {
                accepted[edit.path, default: []].append(edit)
                if edit.createsFile { created.insert(edit.path) }
            }
            applied.insert(fix)
        }
        plan.fixed = findings.filter { $0.fix.map(applied.contains) ?? false }.count
        for path in accepted.keys.sorted(by: ProjectPath.precedes) {
            let edits = accepted[path]!
            if let creation = edits.first(where: \.createsFile) {
                plan.changes.append(Change(path: path, old: nil, new: Array(creation.replacement.utf8)))
                continue
            }
            let old = texts[path]!
            var new: [UInt8] = []
            new.reserveCapacity(old.count)
            var at = 0
            // Insertions at one place stay in the order they were taken.
            for edit in edits.enumerated().sorted(by: {
                ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset)
            }).map(\.element) {
                new += old[at..<edit.range.lowerBound]
                new += Array(edit.replacement.utf8)
                at = edit.range.upperBound
            }
            new += old[at...]
            plan.changes.append(Change(path: path, old: old, new: new))
        }
        return plan
    }

    /// Two ranges overlap when they share a byte, or one is an insertion strictly inside the other.
    private static func overlaps(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        if a.isEmpty && b.isEmpty { return false }
        if a.isEmpty { return b.lowerBound < a.lowerBound && a.lowerBound < b.upperBound }
        if b.isEmpty { return a.lowerBound < b.lowerBound && b.lowerBound < a.upperBound }
        return a.overlaps(b)
    }

    /// What writing a plan came to.
    public struct Written: Sendable {
        /// The files that stopped every write, with why: nothing was written.
        public var refused: [(path: String, reason: String)] = []
        /// The files the system would not write, with why; the others were written.
        public var failed: [(path: String, reason: String)] = []
    }

    /// Writes the planned changes, all or none: every file is checked again first (a new one's
    /// folders, from the root down, and an edited one's bytes, still as read), and nothing is
    /// written when one fails.
    public static func write(_ plan: Plan, root: String) -> Written {
        let projectRoot = ProjectRoot(root)
        var refused: [(String, String)] = []
        for change in plan.changes {
            let absolute = ProjectPath.join(root, change.path)
            if let old = change.old {
                guard case .success(let status) = FileStatus.ofLink(atPath: absolute), status.type == .regular,
                    case .success(let bytes) = FileReader.readFile(atPath: absolute), bytes == old
                else {
                    refused.append((change.path, "changed since it was read; run again"))
                    continue
                }
            } else if let problem = projectRoot.problemCreating(change.path) {
                refused.append((change.path, problem))
            }
        }
        guard refused.isEmpty else { return Written(refused: refused) }
        var failed: [(String, String)] = []
        for change in plan.changes {
            let absolute = ProjectPath.join(root, change.path)
            do {
                if change.old == nil {
                    if let problem = projectRoot.createFolders(of: change.path) {
                        failed.append((change.path, problem))
                        continue
                    }
                    try FreshFile.add(absolute, change.new)
                } else {
                    try FreshFile.replace(absolute, with: change.new)
                }
            } catch {
                failed.append((change.path, FileProblem.describe(error)))
            }
        }
        return Written(failed: failed)
    }

    /// The changes as a unified diff (`a/` and `b/` prefixes, paths as `shown` gives them), three
    /// lines of context, as `git apply` and `patch -p1` read it. The lines are the files' bytes,
    /// whatever their encoding, so that the diff applies to a file that is not UTF-8; a path
    /// with a control character, a quote, a backslash or a byte past ASCII is quoted the way git
    /// quotes it (`"b/Log\033.swift"`), which `git apply` reads and a terminal cannot act on.
    public static func diff(_ plan: Plan, shown: (String) -> String) -> [UInt8] {
        var out: [UInt8] = []
        for change in plan.changes {
            let path = shown(change.path)
            let newLines = lines(change.new)
            guard let old = change.old else {
                out += Array("--- /dev/null\n+++ \(quoted("b/" + path))\n@@ -0,0 +1,\(newLines.count) @@\n".utf8)
                for line in newLines { out += text(line, 0x2B) }
                continue
            }
            let oldLines = lines(old)
            out += Array("--- \(quoted("a/" + path))\n+++ \(quoted("b/" + path))\n".utf8)
            out += hunks(oldLines, newLines)
        }
        return out
    }

    /// A diff header's path as git writes it: as it is, or in double quotes with C escapes when
    /// it holds a control character, `"`, a backslash or a byte past ASCII (octal, as git does).
    static func quoted(_ path: String) -> String {
        let bytes = Array(path.utf8)
        guard bytes.contains(where: { $0 < 0x20 || $0 >= 0x7F || $0 == 0x22 || $0 == 0x5C }) else { return path }
        var out = "\""
        for byte in bytes {
            switch byte {
            case 0x07: out += "\\a"
            case 0x08: out += "\\b"
            case 0x09: out += "\\t"
            case 0x0A: out += "\\n"
            case 0x0B: out += "\\v"
            case 0x0C: out += "\\f"
            case 0x0D: out += "\\r"
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0..<0x20, 0x7F...:
                let octal = String(byte, radix: 8)
                out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            default: out.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return out + "\""
    }

    private struct Line: Equatable {
        var bytes: ArraySlice<UInt8>
        var terminated: Bool
    }

    private static func lines(_ bytes: [UInt8]) -> [Line] {
        var result: [Line] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            result.append(Line(bytes: bytes[start..<index], terminated: true))
            start = index + 1
        }
        if start < bytes.count { result.append(Line(bytes: bytes[start...], terminated: false)) }
        return result
    }

    /// One line of a hunk: its mark, its bytes, and git's note when the file does not end it.
    private static func text(_ line: Line, _ mark: UInt8) -> [UInt8] {
        [mark] + line.bytes + (line.terminated ? [0x0A] : Array("\n\\ No newline at end of file\n".utf8))
    }

    /// The hunks between two versions of a file, from a line diff (`CollectionDifference`).
    private static func hunks(_ old: [Line], _ new: [Line]) -> [UInt8] {
        let difference = new.difference(from: old)
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        // Walk both files together: kept lines, and changed lines between them. Each row
        // knows how many lines of each file come before it.
        enum Kind { case keep, remove, insert }
        var rows: [(kind: Kind, old: Int, new: Int)] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, removed.contains(i) {
                rows.append((.remove, i, j))
                i += 1
            } else if j < new.count, inserted.contains(j) {
                rows.append((.insert, i, j))
                j += 1
            } else {
                rows.append((.keep, i, j))
                i += 1
                j += 1
            }
        }
        let context = 3
        let changed = rows.indices.filter { rows[$0].kind != .keep }
        guard !changed.isEmpty else { return [] }
        var groups: [ClosedRange<Int>] = []
        for index in changed {
            let range = max(0, index - context)...min(rows.count - 1, index + context)
            if let last = groups.last, range.lowerBound <= last.upperBound + 1 {
                groups[groups.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                groups.append(range)
            }
        }
        var out: [UInt8] = []
        for group in groups {
            let first = rows[group.lowerBound]
            var oldCount = 0
            var newCount = 0
            var body: [UInt8] = []
            for row in rows[group] {
                switch row.kind {
                case .keep:
                    oldCount += 1
                    newCount += 1
                    body += text(old[row.old], 0x20)
                case .remove:
                    oldCount += 1
                    body += text(old[row.old], 0x2D)
                case .insert:
                    newCount += 1
                    body += text(new[row.new], 0x2B)
                }
            }
            // A side with no lines is numbered by the line before it.
            let oldStart = oldCount == 0 ? first.old : first.old + 1
            let newStart = newCount == 0 ? first.new : first.new + 1
            out += Array("@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n".utf8) + body
        }
        return out
    }
}
