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

    /// What the fixes of `findings` would change in the tree at `root`.
    public static func plan(_ findings: [Finding], root: String) -> Plan {
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
                    if created.contains(edit.path) || FileManager.default.fileExists(atPath: absolute) || accepted[edit.path] != nil {
                        problem = "\(edit.path) exists"
                    }
                    newEdits.append(edit)
                    continue
                }
                if texts[edit.path] == nil {
                    guard case let .success(status) = FileStatus.ofLink(atPath: absolute), status.type == .regular,
                        case let .success(bytes) = FileReader.readFile(atPath: absolute)
                    else {
                        problem = "\(edit.path) is not a regular file that can be read"
                        continue
                    }
                    texts[edit.path] = bytes
                }
                let bytes = texts[edit.path]!
                guard edit.range.upperBound <= bytes.count, bytes[edit.range].elementsEqual(edit.expected) else {
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
            for edit in edits.enumerated().sorted(by: { ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset) }).map(\.element) {
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

    /// Writes the planned changes; returns the paths that could not be written, with why.
    public static func write(_ plan: Plan, root: String) -> [(path: String, reason: String)] {
        var failed: [(String, String)] = []
        for change in plan.changes {
            let absolute = ProjectPath.join(root, change.path)
            do {
                if change.old == nil {
                    let folder = ProjectPath.directory(of: absolute)
                    guard ProjectRoot(root).contains(folder) else { throw FileError(path: change.path, line: 0, message: "leads outside the project root") }
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    try FreshFile.add(absolute, change.new)
                } else {
                    try FreshFile.replace(absolute, with: change.new)
                }
            } catch {
                failed.append((change.path, FileProblem.describe(error)))
            }
        }
        return failed
    }

    /// The changes as a unified diff (`a/` and `b/` prefixes, paths as `shown` gives them), three
    /// lines of context, as `git apply` and `patch -p1` read it.
    public static func diff(_ plan: Plan, shown: (String) -> String) -> String {
        var out = ""
        for change in plan.changes {
            let path = shown(change.path)
            let newLines = lines(change.new)
            guard let old = change.old else {
                out += "--- /dev/null\n+++ b/\(path)\n@@ -0,0 +1,\(newLines.count) @@\n"
                out += newLines.map { "+" + $0.text + ($0.terminated ? "\n" : "\n\\ No newline at end of file\n") }.joined()
                continue
            }
            let oldLines = lines(old)
            out += "--- a/\(path)\n+++ b/\(path)\n"
            out += hunks(oldLines, newLines)
        }
        return out
    }

    private struct Line: Equatable {
        var text: String
        var terminated: Bool
    }

    private static func lines(_ bytes: [UInt8]) -> [Line] {
        var result: [Line] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            result.append(Line(text: String(decoding: bytes[start..<index], as: UTF8.self), terminated: true))
            start = index + 1
        }
        if start < bytes.count { result.append(Line(text: String(decoding: bytes[start...], as: UTF8.self), terminated: false)) }
        return result
    }

    /// The hunks between two versions of a file, from a line diff (`CollectionDifference`).
    private static func hunks(_ old: [Line], _ new: [Line]) -> String {
        let difference = new.difference(from: old)
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in difference {
            switch change {
            case let .remove(offset, _, _): removed.insert(offset)
            case let .insert(offset, _, _): inserted.insert(offset)
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
        guard !changed.isEmpty else { return "" }
        var groups: [ClosedRange<Int>] = []
        for index in changed {
            let range = max(0, index - context)...min(rows.count - 1, index + context)
            if let last = groups.last, range.lowerBound <= last.upperBound + 1 {
                groups[groups.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                groups.append(range)
            }
        }
        func text(_ line: Line, _ mark: String) -> String {
            mark + line.text + (line.terminated ? "\n" : "\n\\ No newline at end of file\n")
        }
        var out = ""
        for group in groups {
            let first = rows[group.lowerBound]
            var oldCount = 0
            var newCount = 0
            var body = ""
            for row in rows[group] {
                switch row.kind {
                case .keep:
                    oldCount += 1
                    newCount += 1
                    body += text(old[row.old], " ")
                case .remove:
                    oldCount += 1
                    body += text(old[row.old], "-")
                case .insert:
                    newCount += 1
                    body += text(new[row.new], "+")
                }
            }
            // A side with no lines is numbered by the line before it.
            let oldStart = oldCount == 0 ? first.old : first.old + 1
            let newStart = newCount == 0 ? first.new : first.new + 1
            out += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n" + body
        }
        return out
    }
}
