import Foundation

extension RuleEvaluator {
    // MARK: - Where a value comes from

    /// The first place the value `binding` holds comes from that one of `clauses` (the catalog's
    /// patterns for an origin) describes, following the value back through assignments, the
    /// names inside its values, the callers of the function it is a parameter of, the values
    /// the project's functions it calls return, and the call that hands a closure its
    /// parameters. What is only read off such a value (`token.count`, `token != nil`) does not
    /// come from it.
    /// With `usingCall`, the binding is the call that uses the value (`print(x)`, a whole match):
    /// its arguments are the value, not something made of it.
    /// With `throughCallees`, the callee a closure's parameters come from counts as their origin
    /// (`Messaging.messaging().token { token, error in }`): right for what a call hands out only
    /// in that, every parameter of the closure included.
    func origin(
        of binding: Binding, _ fileIndex: Int, _ clauses: [PatternClause], usingCall: Bool, throughCallees: Bool = false
    ) -> ValueResolver.Site? {
        guard !clauses.isEmpty else { return nil }
        let following: ValueResolver.Following = usingCall ? ValueResolver.Following.origins.union(.usingCall) : .origins
        let sites = resolver.resolve(file: fileIndex, range: binding.range, following: following).sites
        for (order, site) in sites.enumerated() where throughCallees || !site.callee {
            let code = project.files[site.file]
            let candidates = clauses.filter { accepts($0, site.file) && project.mayMatch($0, inFile: site.file) }
            guard !candidates.isEmpty else { continue }
            let matcher = Matcher(code, budget: budget)
            for clause in candidates {
                for match in matcher.matches(clause.pattern, in: site.range) where !ValueResolver.isReadOff(code, match.range)
                    && resolver.isValuePart(code, match.range.lowerBound, of: site.range, outermostCall: order == 0 && usingCall)
                    // The app's own `Keys.accessToken` is a constant, not an SDK's token property.
                    && resolver.staticMemberValues(code, match.range, file: site.file) == nil
                {
                    var ignored: Relocation?
                    if holds(clause.conditions, match, site.file, &ignored) { return site }
                }
            }
        }
        return nil
    }
}
