#if canImport(AuthLintAgent)
    import AuthLintServer
    import AuthLintTestSupport
    import Foundation
    import XCTest

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// `authlint mcp`, driven by a scripted client as a coding agent drives it: one JSON-RPC
    /// message a line over its standard input and output.
    final class AgentServerTests: XCTestCase {
        private var server: ServerProcess!
        private var workspace: String { server.workspace }
        private var buffered: [UInt8] = []
        private var nextID = 1

        override func setUpWithError() throws {
            server = try ServerProcess(named: "mcp")
        }

        override func tearDownWithError() throws {
            server?.stop()
        }

        private func start() throws {
            try server.start(["mcp", "--no-cache"], in: "app")
            let initialized = try request(
                "initialize",
                [
                    "protocolVersion": "2025-06-18", "capabilities": [:],
                    "clientInfo": ["name": "authlint-tests", "version": "1"],
                ])
            XCTAssertEqual(initialized["serverInfo"]?["name"], "authlint")
            send(["jsonrpc": "2.0", "method": "notifications/initialized"])
        }

        private func send(_ message: JSONValue) {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let line = Array((try? encoder.encode(message)) ?? Data()) + [0x0A]
            _ = line.withUnsafeBytes { write(server.input, $0.baseAddress!, $0.count) }
        }

        /// The next line the server writes, decoded.
        private func nextMessage() throws -> JSONValue {
            while true {
                if let newline = buffered.firstIndex(of: 0x0A) {
                    let line = Array(buffered[..<newline])
                    buffered.removeFirst(newline + 1)
                    if line.isEmpty { continue }
                    return try JSONDecoder().decode(JSONValue.self, from: Data(line))
                }
                var chunk = [UInt8](repeating: 0, count: 65536)
                let count = chunk.withUnsafeMutableBytes { read(server.output, $0.baseAddress!, $0.count) }
                guard count > 0 else { throw XCTSkip("the server stopped") }
                buffered += chunk[..<count]
            }
        }

        private func request(_ method: String, _ params: JSONValue) throws -> JSONValue {
            let id = nextID
            nextID += 1
            send(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
            while true {
                let message = try nextMessage()
                if message["id"]?.int == id {
                    XCTAssertNil(message["error"], "\(method): \(message)")
                    return message["result"] ?? .null
                }
            }
        }

        /// A tool's text and whether it is an error.
        private func call(_ tool: String, _ arguments: JSONValue) throws -> (text: String, isError: Bool) {
            let result = try request("tools/call", ["name": .string(tool), "arguments": arguments])
            let text = (result["content"]?.array ?? []).compactMap { $0["text"]?.string }.joined()
            return (text, result["isError"] == true)
        }

        func testTheThreeToolsAnswerAsTheCommandLineDoes() throws {
            let logging = """
                import os

                let logger = Logger(subsystem: "app.example", category: "auth")

                func refreshed(accessToken: String) {
                    logger.info("Refreshed: \\(accessToken, privacy: .public)")
                }

                """
            try Data(logging.utf8).write(to: URL(fileURLWithPath: workspace + "/app/Log.swift"))
            try start()

            let tools = try request("tools/list", [:])["tools"]?.array?.compactMap { $0["name"]?.string }
            XCTAssertEqual(tools, ["lint", "explain_rule", "propose_fixes"])

            let lint = try call("lint", ["paths": ["Log.swift"]])
            XCTAssertFalse(lint.isError, lint.text)
            XCTAssertTrue(lint.text.hasPrefix("Log.swift:6:"), lint.text)
            XCTAssertTrue(lint.text.contains("[token-logged]"), lint.text)
            let only = try call("lint", ["paths": ["."], "rules": ["missing-nonce"]])
            XCTAssertTrue(only.text.contains("No findings"), only.text)
            let unknown = try call("lint", ["rules": ["missing-nonse"]])
            XCTAssertTrue(unknown.isError, "\(unknown)")
            XCTAssertTrue(unknown.text.contains("no rule named `missing-nonse`"), unknown.text)

            let page = try call("explain_rule", ["id": "token-logged"])
            XCTAssertFalse(page.isError)
            XCTAssertTrue(page.text.contains("\n# `token-logged`"), String(page.text.prefix(200)))
            XCTAssertTrue(try call("explain_rule", ["id": "nope"]).isError)

            let fixes = try call("propose_fixes", ["paths": ["."]])
            XCTAssertTrue(fixes.text.hasPrefix("--- a/Log.swift\n+++ b/Log.swift\n"), fixes.text)
            XCTAssertTrue(fixes.text.contains("+    logger.info(\"Refreshed: \\(accessToken)\")"), fixes.text)
            XCTAssertEqual(
                try String(contentsOfFile: workspace + "/app/Log.swift", encoding: .utf8), logging, "nothing is written"
            )
        }
    }
#endif
