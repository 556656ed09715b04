import AuthLintCore
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintServer
import AuthLintTestSupport
import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `authlint lsp`, driven by a scripted client over its standard input and output, as an editor
/// drives it: diagnostics on open and change, code actions, hover, and the project's facts
/// taken from the other open documents.
final class LanguageServerTests: XCTestCase {
    private var server: ServerProcess!
    private var workspace: String { server.workspace }
    private var reader: MessageChannel.Reader?
    private var writer: MessageChannel.Writer?
    private var nextID = 1
    /// Messages read while waiting for another.
    private var unread: [JSONValue] = []

    override func setUpWithError() throws {
        server = try ServerProcess(named: "lsp")
    }

    override func tearDownWithError() throws {
        server?.stop()
    }

    // MARK: - The client

    private func start(capabilities: JSONValue = [:]) throws {
        try server.start(["lsp", "--cache-dir", workspace + "/cache"])
        writer = MessageChannel.Writer(descriptor: server.input)
        reader = MessageChannel.Reader(descriptor: server.output)
        let initialized = try request(
            "initialize", ["processId": .null, "rootUri": .string(uri("app")), "capabilities": capabilities])
        XCTAssertEqual(initialized["capabilities"]?["hoverProvider"], true)
        notify("initialized", [:])
    }

    private func uri(_ path: String) -> String { URL(fileURLWithPath: workspace + "/" + path).absoluteString }

    private func notify(_ method: String, _ params: JSONValue) {
        writer?.send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// Sends a request and returns its result, keeping what else arrives meanwhile.
    private func request(_ method: String, _ params: JSONValue) throws -> JSONValue {
        let id = nextID
        nextID += 1
        writer?.send(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
        while true {
            let message = try XCTUnwrap(try reader?.next(), "the server stopped before answering \(method)")
            if message["id"]?.int == id, message["method"] == nil {
                XCTAssertNil(message["error"], "\(method): \(message)")
                return message["result"] ?? .null
            }
            unread.append(message)
        }
    }

    /// The next diagnostics published for a document.
    private func diagnostics(of path: String) throws -> [JSONValue] {
        let wanted = uri(path)
        func matches(_ message: JSONValue) -> Bool {
            message["method"]?.string == "textDocument/publishDiagnostics"
                && message["params"]?["uri"]?.string == wanted
        }
        if let index = unread.firstIndex(where: matches) {
            return unread.remove(at: index)["params"]?["diagnostics"]?.array ?? []
        }
        while true {
            let message = try XCTUnwrap(try reader?.next(), "the server stopped before publishing \(path)")
            if matches(message) { return message["params"]?["diagnostics"]?.array ?? [] }
            unread.append(message)
        }
    }

    private func open(_ path: String, _ text: String) {
        notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": .string(uri(path)), "languageId": "swift", "version": 1, "text": .string(text)]])
    }

    private func change(_ path: String, _ text: String, version: Int) {
        notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(uri(path)), "version": .int(version)],
                "contentChanges": [["text": .string(text)]],
            ])
    }

    /// Each diagnostic as `line:column rule`, 1-based as the text report shows it.
    private func shown(_ diagnostics: [JSONValue]) -> [String] {
        diagnostics.map { diagnostic in
            let start = diagnostic["range"]?["start"]
            return "\((start?["line"]?.int ?? -1) + 1):\((start?["character"]?.int ?? -1) + 1) "
                + (diagnostic["code"]?.string ?? "")
        }.sorted()
    }

    /// What `authlint lint` finds in the open documents, written over a copy of the tree.
    private func linted(_ texts: [String: String], reporting path: String) throws -> [String] {
        let copy = workspace + "/copy-\(UUID().uuidString)"
        try FileManager.default.copyItem(atPath: workspace + "/app", toPath: copy)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        for (file, text) in texts {
            let full = copy + "/" + file.dropFirst("app/".count)
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        }
        var options = LintOptions(
            scan: ScanOptions(paths: [copy + "/" + path.dropFirst("app/".count)]), catalog: try RuleCatalog.builtin(),
            currentDirectory: copy)
        options.cacheDirectory = nil
        return try Linter.run(options).findings.map { "\($0.line):\($0.column) \($0.rule)" }.sorted()
    }

    // MARK: - Sources

    private let login = """
        import AuthenticationServices
        import UIKit

        final class LoginViewController: UIViewController {
            @IBAction func appleTapped(_ sender: UIButton) {
                let request = ASAuthorizationAppleIDProvider().createRequest()
                request.requestedScopes = [.email]
                ASAuthorizationController(authorizationRequests: [request]).performRequests()
            }
        }

        """

    private let session = """
        import AuthenticationServices

        final class Session {
            func restore(userID: String) {
                ASAuthorizationAppleIDProvider().getCredentialState(forUserID: userID) { _, _ in }
            }
        }

        """

    // MARK: - Tests

    /// Diagnostics on open and after each change equal `authlint lint`'s findings on the same
    /// texts, and the project's facts follow the files changed on disk and the other open
    /// documents: a file that checks the credential state clears `no-credential-state-check`
    /// in another, and the same file open without the check brings it back.
    func testDiagnosticsFollowTheEditsAndTheOtherOpenDocuments() throws {
        try Data("let placeholder = 1\n".utf8).write(to: URL(fileURLWithPath: workspace + "/app/Other.swift"))
        try start(capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]])
        open("app/Login.swift", login)
        var texts = ["app/Login.swift": login]
        let first = shown(try diagnostics(of: "app/Login.swift"))
        XCTAssertEqual(first, try linted(texts, reporting: "app/Login.swift"))
        XCTAssertTrue(first.contains { $0.hasSuffix("missing-nonce") }, "\(first)")
        XCTAssertTrue(first.contains { $0.hasSuffix("no-credential-state-check") }, "\(first)")

        let withNonce = login.replacingOccurrences(
            of: "request.requestedScopes = [.email]",
            with: "request.requestedScopes = [.email]\n        request.nonce = Nonce.hashed(Nonce.fresh())")
        change("app/Login.swift", withNonce, version: 2)
        texts["app/Login.swift"] = withNonce
        let second = shown(try diagnostics(of: "app/Login.swift"))
        XCTAssertEqual(second, try linted(texts, reporting: "app/Login.swift"))
        XCTAssertNotEqual(second, first)

        // A file saved on disk that checks the credential state, as the client reports it.
        let registration = try XCTUnwrap(
            unread.first { $0["method"] == "client/registerCapability" }, "the server watches the files")
        let globs =
            (registration["params"]?["registrations"]?.array?.first?["registerOptions"]?["watchers"]?.array ?? [])
            .compactMap { $0["globPattern"]?.string }.joined(separator: " ")
        for watched in ["swift", "storyboard", "xcprivacy", "Podfile.lock", "project.pbxproj", ".authlint.yml"] {
            XCTAssertTrue(globs.contains(watched), "\(watched) in \(globs)")
        }
        try Data(session.utf8).write(to: URL(fileURLWithPath: workspace + "/app/Session.swift"))
        notify(
            "workspace/didChangeWatchedFiles", ["changes": [["uri": .string(uri("app/Session.swift")), "type": 1]]])
        let third = shown(try diagnostics(of: "app/Login.swift"))
        XCTAssertFalse(third.contains { $0.hasSuffix("no-credential-state-check") }, "\(third)")
        XCTAssertEqual(third, try linted(texts, reporting: "app/Login.swift"))

        // The same file open in the editor with the check taken out: its text counts, not the disk's.
        let unchecked = session.replacingOccurrences(of: "getCredentialState", with: "gotCredentialState")
        open("app/Session.swift", unchecked)
        texts["app/Session.swift"] = unchecked
        _ = try diagnostics(of: "app/Session.swift")
        let fourth = shown(try diagnostics(of: "app/Login.swift"))
        XCTAssertTrue(fourth.contains { $0.hasSuffix("no-credential-state-check") }, "\(fourth)")
        XCTAssertEqual(fourth, try linted(texts, reporting: "app/Login.swift"))
        XCTAssertEqual(
            try String(contentsOfFile: workspace + "/app/Session.swift", encoding: .utf8), session,
            "nothing is written")

        _ = try request("shutdown", .null)
        notify("exit", .null)
        XCTAssertEqual(server.waitForExit(), 0)
    }

    /// A finding's code actions: its rule's fix as a workspace edit that removes what the fix
    /// removes, a suppression with the reason left to write, and the rule's page; hovering the
    /// range shows the rule's documentation.
    func testCodeActionsAndHover() throws {
        let logging = """
            import os

            let logger = Logger(subsystem: "app.example", category: "auth")

            func refreshed(accessToken: String) {
                logger.info("Refreshed: \\(accessToken, privacy: .public)")
            }

            """
        try start()
        open("app/Log.swift", logging)
        let published = try diagnostics(of: "app/Log.swift")
        let diagnostic = try XCTUnwrap(published.first { $0["code"] == "token-logged" }, "\(published)")
        XCTAssertEqual(
            diagnostic["codeDescription"]?["href"]?.string,
            "https://github.com/authlint/authlint/blob/main/docs/rules/token-logged.md")
        let range = try XCTUnwrap(diagnostic["range"])
        let actions =
            try request(
                "textDocument/codeAction",
                [
                    "textDocument": ["uri": .string(uri("app/Log.swift"))], "range": range,
                    "context": ["diagnostics": [diagnostic]],
                ]
            ).array ?? []
        XCTAssertEqual(actions.count, 3, "\(actions)")

        // The fix, applied as an editor applies it, leaves the text `--fix` writes.
        let fix = try XCTUnwrap(actions.first { $0["isPreferred"] == true })
        let edits = try XCTUnwrap(fix["edit"]?["changes"]?[uri("app/Log.swift")]?.array)
        XCTAssertEqual(apply(edits, to: logging), logging.replacingOccurrences(of: ", privacy: .public", with: ""))

        let suppress = try XCTUnwrap(actions.first { $0["title"]?.string?.hasPrefix("Suppress") == true })
        let inserted = try XCTUnwrap(suppress["edit"]?["changes"]?[uri("app/Log.swift")]?.array)
        XCTAssertEqual(
            apply(inserted, to: logging).split(separator: "\n", omittingEmptySubsequences: false)[5],
            "    // authlint:disable:next token-logged -- ")
        XCTAssertEqual(suppress["command"]?["arguments"]?.array?.last, ["line": 5, "character": 45])
        _ = try request("workspace/executeCommand", try XCTUnwrap(suppress["command"]))
        let shown = try XCTUnwrap(unread.last { $0["method"] == "window/showDocument" }, "\(unread)")
        XCTAssertEqual(shown["params"]?["selection"]?["start"], ["line": 5, "character": 45])

        let page = try XCTUnwrap(actions.first { $0["command"]?["command"] == "authlint.openRulePage" })
        XCTAssertEqual(page["command"]?["arguments"]?.array?.first, diagnostic["codeDescription"]?["href"])

        let hover = try request(
            "textDocument/hover",
            ["textDocument": ["uri": .string(uri("app/Log.swift"))], "position": try XCTUnwrap(range["start"])])
        let text = try XCTUnwrap(hover["contents"]?["value"]?.string)
        XCTAssertTrue(text.contains("**What it flags.**") && text.contains("token-logged"), text)
        let elsewhere = try request(
            "textDocument/hover",
            ["textDocument": ["uri": .string(uri("app/Log.swift"))], "position": ["line": 0, "character": 0]])
        XCTAssertEqual(elsewhere, .null)

        notify("textDocument/didClose", ["textDocument": ["uri": .string(uri("app/Log.swift"))]])
        XCTAssertEqual(try diagnostics(of: "app/Log.swift"), [], "a closed document's diagnostics are cleared")
    }

    /// What the editor does with a list of edits of one document, none overlapping.
    private func apply(_ edits: [JSONValue], to text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array(String($0).utf16) }
        let sorted = edits.sorted {
            let a = ($0["range"]?["start"]?["line"]?.int ?? 0, $0["range"]?["start"]?["character"]?.int ?? 0)
            let b = ($1["range"]?["start"]?["line"]?.int ?? 0, $1["range"]?["start"]?["character"]?.int ?? 0)
            return a > b
        }
        for edit in sorted {
            guard let start = edit["range"]?["start"], let end = edit["range"]?["end"],
                let line = start["line"]?.int, let from = start["character"]?.int,
                end["line"]?.int == line, let to = end["character"]?.int
            else { continue }
            let new = edit["newText"]?.string ?? ""
            let replaced = Array(lines[line][..<from]) + Array(new.utf16) + Array(lines[line][to...])
            let split = String(decoding: replaced, as: UTF16.self).split(
                separator: "\n", omittingEmptySubsequences: false)
            lines.replaceSubrange(line...line, with: split.map { Array(String($0).utf16) })
        }
        return lines.map { String(decoding: $0, as: UTF16.self) }.joined(separator: "\n")
    }

    // MARK: - Framing

    /// A body that arrives after the message before it was read: the buffer moves under it.
    func testABodyReadLaterAfterAnotherMessageIsWhole() throws {
        var descriptors: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&descriptors), 0)
        defer { close(descriptors[0]) }
        let reader = MessageChannel.Reader(descriptor: descriptors[0])
        func send(_ text: String) {
            let bytes = Array(text.utf8)
            XCTAssertEqual(bytes.withUnsafeBytes { write(descriptors[1], $0.baseAddress!, $0.count) }, bytes.count)
        }
        let second = #"{"second":[1,2,3]}"#
        send("Content-Length: 11\r\n\r\n{\"first\":1}Content-Length: \(second.utf8.count)\r\n\r\n{\"sec")
        XCTAssertEqual(try reader.next(), ["first": 1])
        send(String(second.dropFirst(5)))
        close(descriptors[1])
        XCTAssertEqual(try reader.next(), ["second": [1, 2, 3]])
        XCTAssertNil(try reader.next())
    }

    /// Messages split anywhere across reads, headers in any case and order, and a body that is
    /// not JSON: each message whole, and the broken one reported.
    func testMessagesAreFramedByTheirLength() throws {
        var descriptors: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&descriptors), 0)
        let reader = MessageChannel.Reader(descriptor: descriptors[0])
        let bodies = [#"{"a":"é"}"#, #"{"b":[1,2]}"#, "not json", #"{"c":null}"#]
        var stream: [UInt8] = []
        for (index, body) in bodies.enumerated() {
            let header =
                index == 1
                ? "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: \(body.utf8.count)\r\n\r\n"
                : "Content-Length: \(body.utf8.count)\r\n\r\n"
            stream += Array((header + body).utf8)
        }
        let writing = descriptors[1]
        let chunks = stride(from: 0, to: stream.count, by: 7).map { Array(stream[$0..<min($0 + 7, stream.count)]) }
        let thread = Thread {
            for chunk in chunks { _ = chunk.withUnsafeBytes { write(writing, $0.baseAddress!, $0.count) } }
            close(writing)
        }
        thread.start()
        XCTAssertEqual(try reader.next(), ["a": "é"])
        XCTAssertEqual(try reader.next(), ["b": [1, 2]])
        XCTAssertThrowsError(try reader.next()) { XCTAssertEqual($0 as? MessageChannel.Failure, .badBody) }
        XCTAssertEqual(try reader.next(), ["c": .null])
        XCTAssertNil(try reader.next())
        close(descriptors[0])
    }

    func testAHeaderWithoutALengthOrWithTooLargeALengthIsRefused() throws {
        for header in [
            "Content-Type: x\r\n\r\n{}", "Content-Length: 999999999999\r\n\r\n{}", "Content-Length: -1\r\n\r\n",
        ] {
            var descriptors: [Int32] = [0, 0]
            XCTAssertEqual(pipe(&descriptors), 0)
            let bytes = Array(header.utf8)
            _ = bytes.withUnsafeBytes { write(descriptors[1], $0.baseAddress!, $0.count) }
            close(descriptors[1])
            XCTAssertThrowsError(try MessageChannel.Reader(descriptor: descriptors[0]).next(), header)
            close(descriptors[0])
        }
    }
}
