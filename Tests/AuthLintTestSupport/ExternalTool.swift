// A regular target, built by `swift build` too: where XCTest is missing (a macOS machine with the
// Command Line Tools alone), it builds empty, and only the tests need it.
#if canImport(XCTest)
    import Foundation
    import XCTest

    /// Programs some tests need that Swift does not bring: Python's `jsonschema`, `xmllint` and
    /// headless Chromium. Missing, they skip the test with a message, except under CI (`CI=true`), where
    /// `.ci/run` installs them and a missing one fails the test instead.
    package enum ExternalTool {
        package struct Output {
            package var status: Int32
            package var stdout: String
            package var stderr: String
        }

        package static var onCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

        /// Skips the test (or fails it on CI) because `what` is missing.
        package static func unavailable(_ what: String, file: StaticString = #filePath, line: UInt = #line) throws
            -> Never
        {
            if onCI {
                XCTFail("\(what) is missing on CI; .ci/run should have installed it", file: file, line: line)
                throw NSError(
                    domain: "ExternalTool", code: 2, userInfo: [NSLocalizedDescriptionKey: "\(what) is missing on CI"])
            }
            throw XCTSkip("\(what) is missing; install it to run this test (CI=true makes this a failure)")
        }

        /// The first of `names` found on `PATH`.
        package static func find(_ names: [String]) -> String? {
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
            for name in names {
                for folder in path.split(separator: ":") {
                    let candidate = "\(folder)/\(name)"
                    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
                }
            }
            return nil
        }

        /// Runs `executable` (in `directory`, else the current one) and waits at most `timeout` seconds for it.
        package static func run(
            _ executable: String, _ arguments: [String], in directory: String? = nil, timeout: TimeInterval = 120
        ) throws -> Output {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "authlint-tool-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let outURL = folder.appendingPathComponent("stdout")
            let errURL = folder.appendingPathComponent("stderr")
            _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
            _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
            let out = try FileHandle(forWritingTo: outURL)
            let err = try FileHandle(forWritingTo: errURL)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.standardOutput = out
            process.standardError = err
            process.standardInput = FileHandle.nullDevice
            if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
            try process.run()
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
                throw NSError(
                    domain: "ExternalTool", code: 1,
                    userInfo: [NSLocalizedDescriptionKey: "\(executable) took more than \(Int(timeout))s"])
            }
            process.waitUntilExit()
            try out.close()
            try err.close()
            return Output(
                status: process.terminationStatus,
                stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
                stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
        }

        // MARK: - JSON Schema

        /// Exit 3: no jsonschema module. Otherwise 0 when valid, 1 with the first errors printed.
        private static let validator = """
            import json, sys
            try:
                import jsonschema
            except ImportError:
                sys.exit(3)
            schema = json.load(open(sys.argv[1], encoding="utf-8"))
            document = json.load(open(sys.argv[2], encoding="utf-8"))
            cls = jsonschema.validators.validator_for(schema)
            cls.check_schema(schema)
            errors = sorted(cls(schema, format_checker=jsonschema.FormatChecker()).iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))
            for error in errors[:5]:
                print(error.message[:300], "at /" + "/".join(map(str, error.absolute_path)))
            sys.exit(1 if errors else 0)
            """

        /// Validates `document` against the JSON Schema at `schemaPath` with Python's `jsonschema`;
        /// returns the errors ("" when valid).
        package static func schemaErrors(
            _ document: String, schemaPath: String, file: StaticString = #filePath, line: UInt = #line
        )
            throws -> String
        {
            guard let python = find(["python3"]) else { try unavailable("python3", file: file, line: line) }
            let documentPath = FileManager.default.temporaryDirectory.appendingPathComponent(
                "authlint-doc-\(UUID().uuidString).json"
            ).path
            try document.write(toFile: documentPath, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: documentPath) }
            let output = try run(python, ["-c", validator, schemaPath, documentPath])
            switch output.status {
            case 0: return ""
            case 3: try unavailable("the Python package jsonschema (pip install jsonschema)", file: file, line: line)
            case 1 where !output.stdout.isEmpty: return output.stdout
            default: return "the validator failed (exit \(output.status)): \(output.stderr)"
            }
        }

        /// Fails unless `document` is valid against the JSON Schema at `schemaPath`. Call it outside
        /// `XCTAssert…`: a skip thrown inside an assertion's autoclosure counts as a failure.
        package static func assertValid(
            _ document: String, schemaPath: String, file: StaticString = #filePath, line: UInt = #line
        )
            throws
        {
            let errors = try schemaErrors(document, schemaPath: schemaPath, file: file, line: line)
            XCTAssertEqual(
                errors, "", "not valid against \((schemaPath as NSString).lastPathComponent)", file: file, line: line)
        }

        // MARK: - XML Schema

        /// Validates the XML `document` against the XML Schema at `xsdPath` with `xmllint`; returns
        /// its errors ("" when valid). A document that is not well-formed XML has errors too.
        package static func xmlSchemaErrors(
            _ document: String, xsdPath: String, file: StaticString = #filePath, line: UInt = #line
        )
            throws -> String
        {
            guard let xmllint = find(["xmllint"]) else {
                try unavailable("xmllint (apt-get install libxml2-utils)", file: file, line: line)
            }
            let documentPath = FileManager.default.temporaryDirectory.appendingPathComponent(
                "authlint-doc-\(UUID().uuidString).xml"
            ).path
            try document.write(toFile: documentPath, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: documentPath) }
            let output = try run(xmllint, ["--noout", "--schema", xsdPath, documentPath])
            // 0: valid; 1: not well-formed; 3: not valid; 4 and 5: the schema could not be used.
            guard output.status != 0 else { return "" }
            let errors = output.stderr.replacingOccurrences(of: documentPath, with: "document").trimmingCharacters(
                in: .whitespacesAndNewlines)
            return "xmllint exit \(output.status): " + String(errors.prefix(2000))
        }

        /// Fails unless the XML `document` is valid against the XML Schema at `xsdPath`. Call it
        /// outside `XCTAssert…`: a skip thrown inside an assertion's autoclosure counts as a failure.
        package static func assertValidXML(
            _ document: String, xsdPath: String, file: StaticString = #filePath, line: UInt = #line
        )
            throws
        {
            let errors = try xmlSchemaErrors(document, xsdPath: xsdPath, file: file, line: line)
            XCTAssertEqual(
                errors, "", "not valid against \((xsdPath as NSString).lastPathComponent)", file: file, line: line)
        }
    }
#endif
