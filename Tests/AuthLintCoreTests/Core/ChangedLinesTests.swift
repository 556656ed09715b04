import AuthLintAnalysis
import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintReporters
import AuthLintRules
import AuthLintSyntax
import AuthLintTestSupport
import Foundation
import XCTest

/// `--changed-since` and `--changed-lines`: the diff is read right, and a real git repository
/// gates only what changed while project facts still come from the whole tree.
final class ChangedLinesTests: XCTestCase {
    func testHunkHeadersGiveTheNewFilesChangedLines() throws {
        let diff = """
            diff --git a/App/Log.swift b/App/Log.swift
            index 1111111..2222222 100644
            --- a/App/Log.swift
            +++ b/App/Log.swift
            @@ -3 +3 @@ func a() {
            -old
            +new
            @@ -10,0 +11,3 @@
            +one
            +two
            +three
            @@ -20,2 +23,0 @@
            -gone
            -gone
            diff --git a/Old.swift b/Old.swift
            deleted file mode 100644
            --- a/Old.swift
            +++ /dev/null
            @@ -1,2 +0,0 @@
            -x
            -y
            \\ No newline at end of file

            """
        let changed = try ChangedLines.parse(diff: diff, names: ["App/Log.swift", "Old.swift"], relative: { $0 })
        XCTAssertEqual(changed.files.count, 1)
        XCTAssertEqual(changed.files["App/Log.swift"], .some([3...3, 11...13]))
        XCTAssertTrue(changed.contains(path: "App/Log.swift", line: 12, lines: true))
        XCTAssertFalse(
            changed.contains(path: "App/Log.swift", line: 23, lines: true), "a pure deletion changes no new line")
        XCTAssertTrue(changed.contains(path: "App/Log.swift", line: 23, lines: false))
        XCTAssertFalse(changed.contains(path: "Other.swift", line: 1, lines: false))
    }

    func testPathsOutsideTheRootAreDropped() throws {
        let diff =
            "diff --git a/x b/x\n@@ -1 +1 @@\n-a\n+b\ndiff --git a/y b/y\n@@ -1 +1,2 @@\n-a\n+b\n+c\n"
            + "diff --git \"a/App/My\\tFile.swift\" \"b/App/My\\tFile.swift\"\n@@ -0,0 +1 @@\n+d\n"
        let changed = try ChangedLines.parse(
            diff: diff, names: ["Elsewhere/A.swift", "App/B.swift", "App/My\tFile.swift"],
            relative: { $0.hasPrefix("App/") ? String($0.dropFirst(4)) : nil })
        XCTAssertEqual(changed.files.keys.sorted(), ["B.swift", "My\tFile.swift"])
        XCTAssertEqual(changed.files["B.swift"], .some([1...2]))
    }

    func testAnAddedLineIsNeverTakenForAHeader() throws {
        // `++ b/Decoy.swift` inside a comment is added as `+++ b/Decoy.swift`; a line `@@ -1 +1 @@`
        // and one starting `diff --git` are added too. The hunk's counts say they are its body.
        let diff = """
            diff --git a/App/Login.swift b/App/Login.swift
            --- a/App/Login.swift
            +++ b/App/Login.swift
            @@ -2,0 +3,6 @@
            +/*
            +++ b/Decoy.swift
            +@@ -1 +1 @@
            +diff --git a/Decoy.swift b/Decoy.swift
            +*/
            +let request = ASAuthorizationAppleIDProvider().createRequest()

            """
        let changed = try ChangedLines.parse(diff: diff, names: ["App/Login.swift"], relative: { $0 })
        XCTAssertEqual(changed.files, ["App/Login.swift": .some([3...8])])
        // A diff that does not add up is refused, not guessed at.
        for broken in [
            diff.replacingOccurrences(of: "+3,6", with: "+3,7"),
            diff.replacingOccurrences(of: "+3,6", with: "+3,5"),
            diff.replacingOccurrences(of: "@@ -2,0 +3,6 @@", with: "@@ -2,0 +3,x @@"),
        ] {
            XCTAssertThrowsError(try ChangedLines.parse(diff: broken, names: ["App/Login.swift"], relative: { $0 }))
        }
        XCTAssertThrowsError(try ChangedLines.parse(diff: diff, names: [], relative: { $0 }))
        XCTAssertThrowsError(
            try ChangedLines.parse(diff: diff, names: ["App/Login.swift", "Other.swift"], relative: { $0 }))
    }

    func testAGitRepositoryGatesOnlyWhatChanged() throws {
        guard let git = ExternalTool.find(["git"]) else { try ExternalTool.unavailable("git") }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authlint-changed-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/App", withIntermediateDirectories: true)
        let logged = """
            func refreshed(accessToken: String) {
                print("token \\(accessToken)")
            }

            """
        try logged.write(toFile: root + "/App/Old.swift", atomically: true, encoding: .utf8)
        try logged.write(toFile: root + "/App/Edited.swift", atomically: true, encoding: .utf8)
        for arguments in [
            ["init", "-q"], ["add", "-A"],
            ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "start"],
        ] {
            XCTAssertEqual(
                try ExternalTool.run(git, ["-C", root] + arguments).status, 0, arguments.joined(separator: " "))
        }
        try (logged + "func again(idToken: String) { print(idToken) }\n").write(
            toFile: root + "/App/Edited.swift", atomically: true, encoding: .utf8)
        try logged.write(toFile: root + "/App/New.swift", atomically: true, encoding: .utf8)

        let changed = try ChangedLines.since("HEAD", root: root)
        XCTAssertEqual(changed.files["App/Edited.swift"], .some([4...4]))
        XCTAssertEqual(changed.files["App/New.swift"], .some(nil), "untracked files are wholly new")
        XCTAssertFalse(changed.files.keys.contains("App/Old.swift"))

        let report = try Linter.run(
            LintOptions(scan: ScanOptions(paths: [root]), catalog: try RuleCatalog.builtin(), currentDirectory: root))
        XCTAssertEqual(
            report.findings.map(\.path), ["App/Edited.swift", "App/Edited.swift", "App/New.swift", "App/Old.swift"])
        var files = report
        files.keep(changed: changed, lines: false)
        XCTAssertEqual(
            files.findings.map { "\($0.path):\($0.line)" },
            ["App/Edited.swift:2", "App/Edited.swift:4", "App/New.swift:2"])
        XCTAssertEqual(files.outsideChanges, 1)
        var lines = report
        lines.keep(changed: changed, lines: true)
        XCTAssertEqual(lines.findings.map { "\($0.path):\($0.line)" }, ["App/Edited.swift:4", "App/New.swift:2"])
        XCTAssertTrue(TextReporter().render(lines).contains("2 outside the changes"))

        let executable = try CLITests.requireExecutable()
        let cli = try ExternalTool.run(executable.path, ["lint", root + "/App", "--changed-lines", "--format", "json"])
        XCTAssertEqual(cli.status, 1, "a logged token is an error: " + cli.stderr)
        XCTAssertEqual(cli.stdout.components(separatedBy: "\"rule\" : \"token-logged\"").count - 1, 2, cli.stdout)
        let badRevision = try ExternalTool.run(executable.path, ["lint", root, "--changed-since", "no-such-revision"])
        XCTAssertEqual(badRevision.status, 2)
        XCTAssertTrue(
            badRevision.stderr.contains("--changed-since `no-such-revision` is not a commit"), badRevision.stderr)
    }

    /// A repository with one commit and `App/Edited.swift` changed since, in a new folder.
    private func repository(_ git: String) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authlint-changed-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: root + "/App", withIntermediateDirectories: true)
        try "let a = 1\n".write(toFile: root + "/App/Edited.swift", atomically: true, encoding: .utf8)
        for arguments in [
            ["init", "-q"], ["add", "-A"],
            ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "start"],
        ] {
            XCTAssertEqual(
                try ExternalTool.run(git, ["-C", root] + arguments).status, 0, arguments.joined(separator: " "))
        }
        try "let a = 2\n".write(toFile: root + "/App/Edited.swift", atomically: true, encoding: .utf8)
        return root
    }

    func testARevisionIsNeverReadAsAnOption() throws {
        guard let git = ExternalTool.find(["git"]) else { try ExternalTool.unavailable("git") }
        let root = try repository(git)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let written = root + "/written-by-git"
        for revision in ["--output=" + written, "-p", "", "HEAD\n--output=" + written] {
            XCTAssertThrowsError(try ChangedLines.since(revision, root: root), revision.debugDescription) { error in
                XCTAssertTrue("\(error)".contains("--changed-since `"), "\(error)")
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: written))
        XCTAssertEqual(try ChangedLines.since("HEAD", root: root).files["App/Edited.swift"], .some([1...1]))

        let executable = try CLITests.requireExecutable()
        for format in ["text", "json"] {
            let run = try ExternalTool.run(
                executable.path, ["lint", root, "--changed-since=--output=" + written, "--quiet", "--format", format])
            XCTAssertEqual(run.status, 2, run.stdout + run.stderr)
            XCTAssertTrue(
                run.stderr.contains("--changed-since expects a git revision (a branch, tag or commit), not `--output="),
                run.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: written))
        }
    }

    func testProgramsARepositoryConfigurationNamesAreNotRun() throws {
        guard let git = ExternalTool.find(["git"]) else { try ExternalTool.unavailable("git") }
        let root = try repository(git)
        defer { try? FileManager.default.removeItem(atPath: root) }
        // Each program records that it ran, then does its job (passing the file through).
        let marks = root + "/.git/ran"
        try FileManager.default.createDirectory(atPath: marks, withIntermediateDirectories: true)
        var configuration = ""
        for (role, key) in [
            ("fsmonitor", "core.fsmonitor"), ("external", "diff.external"), ("textconv", "diff.evil.textconv"),
            ("command", "diff.evil.command"), ("clean", "filter.evil.clean"), ("smudge", "filter.evil.smudge"),
            ("process", "filter.evil.process"), ("clean2", "filter.sly.clean"), ("pager", "core.pager"),
            ("pagerdiff", "pager.diff"), ("ssh", "core.sshCommand"),
        ] {
            let script = root + "/.git/\(role).sh"
            try "#!/bin/sh\ntouch '\(marks)/\(role)'\ncat\n".write(toFile: script, atomically: true, encoding: .utf8)
            XCTAssertEqual(chmod(script, 0o755), 0)
            configuration += "\(key) = \(script)\n"
        }
        let config = root + "/.git/config"
        for line in configuration.split(separator: "\n") {
            let parts = line.components(separatedBy: " = ")
            XCTAssertEqual(
                try ExternalTool.run(git, ["config", "--file", config, parts[0], parts[1]]).status, 0, String(line))
        }
        XCTAssertEqual(
            try ExternalTool.run(git, ["config", "--file", config, "filter.evil.required", "true"]).status, 0)
        try "*.swift filter=evil diff=evil\n*.m filter=sly\n".write(
            toFile: root + "/.gitattributes", atomically: true, encoding: .utf8)
        try "int x;\n".write(toFile: root + "/App/Old.m", atomically: true, encoding: .utf8)

        let changed = try ChangedLines.since("HEAD", root: root)
        XCTAssertEqual(changed.files["App/Edited.swift"], .some([1...1]))
        XCTAssertEqual(changed.files["App/Old.m"], .some(nil))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: marks), [], "no program of the repository ran")
    }

    /// Runs git in `root`, committing as a test user.
    private func run(_ git: String, _ root: String, _ arguments: [String]) throws {
        let result = try ExternalTool.run(
            git, ["-C", root, "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments)
        XCTAssertEqual(result.status, 0, arguments.joined(separator: " ") + ": " + result.stderr)
    }

    func testAForgedFileHeaderInACommentCreditsNothingToADecoy() throws {
        guard let git = ExternalTool.find(["git"]) else { try ExternalTool.unavailable("git") }
        let root = try repository(git)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "import AuthenticationServices\n// one\n// two\nfunc signIn() {\n}\n".write(
            toFile: root + "/App/Login.swift", atomically: true, encoding: .utf8)
        try "let decoy = 1\n".write(toFile: root + "/App/Decoy.swift", atomically: true, encoding: .utf8)
        try run(git, root, ["add", "-A"])
        try run(git, root, ["commit", "-qm", "base"])
        try """
        import AuthenticationServices
        /*
        ++ b/App/Decoy.swift
        @@ -1 +1 @@
        */
        // one
        // two
        func signIn() {
            let request = ASAuthorizationAppleIDProvider().createRequest()
            ASAuthorizationController(authorizationRequests: [request]).performRequests()
        }

        """.write(toFile: root + "/App/Login.swift", atomically: true, encoding: .utf8)
        let changed = try ChangedLines.since("HEAD", root: root)
        // Two hunks: the comment, and the request further down.
        XCTAssertEqual(changed.files["App/Login.swift"], .some([2...5, 9...10]))
        XCTAssertFalse(changed.files.keys.contains("App/Decoy.swift"))

        let executable = try CLITests.requireExecutable()
        let cli = try ExternalTool.run(executable.path, ["lint", root, "--changed-lines", "--format", "json"])
        XCTAssertEqual(cli.status, 1, cli.stdout + cli.stderr)
        XCTAssertTrue(cli.stdout.contains("\"rule\" : \"missing-nonce\""), cli.stdout)
    }

    func testAFolderMadeToLookLikeABareRepositoryIsNotGitsRepository() throws {
        // `App/` holds HEAD, config (its work tree an empty folder), refs/ and objects/ whose
        // alternates lead to the real objects, so that the base resolves and the diff is empty.
        guard let git = ExternalTool.find(["git"]) else { try ExternalTool.unavailable("git") }
        let root = try repository(git)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let app = root + "/App"
        let base = try ExternalTool.run(git, ["-C", root, "rev-parse", "HEAD"]).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        for folder in ["refs/heads", "objects/info", "empty"] {
            try FileManager.default.createDirectory(atPath: app + "/" + folder, withIntermediateDirectories: true)
        }
        try "ref: refs/heads/main\n".write(toFile: app + "/HEAD", atomically: true, encoding: .utf8)
        try (base + "\n").write(toFile: app + "/refs/heads/main", atomically: true, encoding: .utf8)
        try "[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tworktree = empty\n".write(
            toFile: app + "/config", atomically: true, encoding: .utf8)
        try "../../.git/objects\n".write(toFile: app + "/objects/info/alternates", atomically: true, encoding: .utf8)
        try "func refreshed(accessToken: String) { print(accessToken) }\n".write(
            toFile: app + "/Log.swift", atomically: true, encoding: .utf8)

        let changed = try ChangedLines.since(base, root: app)
        XCTAssertEqual(changed.files["Edited.swift"], .some([1...1]))
        XCTAssertEqual(changed.files["Log.swift"], .some(nil))
        let executable = try CLITests.requireExecutable()
        let cli = try ExternalTool.run(executable.path, ["lint", app, "--changed-since", base, "--format", "json"])
        XCTAssertEqual(cli.status, 1, cli.stdout + cli.stderr)
        XCTAssertTrue(cli.stdout.contains("\"rule\" : \"token-logged\""), cli.stdout)

        // Outside any work tree there is nothing to compare with, and the run says so.
        let alone = FileManager.default.temporaryDirectory.appendingPathComponent("authlint-nogit-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: alone, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: alone) }
        XCTAssertThrowsError(try ChangedLines.since("HEAD", root: alone)) { error in
            XCTAssertTrue("\(error)".contains("not inside a git work tree"), "\(error)")
        }
    }

    func testNamesGitQuotesAreChangedFiles() throws {
        guard let git = ExternalTool.find(["git"]) else { try ExternalTool.unavailable("git") }
        let root = try repository(git)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let names = [
            "App/Log in.swift", "App/Login\r.swift", "App/Esc\u{1B}[0m.swift", "App/Quote\".swift",
            "App/Caf\u{E9}.swift",
        ]
        for name in names { try "let a = 1\n".write(toFile: root + "/" + name, atomically: true, encoding: .utf8) }
        try run(git, root, ["add", "-A"])
        try run(git, root, ["commit", "-qm", "names"])
        for name in names { try "let a = 2\n".write(toFile: root + "/" + name, atomically: true, encoding: .utf8) }
        try "let b = 1\n".write(toFile: root + "/App/Tab\there.swift", atomically: true, encoding: .utf8)
        let changed = try ChangedLines.since("HEAD", root: root)
        for name in names { XCTAssertEqual(changed.files[name], .some([1...1]), name.debugDescription) }
        XCTAssertEqual(changed.files["App/Tab\there.swift"], .some(nil), "an untracked name with a tab")
    }
}
