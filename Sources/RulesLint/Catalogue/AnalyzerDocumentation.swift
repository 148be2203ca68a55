import RulesSemantics
import RulesSyntax

/// The documentation of the parser's and the semantic analysis's diagnostics (codes `RS…`),
/// kept by each producer beside its catalogue, looked up here by code or name.
public enum AnalyzerDocumentation {
  /// Every parser and semantic diagnostic's documentation, in code order.
  public static let all: [DiagnosticDocumentation] =
    (SyntaxDiagnostics.documentation + SemanticDiagnostics.documentation).sorted { $0.code < $1.code }

  /// The documentation of the diagnostic whose code (`RS204`, any case) or name
  /// (`unknown-field`) is `key`.
  public static func documentation(_ key: String) -> DiagnosticDocumentation? {
    all.first { $0.code == key.uppercased() || $0.name == key }
  }

  /// `parser` or `semantic analysis`: which producer reports `id`.
  public static func producer(of id: DiagnosticID) -> String {
    SyntaxDiagnostics.all.contains(id) ? "parser" : "semantic analysis"
  }

  /// The code or name, of a lint rule or of a parser or semantic diagnostic, closest to `key`,
  /// when it is close enough to be a typo.
  public static func suggestion(for key: String, catalogue: RuleCatalogue = .standard) -> String? {
    let codes = catalogue.descriptors.map(\.code) + all.map(\.code)
    let names = catalogue.descriptors.map(\.name) + all.map(\.name)
    let upper = key.uppercased()
    if upper.hasPrefix("RC") || upper.hasPrefix("RS"), upper.dropFirst(2).allSatisfy(\.isNumber) {
      return Suggestions.closest(to: upper, in: codes)
    }
    return Suggestions.closest(to: key, in: names)
  }
}

extension DiagnosticDocumentation.Example {
  /// The complete file the example stands for and the ranges it marks; nil when unavailable.
  public var document: (text: String, marked: [SourceRange])? {
    switch self {
    case .fragment(let text): RuleExample.fails(text).document
    case .file(let text): RuleExample.unmark(text)
    case .unavailable: nil
    }
  }

  /// The example as written, markers removed; nil when unavailable.
  public var displayText: String? {
    switch self {
    case .fragment(let text), .file(let text): RuleExample.fails(text).displayText
    case .unavailable: nil
    }
  }

  /// The texts the example marks (`(empty range)` for an empty one).
  public var reportedTexts: [String] {
    guard let (text, marked) = document else { return [] }
    let bytes = Array(text.utf8)
    return marked.map { range in
      range.isEmpty ? "(empty range)" : String(decoding: bytes[range.start..<range.end], as: UTF8.self)
    }
  }
}
