import RulesEvaluator
import RulesSemantics
import RulesSyntax

/// Renders decisions for people: a headline, the deciding statement or the reason for denial,
/// and with `explain` every matching block, its bindings, each relevant `allow` and the value of
/// every sub-expression under its source line.
public struct DecisionTextRenderer: Sendable {
  public var style: TextStyle
  public var explain: Bool

  public init(style: TextStyle = TextStyle(colored: false), explain: Bool = false) {
    self.style = style
    self.explain = explain
  }

  public func render(_ decision: Decision, source: SourceFile) -> String {
    var lines: [String] = []
    let verdict =
      decision.allowed
      ? style.bold("allowed")
      : style.severity(.error, "denied") + (decision.error.map { " (\($0.status))" } ?? "")
    lines.append("\(verdict): \(decision.method.rawValue) \(decision.path)")
    if explain {
      if decision.trace.isEmpty { lines.append("  no match block covers this path") }
      for block in decision.trace { lines += render(block, source: source) }
    }
    lines += conclusion(decision, source: source)
    return lines.joined(separator: "\n") + "\n"
  }

  /// One line for a batch: index, verdict, method and path.
  public func renderLine(_ decision: Decision, index: Int) -> String {
    "\(index) \(decision.allowed ? "allowed" : "denied") \(decision.method.rawValue) \(decision.path)\n"
  }

  private func location(_ offset: Int, _ source: SourceFile) -> String {
    let location = source.lineIndex.location(of: offset)
    return "\(source.path):\(location.line):\(location.column)"
  }

  private func conclusion(_ decision: Decision, source: SourceFile) -> [String] {
    switch decision.reason {
    case .granted(_, let statement):
      return ["  granted by \(location(statement.start, source)): \(oneLine(source.text(statement)))"]
    case .versionOneList:
      return (decision.error?.message.split(separator: "\n").map { "  " + $0 } ?? [])
        + ["  reason: list requests are refused under rules_version 1 before any rule is consulted"]
    case .noMatchingBlock:
      return [message(decision), "  reason: no match block covers \(decision.path)"]
    case .noGrantingAllow:
      return [
        message(decision),
        "  reason: no allow statement for \(decision.method.rawValue) evaluated to true in the matching blocks",
      ]
    case .limitExceeded(let text, let at):
      return [
        message(decision),
        "  reason: \(text) (at \(location(at.start, source))); the whole request is denied",
      ]
    case .updateOfMissingObject:
      return [message(decision), "  reason: a metadata update of an object that does not exist is refused"]
    }
  }

  private func message(_ decision: Decision) -> String { "  " + (decision.error?.message ?? "") }

  private func render(_ block: BlockTrace, source: SourceFile) -> [String] {
    var lines = ["", "match \(block.pattern)  (\(location(block.range.start, source)))"]
    if !block.bindings.isEmpty {
      lines.append(
        "  "
          + block.bindings.map {
            "\($0.name) = \($0.value.displayText(maximumBytes: Value.displayByteLimit))"
          }.joined(separator: ", "))
    }
    if block.allows.isEmpty { lines.append("  no allow statement here covers this method") }
    for allow in block.allows {
      lines.append("  \(oneLine(source.text(allow.range)))  → \(outcome(allow.outcome))")
      lines += watch(ExplainValues.distinct(allow.values), statement: allow.range, source: source)
    }
    return lines
  }

  private func outcome(_ outcome: AllowTrace.Outcome) -> String {
    switch outcome {
    case .unconditional: style.bold("true") + " (no condition)"
    case .value(true): style.bold("true")
    case .value(false): "false"
    case .notBoolean(let type):
      style.severity(.error, "error") + ": " + AllowTrace.Outcome.notBooleanMessage(type)
    case .error(let message): style.severity(.error, "error") + ": \(message)"
    case .skipped: "not evaluated"
    }
  }

  /// Source lines with each traced sub-expression underlined and its value shown: the
  /// statement's own lines first, then the lines of the functions it called.
  private func watch(_ values: [TracedValue], statement: SourceRange, source: SourceFile) -> [String] {
    let index = source.lineIndex
    var byLine: [Int: [TracedValue]] = [:]
    var spanning: [TracedValue] = []
    for value in values where !value.range.isEmpty {
      let start = index.location(of: value.range.start)
      let end = index.location(of: max(value.range.start, value.range.end - 1))
      if start.line == end.line {
        byLine[start.line, default: []].append(value)
      } else {
        spanning.append(value)
      }
    }
    var lines: [String] = []
    let width = String(byLine.keys.max() ?? 0).count
    let first = index.location(of: statement.start).line
    let last = index.location(of: max(statement.start, statement.end - 1)).line
    let order = byLine.keys.sorted { a, b in
      let aInside = (first...last).contains(a)
      let bInside = (first...last).contains(b)
      return aInside != bInside ? aInside : a < b
    }
    for line in order {
      let number = String(repeating: " ", count: width - String(line).count) + String(line)
      let gutter = String(repeating: " ", count: width)
      let values = byLine[line] ?? []
      let columns = values.map {
        (index.location(of: $0.range.start).column, index.location(of: $0.range.end).column)
      }
      let shown = ShownLine(line, from: columns.map(\.0).min() ?? 1, in: source)
      lines.append("      \(number) | \(shown.text)")
      for (value, (startColumn, endColumn)) in zip(values, columns) {
        let text =
          value.value.isError
          ? style.severity(.error, Self.shortened(value.value))
          : Self.shortened(value.value)
        guard let padding = shown.padding(to: startColumn) else {
          lines.append("      \(gutter) | (column \(startColumn)) \(text)")
          continue
        }
        let marks =
          "^" + String(repeating: "~", count: max(0, min(endColumn, shown.endColumn) - startColumn - 1))
        lines.append("      \(gutter) | \(padding)\(marks) \(text)")
      }
    }
    for value in spanning {
      let start = index.location(of: value.range.start).line
      let end = index.location(of: value.range.end).line
      lines.append("      lines \(start)-\(end): \(Self.shortened(value.value))")
    }
    return lines
  }

  /// Values longer than a line are cut, keeping their start.
  static func shortened(_ text: String, limit: Int = 100) -> String {
    text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
  }

  /// A value's display text, cut to a line; only its start is rendered (a character is at
  /// most 4 bytes), so a large value costs no more than a small one.
  static func shortened(_ value: Value, limit: Int = 100) -> String {
    shortened(value.displayText(maximumBytes: 4 * limit), limit: limit)
  }

  private func oneLine(_ text: String) -> String {
    text.split(separator: "\n").map { $0.drop { $0 == " " || $0 == "\t" } }.joined(separator: " ")
      .replacingTabsAndReturns()
  }
}

extension String {
  fileprivate func replacingTabsAndReturns() -> String {
    String(unicodeScalars.filter { $0 != "\r" }.map { $0 == "\t" ? " " : Character($0) })
  }
}
