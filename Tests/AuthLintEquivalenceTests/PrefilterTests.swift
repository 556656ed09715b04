import AuthLintTestSupport
import Foundation
import XCTest

@testable import AuthLintAnalysis
@testable import AuthLintCore
@testable import AuthLintIndex
@testable import AuthLintModel
@testable import AuthLintProject
@testable import AuthLintRules
@testable import AuthLintSyntax

/// The prefilter decides only what is lexed up front, and the resident source only what code is
/// kept in memory: every run gives the same findings with the prefilter and without it, and with
/// no code kept at all (each file's code let go once it is summarised, and the code lexed on use
/// let go at the next file's). The prefilter's byte readings must hold more than the lexer finds,
/// never less.
final class PrefilterTests: XCTestCase {
    /// How a run is made: as it is by default, with the prefilter, or keeping no code.
    enum Mode {
        case standard, prefilter, nothingResident

        func adjust(_ options: inout LintOptions) {
            switch self {
            case .standard: break
            case .prefilter: options.prefilter = true
            case .nothingResident: options.residentSourceBytes = 0
            }
        }
    }

    private func run(_ paths: [String], root: String, catalog: RuleCatalog, _ mode: Mode) throws -> LintReport {
        var options = LintOptions(scan: ScanOptions(paths: paths), catalog: catalog, currentDirectory: root)
        mode.adjust(&options)
        return try Linter.run(options)
    }

    private func run(_ paths: [String], root: String, catalog: RuleCatalog, prefilter: Bool) throws -> LintReport {
        try run(paths, root: root, catalog: catalog, prefilter ? .prefilter : .standard)
    }

    private func assertSameFindings(
        _ with: LintReport, _ without: LintReport, _ what: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(with.findings, without.findings, what, file: file, line: line)
        XCTAssertEqual(with.suppressed, without.suppressed, what, file: file, line: line)
        XCTAssertEqual(with.signIn, without.signIn, what, file: file, line: line)
    }

    func testTheSamplesGiveTheSameFindingsAndLexFewerFiles() throws {
        let catalog = try RuleCatalog.builtin()
        let root = RepositoryPaths.root
        let with = try run([root + "/samples"], root: root, catalog: catalog, prefilter: true)
        let without = try run([root + "/samples"], root: root, catalog: catalog, prefilter: false)
        XCTAssertFalse(with.findings.isEmpty)
        assertSameFindings(with, without, "samples")
        XCTAssertLessThan(with.filesLexed, without.filesLexed, "some sample files cannot match any rule")
        let unkept = try run([root + "/samples"], root: root, catalog: catalog, .nothingResident)
        assertSameFindings(unkept, without, "samples, no code kept")
        XCTAssertEqual(unkept.filesLetGo, without.filesLexed)
        XCTAssertGreaterThan(unkept.filesLexedAgain, 0)
        XCTAssertLessThan(unkept.filesLexedAgain, unkept.filesLetGo, "files no rule can match in are not lexed again")
        for sample in try FileManager.default.contentsOfDirectory(atPath: root + "/samples").sorted()
        where !sample.hasPrefix(".") {
            let folder = root + "/samples/" + sample
            let standard = try run([folder], root: folder, catalog: catalog, .standard)
            for mode in [Mode.prefilter, .nothingResident] {
                assertSameFindings(
                    try run([folder], root: folder, catalog: catalog, mode), standard, "\(sample), \(mode)")
            }
        }
    }

    /// Every example of every rule, the rule alone (as its examples run) and with the whole
    /// catalog: a rule alone needs fewest words, so the prefilter leaves out most there.
    func testEveryRuleExampleGivesTheSameFindings() throws {
        let catalog = try RuleCatalog.builtin()
        var compared = 0
        for rule in catalog.rules {
            let examples = rule.description.examples.triggering + rule.description.examples.nonTriggering
            for (number, example) in examples.enumerated() {
                let marked = MarkedExample(example)
                let standard = ExampleRunner.findings(
                    rule, marked.files, configuration: marked.configuration, catalog: catalog)
                for mode in [Mode.prefilter, .nothingResident] {
                    let found = ExampleRunner.findings(
                        rule, marked.files, configuration: marked.configuration, catalog: catalog,
                        adjusting: mode.adjust)
                    XCTAssertEqual(
                        found.map(\.summary), standard.map(\.summary), "\(rule.id) example \(number + 1), \(mode)")
                }
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 200)
    }

    /// A synthetic app-shaped tree (the benchmark's generator, 1,000 files): most files hold no
    /// sign-in code, the planted ones do.
    func testASyntheticTreeGivesTheSameFindings() throws {
        let generator = RepositoryPaths.root + "/scripts/make-synthetic-tree.py"
        guard let python = ExternalTool.find(["python3"]) else {
            try ExternalTool.unavailable("python3, which runs the synthetic tree generator")
        }
        let tree = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authlint-synthetic-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: tree) }
        let made = try ExternalTool.run(python, [generator, "1k", tree])
        XCTAssertEqual(made.status, 0, made.stderr)
        let catalog = try RuleCatalog.builtin()
        let with = try run([tree], root: tree, catalog: catalog, prefilter: true)
        let without = try run([tree], root: tree, catalog: catalog, prefilter: false)
        XCTAssertGreaterThanOrEqual(with.findings.count, 5)
        assertSameFindings(with, without, "synthetic tree")
        XCTAssertLessThan(with.filesLexed, without.filesLexed)
        assertSameFindings(
            try run([tree], root: tree, catalog: catalog, .nothingResident), without, "synthetic tree, no code kept")
    }

    func testTheWordSearchFindsWordsAsNamesCompareThem() {
        let search = WordSearch(["token", "accesstoken", "ken", "authlint", "%{public}"].map(CodeView.normalisedWord))
        func found(_ text: String) -> [String] {
            let flags = Array(text.utf8).withUnsafeBufferPointer { search.found(in: $0) }
            return zip(search.words, flags).filter(\.1).map { String(decoding: $0.0, as: UTF8.self) }
        }
        XCTAssertEqual(found("let ACCESS_TOKEN = 1"), ["token", "accesstoken", "ken"])
        XCTAssertEqual(found("// auth-lint:disable"), ["authlint"])
        XCTAssertEqual(found("os_log(\"%{PUBLIC}@\")"), ["%{public}"])
        XCTAssertEqual(found("tokn to ke"), [])
        XCTAssertEqual(found("tok"), [])
        XCTAssertEqual(found(""), [])
        XCTAssertEqual(WordSearch([]).found(in: UnsafeBufferPointer(start: nil, count: 0)), [])
    }

    /// A summary's words, found by one search through each name and string, are those a token
    /// holds as names compare them (``CodeView/tokenContains(_:_:)``): bit 1 for a name, 2 for
    /// string text. An empty word is in every name and so is never given a position.
    func testASummarysWordsAreThoseItsNamesAndStringsContain() throws {
        let catalog = try RuleCatalog.builtin()
        let index = WordIndex(rules: catalog.rules, providers: catalog.providers)
        XCTAssertGreaterThan(index.words.count, 50)
        var sources: [String] = []
        for rule in catalog.rules {
            for example in rule.description.examples.triggering + rule.description.examples.nonTriggering {
                sources += MarkedExample(example).files.filter { $0.path.hasSuffix(".swift") }.map(\.text)
            }
        }
        var marked = 0
        for (number, source) in sources.enumerated() {
            let code = CodeView(file: SourceFile(path: "File.swift", bytes: Array(source.utf8)))
            var expected = [UInt8](repeating: 0, count: index.words.count)
            for token in code.tokens.indices {
                let bit: UInt8 = code.kind(token) == .identifier ? 1 : code.kind(token) == .stringSegment ? 2 : 0
                guard bit != 0 else { continue }
                for (word, needle) in index.words.enumerated() where code.tokenContains(token, needle) {
                    expected[word] |= bit
                }
            }
            let summary = FileSummary(code, words: index)
            XCTAssertEqual(index.words.indices.map { summary.word(at: $0) }, expected, "source \(number + 1)")
            XCTAssertNil(summary.word(at: index.words.count))
            marked += expected.count { $0 != 0 }
        }
        XCTAssertGreaterThan(marked, 200)
        XCTAssertEqual(WordIndex([[], Array("token".utf8)]).words, [Array("token".utf8)])
    }

    /// What the bytes say of a file holds everything the lexer finds in it: each name, each
    /// function or property scope's name, each import; and what it says is certainly imported is.
    func testTheByteReadingHoldsWhatTheLexerFinds() throws {
        var sources = [
            """
            @testable import Feature
            import struct Foundation.Date
            /* import XCTest */
            let s = \"\"\"
            import Quick
            \"\"\"
            @propertyWrapper struct Stored<T> { var wrappedValue: T { get { fatalError() } set {} } }
            final class `Type`: NSObject {
                @Stored var session: String
                func `default`() -> Int { 0x1Fzz + $0 }
                static func ==(a: Type, b: Type) -> Bool { true }
                func /* a comment */ later() {}
                var café∙thé: Int { 1 }
                init?(x: Int) { nil }
                subscript(i: Int) -> Int { i }
                var observed = 0 { didSet { print(observed) } }
                #if DEBUG
                func debugOnly() {}
                #endif
            }
            """
        ]
        let catalog = try RuleCatalog.builtin()
        for rule in catalog.rules {
            for example in rule.description.examples.triggering + rule.description.examples.nonTriggering {
                sources += MarkedExample(example).files.filter { $0.path.hasSuffix(".swift") }.map(\.text)
            }
        }
        for sample in try FileManager.default.subpathsOfDirectory(atPath: RepositoryPaths.root + "/samples")
        where sample.hasSuffix(".swift") {
            sources.append(try String(contentsOfFile: RepositoryPaths.root + "/samples/" + sample, encoding: .utf8))
        }
        XCTAssertGreaterThan(sources.count, 200)
        for (number, source) in sources.enumerated() {
            let bytes = Array(source.utf8)
            let code = CodeView(file: SourceFile(path: "File.swift", bytes: bytes))
            guard let read = bytes.withUnsafeBufferPointer({ UnlexedNames($0) }) else {
                XCTAssertFalse(number == 0, "the first source is read")
                continue
            }
            let names = Set(read.names)
            XCTAssertTrue(Set(code.nameHashes).isSubset(of: names), "source \(number + 1): every name")
            for scope in code.scopes {
                // `==` is never looked up
                guard let name = scope.name, let first = name.utf8.first, first != 0x3D else { continue }
                let declared = scope.kind == .type ? read.types : scope.kind == .function ? read.functions : []
                XCTAssertTrue(
                    declared.map { $0.contains(CodeView.hash(name)) } ?? true,
                    "source \(number + 1): \(scope.kind) \(name)")
            }
            XCTAssertTrue(
                code.imports.isSubset(of: Set(read.imports)), "source \(number + 1): \(code.imports) in \(read.imports)"
            )
            XCTAssertTrue(
                read.certainImports.isSubset(of: code.imports), "source \(number + 1): \(read.certainImports)")
            if number == 0 {
                XCTAssertNil(read.functions, "a comment after `func` leaves any name possible")
                XCTAssertEqual(
                    read.types, ["Stored", "Type", "`Type`", "Foundation"].map { CodeView.hash($0) }.sorted(),
                    "the names after type keywords (`import struct Foundation.Date` names one too)")
                XCTAssertEqual(read.certainImports, ["Feature", "Foundation"])
                XCTAssertTrue(read.imports.contains("XCTest") && read.imports.contains("Quick"))
            }
        }
    }

    /// A file that may import a test framework is lexed (the import decides its target), unless
    /// the import is certainly code; a file with a suppression is lexed, so that it is checked.
    func testTestImportsAndSuppressionsAreLexed() throws {
        let catalog = try RuleCatalog.builtin()
        let prefilter = Prefilter(
            rules: catalog.rules, words: WordIndex(rules: catalog.rules, providers: catalog.providers),
            knownTypes: catalog.providers.knownTypes)
        func summarised(_ text: String) -> Bool { prefilter.read(Array(text.utf8)).summary != nil }
        XCTAssertTrue(summarised("import SwiftUI\n\nstruct Screen: View { var body: some View { Text(\"Hi\") } }\n"))
        XCTAssertTrue(summarised("@testable import App\nimport XCTest\n\nfinal class ScreenTests: XCTestCase {}\n"))
        XCTAssertFalse(summarised("/*\n*/\nimport XCTest\n\nfinal class ScreenTests: XCTestCase {}\n"))
        XCTAssertFalse(summarised("let x = 1 // authlint:disable:this token-logged -- a constant\n"))
        XCTAssertFalse(summarised("func save(_ token: String) { UserDefaults.standard.set(token, forKey: \"t\") }\n"))
    }
}
