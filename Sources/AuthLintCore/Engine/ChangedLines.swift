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
    ///
    /// The revision is never read as an option: one that starts with `-` is refused, and the
    /// rest is resolved to a commit id by `git rev-parse --verify --end-of-options`, which is
    /// what reaches `git diff`. The programs a repository's configuration can name are not run
    /// (see ``hardening(root:)``).
    public static func since(_ revision: String, root: String) throws -> ChangedLines {
        guard !revision.isEmpty, !revision.hasPrefix("-"), !revision.contains(where: { $0.isNewline || $0 == "\0" }) else {
            throw FileError(path: root, line: 0, message: "--changed-since `\(shown(revision))` is not a git revision")
        }
        let settings = try hardening(root: root)
        let commit: String
        do {
            commit = try git(["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"], in: root, settings: settings)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        } catch let error as FileError {
            // Git says why when there is no repository at all; for an unknown revision it is quiet.
            let why = error.message.components(separatedBy: "failed: ").dropFirst().joined(separator: "failed: ")
            throw FileError(
                path: root, line: 0,
                message: "--changed-since `\(shown(revision))` is not a commit of the git repository here" + (why.isEmpty ? "" : " (\(why))"))
        }
        guard commit.count >= 40, commit.allSatisfy(\.isHexDigit) else {
            throw FileError(path: root, line: 0, message: "--changed-since `\(shown(revision))` is not a commit of the git repository here")
        }
        // Git names paths from the top of the work tree; `--show-prefix` is where the root sits
        // in it, worked out by git itself, so symlinked paths (/tmp, /var on macOS) agree.
        let prefix = try git(["rev-parse", "--show-prefix"], in: root, settings: settings).trimmingCharacters(in: .whitespacesAndNewlines)
        let relative = { (path: String) -> String? in
            path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
        }
        let diff = try git(
            ["diff", "-U0", "--no-color", "--no-ext-diff", "--no-textconv", "--ignore-submodules=all", "--no-renames", commit, "--", "."],
            in: root, settings: settings)
        var changed = parse(diff: diff, relative: relative)
        for path in try git(["ls-files", "--others", "--exclude-standard", "--full-name", "--", "."], in: root, settings: settings).split(separator: "\n") {
            if let inside = relative(String(path)) { changed.files[inside] = .some(nil) }
        }
        return changed
    }

    /// A revision as it can be shown in one line: at most 200 characters, control characters escaped.
    static func shown(_ revision: String) -> String {
        String(revision.prefix(200)).terminalSafe()
    }

    /// Settings given to every git run, so that nothing a repository's configuration names is
    /// run: no file-system monitor (`core.fsmonitor`), no hooks, no external diff
    /// (`diff.external`, `diff.<driver>.command`), no text conversion (`diff.<driver>.textconv`),
    /// no clean/smudge filter or filter process (`filter.<driver>.*`, for every driver the
    /// configuration defines), no pager, and no transport (a partial clone would fetch missing
    /// objects through `core.sshCommand` or a remote helper).
    static let fixedSettings: [(String, String)] = [
        ("core.fsmonitor", "false"),
        ("core.hooksPath", "/dev/null"),
        ("core.pager", "cat"),
        ("core.quotePath", "false"),
        ("core.sshCommand", "false"),
        ("core.askPass", ""),
        ("credential.helper", ""),
        ("diff.external", ""),
        ("diff.submodule", "short"),
        ("protocol.allow", "never"),
        ("submodule.recurse", "false"),
    ]

    /// ``fixedSettings`` and, for each filter or diff driver the configuration defines, settings
    /// that empty its commands. The names are read by `git config`, which runs nothing.
    static func hardening(root: String) throws -> [(String, String)] {
        var settings = fixedSettings
        // Exit status 1 means no such key: no driver to disable.
        let listed = (try? git(["config", "-z", "--name-only", "--get-regexp", #"^(filter|diff)\..*\."#], in: root, settings: settings)) ?? ""
        var drivers: Set<String> = []
        for name in listed.split(separator: "\0") {
            guard let first = name.firstIndex(of: "."), let last = name.lastIndex(of: "."), first < last else { continue }
            let section = name[..<first].lowercased()
            let driver = String(name[name.index(after: first)..<last])
            guard drivers.insert(section + "." + driver).inserted else { continue }
            if section == "filter" {
                for key in ["clean", "smudge", "process"] { settings.append(("filter.\(driver).\(key)", "")) }
                settings.append(("filter.\(driver).required", "false"))
            } else {
                for key in ["command", "textconv"] { settings.append(("diff.\(driver).\(key)", "")) }
            }
        }
        return settings
    }

    /// The environment git runs in: the settings passed as `GIT_CONFIG_KEY_n`/`GIT_CONFIG_VALUE_n`
    /// (so that a name with `=` in it cannot be misread), no system configuration, no external
    /// diff or pager from the environment, no prompt.
    static func environment(settings: [(String, String)]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in environment.keys where name.hasPrefix("GIT_CONFIG_KEY_") || name.hasPrefix("GIT_CONFIG_VALUE_") {
            environment[name] = nil
        }
        for name in ["GIT_EXTERNAL_DIFF", "GIT_DIFF_OPTS", "PAGER", "GIT_ASKPASS", "SSH_ASKPASS", "GIT_SSH", "GIT_SSH_COMMAND", "GIT_PROXY_COMMAND"] {
            environment[name] = nil
        }
        environment["GIT_PAGER"] = "cat"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        environment["GIT_NO_LAZY_FETCH"] = "1"
        environment["GIT_CONFIG_COUNT"] = String(settings.count)
        for (index, (key, value)) in settings.enumerated() {
            environment["GIT_CONFIG_KEY_\(index)"] = key
            environment["GIT_CONFIG_VALUE_\(index)"] = value
        }
        return environment
    }

    private static func git(_ arguments: [String], in directory: String, settings: [(String, String)]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // The settings (``fixedSettings`` among them) come through the environment.
        process.arguments = ["git", "--no-pager", "-C", directory] + arguments
        process.environment = environment(settings: settings)
        // Errors go to a file, not a pipe, so a chatty stderr can never block the output pipe.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("authlint-git-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let output = Pipe()
        do {
            let descriptor = open(errorFile.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
            guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
            process.standardError = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            process.standardOutput = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
        } catch {
            throw FileError(path: directory, line: 0, message: "cannot run git: \(FileProblem.describe(error))")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let problem = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            throw FileError(path: directory, line: 0, message: "git \(arguments.first ?? "") failed: \(problem.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
