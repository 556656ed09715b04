import AuthLintAnalysis
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

extension ChangedLines {
    /// Asks git what changed between `revision` and the working tree under `root`, untracked files
    /// included (as wholly new). Throws a readable error when git fails.
    ///
    /// The revision is resolved to a commit id (``GitRepository/resolve(_:root:option:)``), which
    /// is what reaches `git diff`. The programs a repository's configuration can name are not run
    /// (see ``hardening(_:)``).
    public static func since(_ revision: String, root: String) throws -> ChangedLines {
        let (repository, settings, commit) = try GitRepository.resolve(revision, root: root, option: "--changed-since")
        // Git names paths from the top of the work tree; `--show-prefix` is where the root sits
        // in it, worked out by git itself, so symlinked paths (/tmp, /var on macOS) agree.
        let prefix = try git(["rev-parse", "--show-prefix"], in: repository, settings: settings).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let relative = { (path: String) -> String? in
            path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
        }
        // The names and the patch come from the same comparison, so git lists them in the same
        // order; the names, NUL-separated, are the exact bytes of each path.
        let options = [
            "--no-color", "--no-ext-diff", "--no-textconv", "--ignore-submodules=all", "--no-renames", commit, "--",
            ".",
        ]
        let names = try git(["diff", "--name-only", "-z"] + options, in: repository, settings: settings).split(
            separator: "\0"
        ).map(String.init)
        let diff = try git(["diff", "-U0"] + options, in: repository, settings: settings)
        var changed: ChangedLines
        do {
            changed = try parse(diff: diff, names: names, relative: relative)
        } catch let error as UnreadableDiff {
            throw FileError(path: root, line: 0, message: error.description)
        }
        for path in try git(
            ["ls-files", "-z", "--others", "--exclude-standard", "--full-name", "--", "."], in: repository,
            settings: settings
        )
        .split(separator: "\0") {
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
        ("safe.bareRepository", "explicit"),
        ("submodule.recurse", "false"),
    ]

    /// ``fixedSettings`` and, for each filter or diff driver the configuration defines, settings
    /// that empty its commands. The names are read by `git config`, which runs nothing.
    static func hardening(_ repository: GitRepository) throws -> [(String, String)] {
        var settings = fixedSettings
        // Exit status 1 means no such key: no driver to disable.
        let listed =
            (try? git(
                ["config", "-z", "--name-only", "--get-regexp", #"^(filter|diff)\..*\."#], in: repository,
                settings: settings)) ?? ""
        var drivers: Set<String> = []
        for name in listed.split(separator: "\0") {
            guard let first = name.firstIndex(of: "."), let last = name.lastIndex(of: "."), first < last else {
                continue
            }
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
        for name in [
            "GIT_DIR", "GIT_WORK_TREE", "GIT_CEILING_DIRECTORIES", "GIT_DISCOVERY_ACROSS_FILESYSTEM",
            "GIT_EXTERNAL_DIFF", "GIT_DIFF_OPTS", "PAGER", "GIT_ASKPASS", "SSH_ASKPASS", "GIT_SSH", "GIT_SSH_COMMAND",
            "GIT_PROXY_COMMAND",
        ] {
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

    static func git(_ arguments: [String], in repository: GitRepository, settings: [(String, String)]) throws -> String
    {
        String(decoding: try gitData(arguments, in: repository, settings: settings), as: UTF8.self)
    }

    /// What git writes to standard output for `arguments`, as bytes.
    static func gitData(_ arguments: [String], in repository: GitRepository, settings: [(String, String)]) throws
        -> Data
    {
        let directory = repository.root
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // The settings (``fixedSettings`` among them) come through the environment.
        // The repository is named, never searched for: git reads no folder of the scanned tree
        // as a repository of its own (``GitRepository``).
        process.arguments =
            [
                "git", "--no-pager", "-C", directory, "--git-dir=" + repository.gitDirectory,
                "--work-tree=" + repository.top,
            ] + arguments
        process.environment = environment(settings: settings)
        // Errors go to a file, not a pipe, so a chatty stderr can never block the output pipe.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authlint-git-\(UUID().uuidString)")
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
            throw FileError(
                path: directory, line: 0,
                message:
                    "git \(arguments.first ?? "") failed: \(problem.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        return data
    }
}

/// The git repository a project root belongs to, found the way a checkout makes one: the nearest
/// `.git` at the root or above it, a folder or a `gitdir:` file (a linked work tree or a
/// submodule). Git is then told both folders, so that it never looks for a repository itself: a
/// folder of the scanned tree that a pull request made to look like a bare repository (`HEAD`,
/// `config`, `refs/`, `objects/`) is just files.
struct GitRepository: Sendable {
    /// The project root, as given.
    var root: String
    /// The top of the work tree: the root or one of its ancestors.
    var top: String
    /// The git directory: `top/.git`, or the folder its `gitdir:` file names.
    var gitDirectory: String

    /// The repository holding `root`, the settings every git run there gets, and the commit id
    /// `revision` names. The revision is never read as an option: one that starts with `-` is
    /// refused, and the rest is resolved by `git rev-parse --verify --end-of-options`. `option`
    /// is how errors name the flag that gave it.
    static func resolve(_ revision: String, root: String, option: String) throws -> (
        GitRepository, [(String, String)], String
    ) {
        guard !revision.isEmpty, !revision.hasPrefix("-"), !revision.contains(where: { $0.isNewline || $0 == "\0" })
        else {
            throw FileError(
                path: root, line: 0, message: "\(option) `\(ChangedLines.shown(revision))` is not a git revision")
        }
        let repository = try GitRepository(containing: root)
        let settings = try ChangedLines.hardening(repository)
        let commit: String
        do {
            commit = try ChangedLines.git(
                ["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"], in: repository,
                settings: settings
            ).trimmingCharacters(in: .whitespacesAndNewlines)
        } catch let error as FileError {
            // Git says why when there is no repository at all; for an unknown revision it is quiet.
            let why = error.message.components(separatedBy: "failed: ").dropFirst().joined(separator: "failed: ")
            throw FileError(
                path: root, line: 0,
                message: "\(option) `\(ChangedLines.shown(revision))` is not a commit of the git repository here"
                    + (why.isEmpty ? "" : " (\(why))"))
        }
        guard commit.count >= 40, commit.allSatisfy(\.isHexDigit) else {
            throw FileError(
                path: root, line: 0,
                message: "\(option) `\(ChangedLines.shown(revision))` is not a commit of the git repository here")
        }
        return (repository, settings, commit)
    }

    init(containing root: String) throws {
        self.root = root
        let real = URL(fileURLWithPath: root).resolvingSymlinksInPath().standardizedFileURL.path
        var folder = real
        while true {
            let dotGit = (folder as NSString).appendingPathComponent(".git")
            var status = stat()
            if lstat(dotGit, &status) == 0 {
                switch status.st_mode & S_IFMT {
                case S_IFDIR:
                    (top, gitDirectory) = (folder, dotGit)
                    return
                case S_IFREG:
                    (top, gitDirectory) = (folder, try GitRepository.linkedDirectory(dotGit, in: folder))
                    return
                default:
                    throw FileError(
                        path: root, line: 0, message: "\(dotGit.terminalSafe()) is neither a folder nor a gitdir file")
                }
            }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty { break }
            folder = parent
        }
        throw FileError(
            path: root, line: 0, message: "not inside a git work tree: no .git in \(real.terminalSafe()) or above it")
    }

    /// The folder a `.git` file names (`gitdir: ../.git/worktrees/app`), relative to its folder.
    private static func linkedDirectory(_ file: String, in folder: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: file) else {
            throw FileError(path: file, line: 0, message: "cannot read the gitdir file")
        }
        defer { try? handle.close() }
        let text = String(decoding: handle.readData(ofLength: 4096), as: UTF8.self)
        guard text.hasPrefix("gitdir: "), let line = text.dropFirst(8).split(separator: "\n").first, !line.isEmpty
        else {
            throw FileError(path: file, line: 0, message: "a .git file must say `gitdir: PATH`")
        }
        let named = String(line.hasSuffix("\r") ? line.dropLast() : line)
        let path = named.hasPrefix("/") ? named : (folder as NSString).appendingPathComponent(named)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            throw FileError(path: file, line: 0, message: "the folder the gitdir file names does not exist")
        }
        return (path as NSString).standardizingPath
    }
}
