import RulesSyntax

extension Analysis {
  /// " Did you mean 'x'?" for the unknown variable `name`, among the names visible from `scope`.
  mutating func variableHint(_ name: String, from scope: Int, at range: SourceRange) -> String {
    let count = scopeChain(from: scope).reduce(BuiltinCatalogue.globals.count) {
      $0 + scopes[$1].variables.count
    }
    guard spendSuggestionBudget(for: name, candidates: count, at: range) else { return "" }
    return Suggestions.hint(for: name, in: visibleVariables(from: scope), afterSentence: true)
  }

  /// " Did you mean 'f'?" for the unknown function `name`, among those visible from `scope`.
  mutating func functionHint(_ name: String, from scope: Int, at range: SourceRange) -> String {
    let count = scopeChain(from: scope).reduce(BuiltinCatalogue.globalFunctions.count) {
      $0 + scopes[$1].functions.count
    }
    guard spendSuggestionBudget(for: name, candidates: count, at: range) else { return "" }
    return Suggestions.hint(for: name, in: visibleFunctions(from: scope), afterSentence: true)
  }

  /// Counts `candidates` against ``AnalysisLimits/maximumSuggestionCandidates``; false (after
  /// one RS190 note) once the file has used it up. Names too long for a suggestion cost nothing.
  private mutating func spendSuggestionBudget(
    for name: String, candidates: Int, at range: SourceRange
  ) -> Bool {
    guard !suggestionBudgetReached,
      name.unicodeScalars.count <= AnalysisLimits.maximumSuggestedNameLength
    else { return false }
    suggestionCandidates += candidates
    guard suggestionCandidates > budgets.suggestionCandidates else { return true }
    suggestionBudgetReached = true
    report(
      SemanticDiagnostics.analysisBudget,
      "analysis budget reached: 'did you mean' suggestions stop after "
        + "\(budgets.suggestionCandidates) candidate names; unknown names from here on get none",
      at: range)
    return false
  }
}
