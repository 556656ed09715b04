import AuthLintTestSupport
import Foundation
import XCTest

/// Golden-file comparison: `AUTHLINT_UPDATE_GOLDEN=1` rewrites the file instead of comparing.
enum Golden {
    static var directory: String { RepositoryPaths.root + "/Tests/AuthLintCoreTests/Golden" }

    static func check(_ actual: String, name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = directory + "/" + name
        if ProcessInfo.processInfo.environment["AUTHLINT_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try actual.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
            XCTFail("missing golden file \(name); run AUTHLINT_UPDATE_GOLDEN=1 swift test", file: file, line: line)
            return
        }
        if expected != actual {
            let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let first =
                zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(expectedLines.count, actualLines.count)
            let shown = { (lines: [Substring]) in first < lines.count ? String(lines[first]) : "<end of file>" }
            XCTFail(
                "\(name) differs from its golden file from line \(first + 1) (AUTHLINT_UPDATE_GOLDEN=1 rewrites it):\n"
                    + "  expected: \(shown(expectedLines))\n  actual:   \(shown(actualLines))",
                file: file, line: line)
        }
    }
}
