import AuthLintModel
import AuthLintSyntax

/// How many matching steps the analysis of one file may take: the last line of defence against
/// an input that makes matching grow faster than its size. A file whose analysis spends it gets a
/// `too-complex` diagnostic and no findings of its own, and the run goes on.
///
/// One budget is used by one thread at a time: each file's analysis makes its own.
public final class StepBudget: @unchecked Sendable {
    public let limit: Int
    /// The steps taken. Private, so that the compiler sees every access to it and checks none
    /// for exclusivity at run time: it is read once a matching step, from other targets too.
    private var taken = 0
    public var spent: Int { taken }

    public init(limit: Int) {
        self.limit = limit
    }

    /// The budget of a file of `bytes` bytes.
    public convenience init(bytes: Int, allowance: Allowance = .standard) {
        self.init(limit: allowance.base + allowance.perByte * bytes)
    }

    /// The budget of a file of `bytes` bytes, of which `spent` steps are already taken.
    package convenience init(bytes: Int, allowance: Allowance, spent: Int) {
        self.init(bytes: bytes, allowance: allowance)
        taken = spent
    }

    /// How many steps a file gets: a fixed allowance that no ordinary file comes near, and more
    /// for a larger file, so that the work of a whole run stays linear in its size.
    public struct Allowance: Sendable, Hashable {
        public var base: Int
        public var perByte: Int

        public init(base: Int, perByte: Int) {
            self.base = base
            self.perByte = perByte
        }

        /// Analysing an app's own file takes a few steps per token (under 8,000 for a file of
        /// 5,000 tokens); this is over a hundred times that. Ten million steps take about a
        /// second, so a file of the largest size read (8 MiB) is given up within a quarter minute.
        public static let standard = Allowance(base: 1_000_000, perByte: 16)
    }

    public var isSpent: Bool { taken >= limit }

    /// Takes one step; false once the budget is spent.
    @inline(__always)
    func spend() -> Bool {
        guard taken < limit else { return false }
        taken += 1
        return true
    }
}
