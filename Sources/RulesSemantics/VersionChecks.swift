import RulesSyntax

extension Analysis {
  /// Decides the version from the first top-level version statement (decisions.md §1).
  mutating func checkVersion() {
    var seenOther = false
    for statement in file.statements {
      guard case .version(let declaration) = statement.kind else {
        if case .missing = statement.kind {} else { seenOther = true }
        continue
      }
      if let first = versionDeclaration {
        report(
          SemanticDiagnostics.duplicateRulesVersion, "rules_version is declared more than once",
          at: statement.range,
          notes: [DiagnosticNote("first declared here", range: first.keywordRange)])
        continue
      }
      versionDeclaration = declaration
      if declaration.keyword == .syntax {
        report(
          SemanticDiagnostics.deprecatedSyntaxKeyword,
          "'syntax' is the old name of 'rules_version'", at: declaration.keywordRange,
          fixes: [
            Fix(
              "use 'rules_version'",
              edits: [TextEdit(range: declaration.keywordRange, replacement: "rules_version")],
              applicability: .safe)
          ])
      }
      if seenOther {
        report(
          SemanticDiagnostics.rulesVersionNotFirst,
          "rules_version should be the first statement of the file", at: statement.range)
      }
      switch declaration.value {
      case "1": version = .v1
      case "2": version = .v2
      case let value?:
        report(
          SemanticDiagnostics.invalidRulesVersion,
          "invalid rules_version '\(value)'; expected '1' or '2'", at: declaration.valueRange)
      case nil:
        break  // the parser reported the missing value
      }
    }
  }
}
