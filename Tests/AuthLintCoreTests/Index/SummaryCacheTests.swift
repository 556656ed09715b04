import Crypto
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

/// Runs that report only some files keep summaries of the others between runs, in a cache folder
/// outside the tree, keyed by content: they must give exactly what a run without the cache gives.
final class SummaryCacheTests: XCTestCase {
    private var app: TemporaryApp!
    private var root: String { app.root }
    private var cache: String { app.cache }
    private let manager = FileManager.default

    override func setUpWithError() throws {
        app = try TemporaryApp("cache")
        try write(
            "App/Login/LoginController.swift",
            """
            import AuthenticationServices

            final class LoginController: NSObject {
                func signIn() {
                    let request = ASAuthorizationAppleIDProvider().createRequest()
                    request.requestedScopes = [.email]
                    ASAuthorizationController(authorizationRequests: [request]).performRequests()
                }
            }

            """)
        try write("App/Account/Session.swift", sessionChecking(true))
        try app.writeScreens(30)
    }

    override func tearDownWithError() throws {
        app?.remove()
    }

    private func write(_ path: String, _ text: String) throws {
        try app.write(path, text)
    }

    /// A file that checks the Apple credential state, or (as long, so that only the content
    /// tells them apart) calls a function of its own instead.
    private func sessionChecking(_ checks: Bool) -> String {
        """
        import AuthenticationServices

        final class Session {
            func restore(userID: String) {
                ASAuthorizationAppleIDProvider().\(checks ? "get" : "got")CredentialState(forUserID: userID) { _, _ in }
            }
        }

        extension ASAuthorizationAppleIDProvider {
            func gotCredentialState(forUserID: String, _ done: (Int, Error?) -> Void) {}
        }

        """
    }

    /// The cache is measured on its own: without the prefilter, which spares lexing too.
    private func lint(_ paths: [String], cache: String?, prefilter: Bool = false) throws -> LintReport {
        var options = LintOptions(
            scan: ScanOptions(paths: paths), catalog: try RuleCatalog.builtin(), currentDirectory: root)
        options.cacheDirectory = cache
        options.prefilter = prefilter
        return try Linter.run(options)
    }

    private let login = "App/Login/LoginController.swift"

    func testAWarmCacheGivesTheSameFindingsAndLexesOnlyWhatItMust() throws {
        let uncached = try lint([login], cache: nil)
        let cold = try lint([login], cache: cache)
        let warm = try lint([login], cache: cache)
        XCTAssertEqual(cold.findings, uncached.findings)
        XCTAssertEqual(warm.findings, uncached.findings)
        XCTAssertTrue(uncached.findings.contains { $0.rule == "missing-nonce" })
        XCTAssertFalse(
            uncached.findings.contains { $0.rule == "no-credential-state-check" }, "Session.swift checks the state")
        XCTAssertEqual(cold.filesLexed, 32)
        XCTAssertLessThanOrEqual(warm.filesLexed, 2, "the screens cannot match any rule: answered from their summaries")
        XCTAssertGreaterThanOrEqual(warm.filesLexed, 1)
        // With the prefilter, the screens are summarised from their bytes, and only what the
        // cache does not hold is.
        let prefiltered = try lint([login], cache: nil, prefilter: true)
        let prefilteredWarm = try lint([login], cache: cache, prefilter: true)
        XCTAssertEqual(prefiltered.findings, uncached.findings)
        XCTAssertEqual(prefilteredWarm.findings, uncached.findings)
        XCTAssertLessThanOrEqual(prefiltered.filesLexed, 2)
        XCTAssertLessThanOrEqual(prefilteredWarm.filesLexed, 2)
    }

    /// A summary records which of the rules' patterns match in its file, so a file that holds a
    /// search's names but not its pattern is not lexed again to answer the search.
    func testAFileWithTheNamesOfASearchButNotItsPatternIsNotLexedAgain() throws {
        try write("App/Account/Session.swift", sessionChecking(false))
        for number in 1...20 {
            try write(
                "App/Decoy/Decoy\(number).swift",
                """
                struct Decoy\(number) {
                    func credentialState(forUserID userID: String) -> Int { \(number) }
                }

                """)
        }
        let uncached = try lint([login], cache: nil)
        XCTAssertTrue(uncached.findings.contains { $0.rule == "no-credential-state-check" }, "nothing checks the state")
        _ = try lint([login], cache: cache)
        let warm = try lint([login], cache: cache)
        XCTAssertEqual(warm.findings, uncached.findings)
        XCTAssertLessThanOrEqual(warm.filesLexed, 2, "the decoys declare credentialState(forUserID:) but never call it")
        // A decoy that starts calling it is lexed, and answers the search.
        try write(
            "App/Decoy/Decoy7.swift",
            """
            import AuthenticationServices

            func restore(provider: ASAuthorizationAppleIDProvider, userID: String) {
                provider.credentialState(forUserID: userID) { _, _ in }
            }

            """)
        let changed = try lint([login], cache: cache)
        XCTAssertFalse(changed.findings.contains { $0.rule == "no-credential-state-check" })
        XCTAssertEqual(changed.findings, try lint([login], cache: nil).findings)
    }

    func testAHelperInAFileNotReportedStillMakesItsCallAFinding() throws {
        try write(
            "App/Support/Stored.swift",
            """
            import Foundation

            @propertyWrapper
            struct Stored<T> {
                let key: String
                let fallback: T

                var wrappedValue: T {
                    get { UserDefaults.standard.object(forKey: key) as? T ?? fallback }
                    set { UserDefaults.standard.set(newValue, forKey: key) }
                }
            }

            """)
        try write(
            "App/Support/Preferences.swift",
            """
            enum Preferences {
                @Stored(key: "session", fallback: "")
                static var session: String
            }

            enum Log {
                static func debug(_ message: String) { print("[debug] \\(message)") }
            }

            """)
        try write(
            "App/Login/Tokens.swift",
            """
            func signedIn(accessToken: String) {
                Preferences.session = accessToken
                Log.debug("token \\(accessToken)")
            }

            """)
        let tokens = "App/Login/Tokens.swift"
        let whole = try lint([root], cache: nil).findings.filter { $0.path == tokens }
        XCTAssertEqual(whole.map { "\($0.rule):\($0.line)" }, ["token-in-userdefaults:2", "token-logged:3"])
        XCTAssertEqual(
            whole.flatMap(\.related).map(\.path), ["App/Support/Stored.swift", "App/Support/Preferences.swift"])
        _ = try lint([tokens], cache: cache)
        let warm = try lint([tokens], cache: cache)
        XCTAssertEqual(warm.findings, whole)
        XCTAssertLessThan(warm.filesLexed, 10, "only the files that declare what Tokens.swift calls or assigns")
    }

    /// A call reaches only a function with parameters, an assignment only a property with a
    /// setter: a file that declares a function without parameters or a read-only property of the
    /// same name is no step of a chain of helpers. So it is, whether the index has the files
    /// lexed or as summaries; and the calling file reported alone finds what the whole project does.
    func testACallReachesFunctionsWithParametersAndAnAssignmentPropertiesWithSetters() throws {
        let texts = [
            "App/Login/Tokens.swift": """
            func signedIn(accessToken: String) {
                Vault.shared.token = accessToken
                emit("token \\(accessToken)")
            }

            """,
            "App/Support/Output.swift": "func emit(_ line: String) {\n    print(line)\n}\n",
            "App/Support/Vault.swift": """
            final class Vault {
                static let shared = Vault()
                var token: String = "" {
                    willSet { print("token \\(newValue)") }
                }
            }

            """,
            "App/Views/Header.swift": """
            struct Header {
                var token: String { "none" }
                func emit() { print("header") }
            }

            """,
        ]
        let paths = texts.keys.sorted()
        for path in paths { try write(path, texts[path]!) }
        let codes = paths.map { CodeView(file: SourceFile(path: $0, bytes: Array(texts[$0]!.utf8))) }
        let summarised = ProjectIndex(
            entries: zip(paths, codes).map { path, code in
                let file = ProjectFile(
                    path: path, absolutePath: root + "/" + path, kind: .swift, size: code.file.bytes.count)
                let pending = SourceFile.Pending(language: .swift, file: file, bytes: nil, maxFileSize: 1 << 20)
                return .summary(FileSummary(code, words: WordIndex([])), pending)
            }, words: WordIndex([]), scanned: nil, configuredFolders: [])
        for project in [ProjectIndex(files: codes), summarised] {
            let reach = RuleEvaluator(run: AnalysisRun(project), facts: [:]).helperReach(from: [FileID(0)])
            XCTAssertEqual(
                reach.levels.map { $0.map { project.paths[$0] } },
                [["App/Login/Tokens.swift"], ["App/Support/Output.swift", "App/Support/Vault.swift"]])
        }

        let tokens = "App/Login/Tokens.swift"
        let whole = try lint([root], cache: nil).findings.filter { $0.path == tokens }
        XCTAssertEqual(whole.map { "\($0.rule):\($0.line)" }, ["token-logged:2", "token-logged:3"])
        _ = try lint([tokens], cache: cache)
        XCTAssertEqual(try lint([tokens], cache: cache).findings, whole)
    }

    /// A chain of helpers as long as is followed, each in a file of its own, ends in a finding at
    /// the reported call; a call of the same helpers from a file the reported one does not reach
    /// is a finding there alone.
    func testAChainOfHelpersAsLongAsIsFollowedEndsInTheReportedFile() throws {
        try write("App/Support/Output.swift", "func emit(_ line: String) {\n    print(line)\n}\n")
        try write("App/Support/Journal.swift", "func record(_ entry: String) {\n    emit(entry)\n}\n")
        try write("App/Support/Trace.swift", "func trace(_ event: String) {\n    record(event)\n}\n")
        try write(
            "App/Login/Tokens.swift", "func signedIn(accessToken: String) {\n    trace(\"token \\(accessToken)\")\n}\n")
        try write(
            "App/Account/Refresh.swift", "func refreshed(refreshToken: String) {\n    record(refreshToken)\n}\n")
        let tokens = "App/Login/Tokens.swift"
        let whole = try lint([root], cache: nil).findings.filter { $0.rule == "token-logged" }
        XCTAssertEqual(
            whole.map { "\($0.path):\($0.line)" }, ["App/Account/Refresh.swift:2", "App/Login/Tokens.swift:2"])
        XCTAssertEqual(whole.last?.related.map(\.path), ["App/Support/Output.swift"])
        XCTAssertEqual(try lint([tokens], cache: nil).findings, whole.filter { $0.path == tokens })
    }

    /// The calls of a helper that are followed are the first that fit, in file order, up to a
    /// limit: a call after the limit is followed neither in the whole project nor where its file
    /// is reported alone, though the files before it are not reached from there.
    func testTheCallsOfAHelperPastTheLimitAreLeftOutAlikeWhenAFileIsReported() throws {
        try write("App/Support/Output.swift", "func emit(_ line: String) {\n    print(line)\n}\n")
        let many = String(repeating: "    emit(line)\n", count: ProjectIndex.maxCallsFollowed)
        try write("App/Jobs/Batch.swift", "func flush(line: String) {\n" + many + "}\n")
        let tokens = "App/Login/Tokens.swift"
        try write(tokens, "func signedIn(accessToken: String) {\n    emit(\"token \\(accessToken)\")\n}\n")
        let whole = try lint([root], cache: nil).findings.filter { $0.rule == "token-logged" }
        XCTAssertEqual(whole, [], "the calls in Batch.swift come first and are all that is followed")
        XCTAssertEqual(try lint([tokens], cache: nil).findings.filter { $0.rule == "token-logged" }, whole)

        try write("App/Jobs/Batch.swift", "func flush(line: String) {\n    emit(line)\n}\n")
        XCTAssertEqual(
            try lint([tokens], cache: nil).findings.filter { $0.rule == "token-logged" }.map(\.line), [2],
            "with fewer calls, the reported one is followed")
    }

    /// A helper whose site is a finding by itself (it logs Apple's identity token) is where to
    /// fix it: the call that hands it another token is no finding, in the whole project or in
    /// the calling file reported alone, where the helper's file is not reported.
    func testAHelperWhoseSiteIsAFindingByItselfLeavesItsCallsOut() throws {
        try write(
            "App/Support/Output.swift",
            """
            import AuthenticationServices

            func emit(_ line: String, _ credential: ASAuthorizationAppleIDCredential) {
                print(line, String(data: credential.identityToken!, encoding: .utf8)!)
            }

            """)
        let tokens = "App/Login/Tokens.swift"
        try write(
            tokens,
            """
            import AuthenticationServices

            func signedIn(accessToken: String, credential: ASAuthorizationAppleIDCredential) {
                emit("token \\(accessToken)", credential)
            }

            """)
        let whole = try lint([root], cache: nil).findings.filter { $0.rule == "token-logged" }
        XCTAssertEqual(whole.map { "\($0.path):\($0.line)" }, ["App/Support/Output.swift:4"])
        XCTAssertEqual(try lint([tokens], cache: nil).findings.filter { $0.rule == "token-logged" }, [])

        // A second print of the same parameter alone is a site of the call: the first print, a
        // finding by itself, takes the parameter first and is then left out.
        try write(
            "App/Support/Output.swift",
            """
            import AuthenticationServices

            func emit(_ line: String, _ credential: ASAuthorizationAppleIDCredential) {
                print(line, String(data: credential.identityToken!, encoding: .utf8)!)
                print(line)
            }

            """)
        let both = try lint([root], cache: nil).findings.filter { $0.rule == "token-logged" }
        XCTAssertEqual(
            both.map { "\($0.path):\($0.line)" }, ["App/Login/Tokens.swift:4", "App/Support/Output.swift:4"])
        XCTAssertEqual(both.first?.related.map(\.line), [5])
        XCTAssertEqual(try lint([tokens], cache: nil).findings, both.filter { $0.path == tokens })
    }

    /// A file whose stamp (inode, size, modification and status-change times) is the one the
    /// cache knows is taken unread; one changed since is read, even at the same size. A file
    /// changed within the last two seconds is not stamped: it could change again unseen.
    func testAnUnchangedFileIsTakenByItsStampAndAChangedOneIsReadAgain() throws {
        let fresh = try lint([login], cache: cache)
        XCTAssertEqual(fresh.filesTakenUnread, 0)
        XCTAssertEqual(try lint([login], cache: cache).filesTakenUnread, 0, "every file was written just now")
        Thread.sleep(forTimeInterval: 2.1)
        let stamping = try lint([login], cache: cache)
        XCTAssertEqual(stamping.filesTakenUnread, 0)
        let written = try entryInode()
        let warm = try lint([login], cache: cache)
        XCTAssertEqual(warm.filesTakenUnread, 31, "every file but the one reported")
        XCTAssertEqual(warm.findings, fresh.findings)
        XCTAssertFalse(warm.findings.contains { $0.rule == "no-credential-state-check" })
        XCTAssertEqual(try entryInode(), written, "a run that changed nothing leaves the cache as it was")
        // Same size, other content: its status-change time tells.
        try write("App/Account/Session.swift", sessionChecking(false))
        let changed = try lint([login], cache: cache)
        XCTAssertEqual(changed.filesTakenUnread, 30)
        XCTAssertTrue(changed.findings.contains { $0.rule == "no-credential-state-check" })
        XCTAssertEqual(changed.findings, try lint([login], cache: nil).findings)
        XCTAssertNotEqual(try entryInode(), written, "a changed file's summary is written")
        // A file gone is dropped from the cache: the next run writes it, the one after does not.
        try manager.removeItem(atPath: root + "/App/Feature/Screen7.swift")
        _ = try lint([login], cache: cache)
        let shrunk = try entryInode()
        XCTAssertNotEqual(shrunk, written)
        Thread.sleep(forTimeInterval: 2.1)
        _ = try lint([login], cache: cache)
        let settled = try entryInode()
        XCTAssertEqual(try lint([login], cache: cache).filesTakenUnread, 30)
        XCTAssertEqual(try entryInode(), settled)
    }

    /// Text given in place of a file's (an editor's unsaved buffer) counts in the run, reported
    /// or not, and the cache keeps the file on disk as it was: the next run takes it unread.
    func testTextGivenForAFileLeavesTheCacheOfTheFileOnDiskAsItWas() throws {
        Thread.sleep(forTimeInterval: 2.1)
        let stamping = try lint([login], cache: cache)
        let written = try entryInode()
        let given = [
            login: Array((try String(contentsOfFile: root + "/" + login, encoding: .utf8) + "// edited\n").utf8),
            "App/Account/Session.swift": Array(sessionChecking(false).utf8),
        ]
        for _ in 0..<2 {
            var options = LintOptions(
                scan: ScanOptions(paths: [login]), catalog: try RuleCatalog.builtin(), currentDirectory: root)
            options.cacheDirectory = cache
            options.scan.buffers = given
            let edited = try Linter.run(options)
            XCTAssertEqual(edited.filesTakenUnread, 30, "every file but the two given")
            XCTAssertTrue(edited.findings.contains { $0.rule == "missing-nonce" })
            XCTAssertTrue(
                edited.findings.contains { $0.rule == "no-credential-state-check" },
                "the text given for Session.swift no longer checks the state")
            XCTAssertEqual(try entryInode(), written, "the cache is not written")
        }
        let onDisk = try lint([login], cache: cache)
        XCTAssertEqual(onDisk.filesTakenUnread, 31)
        XCTAssertEqual(onDisk.findings, stamping.findings)
    }

    /// The cache file's inode and times: a cache written anew (through a new file renamed over
    /// it) has others.
    private func entryInode() throws -> [Int] {
        var status = stat()
        XCTAssertEqual(stat(try entryFile(), &status), 0)
        #if canImport(Darwin)
            let (modified, changed) = (status.st_mtimespec, status.st_ctimespec)
        #else
            let (modified, changed) = (status.st_mtim, status.st_ctim)
        #endif
        return [Int(status.st_ino), modified.tv_sec, modified.tv_nsec, changed.tv_sec, changed.tv_nsec].map { Int($0) }
    }

    /// A summary only says where to look: a file whose content changed after its summary was
    /// made (or that is gone) is read as it is now, and nothing found in it comes from the summary.
    func testAFileReadAgainIsTakenAsItIsNowNotAsItsSummarySaid() throws {
        let path = "App/Support/Vault.swift"
        try write(path, "func save(token: String) {}\n")
        let stale = FileSummary(
            imports: [], names: ["save", "token"].map { CodeView.hash($0) }.sorted(),
            functions: ["save", "wipe"].map { CodeView.hash($0) }, words: [])
        let file = ProjectFile(path: path, absolutePath: root + "/" + path, kind: .swift, size: 40)
        let pending = SourceFile.Pending(language: .swift, file: file, bytes: nil, maxFileSize: 1 << 20)
        let project = ProjectIndex(
            entries: [.summary(stale, pending)], words: WordIndex([]), scanned: nil, configuredFolders: [])
        XCTAssertEqual(project.functions(named: "wipe"), [], "the file declares no wipe")
        let save = try XCTUnwrap(project.functions(named: "save").first)
        XCTAssertEqual(project.files[FileID(0)].scopes[save.scope].name, "save")
        XCTAssertEqual(project.files.byteCount(FileID(0)), 40, "its size when scanned, until it is read")

        try manager.removeItem(atPath: root + "/" + path)
        let gone = ProjectIndex(
            entries: [.summary(stale, pending)], words: WordIndex([]), scanned: nil, configuredFolders: [])
        XCTAssertEqual(gone.functions(named: "save"), [])
        XCTAssertEqual(gone.files[FileID(0)].file.bytes, [])
    }

    func testAChangedFileIsReadAgain() throws {
        XCTAssertEqual(sessionChecking(false).utf8.count, sessionChecking(true).utf8.count)
        try write("App/Account/Session.swift", sessionChecking(false))
        XCTAssertTrue(try lint([login], cache: cache).findings.contains { $0.rule == "no-credential-state-check" })
        // Its summary said the file cannot check the state; the new content does.
        try write("App/Account/Session.swift", sessionChecking(true))
        XCTAssertFalse(try lint([login], cache: cache).findings.contains { $0.rule == "no-credential-state-check" })
        try write("App/Account/Session.swift", sessionChecking(false))
        XCTAssertTrue(try lint([login], cache: cache).findings.contains { $0.rule == "no-credential-state-check" })
    }

    func testTheCacheStaysOutsideTheTreeAndFullRunsLeaveItAlone() throws {
        let before = try manager.subpathsOfDirectory(atPath: root).sorted()
        _ = try lint(["."], cache: cache)
        XCTAssertFalse(manager.fileExists(atPath: cache), "a run of the whole project keeps no summaries")
        _ = try lint([login], cache: cache)
        XCTAssertEqual(try manager.subpathsOfDirectory(atPath: root).sorted(), before)
        XCTAssertEqual(try manager.contentsOfDirectory(atPath: cache).count, 2, "the entry and the key")
    }

    /// Every file is older than the stamping margin first: else the files' stamps would be
    /// left out of the first cache written and kept in a later one, by how long the runs took.
    func testADamagedCacheIsIgnoredAndRewritten() throws {
        Thread.sleep(forTimeInterval: 2.1)
        let expected = try lint([login], cache: nil).findings
        _ = try lint([login], cache: cache)
        let file = try entryFile()
        let good = try XCTUnwrap(manager.contents(atPath: file))
        for damaged in [
            Data(), good.prefix(good.count / 2), Data(good.reversed()),
            Data("authlint-summaries\n".utf8) + good.dropFirst(19).map { $0 ^ 0x5A },
        ] {
            try damaged.write(to: URL(fileURLWithPath: file))
            let run = try lint([login], cache: cache)
            XCTAssertEqual(run.findings, expected)
            XCTAssertEqual(run.filesLexed, 32, "nothing is taken from a damaged cache")
            XCTAssertEqual(manager.contents(atPath: file), good, "rewritten whole")
        }
    }

    /// A summary keeps, besides names and words, which of the rules' patterns match in the file,
    /// the types it declares or extends and the names it hands values to; the cache gives back
    /// exactly what it was given.
    func testASummaryKeepsWhichPatternsMatchTheTypesAndTheNamesHandedThroughTheCache() throws {
        let catalog = try RuleCatalog.builtin()
        let words = WordIndex(rules: catalog.rules, providers: catalog.providers)
        XCTAssertGreaterThan(words.patterns.patterns.count, 100)
        let code = CodeView(
            file: SourceFile(
                path: "Store.swift", language: .swift,
                bytes: Array(
                    """
                    import Foundation

                    func store(token: String) {
                        UserDefaults.standard.set(token, forKey: "token")
                        reset()
                        current = token
                    }

                    struct Vault { enum Key {} }
                    extension Session {}
                    let button = GIDSignInButton()

                    """.utf8)))
        let summary = FileSummary(code, words: words)
        let matching = try XCTUnwrap(
            words.patterns.patterns.first { $0.source == "$D.set($...VALUE, forKey: $...KEY)" })
        let absent = try XCTUnwrap(words.patterns.patterns.first { $0.source == "\"Authorization\"" })
        XCTAssertTrue(summary.mayMatch(matching, words.patterns))
        XCTAssertFalse(summary.mayMatch(absent, words.patterns))
        func keys(_ names: [String]) -> [NameKey] { names.map { CodeView.key($0) }.sorted() }
        XCTAssertEqual(
            summary.handedKeys, keys(["store", "set", "current=", "wrappedValue=", "button="]), "reset() hands nothing")
        var entries: [NameKey] = []
        XCTAssertTrue(summary.forEachEntryKey { entries.append($0) })
        XCTAssertEqual(entries, keys(["store"]), "a function with parameters")
        XCTAssertEqual(summary.typeKeys, keys(["Vault", "Key", "Session"]))
        XCTAssertEqual(summary.imports, ["Foundation"])
        XCTAssertEqual(summary.modules, ["GoogleSignIn"], "a known SDK type shows the module it comes from")
        XCTAssertEqual(summary.functionKeys, keys(["store"]))
        let patternBytes = (words.patterns.patterns.count + 7) / 8
        XCTAssertEqual(
            FileSummary(
                packed: summary.packed, wordCount: words.words.count, patternBytes: patternBytes, vocabulary: .none),
            summary)
        XCTAssertNil(
            FileSummary(
                packed: Array(summary.packed.dropLast()), wordCount: words.words.count, patternBytes: patternBytes,
                vocabulary: .none), "cut short")
        XCTAssertNil(
            FileSummary(
                packed: summary.packed, wordCount: words.words.count + 1, patternBytes: patternBytes, vocabulary: .none),
            "made for other words")

        let folder = try SummaryCache.Folder(path: cache)
        var written = SummaryCache()
        let key = SummaryCache.Key(bytes: code.file.bytes, language: .swift)
        written.entries[key] = summary
        try written.write(folder: folder, root: root, words: words)
        let read = SummaryCache(folder: folder, root: root, words: words)
        XCTAssertEqual(read.entries, written.entries)
        XCTAssertTrue(
            SummaryCache(
                folder: folder, root: root,
                words: WordIndex(rules: Array(catalog.rules.prefix(3)), providers: catalog.providers)
            )
            .entries.isEmpty, "made for other rules")
    }

    /// A pattern whose bit no question can read for a file (every clause that uses it needs a
    /// name, a module or a word the file lacks) is not matched there: it counts as matching.
    /// How many words and patterns the summaries were made for are numbers, not sizes of what
    /// follows: a small cache made for many patterns is read back whole.
    func testASmallCacheMadeForManyPatternsIsReadBack() throws {
        let catalog = try RuleCatalog.builtin()
        let words = WordIndex(rules: catalog.rules, providers: catalog.providers)
        let folder = try SummaryCache.Folder(path: cache)
        var written = SummaryCache()
        let key = SummaryCache.Key(bytes: Array("let a = 1\n".utf8), language: .swift)
        written.stamps["App/A.swift"] = SummaryCache.Stamped(
            stamp: FileStamp(identity: FileIdentity(device: 1, inode: 2), size: 10, modified: 3, changed: 4), key: key)
        try written.write(folder: folder, root: root, words: words)
        XCTAssertGreaterThan(words.patterns.patterns.count, 200, "more patterns than the file has bytes after them")
        XCTAssertEqual(SummaryCache(folder: folder, root: root, words: words).stamps, written.stamps)
    }

    func testAPatternNoClauseCanReadInAFileIsNotTriedThere() throws {
        let catalog = try RuleCatalog.builtin()
        let words = WordIndex(rules: catalog.rules, providers: catalog.providers)
        func summary(_ text: String) -> FileSummary {
            FileSummary(
                CodeView(file: SourceFile(path: "A.swift", language: .swift, bytes: Array(text.utf8))), words: words)
        }
        // Only a biometric check's function is searched for its success Boolean used with `?`.
        let success = try XCTUnwrap(words.patterns.patterns.first { $0.source == "$SUCCESS ?" })
        XCTAssertTrue(
            summary("let total = 1\n").mayMatch(success, words.patterns), "no evaluatePolicy: never asked, so not known"
        )
        let checked = """
            import LocalAuthentication

            func unlock(context: LAContext) {
                context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Unlock") { success, _ in
                    if success { open() }
                }
            }

            """
        XCTAssertFalse(summary(checked).mayMatch(success, words.patterns), "asked, and matched: no `success ?` there")
        XCTAssertTrue(
            summary(checked.replacingOccurrences(of: "if success {", with: "_ = success ? 1 : 0; if true {"))
                .mayMatch(success, words.patterns))
        // A presentation anchor's new window is looked for only in files that see AuthenticationServices
        // and declare presentationAnchor(for:).
        let window = try XCTUnwrap(words.patterns.patterns.first { $0.source == "{ $WINDOW() }" })
        let anchor = "func presentationAnchor(for controller: Int) -> Int { 1 }\n"
        XCTAssertTrue(summary(anchor).mayMatch(window, words.patterns))
        XCTAssertTrue(summary("import AuthenticationServices\nlet total = 1\n").mayMatch(window, words.patterns))
        XCTAssertFalse(summary("import AuthenticationServices\n" + anchor).mayMatch(window, words.patterns))
        // A pattern that spells no name and is asked of every file has no bit at all.
        XCTAssertFalse(words.patterns.patterns.contains { $0.source == "$LOGGER.$LEVEL(...)" })
        XCTAssertTrue(summary("let total = 1\n").mayMatch(try Pattern("$LOGGER.$LEVEL(...)"), words.patterns))
    }

    /// The cache file of the project, after a run that wrote it.
    private func entryFile() throws -> String {
        let names = try manager.contentsOfDirectory(atPath: cache).filter { $0.hasPrefix("summaries-") }
        XCTAssertEqual(names.count, 1, "\(names)")
        return cache + "/" + (try XCTUnwrap(names.first))
    }

    private func mode(_ path: String) throws -> Int {
        try XCTUnwrap(manager.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    func testTheFolderIsTheUsersAloneAndItsFilesTooWithAKey() throws {
        _ = try lint([login], cache: cache)
        XCTAssertEqual(try mode(cache), 0o700)
        XCTAssertEqual(try mode(cache + "/key"), 0o600)
        XCTAssertEqual(try mode(try entryFile()), 0o600)
        XCTAssertEqual(try XCTUnwrap(manager.contents(atPath: cache + "/key")).count, 32)
        XCTAssertEqual(
            try manager.contentsOfDirectory(atPath: cache).sorted(),
            ["key", (try entryFile() as NSString).lastPathComponent])

        // A folder others may write in, or a key others may read, is not used.
        let expected = try lint([login], cache: nil).findings
        let before = try XCTUnwrap(manager.contents(atPath: try entryFile()))
        for (path, loose) in [(cache, 0o777), (cache, 0o720), (cache + "/key", 0o644), (cache + "/key", 0o660)] {
            XCTAssertEqual(chmod(path, mode_t(loose)), 0)
            let run = try lint([login], cache: cache)
            XCTAssertEqual(run.findings, expected)
            XCTAssertEqual(run.filesLexed, 32, "nothing taken from the cache")
            XCTAssertTrue(
                run.cacheProblem?.hasPrefix("cannot use the cache folder \(cache): ") == true, run.cacheProblem ?? "nil"
            )
            XCTAssertEqual(chmod(path, path == cache ? 0o700 : 0o600), 0)
        }
        XCTAssertEqual(manager.contents(atPath: try entryFile()), before, "nothing written meanwhile")
        // A key that is a link, or not a file, is refused as well.
        try manager.removeItem(atPath: cache + "/key")
        try manager.createSymbolicLink(
            atPath: cache + "/key", withDestinationPath: root + "/App/Login/LoginController.swift")
        XCTAssertNotNil(try lint([login], cache: cache).cacheProblem)
        try manager.removeItem(atPath: cache + "/key")
        try manager.createDirectory(atPath: cache + "/key", withIntermediateDirectories: false)
        XCTAssertNotNil(try lint([login], cache: cache).cacheProblem)
        // A new folder is made 0700 even under a permissive umask.
        let fresh = (cache as NSString).deletingLastPathComponent + "/fresh/cache"
        let old = umask(0)
        defer { umask(old) }
        XCTAssertNil(try lint([login], cache: fresh).cacheProblem)
        XCTAssertEqual(try mode(fresh), 0o700)
        XCTAssertEqual(try mode(fresh + "/key"), 0o600)
    }

    func testALinkPlantedInTheFolderIsNeverWrittenThrough() throws {
        _ = try lint([login], cache: cache)
        let entry = try entryFile()
        try manager.removeItem(atPath: entry)
        let victim = (cache as NSString).deletingLastPathComponent + "/victim"
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: victim))
        // Every name a run could predict: the entry, and the temporary names 0.1.0 used.
        for name in [entry, entry + ".\(getpid()).tmp", entry + ".tmp"] {
            try manager.createSymbolicLink(atPath: name, withDestinationPath: victim)
        }
        let run = try lint([login], cache: cache)
        XCTAssertEqual(run.findings, try lint([login], cache: nil).findings)
        XCTAssertEqual(manager.contents(atPath: victim), Data("precious\n".utf8), "the victim is unchanged")
        XCTAssertEqual(
            try manager.attributesOfItem(atPath: entry)[.type] as? FileAttributeType, .typeRegular,
            "the link was replaced")
        XCTAssertLessThanOrEqual(try lint([login], cache: cache).filesLexed, 2, "and the entry works")
    }

    /// Replaces, in the cache file, the summary of `Session.swift` that checks the credential
    /// state by the one of the same-length version that does not, so that a run that trusted it
    /// would report `no-credential-state-check`.
    private func forgedEntry(sealedWith key: [UInt8]?) throws -> Data {
        try write("App/Account/Session.swift", sessionChecking(false))
        _ = try lint([login], cache: cache)
        let lying = try XCTUnwrap(manager.contents(atPath: try entryFile()))
        try write("App/Account/Session.swift", sessionChecking(true))
        let wrong = SummaryCache.Key(bytes: Array(sessionChecking(false).utf8), language: .swift).digest
        let right = SummaryCache.Key(bytes: Array(sessionChecking(true).utf8), language: .swift).digest
        var body = [UInt8](lying.dropLast(32))
        let at = try XCTUnwrap((0...(body.count - 32)).first { Array(body[$0..<($0 + 32)]) == wrong })
        body.replaceSubrange(at..<(at + 32), with: right)
        let seal =
            key.map { Array(HMAC<SHA256>.authenticationCode(for: body, using: SymmetricKey(data: $0))) }
            ?? Array(SHA256.hash(data: body))
        return Data(body + seal)
    }

    func testAForgedEntryIsIgnored() throws {
        let honest = try lint([login], cache: nil).findings
        XCTAssertFalse(honest.contains { $0.rule == "no-credential-state-check" })
        let attackerKey = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        for seal in [nil, attackerKey] {
            let forged = try forgedEntry(sealedWith: seal)
            try forged.write(to: URL(fileURLWithPath: try entryFile()))
            let run = try lint([login], cache: cache)
            XCTAssertEqual(run.findings, honest, "a forged entry changes nothing")
            XCTAssertEqual(run.filesLexed, 32, "nothing is taken from it")
        }
        // The same forgery sealed with the folder's own key would be believed: the seal is what
        // keeps it out.
        let forged = try forgedEntry(sealedWith: Array(try XCTUnwrap(manager.contents(atPath: cache + "/key"))))
        try forged.write(to: URL(fileURLWithPath: try entryFile()))
        XCTAssertTrue(try lint([login], cache: cache).findings.contains { $0.rule == "no-credential-state-check" })
    }

    func testAnUnwritableCacheIsReportedAndTheRunGoesOn() throws {
        try Data("a file, not a folder".utf8).write(to: URL(fileURLWithPath: cache))
        let run = try lint([login], cache: cache)
        XCTAssertEqual(run.findings, try lint([login], cache: nil).findings)
        XCTAssertNotNil(run.cacheProblem)
    }
}
