import RulesLint
import RulesSyntax

/// Markdown documentation of the lint catalogue, generated from the descriptors: the whole of
/// `docs/rules.md`, or one rule's section (also SARIF's `help.markdown`).
public struct RuleDocumentation: Sendable {
  public init() {}

  /// `docs/rules.md`: the lint rules, then the parser and semantic diagnostics.
  public func render(_ catalogue: RuleCatalogue) -> String {
    renderRules(catalogue) + "\n" + renderDiagnostics()
  }

  /// The first part of `docs/rules.md`: the lint catalogue.
  public func renderRules(_ catalogue: RuleCatalogue) -> String {
    var output = """
      # Lint rules

      <!-- Generated from the rule descriptors in Sources/RulesLint/Rules and the RS \
      documentation beside SyntaxDiagnostics and SemanticDiagnostics; do not edit. \
      Regenerate with: UPDATE_GOLDEN=1 swift test --filter RulesDocumentationTests -->

      `rulescheck lint` reports these rules (codes `RC…`) together with the parser's and the \
      semantic analysis's diagnostics (codes `RS…`, documented in the second part, "Parser and \
      semantic diagnostics"). `rulescheck rules` lists them and \
      `rulescheck explain CODE` prints one. Turn rules off or change their severity in \
      `.rulescheck.yml`, or silence one finding with \
      `// rulescheck:disable-next-line CODE -- reason`.

      Checks that semantic analysis already makes are not repeated here: `list` under \
      version 1 (RS109), regular expressions written as literals that RE2 rejects (RS303, \
      RS304), more than 11 `let` bindings (RS112), a source over 256 KiB (RS117), recursion \
      (RS113), unused functions (RS205).

      "Fix" says whether a rule's findings carry a fix and whether it is safe (it keeps every \
      decision the rules make; `lint --fix` applies it) or unsafe (it may change who may do \
      what; only `lint --fix --unsafe-fixes` applies it).

      "Blocks deploy" marks the rules whose findings make Firebase's compiler refuse the file, \
      so `firebase deploy` stops (`lint --fail-on deploy-errors` fails on those alone).

      Examples are fragments placed inside `match /b/{bucket}/o { … }` of a file that starts \
      with `rules_version = '2';` (no version line where marked "version 1"), unless they are \
      complete files. Under each failing example, "reported" lists the exact text the rule \
      reports.

      | Code | Name | Category | Severity | Fix | Blocks deploy | Summary |
      | --- | --- | --- | --- | --- | --- | --- |

      """
    for descriptor in catalogue.descriptors {
      let anchor = "\(descriptor.code)-\(descriptor.name)".lowercased()
      output +=
        "| [\(descriptor.code)](#\(anchor)) | `\(descriptor.name)` | \(descriptor.category.rawValue) | "
        + "\(descriptor.defaultSeverity.rawValue) | \(descriptor.isFixable ? descriptor.fix.label : "") | "
        + "\(descriptor.blocksDeploy ? "yes" : "") | \(descriptor.summary) |\n"
    }
    for descriptor in catalogue.descriptors {
      output += "\n" + section(descriptor, headingLevel: 2)
    }
    return output
  }

  /// One rule: heading, facts, summary, rationale, examples, limitations.
  public func section(_ descriptor: RuleDescriptor, headingLevel: Int) -> String {
    let heading = String(repeating: "#", count: headingLevel)
    let sub = heading + "#"
    var output = "\(heading) \(descriptor.code) \(descriptor.name)\n\n"
    output +=
      "Category: \(descriptor.category.rawValue) · default severity: \(descriptor.defaultSeverity.rawValue)"
      + " · fix: \(descriptor.fix.label)"
      + " · blocks deploy: \(descriptor.blocksDeploy ? "yes" : "no")"
      + (descriptor.isEnabledByDefault ? "" : " · off unless enabled") + "\n\n"
    output += descriptor.summary.prefix(1).uppercased() + descriptor.summary.dropFirst() + ".\n\n"
    output += "\(sub) Why\n\n\(descriptor.rationale)\n\n"
    if let sentence = Self.fixSentence(descriptor.fix) { output += "\(sub) Fix\n\n\(sentence)\n\n" }
    output += "\(sub) Examples\n\n"
    for example in descriptor.examples {
      let version = example.version == .v1 && !example.isCompleteFile ? " (version 1)" : ""
      output += example.kind == .fails ? "Fails\(version):\n\n" : "Passes\(version):\n\n"
      output += "```\n\(example.displayText)\n```\n\n"
      if example.kind == .fails {
        let reported = Self.reportedTexts(example)
        if !reported.isEmpty {
          output += "Reported: " + reported.map { "`\($0)`" }.joined(separator: ", ") + "\n\n"
        }
      }
      if let fixed = example.fixed { output += "After `--fix`:\n\n```\n\(fixed)\n```\n\n" }
    }
    output += "\(sub) Limitations\n\n\(descriptor.limitations)\n"
    return output
  }

  /// `Safe, applied by --fix: <reason>.` and so on; nil when there is no fix.
  static func fixSentence(_ fix: FixSafety) -> String? {
    guard let reason = fix.reason else { return nil }
    let applied =
      switch fix {
      case .none, .safe: "Safe, applied by `--fix`"
      case .unsafe: "Unsafe, applied only by `--fix --unsafe-fixes`"
      case .sometimes: "Safe or unsafe by case; unsafe ones are applied only by `--fix --unsafe-fixes`"
      }
    return "\(applied): \(reason)."
  }

  /// The marked texts of a failing example (`⟦⟧` shown as "an empty range").
  static func reportedTexts(_ example: RuleExample) -> [String] {
    let (text, marked) = example.document
    let bytes = Array(text.utf8)
    return marked.map { range in
      range.isEmpty ? "(empty range)" : String(decoding: bytes[range.start..<range.end], as: UTF8.self)
    }
  }
}
