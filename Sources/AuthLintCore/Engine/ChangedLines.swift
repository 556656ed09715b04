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

    /// Reads `git diff -U0` output: `+++ b/path` headers and `@@ -a,b +c,d @@` hunks. Paths are
    /// turned into root-relative ones by `relative`.
    public static func parse(diff: String, relative: (String) -> String?) -> ChangedLines {
        var files: [String: [ClosedRange<Int>]?] = [:]
        var current: String?
        for line in diff.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("+++ ") {
                var target = line.dropFirst(4)
                // Git quotes a path with unusual characters: "b/My File.swift".
                if target.count > 1, target.hasPrefix("\""), target.hasSuffix("\"") { target = unquote(target.dropFirst().dropLast()) }
                current = target == "/dev/null" ? nil : relative(String(target.hasPrefix("b/") ? target.dropFirst(2) : target))
                if let current, files[current] == nil { files[current] = .some([]) }
            } else if line.hasPrefix("@@"), let current, let hunk = newRange(line) {
                if let range = hunk { files[current, default: .some([])]?.append(range) }
            }
        }
        return ChangedLines(files: files)
    }

    /// Undoes git's C-style escapes in a quoted path (`\t`, `\n`, `\"`, `\\`).
    static func unquote(_ quoted: Substring) -> Substring {
        var result = ""
        var escaped = false
        for character in quoted {
            if escaped {
                result.append(character == "t" ? "\t" : character == "n" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return Substring(result)
    }

    /// The `+c,d` part of a hunk header: the lines it adds or changes (nil for a pure deletion).
    static func newRange(_ header: Substring) -> ClosedRange<Int>?? {
        guard let plus = header.split(separator: " ").first(where: { $0.hasPrefix("+") }) else { return nil }
        let numbers = plus.dropFirst().split(separator: ",").compactMap { Int($0) }
        guard let start = numbers.first else { return nil }
        let count = numbers.count > 1 ? numbers[1] : 1
        return .some(count == 0 ? nil : start...(start + count - 1))
    }

    /// Asks git what changed between `revision` and the working tree under `root`, untracked files
    /// included (as wholly new). Throws a readable error when git fails.
    public static func since(_ revision: String, root: String) throws -> ChangedLines {
        // Git names paths from the top of the work tree; `--show-prefix` is where the root sits
        // in it, worked out by git itself, so symlinked paths (/tmp, /var on macOS) agree.
        let prefix = try git(["rev-parse", "--show-prefix"], in: root).trimmingCharacters(in: .whitespacesAndNewlines)
        let relative = { (path: String) -> String? in
            path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
        }
        var changed = parse(diff: try git(["diff", "-U0", "--no-color", "--no-ext-diff", "--no-renames", revision, "--", "."], in: root), relative: relative)
        for path in try git(["ls-files", "--others", "--exclude-standard", "--full-name", "--", "."], in: root).split(separator: "\n") {
            if let inside = relative(String(path)) { changed.files[inside] = .some(nil) }
        }
        return changed
    }

    private static func git(_ arguments: [String], in directory: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory, "-c", "core.quotePath=false"] + arguments
        // Errors go to a file, not a pipe, so a chatty stderr can never block the output pipe.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("authlint-git-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let output = Pipe()
        do {
            _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: errorFile)
            process.standardOutput = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
        } catch {
            throw FileError(path: directory, line: 1, message: "cannot run git: \(error.localizedDescription)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let problem = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            throw FileError(path: directory, line: 1, message: "git \(arguments.first ?? "") failed: \(problem.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
