import RulesSemantics
import RulesSyntax

/// The error a denied request answers with.
public struct DecisionError: Sendable, Hashable {
  /// 400 for the version 1 list refusal, 403 for a denial.
  public var status: Int
  /// What production answers with; a denial's names the path, and is only built when read
  /// (most decisions are tallied, not shown).
  public var message: String {
    get {
      switch text {
      case .written(let message): message
      case .denied(let path):
        RequestContext.concatenate("User does not have permission to access '", path, "'.")
      }
    }
    set { text = .written(newValue) }
  }
  private var text: Text

  private enum Text: Sendable {
    case written(String)
    /// `User does not have permission to access '<path>'.`
    case denied(path: String)
  }

  init(status: Int, message: String) {
    self.status = status
    self.text = .written(message)
  }

  /// A denial (403) of a request for `path`, the object path as production names it.
  init(deniedAccessTo path: String) {
    self.status = 403
    self.text = .denied(path: path)
  }

  public static func == (left: DecisionError, right: DecisionError) -> Bool {
    left.status == right.status && left.message == right.message
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(status)
    hasher.combine(message)
  }
}

/// Why a request was decided as it was.
public enum DecisionReason: Sendable, Hashable {
  /// An `allow` granted: the block index (in ``CheckedRuleset/matches``) and the statement range.
  case granted(block: Int, statement: SourceRange)
  /// No match block's full pattern covers the path.
  case noMatchingBlock
  /// Blocks matched, but no `allow` for the method evaluated to true.
  case noGrantingAllow
  /// `list` under rules_version 1 is refused before any rule is consulted.
  case versionOneList
  /// A budget ran out (expressions, look-ups, call depth): the whole request is denied.
  case limitExceeded(String, at: SourceRange)
  /// A metadata update of an object that does not exist is refused whatever the rules say.
  case updateOfMissingObject
}

/// What one `allow` statement did for the request.
public struct AllowTrace: Sendable {
  public enum Outcome: Sendable, Hashable {
    /// The statement has no condition: it always grants.
    case unconditional
    case value(Bool)
    /// The condition evaluated to something other than a bool.
    case notBoolean(String)
    case error(String)
    /// Not evaluated: an earlier statement already granted, or the request had already failed.
    case skipped

    /// Production's message for a condition of type `type`: `Type error. Received: [string]
    /// Expected: [bool].`
    public static func notBooleanMessage(_ type: String) -> String {
      "Type error. Received: [\(type)] Expected: [bool]."
    }
  }

  public var range: SourceRange
  /// The condition's range, if it has one.
  public var conditionRange: SourceRange?
  public var outcome: Outcome
  /// When tracing, every evaluated sub-expression with its value, in evaluation order.
  public var values: [TracedValue]

  public var granted: Bool { outcome == .unconditional || outcome == .value(true) }
}

/// A sub-expression and the value it had.
public struct TracedValue: Sendable {
  public var range: SourceRange
  public var value: Value
}

/// A match block that covered the request path, with its bindings and relevant `allow`s.
public struct BlockTrace: Sendable {
  public var block: Int
  /// The full pattern in source spelling, e.g. `/b/{bucket}/o/users/{uid}`.
  public var pattern: String
  public var range: SourceRange
  public var bindings: [(name: String, value: Value)]
  /// The `allow` statements whose methods cover the request method.
  public var allows: [AllowTrace]
}

/// The decision for one request.
public struct Decision: Sendable {
  public var allowed: Bool
  public var method: RequestMethod
  /// `request.path`: `/b/<bucket>/o/<path>`.
  public var path: String
  public var rulesVersion: RulesVersion
  public var error: DecisionError?
  public var reason: DecisionReason
  public var trace: [BlockTrace]
}
