import AuthLintIndex
import AuthLintModel
import AuthLintProject

/// One run's analyses over a project's index. The index holds facts and never changes; each
/// analysis keeps what it works out in a memo of its own, made with the run and let go with it.
/// Every evaluator of a run shares it, so that a value followed for one rule is followed once.
package final class AnalysisRun: Sendable {
    package let project: ProjectIndex
    /// Whether live code can reach a place (`#if false`, constant conditions, unused code).
    package let reachability: Reachability
    /// Where values come from (``ValueResolver``).
    let values = ValueMemo()

    package init(_ project: ProjectIndex) {
        self.project = project
        reachability = Reachability(project)
    }
}

/// What following values works out in one run, kept for the rest of it.
final class ValueMemo: Sendable {
    /// Where each name is given a value, per file.
    let assignmentSites = Memo<NameInFile, [AssignmentSite]>()
    /// Where each name is declared (`let name`, `var name`), per file, for declared types.
    let declarationSites = Memo<NameInFile, [Int32]>()
    /// The values each static member of a type is declared with, per target (see `ValueResolver.staticMemberValues`).
    let staticMembers = Memo<StaticMember, [ValueResolver.Site]>()
    /// The values each function gives back (see `ValueResolver.returnedValues(of:)`).
    let returned = Memo<ProjectIndex.ScopeRef, [CodeRange]>()
    /// Where the value of each piece of code comes from, as far as it was followed (see `ValueResolver.resolve`).
    let resolved = Memo<ResolvedValue, ValueResolver.Result>()
}

/// A piece of code whose value is followed, and how far.
struct ResolvedValue: Hashable {
    var file: FileID
    var range: Range<Int>
    var following: Int
}

/// A static member (by its name's hash) of a type, in one target.
struct StaticMember: Hashable {
    var target: TargetID
    var type: UInt64
    var member: UInt64
}
