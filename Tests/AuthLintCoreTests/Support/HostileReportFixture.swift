import Foundation

@testable import AuthLintAnalysis
@testable import AuthLintCore
@testable import AuthLintIndex
@testable import AuthLintModel
@testable import AuthLintProject
@testable import AuthLintReporters
@testable import AuthLintRules
@testable import AuthLintSyntax

extension ReportFixture {
    /// The text a hostile tree can put in a path or a message: markup and entities, quotes, ESC,
    /// the right-to-left override and mark, NUL, a non-character and a carriage return.
    static let hostileText = "a<b>&amp;\"q\"'s\u{1B}[31m\u{202E}lmth.exe\u{200F}\u{0}\u{FFFF}\r!"

    /// ``HostileOutputTests/report()`` (names that try to start lines, workflow commands,
    /// elements and terminal sequences), with a finding whose path, message, rule and related
    /// place hold ``hostileText``, and a stale entry of a strict baseline that holds it too.
    static var hostile: LintReport {
        var report = HostileOutputTests.report()
        let path = "Hostile/" + hostileText + ".swift"
        report.findings.append(
            Finding(
                rule: "team-" + hostileText, severity: .warning, message: "message " + hostileText, path: path,
                line: 3, column: 7, endLine: 3, endColumn: 9,
                related: [.init(path: path, line: 1, column: 1, message: "related " + hostileText)],
                fingerprint: "feedfacefeedface"))
        report.diagnostics.append(
            Diagnostic(path: path, kind: .lexical, message: "diagnostic " + hostileText, line: 2, column: 4))
        report.baselineStale = [
            Baseline.Entry(
                rule: "token-logged", path: path, fingerprint: "0011223344556677", message: "stale " + hostileText)
        ]
        report.strictBaseline = true
        return report
    }

    /// What a report shows for ``hostileText``: every character XML or a terminal would act on
    /// shown escaped, the markup as written.
    static let hostileTextShown = #"a<b>&amp;"q"'s\e[31m\u{202E}lmth.exe\u{200F}\0\u{FFFF}\r!"#

    /// Bytes no CI report may hold raw: C0 controls but tab and line feed, and DEL.
    static let forbiddenBytes: Set<UInt8> = Set(0..<0x20).subtracting([0x09, 0x0A]).union([0x7F])

    /// Characters no CI report may hold raw: the bidirectional controls and marks, C1 controls
    /// and the non-characters XML 1.0 forbids.
    static func hasForbiddenScalars(_ text: String) -> Bool {
        text.unicodeScalars.contains {
            (0x80...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value)
                || (0x2066...0x2069).contains($0.value)
                || $0.value == 0x200E || $0.value == 0x200F || $0.value == 0xFFFE || $0.value == 0xFFFF
        }
    }
}
