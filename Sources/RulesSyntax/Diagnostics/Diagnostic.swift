/// How serious a diagnostic is. Ordered from least to most serious.
public enum Severity: String, Sendable, Codable, Comparable, CaseIterable {
  case note
  case warning
  case error

  private var rank: Int {
    switch self {
    case .note: 0
    case .warning: 1
    case .error: 2
    }
  }

  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// The stable identity of a kind of diagnostic: a code such as `RS101` and a kebab-case name.
public struct DiagnosticID: Hashable, Sendable, Codable, CustomStringConvertible {
  public let code: String
  public let name: String
  /// The severity used unless configuration says otherwise.
  public let defaultSeverity: Severity
  /// Whether Firebase's rules compiler refuses a file with this problem, so `firebase deploy`
  /// stops (decisions.md §21). Everything else deploys and runs; only these stop `simulate`,
  /// `list` and `test`. Independent of the severity, which configuration may change.
  public let blocksDeploy: Bool

  public init(code: String, name: String, defaultSeverity: Severity, blocksDeploy: Bool = false) {
    self.code = code
    self.name = name
    self.defaultSeverity = defaultSeverity
    self.blocksDeploy = blocksDeploy
  }

  public var description: String { "\(code)/\(name)" }
}

/// A secondary message attached to a diagnostic, optionally pointing elsewhere in the file.
public struct DiagnosticNote: Hashable, Sendable {
  public var message: String
  public var range: SourceRange?

  public init(_ message: String, range: SourceRange? = nil) {
    self.message = message
    self.range = range
  }
}

/// One text replacement of a fix.
public struct TextEdit: Hashable, Sendable {
  public var range: SourceRange
  public var replacement: String

  public init(range: SourceRange, replacement: String) {
    self.range = range
    self.replacement = replacement
  }
}

/// A mechanical change that resolves a diagnostic.
public struct Fix: Hashable, Sendable {
  public var message: String
  public var edits: [TextEdit]
  /// Whether the change keeps the meaning of the rules; every producer decides it.
  public var applicability: Applicability

  public init(_ message: String, edits: [TextEdit], applicability: Applicability) {
    self.message = message
    self.edits = edits
    self.applicability = applicability
  }

  /// Whether `lint --fix` applies this fix when it may apply fixes down to `minimum`.
  public func applies(at minimum: Applicability) -> Bool { applicability >= minimum }
}

/// A problem found in a rules file. Messages are lower-case with no trailing period, except
/// where they quote Firebase's own wording.
public struct Diagnostic: Hashable, Sendable {
  public var id: DiagnosticID
  public var severity: Severity
  public var message: String
  public var range: SourceRange
  public var notes: [DiagnosticNote]
  public var fixes: [Fix]

  public init(
    _ id: DiagnosticID, _ message: String, at range: SourceRange,
    notes: [DiagnosticNote] = [], fixes: [Fix] = []
  ) {
    self.id = id
    self.severity = id.defaultSeverity
    self.message = message
    self.range = range
    self.notes = notes
    self.fixes = fixes
  }

  public var code: String { id.code }
  public var name: String { id.name }
  /// Whether Firebase would refuse to deploy a file with this problem (``DiagnosticID/blocksDeploy``).
  public var blocksDeploy: Bool { id.blocksDeploy }
}

extension Array where Element == Diagnostic {
  /// Diagnostics in source order, then by code; the order every renderer uses.
  public func sortedBySource() -> [Diagnostic] {
    enumerated().sorted { lhs, rhs in
      if lhs.element.range.start != rhs.element.range.start {
        return lhs.element.range.start < rhs.element.range.start
      }
      if lhs.element.range.end != rhs.element.range.end {
        return lhs.element.range.end < rhs.element.range.end
      }
      return lhs.offset < rhs.offset
    }.map(\.element)
  }
}
