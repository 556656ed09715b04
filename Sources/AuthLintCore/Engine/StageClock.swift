import AuthLintModel
import Foundation

/// The wall-clock time of each stage of a run, in order.
struct StageClock {
    private(set) var stages: [LintReport.StageTime] = []

    mutating func time<T>(_ stage: String, _ body: () throws -> T) rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try body()
        stages.append(
            LintReport.StageTime(
                stage: stage, seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9,
                peakBytes: Self.peakResidentBytes()))
        return result
    }

    /// The process's peak resident memory so far.
    static func peakResidentBytes() -> Int? {
        var usage = rusage()
        #if canImport(Darwin)
            guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
            return Int(usage.ru_maxrss)  // bytes
        #else
            guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return nil }
            return Int(usage.ru_maxrss) * 1024  // kilobytes
        #endif
    }
}
