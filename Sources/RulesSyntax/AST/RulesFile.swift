/// A parsed rules file: its statements in source order, its comments, and its syntax errors.
public struct RulesFile: Sendable {
  public var source: SourceFile
  /// Top-level statements in source order.
  public var statements: [Statement]
  public var comments: [Comment]
  /// Syntax errors, in source order, at most ``SyntaxDiagnostics/maximumErrors`` plus a summary.
  public var diagnostics: [Diagnostic]

  public init(
    source: SourceFile, statements: [Statement], comments: [Comment], diagnostics: [Diagnostic]
  ) {
    self.source = source
    self.statements = statements
    self.comments = comments
    self.diagnostics = diagnostics
  }

  /// True when the parser reported no errors.
  public var hasSyntaxErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// A statement of a file, service, or match body.
///
/// The parser accepts every statement kind in every body and leaves placement checks to
/// semantic analysis, so a misplaced statement is still parsed and reported precisely.
public struct Statement: Sendable {
  public var kind: Kind
  public var range: SourceRange

  public init(_ kind: Kind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }

  public indirect enum Kind: Sendable {
    case version(VersionDeclaration)
    case service(ServiceDeclaration)
    case match(MatchBlock)
    case allow(AllowStatement)
    case function(FunctionDeclaration)
    case importDeclaration(ImportDeclaration)
    /// A stretch the parser could not read; already reported.
    case missing
  }
}

/// A name with the range it was written at.
public struct Identifier: Hashable, Sendable {
  public var name: String
  public var range: SourceRange

  public init(_ name: String, range: SourceRange) {
    self.name = name
    self.range = range
  }
}

/// `rules_version = '2';` or the older `syntax = '2';`.
public struct VersionDeclaration: Sendable {
  public enum Keyword: String, Sendable { case rulesVersion = "rules_version", syntax }
  public var keyword: Keyword
  public var keywordRange: SourceRange
  /// The string value, or nil when it is not a string literal.
  public var value: String?
  public var valueRange: SourceRange
}

/// `service firebase.storage { … }`.
public struct ServiceDeclaration: Sendable {
  public var name: Identifier
  public var body: [Statement]
}

/// `import …;`: a top-level token Firebase reserves with no documented meaning.
public struct ImportDeclaration: Sendable {
  public var keywordRange: SourceRange
}

/// `match /path { … }`.
public struct MatchBlock: Sendable {
  public var keywordRange: SourceRange
  public var pattern: PathPattern
  public var body: [Statement]
}

/// `allow m1, m2: if condition;`.
public struct AllowStatement: Sendable {
  public var keywordRange: SourceRange
  public var methods: [MethodName]
  /// The condition; nil for `allow m;`, which always grants.
  public var condition: Expression?
}

/// A method as written after `allow`.
public struct MethodName: Hashable, Sendable {
  public var name: String {
    didSet { method = Self.method(named: name) }
  }
  public var range: SourceRange
  /// The method, or nil for an unknown name (reported by semantic analysis).
  /// The method named, ignoring ASCII case as Firebase's compiler does (`GET`, `Read`).
  /// Worked out once, with the name: every rule that expands a statement's methods asks.
  public private(set) var method: AccessMethod?

  public init(_ name: String, range: SourceRange) {
    self.name = name
    self.range = range
    self.method = Self.method(named: name)
  }

  private static func method(named name: String) -> AccessMethod? {
    AccessMethod(rawValue: name)
      ?? AccessMethod(
        rawValue: String(
          decoding: name.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self))
  }
}

/// The method names an `allow` statement may list.
public enum AccessMethod: String, Sendable, CaseIterable, Codable {
  case read, write, get, list, create, update, delete
}

/// `function name(params) { let …; return …; }`.
public struct FunctionDeclaration: Sendable {
  public var name: Identifier
  public var parameters: [Identifier]
  public var body: [FunctionStatement]
  public var bodyRange: SourceRange
}

/// A `let` binding or the `return` of a function body.
public struct FunctionStatement: Sendable {
  public enum Kind: Sendable {
    case letBinding(Identifier, Expression)
    case returnStatement(Expression)
  }
  public var kind: Kind
  public var range: SourceRange
  public var keywordRange: SourceRange
}
