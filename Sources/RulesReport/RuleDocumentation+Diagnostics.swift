import RulesLint
import RulesSyntax

/// The second part of `docs/rules.md`: the parser's and semantic analysis's diagnostics.
extension RuleDocumentation {
  /// The part's heading, introduction, table and one section per diagnostic.
  public func renderDiagnostics(_ all: [DiagnosticDocumentation] = AnalyzerDocumentation.all) -> String {
    var output = """
      # Parser and semantic diagnostics

      The parser (codes `RS0…`) and the semantic analysis (`RS1…` structure and versions, \
      `RS2…` names, `RS3…` types and regular expressions, `RS19…` rulescheck's own budgets) \
      report these on every file `rulescheck lint` reads; `.rulescheck.yml` can change the \
      severity of a semantic one or turn it off, never a syntax error's. Examples are fragments \
      placed inside `match /b/{bucket}/o { … }` of a version 2 file, or complete files; \
      "reported" lists the exact text reported. `rulescheck explain RS204` prints one.

      | Code | Name | From | Severity | Fix | Blocks deploy | Summary |
      | --- | --- | --- | --- | --- | --- | --- |

      """
    for documentation in all {
      let id = documentation.id
      let anchor = "\(id.code)-\(id.name)".lowercased()
      output +=
        "| [\(id.code)](#\(anchor)) | `\(id.name)` | \(AnalyzerDocumentation.producer(of: id)) | "
        + "\(id.defaultSeverity.rawValue) | \(documentation.fix.isFixable ? documentation.fix.label : "") | "
        + "\(id.blocksDeploy ? "yes" : "") | \(documentation.summary) |\n"
    }
    for documentation in all {
      output += "\n" + section(documentation)
    }
    return output
  }

  /// One diagnostic: heading, facts, summary, rationale, deploy, fix, example.
  public func section(_ documentation: DiagnosticDocumentation) -> String {
    let id = documentation.id
    var output = "## \(id.code) \(id.name)\n\n"
    output +=
      "From: \(AnalyzerDocumentation.producer(of: id)) · default severity: \(id.defaultSeverity.rawValue)"
      + " · fix: \(documentation.fix.label) · blocks deploy: \(id.blocksDeploy ? "yes" : "no")\n\n"
    output += documentation.summary.prefix(1).uppercased() + documentation.summary.dropFirst() + ".\n\n"
    output += "### Why\n\n\(documentation.rationale)\n\n"
    output += "Blocks deploy: \(Self.deploySentence(id))\n\n"
    if let sentence = Self.fixSentence(documentation.fix) { output += "### Fix\n\n\(sentence)\n\n" }
    output += "### Example\n\n"
    switch documentation.example {
    case .fragment, .file:
      output += "Fails\(Self.examplePlace(documentation.example)):\n\n"
      output += "```\n\(documentation.example.displayText ?? "")\n```\n\n"
      output +=
        "Reported: " + documentation.example.reportedTexts.map { "`\($0)`" }.joined(separator: ", ") + "\n"
    case .unavailable(let reason):
      output += "No example: \(reason).\n"
    }
    return output
  }

  /// Whether Firebase refuses a file with this diagnostic, as a sentence.
  static func deploySentence(_ id: DiagnosticID) -> String {
    id.blocksDeploy
      ? "yes. Firebase's compiler refuses the file, so `firebase deploy` stops, and `simulate`, `list` and `test` refuse it too."
      : "no. The file deploys and runs; what is wrong fails at evaluation (that `allow` grants nothing) or is only a compiler warning."
  }

  /// ` (inside match /b/{bucket}/o of a version 2 file)` for a fragment, else nothing.
  static func examplePlace(_ example: DiagnosticDocumentation.Example) -> String {
    if case .fragment = example { return " (inside `match /b/{bucket}/o` of a version 2 file)" }
    return ""
  }
}
