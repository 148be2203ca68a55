import RulesSemantics
import RulesSyntax

/// One rules document, parsed and analysed once, answering an editor's questions about it:
/// hover, completion, definition, references, symbols and folding.
///
/// Offsets are UTF-8 byte offsets into ``text``; an offset outside the text is clamped. Every
/// feature works on text with syntax errors (what the recovering parser kept, and the tokens
/// around the offset), never traps, and does work linear in the document's size.
public struct RulesDocument: Sendable {
  /// The text the document was made from.
  public let text: String
  /// The analysed file: syntax and semantic diagnostics, resolved names.
  public let ruleset: CheckedRuleset
  let index: NameIndex
  /// Function name offset → index in ``CheckedRuleset/functions``.
  let functionIndex: [Int: Int]

  /// Parses and analyses `text`.
  public init(text: String) {
    self.init(text: text, path: "<document>")
  }

  /// Parses and analyses `text`, naming it `path` in diagnostics.
  public init(text: String, path: String) {
    self.text = text
    let ruleset = SemanticAnalyzer.analyze(SourceFile(path: path, text: text))
    self.ruleset = ruleset
    var functionIndex: [Int: Int] = [:]
    for (position, function) in ruleset.functions.enumerated() {
      functionIndex[function.declaration.name.range.start] = position
    }
    self.functionIndex = functionIndex
    self.index = NameIndex(ruleset, functionIndex: functionIndex)
  }

  /// The source: its bytes and its line index.
  public var source: SourceFile { ruleset.source }

  /// The version the document is evaluated with.
  public var version: RulesVersion { ruleset.version }

  /// `offset` clamped to the text.
  func clamp(_ offset: Int) -> Int { max(0, min(offset, source.bytes.count)) }

  /// The name context at `offset`: the wildcards of the enclosing matches, the function whose
  /// body holds it, the functions visible.
  func context(at offset: Int) -> NameContext {
    var found = NameContext()
    let holds = self.holds
    var walk = DocumentWalk(functionIndex: functionIndex)
    walk.statement = { statement, context in
      guard holds(statement.range, offset) else { return }
      // Statements holding the offset come outer first, so each is at least as deep as the last.
      switch statement.kind {
      case .match(let block):
        found = context.entering(block.pattern)
      case .function(let declaration) where holds(declaration.bodyRange, offset):
        found = context
        found.function = functionIndex[declaration.name.range.start]
      default:
        found = context
      }
    }
    walk.walk(ruleset.file.statements, NameContext())
    return found
  }

  /// Whether `range` holds `offset`; its end counts unless the range ends with its closing
  /// `}` (a cursor at the end of unfinished text is still inside it).
  func holds(_ range: SourceRange, _ offset: Int) -> Bool {
    guard range.start <= offset, offset <= range.end else { return false }
    let bytes = source.bytes
    return offset < range.end || range.end == 0 || range.end > bytes.count
      || bytes[range.end - 1] != UInt8(ascii: "}")
  }
}
