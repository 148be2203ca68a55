import RulesSemantics
import RulesSyntax

/// What every request of a ruleset shares: compiled functions and the regex cache.
///
/// A class, so that each evaluation holds it with one retain.
final class Program: Sendable {
  let functions: [CompiledFunction]
  let regexes: RegexCache
  /// Owns the nodes of the functions, and of the conditions compiled with them.
  let arena: NodeArena

  init(functions: [CompiledFunction], regexes: RegexCache, arena: NodeArena) {
    self.functions = functions
    self.regexes = regexes
    self.arena = arena
  }
}

/// One `allow` statement, compiled; a class, so that deciding walks the statements without
/// copying them.
final class CompiledAllow: @unchecked Sendable {
  /// Index in the ruleset's ``CoverageLayout/statements``.
  let index: Int
  let methods: RequestMethods
  /// Its nodes are in the ruleset's ``Program/arena``.
  let condition: NodeRef?
  let range: SourceRange

  init(index: Int, methods: RequestMethods, condition: NodeRef?, range: SourceRange) {
    self.index = index
    self.methods = methods
    self.condition = condition
    self.range = range
  }
}

/// One match block, compiled: its full pattern and the `allow`s written directly in it.
///
/// A class, so that deciding walks the blocks without copying (retaining) their fields.
final class CompiledBlock: Sendable {
  let index: Int
  let pattern: CompiledPattern
  let wildcardNames: [String]
  let allows: [CompiledAllow]
  /// The methods some `allow` of the block covers.
  let methods: RequestMethods
  let range: SourceRange

  init(
    index: Int, pattern: CompiledPattern, wildcardNames: [String], allows: [CompiledAllow],
    range: SourceRange
  ) {
    self.index = index
    self.pattern = pattern
    self.wildcardNames = wildcardNames
    self.allows = allows
    var methods = RequestMethods()
    for allow in allows { methods.formUnion(allow.methods) }
    self.methods = methods
    self.range = range
  }
}

/// A ruleset compiled once to decide many requests without re-reading its source.
public struct CompiledRuleset: Sendable {
  public let checked: CheckedRuleset
  let program: Program
  let blocks: [CompiledBlock]
  /// Which blocks may cover a path, so that deciding tests only those.
  let blockIndex: BlockIndex
  /// Source ranges by node id.
  let nodeRanges: [SourceRange]
  /// ``coverageLayout``, laid out on first use: deciding never reads it, and the linter and the
  /// audit never measure coverage.
  private let layout = ComputedOnce<CoverageLayout>()
  /// The compiler's node count (what the layout's node table is sized for).
  private let nodeCount: Int
  /// Each match block's full pattern as traces show it (`/b/{bucket}/o/users/{uid}`), by its
  /// index in the checked ruleset's matches, rendered for the first traced decision: an
  /// untraced decision, the linter's and the audit's among them, never reads it.
  private let patternTexts = ComputedOnce<[String]>()

  /// The statements and conditions coverage is measured over; worked out once, when first read.
  public var coverageLayout: CoverageLayout {
    layout.value { [blocks, functions = program.functions, nodeCount] in
      CoverageLayout(blocks: blocks, functions: functions, nodeCount: nodeCount)
    }
  }

  /// Every match block's pattern text, by match index (``patternTexts``).
  var blockPatternTexts: [String] {
    patternTexts.value { [checked] in
      checked.matches.map { match in
        ASTDump.render(PathPattern(segments: match.fullPattern, range: match.block.pattern.range))
      }
    }
  }

  public var version: RulesVersion { checked.version }

  public init(_ checked: CheckedRuleset) {
    var compiler = Compiler(checked: checked)
    let functions = checked.functions.indices.map { compiler.compileFunction($0) }
    var blocks: [CompiledBlock] = []
    var statementCount = 0
    // Only blocks of `service firebase.storage` decide Storage requests; another service's
    // blocks deploy (with a compiler warning) but never apply.
    for (index, match) in checked.matches.enumerated() where match.appliesToStorage {
      let context = compiler.context(forMatch: index, function: nil)
      var allows: [CompiledAllow] = []
      for statement in match.block.body {
        guard case .allow(let allow) = statement.kind else { continue }
        let methods = RequestMethods(granted: allow.methods, in: checked.version)
        let condition = allow.condition.map { compiler.compile($0, context) }
        allows.append(
          CompiledAllow(
            index: statementCount + allows.count, methods: methods, condition: condition,
            range: statement.range))
      }
      blocks.append(
        CompiledBlock(
          index: index, pattern: CompiledPattern(match.fullPattern, version: checked.version),
          wildcardNames: match.fullPattern.compactMap(\.variableName), allows: allows,
          range: match.block.keywordRange.union(match.block.pattern.range)))
      statementCount += allows.count
    }
    self.checked = checked
    self.program = Program(functions: functions, regexes: RegexCache(), arena: compiler.arena)
    self.blocks = blocks
    self.blockIndex = BlockIndex(blocks.map(\.pattern))
    self.nodeRanges = compiler.ranges
    self.nodeCount = compiler.nodeCount
  }

  /// Parses, analyses and compiles `text`.
  public init(source text: String, path: String = "<input>") {
    self.init(SemanticAnalyzer.analyze(RulesParser.parse(text, path: path)))
  }
}
