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

/// Inputs ten times the size of a large real one run within a few times of the small input's
/// time per byte: no step of reading a project grows faster than its input. Linear work keeps
/// the ratio near 1; a quadratic step makes it about 10.
final class ScalingTests: XCTestCase {
    /// Seconds per byte of `input` through `work`, the fastest of `runs`.
    private func perByte(_ input: [UInt8], runs: Int, _ work: ([UInt8]) -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let start = Date()
            work(input)
            best = min(best, Date().timeIntervalSince(start))
        }
        return best / Double(input.count)
    }

    /// Asserts that the large input costs at most `factor` times the small one's time per byte.
    private func assertLinear(
        _ what: String, small: [UInt8], large: [UInt8], factor: Double = 4, file: StaticString = #filePath,
        line: UInt = #line,
        _ work: ([UInt8]) -> Void
    ) {
        // The small input's best of three (the first pays for page faults and lazy
        // initialisation); the large one once: noise only makes it look slower.
        let smallCost = perByte(small, runs: 3, work)
        let largeCost = perByte(large, runs: 1, work)
        XCTAssertLessThan(
            largeCost, smallCost * factor,
            "\(what): \(small.count) bytes at \(smallCost * 1e9) ns/byte, \(large.count) bytes at \(largeCost * 1e9) ns/byte",
            file: file, line: line)
    }

    func testAHundredThousandKeyPlistParsesInLinearTime() {
        func plist(_ keys: Int) -> [UInt8] {
            var text = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict>\n"
            for index in 0..<keys {
                text += "\t<key>key\(index)</key>\n\t<dict><key>value</key><string>v\(index)</string></dict>\n"
            }
            return Array((text + "</dict></plist>\n").utf8)
        }
        assertLinear("plist", small: plist(10_000), large: plist(100_000)) { bytes in
            XCTAssertNotNil(PropertyListParser.parse(bytes, path: "Data.plist").file.root)
        }
    }

    func testATwoHundredThousandLinePBXProjectParsesInLinearTime() {
        /// A target with `files` sources: a file reference, a build file and a phase entry each.
        func project(_ files: Int) -> [UInt8] {
            var references = ""
            var buildFiles = ""
            var phase = ""
            var children = ""
            for index in 0..<files {
                let reference = String(format: "1%023X", index)
                let build = String(format: "2%023X", index)
                references +=
                    "\t\t\(reference) /* F\(index).swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = F\(index).swift; sourceTree = \"<group>\"; };\n"
                buildFiles +=
                    "\t\t\(build) /* F\(index).swift in Sources */ = {isa = PBXBuildFile; fileRef = \(reference) /* F\(index).swift */; };\n"
                phase += "\t\t\t\t\(build) /* F\(index).swift in Sources */,\n"
                children += "\t\t\t\t\(reference) /* F\(index).swift */,\n"
            }
            let text = """
                // !$*UTF8*$!
                {
                \tarchiveVersion = 1;
                \tobjectVersion = 56;
                \tobjects = {
                \(buildFiles)\(references)\t\tG1 = {isa = PBXGroup; children = (
                \(children)\t\t\t); path = App; sourceTree = "<group>"; };
                \t\tG0 = {isa = PBXGroup; children = (G1); sourceTree = "<group>"; };
                \t\tS1 = {isa = PBXSourcesBuildPhase; files = (
                \(phase)\t\t\t); };
                \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (S1); name = App; productType = "com.apple.product-type.application"; };
                \t\tC1 = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = App;}; name = Release; };
                \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1); };
                \t\tP1 = {isa = PBXProject; buildConfigurationList = L1; mainGroup = G0; targets = (T1); };
                \t};
                \trootObject = P1;
                }

                """
            return Array(text.utf8)
        }
        // About 4 lines a file: 5,000 files make 20k lines, 50,000 make 200k.
        assertLinear("project.pbxproj", small: project(5_000), large: project(50_000)) { bytes in
            let parsed = XcodeProject.parse(bytes, path: "App.xcodeproj/project.pbxproj")
            XCTAssertEqual(parsed.project?.targets.first?.sourceFiles.isEmpty, false)
        }
    }

    func testAFiftyMegabyteSwiftFileWithAMegabyteLineIsReadInLinearTime() {
        /// Ordinary code, and one line of a megabyte (a generated table) in the middle.
        func source(_ megabytes: Int) -> [UInt8] {
            let unit = """
                final class Session {
                    private var token: String?
                    func refresh(_ value: String) {
                        if let token { print("refreshing \\(token.count)") }
                        token = value
                    }
                }

                """
            var text = ""
            let half = megabytes * 500_000
            while text.utf8.count < half { text += unit }
            text += "let table = [" + String(repeating: "0x1F, ", count: 1_000_000 / 6) + "]\n"
            while text.utf8.count < megabytes * 1_000_000 { text += unit }
            return Array(text.utf8)
        }
        // Lexing, line starts and comments at the full size; the code view (scopes, names,
        // calls) at a tenth of it, which is still five times the largest app file we have met.
        let small = source(5)
        let large = source(50)
        assertLinear("lexing", small: small, large: large) { bytes in
            let file = SourceFile(path: "Big.swift", bytes: bytes)
            XCTAssertFalse(file.tokens.isEmpty)
            _ = file.lineComments
        }
        assertLinear("code view", small: Array(small.prefix(500_000)), large: small) { bytes in
            XCTAssertFalse(CodeView(file: SourceFile(path: "Big.swift", bytes: bytes)).tokens.isEmpty)
        }
    }

    func testSuppressionsAreReadInLinearTime() {
        func source(_ count: Int) -> [UInt8] {
            var text = ""
            for index in 0..<count {
                text += "// authlint:disable:next token-logged -- debug builds only\nprint(token\(index))\n"
            }
            return Array(text.utf8)
        }
        assertLinear("suppressions", small: source(5_000), large: source(50_000)) { bytes in
            let file = SourceFile(path: "A.swift", bytes: bytes)
            let found = Suppression.parse(
                path: "A.swift", comments: file.lineComments, lineCount: file.lineStarts.count)
            XCTAssertFalse(found.isEmpty)
        }
    }
}
