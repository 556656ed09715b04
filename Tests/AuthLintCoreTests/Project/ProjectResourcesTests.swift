import XCTest

@testable import AuthLintAnalysis
@testable import AuthLintCore
@testable import AuthLintIndex
@testable import AuthLintModel
@testable import AuthLintProject
@testable import AuthLintReporters
@testable import AuthLintRules
@testable import AuthLintSyntax

final class ProjectResourcesTests: XCTestCase {
    /// The files of a kind nearest to a folder are those of the deepest folder above it that has
    /// some, else the project's only one when asked for: the same answer as looking at every
    /// candidate from each folder up, for folders asked in any order.
    func testTheScannedPathsAnswerWhetherAFileOrAFolderIsThere() {
        var resources = ProjectResources()
        let paths = ["App/A.swift", "App/Sub/B.swift", "App+/C.swift", "Apps/D.swift", "README"].sorted(
            by: ProjectPath.precedes)
        resources.scannedFiles = paths.map {
            ProjectFile(path: $0, absolutePath: "/project/" + $0, kind: .swift, size: 1)
        }
        for path in paths { XCTAssertTrue(resources.scanned(path), path) }
        for path in ["App", "App/Sub", "Apps/", "app/A.swift", ""] { XCTAssertFalse(resources.scanned(path), path) }
        for folder in ["App", "App/Sub", "App+", "Apps"] {
            XCTAssertTrue(resources.scannedFile(inFolder: folder), folder)
        }
        for folder in ["Ap", "App/Su", "App/Sub/B.swift", "README", "Other"] {
            XCTAssertFalse(resources.scannedFile(inFolder: folder), folder)
        }
    }

    func testTheNearestFilesAreThoseOfTheDeepestFolderThatHasSome() {
        func expected(_ folder: String, _ candidates: [String], orOnly: Bool) -> [String] {
            var parts = folder.split(separator: "/").map(String.init)
            while true {
                let prefix = parts.isEmpty ? "" : parts.joined(separator: "/") + "/"
                let here = candidates.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/") }
                if !here.isEmpty { return here.sorted() }
                if parts.isEmpty { return orOnly && candidates.count == 1 ? candidates : [] }
                parts.removeLast()
            }
        }
        var random = LexTest.Random(state: 16)
        let names = ["a", "b", "c"]
        func folder(depth: Int) -> String {
            (0..<depth).map { _ in names.randomElement(using: &random)! }.joined(separator: "/")
        }
        for round in 0..<200 {
            let candidates = (0..<(round % 4)).map { _ in
                let place = folder(depth: Int.random(in: 0...3, using: &random))
                return (place.isEmpty ? "" : place + "/") + "X\(Int.random(in: 0...1, using: &random)).entitlements"
            }
            let unique = Array(Set(candidates))
            for orOnly in [false, true] {
                var nearest = ProjectResources.Nearest(unique, orOnly: orOnly)
                for _ in 0..<20 {
                    let asked = folder(depth: Int.random(in: 0...4, using: &random))
                    XCTAssertEqual(
                        nearest.found(inOrAbove: asked), expected(asked, unique, orOnly: orOnly),
                        "\(asked) in \(unique)")
                }
            }
        }
    }
}
