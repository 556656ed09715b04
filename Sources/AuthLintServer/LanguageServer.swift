import AuthLintCore
import AuthLintModel
import AuthLintProject
import AuthLintRules
import Foundation

/// `authlint lsp`: a Language Server Protocol server over a pair of descriptors (standard
/// input and output). The editor's open documents are linted as `authlint lint FILE` lints them,
/// with the text the editor holds in place of each file's, and each finding is published as a
/// diagnostic; code actions apply a rule's fix, add a suppression and open the rule's page, and
/// hovering a flagged range shows the rule's documentation.
///
/// Messages are read on a thread of their own and handled in order on the calling thread; the
/// documents are linted once the messages that arrived together are handled, so that a burst of
/// edits is linted once.
public final class LanguageServer {
    /// What every run of the server lints with.
    public struct Options: Sendable {
        public var catalog: RuleCatalog
        /// `--config`: one configuration file for every document (nil: each one's `.authlint.yml` files).
        public var configurationPath: String?
        /// Where file summaries are kept between runs (nil: nowhere).
        public var cacheDirectory: String?

        public init(catalog: RuleCatalog, configurationPath: String? = nil, cacheDirectory: String? = nil) {
            self.catalog = catalog
            self.configurationPath = configurationPath
            self.cacheDirectory = cacheDirectory
        }
    }

    /// A document the editor has open: its text as the editor holds it.
    struct Document {
        var uri: String
        var version: Int?
        var bytes: [UInt8]
    }

    /// What was last published for a document, with the findings behind it.
    struct Published {
        var root: String
        var findings: [Finding]
        var diagnostics: [JSONValue]
        /// The version of the document they were published for.
        var version: Int?
    }

    let options: Options
    private let writer: MessageChannel.Writer
    /// Each built-in rule's published page, by id.
    let pages: [String: String]
    private(set) var documents: [String: Document] = [:]
    private(set) var published: [String: Published] = [:]
    /// Whether something changed since the documents were last linted.
    private var stale = false
    private var initialized = false
    /// Whether the client registers file watchers the server asks for.
    private var watchesFiles = false
    private var shutDown = false
    private var nextRequestID = 1
    /// What each project root's runs keep for the next: the code lexed, and the scan while the
    /// client's watchers say nothing changed on disk.
    private var sessions: [String: LintSession] = [:]

    init(options: Options, writer: MessageChannel.Writer, pages: [String: String]) {
        self.options = options
        self.writer = writer
        self.pages = pages
    }

    /// Serves until the client says `exit` or closes its end; returns the exit status: 0 after
    /// `shutdown` and `exit`, 1 otherwise. `pages` are the rules' pages, by id.
    public static func serve(options: Options, pages: [String: String], input: Int32, output: Int32) -> Int32 {
        let server = LanguageServer(options: options, writer: MessageChannel.Writer(descriptor: output), pages: pages)
        let inbox = Inbox()
        Thread.detachNewThread {
            let reader = MessageChannel.Reader(descriptor: input)
            while true {
                do {
                    guard let message = try reader.next() else { break }
                    inbox.put(.message(message))
                } catch MessageChannel.Failure.badBody {
                    inbox.put(.unreadable)
                } catch {
                    inbox.put(.broken("\(error)"))
                    break
                }
            }
            inbox.close()
        }
        while let batch = inbox.takeAll() {
            for incoming in batch {
                switch incoming {
                case .message(let message):
                    if let status = server.handle(message) { return status }
                case .unreadable:
                    server.respond(error: -32700, "the message is not JSON", id: .null)
                case .broken(let reason):
                    FileHandle.standardError.write(
                        Data("authlint lsp: cannot read the client's messages: \(reason)\n".utf8))
                    return 1
                }
            }
            server.lintIfStale()
        }
        return 1
    }

    // MARK: - Messages

    /// Handles one message; returns the exit status once the client says `exit`.
    func handle(_ message: JSONValue) -> Int32? {
        // A response to a request of the server's (window/showDocument): nothing to do.
        guard let method = message["method"]?.string else { return nil }
        let id = message["id"]
        let params = message["params"] ?? .null
        if method == "exit" { return shutDown ? 0 : 1 }
        if shutDown {
            if let id { respond(error: -32600, "the server is shut down", id: id) }
            return nil
        }
        guard initialized || method == "initialize" else {
            if let id { respond(error: -32002, "the server is not initialized", id: id) }
            return nil
        }
        switch method {
        case "initialize":
            initialized = true
            watchesFiles =
                params["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"] == true
            respond(Self.initializeResult, id: id)
        case "initialized":
            // The project's files change the findings too: the client is asked to say when they do.
            if watchesFiles { request("client/registerCapability", Self.fileWatchers) }
        case "shutdown":
            shutDown = true
            respond(.null, id: id)
        case "textDocument/didOpen":
            let document = params["textDocument"]
            if let uri = document?["uri"]?.string, let path = Self.path(of: uri), let text = document?["text"]?.string {
                documents[path] = Document(uri: uri, version: document?["version"]?.int, bytes: Array(text.utf8))
                stale = true
            }
        case "textDocument/didChange":
            change(params)
        case "textDocument/didClose":
            if let uri = params["textDocument"]?["uri"]?.string, let path = Self.path(of: uri) {
                documents[path] = nil
                published[path] = nil
                notify("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])
                stale = true
            }
        case "textDocument/didSave", "workspace/didChangeWatchedFiles", "workspace/didChangeConfiguration":
            // A saved file, a project file or a configuration changed on disk: the project's facts may have.
            for session in sessions.values { session.treeChanged() }
            stale = true
        case "textDocument/codeAction":
            lintIfStale()
            respond(.array(codeActions(params)), id: id)
        case "textDocument/hover":
            lintIfStale()
            respond(hover(params), id: id)
        case "workspace/executeCommand":
            execute(params)
            respond(.null, id: id)
        default:
            // A notification nobody asked for ($/cancelRequest, $/setTrace) needs no answer.
            if let id { respond(error: -32601, "authlint does not answer \(method)", id: id) }
        }
        return nil
    }

    /// The files whose changes on disk change the project's facts or configuration: those the
    /// scanner collects, and the configuration files.
    static let fileWatchers: JSONValue = [
        "registrations": [
            [
                "id": "authlint-project-files", "method": "workspace/didChangeWatchedFiles",
                "registerOptions": [
                    "watchers": [
                        [
                            "globPattern": .string(
                                "**/*.{" + ProjectFileKind.byExtension.keys.sorted().joined(separator: ",") + "}")
                        ],
                        [
                            "globPattern": .string(
                                "**/{"
                                    + (ProjectFileKind.byName.keys.sorted() + [Configuration.fileName]).joined(
                                        separator: ",")
                                    + "}")
                        ],
                    ]
                ],
            ]
        ]
    ]

    static let initializeResult: JSONValue = [
        "capabilities": [
            "textDocumentSync": ["openClose": true, "change": 1, "save": ["includeText": false]],
            "codeActionProvider": ["codeActionKinds": ["quickfix"]],
            "hoverProvider": true,
            "executeCommandProvider": ["commands": [.string(Command.openPage), .string(Command.placeCursor)]],
        ],
        "serverInfo": ["name": "authlint", "version": .string(AuthLint.version)],
    ]

    /// The commands code actions carry.
    enum Command {
        static let openPage = "authlint.openRulePage"
        static let placeCursor = "authlint.placeCursor"
    }

    /// A document's new text: whole, or changed by ranges in order.
    private func change(_ params: JSONValue) {
        guard let uri = params["textDocument"]?["uri"]?.string, let path = Self.path(of: uri),
            var document = documents[path]
        else { return }
        for change in params["contentChanges"]?.array ?? [] {
            guard let text = change["text"]?.string else { continue }
            if let range = change["range"], let start = Self.position(range["start"]),
                let end = Self.position(range["end"])
            {
                let positions = TextPositions(document.bytes)
                let from = positions.offset(of: start)
                let to = max(from, positions.offset(of: end))
                document.bytes.replaceSubrange(from..<to, with: Array(text.utf8))
            } else {
                document.bytes = Array(text.utf8)
            }
        }
        document.version = params["textDocument"]?["version"]?.int
        documents[path] = document
        stale = true
    }

    // MARK: - Linting

    /// Lints the open documents when something changed since they were last linted, once per
    /// project root, and publishes what changed.
    func lintIfStale() {
        guard stale else { return }
        stale = false
        var byRoot: [String: [String]] = [:]
        for path in documents.keys.sorted() {
            byRoot[ProjectScanner.root(ScanOptions(paths: [path]), currentDirectory: "/"), default: []].append(path)
        }
        let buffers = documents.mapValues(\.bytes)
        for (root, paths) in byRoot.sorted(by: { $0.key < $1.key }) {
            var lint = LintOptions(
                scan: ScanOptions(paths: paths), catalog: options.catalog, currentDirectory: root,
                configurationPath: options.configurationPath)
            lint.scan.buffers = buffers
            lint.cacheDirectory = options.cacheDirectory
            lint.describesSignIn = false
            let session = sessions[root] ?? LintSession()
            sessions[root] = session
            // Without watchers nothing says when a file is created or deleted: each run scans.
            if !watchesFiles { session.treeChanged() }
            lint.session = session
            do {
                var report = try Linter.run(lint)
                report.applyConfiguredBaseline()
                for path in paths { publish(path, report) }
            } catch {
                notify("window/showMessage", ["type": 1, "message": .string("authlint: \(error)")])
            }
        }
    }

    /// Publishes a document's findings and file problems for its version: for a document edited
    /// since they were last published, and for another when they changed (its facts did).
    private func publish(_ path: String, _ report: LintReport) {
        guard let document = documents[path] else { return }
        let findings = report.findings.filter { ProjectPath.join(report.root, $0.path) == path }
        let problems = report.diagnostics.filter { ProjectPath.join(report.root, $0.path) == path }
        let diagnostics = findings.map { diagnostic($0, root: report.root) } + problems.map(Self.diagnostic)
        let unchanged = published[path].map { $0.diagnostics == diagnostics && $0.version == document.version } ?? false
        published[path] = Published(
            root: report.root, findings: findings, diagnostics: diagnostics, version: document.version)
        guard !unchanged else { return }
        var params: [String: JSONValue] = ["uri": .string(document.uri), "diagnostics": .array(diagnostics)]
        if let version = document.version { params["version"] = .int(version) }
        notify("textDocument/publishDiagnostics", .object(params))
    }

    // MARK: - Sending

    func respond(_ result: JSONValue, id: JSONValue?) {
        writer.send(["jsonrpc": "2.0", "id": id ?? .null, "result": result])
    }

    func respond(error code: Int, _ message: String, id: JSONValue) {
        writer.send(["jsonrpc": "2.0", "id": id, "error": ["code": .int(code), "message": .string(message)]])
    }

    func notify(_ method: String, _ params: JSONValue) {
        writer.send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    func request(_ method: String, _ params: JSONValue) {
        writer.send(["jsonrpc": "2.0", "id": .int(nextRequestID), "method": .string(method), "params": params])
        nextRequestID += 1
    }

    // MARK: - Paths and positions

    /// The absolute path of a `file:` URI; nil for any other.
    static func path(of uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL, url.path.hasPrefix("/") else { return nil }
        return ProjectPath.normalize(url.path)
    }

    /// The URI of an open document at `path`, else of the file.
    func uri(of path: String) -> String {
        documents[path]?.uri ?? URL(fileURLWithPath: path).absoluteString
    }

    static func position(_ value: JSONValue?) -> (line: Int, character: Int)? {
        guard let line = value?["line"]?.int, let character = value?["character"]?.int, line >= 0, character >= 0
        else { return nil }
        return (line, character)
    }

    /// A protocol range from 1-based lines and columns (UTF-16), the end defaulting to the start.
    static func range(line: Int, column: Int, endLine: Int? = nil, endColumn: Int? = nil) -> JSONValue {
        let start: JSONValue = ["line": .int(max(line - 1, 0)), "character": .int(max(column - 1, 0))]
        guard let endLine else { return ["start": start, "end": start] }
        let end: JSONValue = ["line": .int(max(endLine - 1, 0)), "character": .int(max((endColumn ?? 1) - 1, 0))]
        return ["start": start, "end": end]
    }
}

/// The messages read, handed from the reading thread to the serving one.
final class Inbox: @unchecked Sendable {
    enum Incoming {
        case message(JSONValue)
        /// A message whose body is not JSON.
        case unreadable
        /// The input cannot be read on (a header part without a length).
        case broken(String)
    }

    private let condition = NSCondition()
    private var waiting: [Incoming] = []
    private var closed = false

    func put(_ incoming: Incoming) {
        condition.lock()
        waiting.append(incoming)
        condition.signal()
        condition.unlock()
    }

    func close() {
        condition.lock()
        closed = true
        condition.signal()
        condition.unlock()
    }

    /// Every message that arrived, waiting for one; nil once the input ended and all were taken.
    func takeAll() -> [Incoming]? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty, !closed { condition.wait() }
        guard !waiting.isEmpty else { return nil }
        defer { waiting = [] }
        return waiting
    }
}
