import RulesEvaluator
import RulesSemantics
import RulesSyntax

/// The `rulescheck simulate --format json` document of `cli.md`, one per decision.
///
/// One writer serves every decision of a ruleset and keeps what never changes between them
/// (statement texts, ranges as lines and columns), so batches do not recompute it.
public final class DecisionJSON {
  let source: SourceFile
  /// Whether documents will be serialized compactly: repeated parts are then cached as text.
  let compact: Bool
  private var rangeCache: [SourceRange: JSONValue] = [:]
  private var statementCache: [SourceRange: JSONValue] = [:]
  /// The `warnings` array, the same in every document of the ruleset.
  private let warnings: JSONValue

  /// A writer for decisions of the rules in `source`; `warnings` are the file's static findings
  /// that do not stop a deploy (``RunFindings``), repeated in every document.
  public init(source: SourceFile, layout: JSONValue.Layout = .pretty, warnings: [Diagnostic] = []) {
    self.source = source
    self.compact = layout == .compact
    let array = RunFindings(warnings, in: source).json
    self.warnings = layout == .compact ? .fragment(array.serialized(.compact)) : array
  }

  /// The decision as JSON: `allowed`, `method`, `path`, `rulesVersion`, `error`, `reason`,
  /// `trace`, `warnings`, and `index` for batch lines. With `explain`, each `allow` carries the
  /// values of its sub-expressions.
  public func document(_ decision: Decision, index: Int? = nil, explain: Bool = false) -> JSONValue {
    var members: [JSONValue.Member] = []
    if let index { members.append(.init("index", .number(String(index)))) }
    members += [
      .init("allowed", .bool(decision.allowed)),
      .init("method", .string(decision.method.rawValue)),
      .init("path", .string(decision.path)),
      .init("rulesVersion", .number(String(decision.rulesVersion.rawValue))),
      .init(
        "error",
        decision.error.map { error in
          .object([.init("status", .number(String(error.status))), .init("message", .string(error.message))])
        } ?? .null),
      .init("reason", reason(decision.reason)),
      .init("trace", .array(decision.trace.map { block($0, explain: explain) })),
      .init("warnings", warnings),
    ]
    return .object(members)
  }

  func reason(_ reason: DecisionReason) -> JSONValue {
    switch reason {
    case .granted(_, let statement):
      return .object([.init("kind", .string("granted")), .init("statement", range(statement))])
    case .noMatchingBlock: return .object([.init("kind", .string("no-matching-block"))])
    case .noGrantingAllow: return .object([.init("kind", .string("no-granting-allow"))])
    case .versionOneList: return .object([.init("kind", .string("version-1-list"))])
    case .updateOfMissingObject: return .object([.init("kind", .string("update-of-missing-object"))])
    case .limitExceeded(let message, let at):
      return .object([
        .init("kind", .string("limit-exceeded")), .init("message", .string(message)),
        .init("range", range(at)),
      ])
    }
  }

  func block(_ block: BlockTrace, explain: Bool) -> JSONValue {
    .object([
      .init("pattern", .string(block.pattern)),
      .init("range", range(block.range)),
      .init(
        "bindings",
        .object(
          block.bindings.map {
            .init($0.name, .string($0.value.displayText(maximumBytes: Value.displayByteLimit)))
          })),
      .init("allows", .array(block.allows.map { allow($0, explain: explain) })),
    ])
  }

  func allow(_ allow: AllowTrace, explain: Bool) -> JSONValue {
    var members: [JSONValue.Member] = [
      .init("statement", statement(allow.range)),
      .init("range", range(allow.range)),
    ]
    switch allow.outcome {
    case .unconditional: members.append(.init("result", .bool(true)))
    case .value(let value): members.append(.init("result", .bool(value)))
    case .notBoolean(let type):
      members.append(.init("result", .string("error")))
      members.append(.init("error", .string(AllowTrace.Outcome.notBooleanMessage(type))))
    case .error(let message):
      members.append(.init("result", .string("error")))
      members.append(.init("error", .string(message)))
    case .skipped: members.append(.init("result", .string("not-evaluated")))
    }
    if explain {
      members.append(
        .init(
          "values",
          .array(
            ExplainValues.distinct(allow.values).map { traced in
              .object([
                .init("range", range(traced.range)),
                .init("value", .string(traced.value.displayText(maximumBytes: Value.displayByteLimit))),
              ])
            })))
    }
    return .object(members)
  }

  /// A statement's source on one line.
  func statement(_ range: SourceRange) -> JSONValue {
    if let cached = statementCache[range] { return cached }
    let text = source.text(range).split(separator: "\n").map { $0.trimmingCharacters(in: " \t\r") }
      .joined(separator: " ")
    let value = cacheable(.string(text))
    statementCache[range] = value
    return value
  }

  private func cacheable(_ value: JSONValue) -> JSONValue {
    compact ? .fragment(value.serialized(.compact)) : value
  }

  func range(_ range: SourceRange) -> JSONValue {
    if let cached = rangeCache[range] { return cached }
    func location(_ offset: Int) -> JSONValue {
      let location = source.lineIndex.location(of: offset)
      return .object([
        .init("line", .number(String(location.line))), .init("column", .number(String(location.column))),
        .init("offset", .number(String(location.offset))),
      ])
    }
    let value = cacheable(
      .object([.init("start", location(range.start)), .init("end", location(range.end))]))
    rangeCache[range] = value
    return value
  }
}

/// Traced values prepared for display: one entry per source range (the last value wins),
/// in source order, widest first among those starting together.
public enum ExplainValues {
  public static func distinct(_ values: [TracedValue]) -> [TracedValue] {
    var latest: [SourceRange: TracedValue] = [:]
    for value in values { latest[value.range] = value }
    return latest.values.sorted {
      $0.range.start != $1.range.start ? $0.range.start < $1.range.start : $0.range.end > $1.range.end
    }
  }
}

extension StringProtocol {
  fileprivate func trimmingCharacters(in set: String) -> String {
    var scalars = Substring(self).unicodeScalars
    while let first = scalars.first, set.unicodeScalars.contains(first) { scalars.removeFirst() }
    while let last = scalars.last, set.unicodeScalars.contains(last) { scalars.removeLast() }
    return String(scalars)
  }
}
