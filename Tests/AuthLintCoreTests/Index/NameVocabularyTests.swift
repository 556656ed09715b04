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

/// A summary writes the names its vocabulary holds as their numbers and the others as their
/// keys: what it says must not depend on which vocabulary it is written with.
final class NameVocabularyTests: XCTestCase {
    /// A hash whose key (``NameKey``) is `key`.
    private func hash(_ key: NameKey) -> UInt64 { UInt64(key) << 32 | 0x1234 }

    /// A summary of these names, declaring the first three as types and the last as a
    /// function, and handing values to every other one.
    private func summary(_ keys: [NameKey], _ vocabulary: NameVocabulary) -> FileSummary {
        FileSummary(
            imports: ["Foundation"], names: keys.map(hash), functions: keys.suffix(1).map(hash), words: [0, 3],
            patterns: [1],
            types: keys.prefix(3).map(hash),
            handed: keys.enumerated().filter { $0.offset % 2 == 0 }.map { hash($0.element) },
            vocabulary: vocabulary)
    }

    func testASummarySaysTheSameNamesWhateverItsVocabulary() throws {
        var random = LexTest.Random(state: 16)
        for round in 0..<200 {
            // Few keys, so that files and vocabularies share many; some rounds spread the numbers
            // far apart, so that a gap takes more than one byte.
            let universe = round % 4 == 0 ? 70_000 : 600
            func draw(_ count: Int) -> [NameKey] {
                (0..<count).map { _ in NameKey(random.below(universe)) &* 61_543 }.sortedUnique()
            }
            let names = draw(random.below(300))
            let vocabularies = [
                NameVocabulary.none,
                try XCTUnwrap(NameVocabulary(keys: draw(random.below(universe)))),
                try XCTUnwrap(NameVocabulary(keys: names)),
            ]
            let wanted = draw(random.below(40))
            let asked = draw(60)
            let plain = summary(names, .none)
            for vocabulary in vocabularies {
                let written = summary(names, vocabulary)
                XCTAssertEqual(written.nameKeys, names, "round \(round)")
                var each: [NameKey] = []
                written.forEachNameKey { each.append($0) }
                XCTAssertEqual(each.sorted(), names)
                let expected = wanted.indices.filter { names.sortedContains(wanted[$0]) }
                XCTAssertEqual(written.positions(ofNameKeys: wanted), expected)
                for split in vocabularies {
                    XCTAssertEqual(
                        written.positions(of: NameQuery(keys: wanted, vocabulary: split)), expected, "round \(round)")
                }
                for key in asked + names.prefix(20) {
                    XCTAssertEqual(written.mentions(hash(key)), names.sortedContains(key), "round \(round), key \(key)")
                }
                XCTAssertEqual(written, plain)
                XCTAssertEqual(written.hashValue, plain.hashValue)
                XCTAssertEqual(written.written(with: .none).packed, plain.packed)
                XCTAssertEqual(plain.written(with: vocabulary).packed, written.packed)
                XCTAssertEqual(written.functionKeys, Array(names.suffix(1)))
                var functions: [NameKey] = []
                written.forEachFunctionKey { functions.append($0) }
                XCTAssertEqual(functions, Array(names.suffix(1)))
                XCTAssertEqual(written.typeKeys, Array(names.prefix(3)))
                XCTAssertEqual(written.handedKeys, names.enumerated().filter { $0.offset % 2 == 0 }.map(\.element))
                XCTAssertEqual(written.imports, ["Foundation"])
                XCTAssertEqual(written.word(at: 1), 3)
                let read = try XCTUnwrap(
                    FileSummary(packed: written.packed, wordCount: 2, patternBytes: 1, vocabulary: vocabulary))
                XCTAssertEqual(read.nameKeys, names)
                if vocabulary !== NameVocabulary.none, names.contains(where: { vocabulary.number(of: $0) != nil }) {
                    XCTAssertLessThan(written.packed.count, plain.packed.count, "round \(round)")
                    XCTAssertNil(
                        FileSummary(packed: written.packed, wordCount: 2, patternBytes: 1, vocabulary: .none),
                        "numbers read without their vocabulary")
                }
            }
        }
    }

    func testEveryWordKeepsItsTwoBits() throws {
        var random = LexTest.Random(state: 4)
        for count in 0..<14 {
            let words = (0..<count).map { _ in UInt8(random.below(4)) }
            let summary = FileSummary(imports: [], names: [hash(1)], functions: [], words: words, patterns: [1])
            XCTAssertEqual((0..<(count + 2)).map { summary.word(at: $0) }, words + [nil, nil])
            // The header, one name as its key, no function, then the words and the pattern byte.
            XCTAssertEqual(
                summary.packed.count, FileSummary.headerSize + 8 + 4 + (count + 3) / 4 + 1, "four words to a byte")
            let read = try XCTUnwrap(
                FileSummary(packed: summary.packed, wordCount: count, patternBytes: 1, vocabulary: .none))
            XCTAssertEqual((0..<count).map { read.word(at: $0) }, words)
        }
    }

    func testNamesThatCannotBeReadAreNotTrusted() throws {
        let vocabulary = try XCTUnwrap(NameVocabulary(keys: [10, 20, 30]))
        let packed = FileSummary(
            imports: [], names: [5, 10, 30, 40].map(hash), functions: [], words: [0, 3], patterns: [1],
            vocabulary: vocabulary
        ).packed
        XCTAssertNotNil(FileSummary(packed: packed, wordCount: 2, patternBytes: 1, vocabulary: vocabulary))
        // Numbers 0 and 2 (10 and 30) come after the two keys, as the gaps 0 and 1.
        let header = FileSummary.headerSize
        let numbers = header + 4 + 8
        XCTAssertEqual(Array(packed[numbers..<(numbers + 2)]), [0, 1])
        func damaged(_ change: (inout [UInt8]) -> Void) -> FileSummary? {
            var bytes = packed
            change(&bytes)
            return FileSummary(packed: bytes, wordCount: 2, patternBytes: 1, vocabulary: vocabulary)
        }
        XCTAssertNil(damaged { $0[numbers + 1] = 2 }, "a number past the vocabulary's end")
        XCTAssertNil(damaged { $0[numbers + 1] = 0x81 }, "a number cut short")
        XCTAssertNil(damaged { $0[header + 4] = 50 }, "keys out of order")
        XCTAssertNil(damaged { $0[header] = 3 }, "more keys than the part holds")
        XCTAssertNil(NameVocabulary(keys: [3, 2]))
        XCTAssertNil(NameVocabulary(keys: [2, 2]))
    }

    func testTheVocabularyIsTheNamesTwoFilesOfTheSampleUse() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authlint-vocabulary-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let texts = [
            "A.swift": "import Foundation\n@MainActor final class Login { let token = \"x\" }\n",
            "B.swift": "import UIKit\n@MainActor struct Screen { var token: String // Login\n}\n",
            "C.m": "#import <Foundation/Foundation.h>\n@interface Only : NSObject\n@end\n",
            "D.txt": "import Foundation UIKit Screen x",
        ]
        var files: [ProjectFile] = []
        for (name, text) in texts.sorted(by: { $0.key < $1.key }) {
            let path = root + "/" + name
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            files.append(
                ProjectFile(
                    path: name, absolutePath: path,
                    kind: name.hasSuffix(".txt") ? .entitlements : name.hasSuffix(".m") ? .objectiveC : .swift,
                    size: text.utf8.count))
        }
        let vocabulary = NameVocabulary.sampled(from: files, maxFileSize: 1 << 20)
        // Foundation is in A and C (`Foundation/Foundation.h`), the others in A and B (Login in a comment).
        let shared = ["import", "Foundation", "@MainActor", "token", "Login"]
        XCTAssertEqual(vocabulary.keys, shared.map { CodeView.key($0) }.sorted())
        for name in shared {
            XCTAssertNotNil(vocabulary.number(of: CodeView.key(name)), name)
        }
        // Only the sources are sampled: D.txt is no source.
        for name in ["UIKit", "Screen", "MainActor", "Only", "interface", "x"] {
            XCTAssertNil(vocabulary.number(of: CodeView.key(name)), name)
        }
        XCTAssertEqual(
            NameVocabulary.sampled(from: files, maxFileSize: 1 << 20).keys, vocabulary.keys, "the same from run to run")
        XCTAssertTrue(
            NameVocabulary.sampled(from: Array(files.prefix(1)), maxFileSize: 1 << 20).keys.isEmpty,
            "one file shares nothing")
    }

    func testTheCacheKeepsItsVocabularyAndWritesEverySummaryWithIt() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authlint-vocabulary-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: base) }
        let folder = try SummaryCache.Folder(path: base + "/cache")
        let words = WordIndex([Array("token".utf8)])
        let vocabulary = try XCTUnwrap(NameVocabulary(keys: [10, 20, 30]))
        var cache = SummaryCache()
        cache.vocabulary = vocabulary
        let first = SummaryCache.Key(bytes: Array("a".utf8), language: .swift)
        let second = SummaryCache.Key(bytes: Array("b".utf8), language: .swift)
        cache.entries[first] = FileSummary(
            imports: [], names: [10, 20, 40].map(hash), functions: [], words: [1], vocabulary: vocabulary)
        // Made with no vocabulary: written with the cache's.
        cache.entries[second] = FileSummary(
            imports: [], names: [20, 30, 50].map(hash), functions: [], words: [0], vocabulary: .none)
        try cache.write(folder: folder, root: "/app", words: words)
        let read = SummaryCache(folder: folder, root: "/app", words: words)
        XCTAssertEqual(read.vocabulary.keys, [10, 20, 30])
        XCTAssertEqual(read.entries, cache.entries)
        XCTAssertEqual(read.entries[second]?.nameKeys, [20, 30, 50])
        XCTAssertTrue(read.entries.values.allSatisfy { $0.vocabulary === read.vocabulary })
    }
}
