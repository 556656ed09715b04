import Foundation
import XCTest

/// Every command's `--help` reads well in an 80-column terminal: no line is longer, no default
/// is said twice, and prose is wrapped by the help printer, never broken by a hard line end.
final class HelpTests: XCTestCase {
    private static let commands = [[], ["lint"], ["rules"], ["explain"], ["config"], ["init"]]

    private func help(_ command: [String], columns: Int, flag: String = "--help") throws -> String {
        let executable = try CLITests.requireExecutable()
        let process = Process()
        process.executableURL = executable
        process.arguments = command + [flag]
        process.environment = ProcessInfo.processInfo.environment.merging(["COLUMNS": "\(columns)"]) { _, new in new }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, command.joined(separator: " "))
        return String(decoding: data, as: UTF8.self)
    }

    func testEveryHelpFitsEightyColumns() throws {
        for command in Self.commands {
            let text = try help(command, columns: 80)
            XCTAssertTrue(text.contains("USAGE: authlint"), text)
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                XCTAssertLessThanOrEqual(
                    line.unicodeScalars.count, 80, "authlint \(command.joined(separator: " ")) --help: \(line)")
            }
        }
    }

    func testNoOptionSaysItsDefaultTwice() throws {
        for command in Self.commands {
            let text = try help(command, columns: 80)
            // An option's entry: its line and the indented lines under it.
            var entries: [String] = []
            for line in text.split(separator: "\n") {
                if line.hasPrefix("  -") || line.hasPrefix("  <") || entries.isEmpty || !line.hasPrefix("      ") {
                    entries.append(String(line))
                } else {
                    entries[entries.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
                }
            }
            for entry in entries {
                let defaults = entry.components(separatedBy: "default").count - 1
                XCTAssertLessThanOrEqual(defaults, 1, "authlint \(command.joined(separator: " ")): \(entry)")
            }
        }
    }

    /// At 1,000 columns nothing needs wrapping: a prose line that ends mid-sentence was broken
    /// by a hard line end in the source, which would break again at any other width.
    func testProseIsWrappedByTheHelpPrinterOnly() throws {
        for command in Self.commands {
            let text = try help(command, columns: 1_000)
            for line in text.split(separator: "\n") where !line.hasPrefix(" ") && !line.hasPrefix("USAGE:") {
                guard let last = line.last else { continue }
                XCTAssertTrue(
                    ".:)".contains(last), "authlint \(command.joined(separator: " ")) --help breaks a sentence: \(line)"
                )
            }
            for line in text.split(separator: "\n") where line.hasPrefix("  -") || line.hasPrefix("  <") {
                guard let last = line.last else { continue }
                XCTAssertTrue(
                    ".)".contains(last) || line.hasSuffix(">") || line.count < 30,
                    "authlint \(command.joined(separator: " ")) --help: an option's help ends mid-sentence: \(line)")
            }
        }
    }

    /// The tuning options never change the findings: `--help` leaves them out, as ruff leaves out
    /// its own, and `--help-hidden` lists them under a heading of their own.
    func testTuningOptionsAreHiddenUnderAHeadingOfTheirOwn() throws {
        let flags = ["--prefilter", "--resident-source", "--timings"]
        let shown = try help(["lint"], columns: 80)
        for flag in flags { XCTAssertFalse(shown.contains(flag), flag) }
        XCTAssertTrue(shown.contains("--help-hidden"), shown)
        let hidden = try help(["lint"], columns: 80, flag: "--help-hidden")
        let tuning = try XCTUnwrap(hidden.range(of: "TUNING:\n"), hidden)
        let section = String(hidden[tuning.upperBound...]).components(separatedBy: "\n\n")[0]
        for flag in flags { XCTAssertTrue(section.contains(flag), "\(flag) under TUNING: \(hidden)") }
    }
}
