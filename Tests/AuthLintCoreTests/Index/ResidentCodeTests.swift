import Foundation
import XCTest

@testable import AuthLintAnalysis
@testable import AuthLintCore
@testable import AuthLintIndex
@testable import AuthLintModel
@testable import AuthLintProject
@testable import AuthLintReporters
@testable import AuthLintRules
@testable import AuthLintSyntax

/// What stays in memory: the code lexed on use is kept up to a budget of source, the least
/// recently used let go first, and a file let go is lexed again when asked for. The findings of
/// runs that keep everything and runs that keep nothing are compared in ``PrefilterTests``.
final class ResidentCodeTests: XCTestCase {
    private func code(_ text: String, path: String = "File.swift") -> CodeView {
        CodeView(file: SourceFile(path: path, language: .swift, bytes: Array(text.utf8)))
    }

    /// Files of `size` bytes each, summarised as the lexer summarises them, their bytes at hand.
    private func summarised(_ texts: [String], vocabulary: NameVocabulary = .none) -> [ProjectIndex.Entry] {
        texts.enumerated().map { number, text in
            let path = "App/File\(number).swift"
            let file = ProjectFile(
                path: path, absolutePath: "/nonexistent/" + path, kind: .swift, size: text.utf8.count)
            let pending = SourceFile.Pending(
                language: .swift, file: file, bytes: Array(text.utf8), maxFileSize: 1 << 20)
            return .summary(FileSummary(code(text, path: path), words: WordIndex([]), vocabulary: vocabulary), pending)
        }
    }

    /// A code view holds its file's code tokens, and keeps of the file's own tokens only the
    /// comments, not the code again nor whitespace and line breaks: the code, the comments
    /// suppressions read and the lines are those of the whole file.
    func testACodeViewKeepsItsFilesCodeOnceAndItsComments() {
        let whole = SourceFile(
            path: "Login.swift",
            bytes: Array(
                """
                import Foundation  // authlint:disable:this token-logged -- why
                /* a block */
                func save(token: String) {
                    print("token: \\(token)")   /// doc
                }

                """.utf8))
        let code = CodeView(file: whole)
        XCTAssertEqual(
            code.file.tokens.map(\.kind), [TokenKind.lineComment, .blockComment, .docLineComment],
            "the view holds the code")
        XCTAssertTrue(code.file.codeTokenIndices.isEmpty)
        XCTAssertEqual(code.tokens, whole.codeTokenIndices.map { whole.tokens[Int($0)] })
        XCTAssertEqual(code.file.lineComments.map(\.text), whole.lineComments.map(\.text))
        XCTAssertEqual(code.file.lineStarts, whole.lineStarts)
        XCTAssertEqual(code.file.bytes, whole.bytes)
        XCTAssertEqual(CodeView(analysing: whole).hashes, code.hashes, "a view kept or used once reads the same code")
    }

    func testTheLeastRecentlyUsedCodeIsLetGoFirst() {
        let recent = RecentCode(count: 4, capacity: 30)
        let views = (0..<4).map { code(String(repeating: "a ", count: 5), path: "F\($0).swift") }  // 10 bytes each
        recent.keep(views[0], at: 0)
        recent.keep(views[1], at: 1)
        recent.keep(views[2], at: 2)
        XCTAssertTrue(recent.code(0) === views[0], "three fit; 0 is now the most recently used")
        recent.keep(views[3], at: 3)
        XCTAssertNil(recent.code(1), "1 was the least recently used")
        XCTAssertTrue(recent.code(0) === views[0])
        XCTAssertTrue(recent.code(2) === views[2])
        XCTAssertTrue(recent.code(3) === views[3])
        XCTAssertEqual(recent.everKept, [0, 1, 2, 3])

        let none = RecentCode(count: 2, capacity: 0)
        none.keep(views[0], at: 0)
        XCTAssertTrue(none.code(0) === views[0], "the file just lexed is kept, whatever its size")
        none.keep(views[1], at: 1)
        XCTAssertNil(none.code(0))
        XCTAssertTrue(none.code(1) === views[1])
    }

    /// With room for one file, asking for files in turn lexes each again, and each gives the same code.
    func testAFileLetGoIsLexedAgainAndReadsTheSame() {
        let texts = (0..<3).map { "func f\($0)(token: String) { print(token) }\n" }
        let project = ProjectIndex(
            entries: summarised(texts), words: WordIndex([]), scanned: nil, configuredFolders: [], residentBytes: 0)
        let first = project.files[FileID(0)]
        _ = project.files[FileID(1)]
        let again = project.files[FileID(0)]
        XCTAssertFalse(first === again, "let go, then lexed again")
        XCTAssertEqual(first.tokens.map(\.start), again.tokens.map(\.start))
        XCTAssertEqual(first.hashes, again.hashes)
        XCTAssertEqual(first.scopes.map(\.name), again.scopes.map(\.name))
        XCTAssertEqual(project.files.lexedOnUse.first, 2, "each counted once")

        let roomy = ProjectIndex(entries: summarised(texts), words: WordIndex([]), scanned: nil, configuredFolders: [])
        let kept = roomy.files[FileID(0)]
        _ = roomy.files[FileID(1)]
        XCTAssertTrue(roomy.files[FileID(0)] === kept)
    }

    /// Code let go at loading points into the scan's list of every file: each source's place
    /// there is found in one pass over both lists, and a source the list lacks, or holds another
    /// record of, has none. Reading from the place gives the file's text and its size as read.
    func testEachSourceIsFoundInTheScansListOfEveryFile() throws {
        let tree = try ScanFixture()
        try tree.write("App/Info.plist", "<plist version=\"1.0\"><dict/></plist>\n")
        try tree.write("App/Login.swift", "let a = 1\n")
        try tree.write("App/Login.swift.orig", "old\n")
        try tree.write("App/Session.m", "int b;\n")
        try tree.write("App+Extension/Share.swift", "let c = 2\n")
        try tree.write("README.md", "# app\n")
        var project = tree.scan()
        let places = project.placesOfSources()
        XCTAssertEqual(places.count, project.sourceFiles.count)
        let list = SourceFile.Pending.List(project.allFiles, maxFileSize: 1 << 20)
        for (source, place) in zip(project.sourceFiles, places) {
            XCTAssertEqual(project.allFiles[Int(place)].path, source.path)
            let pending = SourceFile.Pending(language: source.language!, in: list, at: Int(place), bytes: nil)
            XCTAssertEqual(pending.path, source.path)
            XCTAssertEqual(pending.size, source.size)
            XCTAssertEqual(
                pending.sourceFile().bytes, try Array(Data(contentsOf: URL(fileURLWithPath: tree.path(source.path)))))
        }
        // A source the list lacks, and one whose record there differs, have no place.
        let login = try XCTUnwrap(project.sourceFiles.firstIndex { $0.path == "App/Login.swift" })
        project.allFiles.removeAll { $0.path == "App/Session.m" }
        project.sourceFiles[login].size += 1
        let found = project.placesOfSources()
        XCTAssertEqual(
            zip(project.sourceFiles.map(\.path), found).filter { $0.1 < 0 }.map(\.0),
            ["App/Login.swift", "App/Session.m"])
        XCTAssertEqual(found.filter { $0 >= 0 }.map { project.allFiles[Int($0)].path }, ["App+Extension/Share.swift"])
    }

    /// The files that use a name are found alike in files given lexed and as summaries; a name
    /// asked about again is found the same.
    func testANameIsFoundInLexedAndSummarisedFilesAlike() {
        let texts = (0..<120).map { number in
            "func screen\(number)() { let value\(number % 17) = helper\(number % 5)(token\(number % 3)) }\n"
        }
        // Every third file given lexed, the others as summaries.
        let entries = summarised(texts).enumerated().map { number, entry in
            number % 3 == 0
                ? ProjectIndex.Entry.code(code(texts[number], path: "App/File\(number).swift"), words: nil) : entry
        }
        let project = ProjectIndex(entries: entries, words: WordIndex([]), scanned: nil, configuredFolders: [])
        func expected(_ name: String) -> [FileID] {
            texts.indices.filter {
                texts[$0].split(whereSeparator: { !$0.isLetter && !$0.isNumber }).contains { $0 == name }
            }.map(FileID.init)
        }
        let names =
            (0..<17).map { "value\($0)" } + (0..<5).map { "helper\($0)" } + ["token1", "absent", "screen7", "func"]
        for name in names + names { XCTAssertEqual(project.files(mentioning: name), expected(name), name) }
    }

    /// A summary keeps the names a file hands values to by the hashes of their tokens: the same
    /// as those of their text, for names in ASCII, in other scripts, and in bytes that are not UTF-8.
    func testTheNamesHandedAreHashedAsTheirText() {
        var bytes = Array("struct S { func run() { save(token); log(); café(1); x = 2; store.put(a, b) }\n".utf8)
        bytes += [0x66, 0xFF, 0x28, 0x31, 0x29, 0x0A]  // `f\xFF(1)`: a name whose bytes are not UTF-8
        let code = CodeView(file: SourceFile(path: "App/A.swift", bytes: bytes))
        let names = FileSummary.namesHanded(code)
        XCTAssertTrue(names.isSuperset(of: ["save", "café", "x=", "put", "wrappedValue="]))
        XCTAssertFalse(names.contains("log"), "a call without arguments hands nothing")
        XCTAssertEqual(Set(FileSummary.hashesOfNamesHanded(code)), Set(names.map(CodeView.hash)))
    }

    /// The files that use a name are found through the name's bucket before the project's names
    /// are indexed, and through the index after: the same files either way, none missed. A name
    /// asked about again costs nothing: the index is built once lookups of different names have
    /// checked about as many files as it holds entries.
    func testTheFilesMentioningANameAreThoseThatUseIt() {
        let texts = (0..<300).map { number in
            "func screen\(number)() { let value\(number % 17) = helper\(number % 5)(token\(number % 3)) }\n"
        }
        let project = ProjectIndex(
            entries: summarised(texts), words: WordIndex([]), scanned: nil, configuredFolders: [])
        let names =
            (0..<17).map { "value\($0)" } + (0..<5).map { "helper\($0)" } + (0..<3).map { "token\($0)" }
            + ["screen42", "absent", "let", "func"]
        func expected(_ name: String) -> [FileID] {
            texts.indices.filter {
                texts[$0].split(whereSeparator: { !$0.isLetter && !$0.isNumber }).contains { $0 == name }
            }.map(FileID.init)
        }
        var rounds = 0
        repeat {  // until the lookups have cost what indexing every name does, and once more
            let more = (rounds * 30..<min(300, rounds * 30 + 30)).map { "screen\($0)" }
            for name in names + more {
                XCTAssertEqual(project.files(mentioning: name), expected(name), "\(name), round \(rounds)")
            }
            if rounds == 0 { XCTAssertFalse(project.nameIndex.isBuilt, "a few lookups do not index every name") }
            if rounds == 1 {
                for _ in 0..<20 { for name in names { _ = project.files(mentioning: name) } }
                XCTAssertFalse(project.nameIndex.isBuilt, "names asked about again are not looked up again")
            }
            rounds += 1
        } while !project.nameIndex.isBuilt && rounds < 12
        XCTAssertTrue(project.nameIndex.isBuilt)
        XCTAssertGreaterThan(rounds, 1)
        for name in names { XCTAssertEqual(project.files(mentioning: name), expected(name), "\(name), with the index") }
        XCTAssertEqual(project.files(mentioning: "token1").count, 100)
        XCTAssertEqual(project.files(mentioning: "absent"), [])
        let (a, b) = (CodeView.key("a"), CodeView.key("b"))
        let buckets = NameBuckets(fileCount: 3) { file, body in
            [[a], [], [a, b]][file].forEach(body)
            return [[a], [], [a, b]][file].count
        }
        XCTAssertEqual(buckets.files(mayMention: a), [0, 2])
        XCTAssertEqual(buckets.files(mayMention: b), [2])
    }

    /// The files that use a name are those found through its bucket, whether the vocabulary the
    /// summaries are written with numbers the name or not.
    func testANameIsFoundWhetherTheVocabularyNumbersItOrNot() throws {
        let texts = (0..<400).map { number in
            "func screen\(number)() { let value\(number % 17) = helper\(number % 5)(token\(number % 3))\(number % 10 == 0 ? "; rare()" : "") }\n"
        }
        let keys =
            ["func", "let", "rare", "screen7", "absent"] + (0..<17).map { "value\($0)" } + (0..<5).map { "helper\($0)" }
        let vocabulary = try XCTUnwrap(NameVocabulary(keys: keys.map(CodeView.key).sortedUnique()))
        let project = ProjectIndex(
            entries: summarised(texts, vocabulary: vocabulary), words: WordIndex([]), scanned: nil,
            configuredFolders: [])
        func expected(_ name: String) -> [FileID] {
            texts.indices.filter {
                texts[$0].split(whereSeparator: { !$0.isLetter && !$0.isNumber }).contains { $0 == name }
            }.map(FileID.init)
        }
        for name in keys + ["token0", "token2", "screen399", "other"] {
            XCTAssertEqual(project.files(mentioning: name), expected(name), name)
        }
    }

    /// The files that use every name of a list are found in one pass over the project's names,
    /// for files given as summaries and as lexed code alike; no list or a name not asked about
    /// lets every file through.
    func testTheFilesByKeyAreThoseGivenEachKey() {
        var random = LexTest.Random(state: 9)
        for round in 0..<50 {
            var expected: [NameKey: [FileID]] = [:]
            // Past 512 files, the runs read apart are merged; keys are spread over all 32 bits.
            let fileCount = random.below(round % 5 == 0 ? 1_500 : 60)
            let keys = (0..<fileCount).map { _ in
                Array(Set((0..<random.below(6)).map { _ in NameKey(random.below(40)) &* 0x9E37_79B1 }))
            }
            for file in keys.indices {
                for key in keys[file] { expected[key, default: []].append(FileID(file)) }
            }
            let table = FilesByKey(fileCount: fileCount) { file, add in keys[file.index].forEach(add) }
            for key in (NameKey(0)..<45).map({ $0 &* 0x9E37_79B1 }) {
                XCTAssertEqual(table[key], expected[key] ?? [], "round \(round), key \(key)")
            }
        }
        XCTAssertEqual(FilesByKey(fileCount: 0) { _, _ in }[7], [])
    }

    func testThePostingsOfAFewNamesAreTheFilesThatUseThemAll() {
        let texts = (0..<200).map { number in
            "func screen\(number)() { let value\(number % 7) = helper\(number % 5)(token\(number % 3)) }\n"
        }
        var entries = summarised(texts)
        for number in stride(from: 1, to: texts.count, by: 3) {
            entries[number] = .code(code(texts[number], path: "App/File\(number).swift"))
        }
        let project = ProjectIndex(entries: entries, words: WordIndex([]), scanned: nil, configuredFolders: [])
        let names =
            (0..<7).map { "value\($0)" } + (0..<5).map { "helper\($0)" } + (0..<3).map { "token\($0)" } + [
                "screen42", "absent",
            ]
        let postings = project.postings(of: names.map(CodeView.hash))
        func uses(_ number: Int, _ name: String) -> Bool {
            texts[number].split(whereSeparator: { !$0.isLetter && !$0.isNumber }).contains { $0 == name }
        }
        for first in names {
            for second in names {
                let expected = texts.indices.filter { uses($0, first) && uses($0, second) }
                XCTAssertEqual(
                    postings.files(mentioningAll: [first, second].map(CodeView.hash)), expected, "\(first), \(second)")
            }
        }
        XCTAssertEqual(
            postings.files(mentioningAll: ["value3", "helper1", "token2"].map(CodeView.hash)),
            texts.indices.filter { $0 % 7 == 3 && $0 % 5 == 1 && $0 % 3 == 2 })
        XCTAssertEqual(postings.files(mentioningAll: []), Array(texts.indices))
        XCTAssertEqual(postings.files(mentioningAll: [CodeView.hash("func")]), Array(texts.indices), "not asked about")
        XCTAssertEqual(postings.files(mentioningAll: ["func", "screen42"].map(CodeView.hash)), [42])
    }

    /// A summary made by the lexer says which types the file declares or extends: a file that
    /// only uses a type is not lexed to find the type's declarations.
    func testATypesDeclarationsAreFoundWithoutLexingTheFilesThatOnlyUseIt() {
        var texts = [
            "enum Keys {\n    static let session = \"session\"\n}\n",
            "extension Keys {\n    static let token = \"token\"\n}\n",
        ]
        texts += (1...20).map { "struct Screen\($0) {\n    let key = Keys.session\n}\n" }
        let project = ProjectIndex(
            entries: summarised(texts), words: WordIndex([]), scanned: nil, configuredFolders: [])
        let found = project.declarations(ofType: "Keys", inTarget: project.targetOfFile[FileID(0)])
        XCTAssertEqual(found.map(\.file.index), [0, 1])
        XCTAssertEqual(found.map { project.files[$0.file].scopes[$0.scope].name }, ["Keys", "Keys"])
        XCTAssertEqual(project.files.lexedOnUse.first, 2, "the twenty screens that use Keys are not lexed")
        XCTAssertEqual(
            project.declarations(ofType: "Screen7", inTarget: project.targetOfFile[FileID(0)]).map(\.file.index), [8])
    }

    /// Summaries keep 32-bit keys of names, so two names may share one: a name's key only says
    /// where to look, and the code read there decides. A file that uses only the other name is
    /// a candidate, but none of its calls or types are taken for the name's.
    func testTwoNamesOfOneKeyAreToldApartByTheCode() throws {
        var seen: [NameKey: String] = [:]
        var pair: (String, String)?
        for number in 0..<400_000 where pair == nil {
            let name = "helper\(number)"
            let key = CodeView.key(name)
            if let other = seen[key] { pair = (other, name) } else { seen[key] = name }
        }
        let (first, second) = try XCTUnwrap(pair)
        XCTAssertNotEqual(CodeView.hash(first), CodeView.hash(second))
        let texts = [
            "func \(first)(_ x: Int) {}\nstruct Screen { func run() { \(first)(1) } }\n",
            "enum \(second) { static func make() {} }\nstruct Other { func run() { \(second).make() } }\n",
        ]
        let project = ProjectIndex(
            entries: summarised(texts), words: WordIndex([]), scanned: nil, configuredFolders: [])
        XCTAssertEqual(project.files(mentioning: first).map(\.index), [0, 1], "the key is in both files")
        XCTAssertEqual(project.calls(named: first).map(\.file.index), [0], "the code tells the names apart")
        XCTAssertTrue(project.calls(named: second).isEmpty)
        XCTAssertEqual(project.functions(named: first).map(\.file.index), [0])
        XCTAssertTrue(project.declarations(ofType: first, inTarget: project.targetOfFile[FileID(0)]).isEmpty)
        XCTAssertEqual(
            project.declarations(ofType: second, inTarget: project.targetOfFile[FileID(0)]).map(\.file.index), [1])
    }

    /// A lexed file's names and where each occurs are kept in flat arrays: every name is found,
    /// at each of its places in order, and a name the file lacks is not, whatever the sizes.
    func testTheOccurrencesOfEachNameAreFoundInOrder() {
        for count in [0, 1, 2, 3, 7, 64, 500] {
            var generator = SystemRandomNumberGenerator()
            // The extremes, a run of neighbours (which may share a slot) and random hashes, used in random order.
            let vocabulary =
                [0, UInt64.max, 1, 2, 3] + (0..<count).map { _ in UInt64.random(in: 0...UInt64.max, using: &generator) }
            let names = (0..<count * 3).map { (hash: vocabulary.randomElement(using: &generator)!, index: Int32($0)) }
            let occurrences = Occurrences(names)
            let expected = Dictionary(grouping: names, by: \.hash).mapValues { $0.map(\.index) }
            XCTAssertEqual(occurrences.keys.count, expected.count)
            XCTAssertEqual(Array(occurrences.keys), expected.keys.sorted())
            for (hash, indices) in expected {
                XCTAssertEqual(occurrences[hash].map(Array.init), indices)
                XCTAssertTrue(occurrences.keys.contains(hash))
            }
            for _ in 0..<50 {
                let absent = UInt64.random(in: 0...UInt64.max, using: &generator)
                guard expected[absent] == nil else { continue }
                XCTAssertNil(occurrences[absent])
                XCTAssertFalse(occurrences.keys.contains(absent))
            }
        }
    }
}
