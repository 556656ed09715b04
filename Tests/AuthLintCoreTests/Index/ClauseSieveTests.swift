import Foundation
import XCTest

@testable import AuthLintAnalysis
@testable import AuthLintCore
@testable import AuthLintIndex
@testable import AuthLintModel
@testable import AuthLintProject
@testable import AuthLintRules
@testable import AuthLintSyntax

/// A rule's sieve (``ClauseSieve``) and the word rows (``WordFiles``) only answer faster: for
/// every rule of the catalog and every kind of file, they say what asking the rule's conditions
/// and each clause in turn says.
final class ClauseSieveTests: XCTestCase {
    /// A file as the index may hold it: a summary made by the lexer, the same written with a
    /// vocabulary of names, one made from the bytes (no pattern bits), or a lexed file's words.
    private enum Kind: CaseIterable {
        case lexed, vocabulary, bytes, words
    }

    private struct Fixture {
        let catalog: RuleCatalog
        let index: WordIndex
        let codes: [CodeView]
    }

    /// The catalog, its words, and the Swift code of every rule's examples.
    private func fixture() throws -> Fixture {
        let catalog = try RuleCatalog.builtin()
        let index = WordIndex(rules: catalog.rules, providers: catalog.providers)
        var codes: [CodeView] = []
        for rule in catalog.rules {
            for example in rule.description.examples.triggering + rule.description.examples.nonTriggering {
                for file in MarkedExample(example).files where file.path.hasSuffix(".swift") {
                    codes.append(CodeView(file: SourceFile(path: "File.swift", bytes: Array(file.text.utf8))))
                }
            }
        }
        return Fixture(catalog: catalog, index: index, codes: codes)
    }

    /// What the file says, as each kind of file holds it.
    private func asked(_ code: CodeView, _ kind: Kind, _ index: WordIndex) throws -> WordsAndNames {
        let summary = FileSummary(code, words: index)
        let words = index.words.indices.map { summary.word(at: $0) ?? 0 }
        switch kind {
        case .lexed:
            return summary
        case .vocabulary:
            let keys = Array(
                code.nameHashes.map(CodeView.key).sortedUnique().enumerated().filter { $0.offset % 2 == 0 })
            return summary.written(with: try XCTUnwrap(NameVocabulary(keys: keys.map(\.element))))
        case .bytes:
            return FileSummary(
                imports: summary.imports, names: code.nameHashes, functions: [], words: words,
                unlexed: FileSummary.Unlexed(functions: nil, types: nil))
        case .words:
            return LexedWords(words: words, code: code)
        }
    }

    private func sieved(_ sieve: ClauseSieve, _ file: WordsAndNames, among: [Int]? = nil) -> [Int] {
        if let summary = file as? FileSummary { return sieve.clauses(mayMatchIn: summary, among: among) }
        return sieve.clauses(mayMatchIn: file as! LexedWords, among: among)
    }

    private func sievesAny(_ sieve: ClauseSieve, _ file: WordsAndNames) -> Bool {
        if let summary = file as? FileSummary { return sieve.anyClause(mayMatchIn: summary) }
        return sieve.anyClause(mayMatchIn: file as! LexedWords)
    }

    func testASieveAnswersAsTheClausesAskedOneByOne() throws {
        let fixture = try fixture()
        XCTAssertGreaterThan(fixture.codes.count, 100)
        let sieves = fixture.catalog.rules.map {
            ClauseSieve(clauses: $0.match.patterns, conditions: $0.match.conditions, index: fixture.index)
        }
        var (kept, left) = (0, 0)
        for kind in Kind.allCases {
            for (number, code) in fixture.codes.enumerated() {
                let file = try asked(code, kind, fixture.index)
                for (rule, sieve) in zip(fixture.catalog.rules, sieves) {
                    let clauses = rule.match.patterns
                    let expected =
                        file.conditionsMayHold(rule.match.conditions, fixture.index)
                        ? clauses.indices.filter { file.clauseMayMatch(clauses[$0], fixture.index) } : []
                    let what = "\(rule.id), example file \(number + 1), \(kind)"
                    XCTAssertEqual(sieved(sieve, file), expected, what)
                    XCTAssertEqual(sievesAny(sieve, file), !expected.isEmpty, what)
                    let among = clauses.indices.filter { $0 % 3 != 1 }
                    XCTAssertEqual(sieved(sieve, file, among: among), expected.filter(among.contains), what)
                    kept += expected.count
                    left += clauses.count - expected.count
                }
            }
        }
        // Both answers are common: a sieve that lets every clause through, or none, fails here.
        XCTAssertGreaterThan(kept, 1000)
        XCTAssertGreaterThan(left, 10 * kept)
    }

    /// A clause of words asked of every file at once gives the files each file's words give,
    /// and every file whose words are not known.
    func testWordRowsGiveTheFilesWhoseWordsMayMatch() throws {
        let fixture = try fixture()
        var files: [WordsAndNames?] = []
        for (number, code) in fixture.codes.enumerated() {
            files.append(number % 7 == 3 ? nil : try asked(code, number % 2 == 0 ? .lexed : .words, fixture.index))
        }
        let rows = WordFiles(fileCount: files.count, wordCount: fixture.index.wordCount) { index in
            (files[index] as? FileSummary)?.wordBits ?? (files[index] as? LexedWords)?.wordBits
        }
        let clauses = fixture.catalog.rules.flatMap { $0.match.patterns + $0.projectSearches.flatMap(\.clauses) }
            .filter { $0.words != nil }
        XCTAssertGreaterThan(clauses.count, 4)
        var found = 0
        for start in stride(from: 0, to: clauses.count, by: 3) {
            let asked = Array(clauses[start..<min(start + 3, clauses.count)])
            let tests = try XCTUnwrap(ClauseSieve(clauses: asked, index: fixture.index).wordTests)
            let expected = files.indices.filter { file in
                files[file].map { file in asked.contains { file.clauseMayMatch($0, fixture.index) } } ?? true
            }
            XCTAssertEqual(rows.files(containingAnyOf: tests), expected, "clauses \(start + 1) to \(start + 3)")
            found += expected.count
        }
        XCTAssertGreaterThan(found, 0)
        // A pattern is not words: a sieve with one is asked of each file.
        let pattern = try XCTUnwrap(fixture.catalog.rules.flatMap(\.match.patterns).first { $0.words == nil })
        XCTAssertNil(ClauseSieve(clauses: [clauses[0], pattern], index: fixture.index).wordTests)
    }
}
