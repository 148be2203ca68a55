import RulesSemantics
import RulesSyntax

/// Removes the findings that suppression directives cover and reports the directives that
/// cover nothing (RC900).
///
/// Syntax errors cannot be suppressed. A directive naming a rule that is turned off for the
/// file is not reported as unused, since the rule did not run.
///
/// RC900 findings are decided after all others, and only a directive that names RC900 (or
/// `unused-suppression`) can silence one, never the directive the finding is about: a
/// directive without codes would otherwise hide its own staleness (a `disable-file` with no
/// codes on a clean file), and two stale directives could hide each other. An RC900 target
/// that silences no RC900 finding is reported too, and nothing silences that report.
struct SuppressionPass {
  let file: RulesFile
  /// The identity a directive's code or name refers to, or nil when unknown.
  let lookup: (String) -> DiagnosticID?
  /// Whether findings with this identity are reported at all in this run.
  let isActive: (DiagnosticID) -> Bool

  static let unusedID = UnusedSuppression.descriptor.id

  func apply(to findings: [Diagnostic]) -> [Diagnostic] {
    let (directives, malformed) = SuppressionParser.parse(file)
    guard !directives.isEmpty || !malformed.isEmpty else { return findings }
    var used: Set<UsedTarget> = []
    var kept = filter(findings, directives, used: &used)
    guard isActive(Self.unusedID) else { return kept }
    // Each RC900 finding with the directive it is about (nil for a comment that is no directive).
    var stale: [(finding: Diagnostic, about: Int?)] = malformed.map {
      (Diagnostic(Self.unusedID, $0.message, at: $0.range), nil)
    }
    for (index, directive) in directives.enumerated() {
      stale += unusedTargets(directive, index: index, used: used).map { ($0, index) }
    }
    var silencing = StaleSilencing(directives, lookup: lookup)
    for (finding, about) in stale {
      let line = file.source.lineIndex.line(of: finding.range.start)
      if !silencing.silence(line: line, about: about) { kept.append(finding) }
    }
    kept += silencing.unusedTargets(directives) { directive, target in
      let place = directive.scope == .file ? "in this file" : "on line \(directive.line)"
      return Diagnostic(
        Self.unusedID,
        "suppression of \(Self.unusedID) suppresses nothing: no \(Self.unusedID.code) finding \(place)",
        at: target.range,
        notes: [
          DiagnosticNote("a suppression never silences the \(Self.unusedID.code) findings about itself")
        ])
    }
    return kept
  }

  /// `findings` without those a directive covers; the covering targets go into `used`.
  ///
  /// Directives are indexed by line and key, and each target is marked used once, so the pass
  /// is linear in findings plus directives however many of either share a line.
  private func filter(
    _ findings: [Diagnostic], _ directives: [SuppressionDirective], used: inout Set<UsedTarget>
  ) -> [Diagnostic] {
    let syntax = Set(SyntaxDiagnostics.all.map(\.code))
    let index = TargetIndex(directives)
    var marked: Set<TargetIndex.Key> = []
    return findings.filter { finding in
      guard !syntax.contains(finding.code) else { return true }
      let line = file.source.lineIndex.line(of: finding.range.start)
      var suppressed = false
      for key in index.keys(for: finding, line: line) {
        guard let targets = index.targets[key] else { continue }
        suppressed = true
        if marked.insert(key).inserted { used.formUnion(targets) }
      }
      return !suppressed
    }
  }

  /// The directives' targets by the line they apply to (0 for the whole file) and the code,
  /// name or "everything" they name.
  private struct TargetIndex {
    struct Key: Hashable {
      /// The 1-based line, or 0 for `disable-file`.
      let line: Int
      let match: Match
    }

    enum Match: Hashable {
      case everything
      case code(String)
      case name(String)
    }

    var targets: [Key: [UsedTarget]] = [:]

    init(_ directives: [SuppressionDirective]) {
      for (index, directive) in directives.enumerated() {
        let line = directive.scope == .file ? 0 : directive.line
        if directive.targets.isEmpty {
          targets[Key(line: line, match: .everything), default: []].append(
            UsedTarget(directive: index, target: nil))
        }
        for (position, target) in directive.targets.enumerated() {
          let used = UsedTarget(directive: index, target: position)
          targets[Key(line: line, match: .code(target.key.uppercased())), default: []].append(used)
          targets[Key(line: line, match: .name(target.key)), default: []].append(used)
        }
      }
    }

    /// The keys that can cover `finding`, which starts on `line`.
    func keys(for finding: Diagnostic, line: Int) -> [Key] {
      [0, line].flatMap { line in
        [
          Key(line: line, match: .everything), Key(line: line, match: .code(finding.code)),
          Key(line: line, match: .name(finding.name)),
        ]
      }
    }
  }

  private func unusedTargets(
    _ directive: SuppressionDirective, index: Int, used: Set<UsedTarget>
  ) -> [Diagnostic] {
    let place = directive.scope == .file ? "in this file" : "on line \(directive.line)"
    guard !directive.targets.isEmpty else {
      guard !used.contains(UsedTarget(directive: index, target: nil)) else { return [] }
      return [
        Diagnostic(
          Self.unusedID, "this suppression suppresses nothing: no finding \(place)", at: directive.range)
      ]
    }
    var found: [Diagnostic] = []
    for (position, target) in directive.targets.enumerated() {
      guard let id = lookup(target.key) else {
        let detail =
          SyntaxDiagnostics.all.contains { $0.code == target.key.uppercased() || $0.name == target.key }
          ? "syntax errors cannot be suppressed" : "no rule has this code or name"
        found.append(
          Diagnostic(
            Self.unusedID, "unknown rule '\(target.key)' in suppression: \(detail)", at: target.range))
        continue
      }
      guard id != Self.unusedID, isActive(id), !used.contains(UsedTarget(directive: index, target: position))
      else {
        continue
      }
      found.append(
        Diagnostic(
          Self.unusedID, "suppression of \(id) suppresses nothing: no \(id.code) finding \(place)",
          at: target.range))
    }
    return found
  }

  private struct UsedTarget: Hashable {
    let directive: Int
    let target: Int?
  }
}
