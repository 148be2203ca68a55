import RulesSemantics
import RulesSyntax

/// The parts of a file with syntax errors that parsed soundly: what the lint catalogue runs on,
/// so that one bad segment does not hide a public write elsewhere, and no finding repeats a
/// syntax error or reports something the parser's recovery made up.
///
/// Left out, with their ranges in ``damaged``:
/// - an `allow` or a function that a syntax error touches (inside it, or between its end and
///   the next token, as a missing `;` is reported), or whose condition or body holds a placeholder
///   for a missing expression;
/// - an `allow` or a function that calls a function left out (directly or through others);
/// - a match block with an error outside its statements (in its path, a stretch the parser
///   skipped, a stray brace) or without its closing `}`: its pattern, or the nesting of what it
///   holds, may be made up; the block goes with everything inside it;
/// - in a service, every match block from a stretch skipped at the service level on.
///
/// An error before the first `service` makes the file's version uncertain
/// (``versionIsSound``). Work is linear in the size of the file.
struct ParsedParts {
  /// The file without the parts left out (its statements only; source, comments and
  /// diagnostics are the original's).
  let file: RulesFile
  /// The ranges of the parts left out, disjoint and in source order.
  let damaged: [SourceRange]
  /// False when an error comes before the first `service`, where the version is declared.
  let versionIsSound: Bool

  /// Splits `ruleset`'s file; `errors` are the syntax errors that count (not a byte order mark).
  init(_ ruleset: CheckedRuleset, errors: [SourceRange]) {
    var pruning = Pruning(ruleset: ruleset, errors: errors.sorted { $0.start < $1.start })
    let statements = pruning.prune(ruleset.file.statements)
    var file = ruleset.file
    file.statements = statements
    self.file = file
    // Merged into disjoint ranges in source order, so a finding is looked up in log time.
    var merged: [SourceRange] = []
    for range in pruning.damaged.sorted(by: { $0.start < $1.start }) {
      if let last = merged.last, range.start <= last.end {
        merged[merged.count - 1].end = max(last.end, range.end)
      } else {
        merged.append(range)
      }
    }
    self.damaged = merged
    let firstService = ruleset.file.statements.first { if case .service = $0.kind { true } else { false } }
    let serviceStart = firstService?.range.start ?? Int.max
    self.versionIsSound = !errors.contains { $0.start < serviceStart }
  }

  /// Whether a catalogue finding on the sound parts stands: it and its notes lie outside the
  /// parts left out; a finding about the file's version (RC300, RC400) needs a sound version;
  /// an unused-suppression finding (RC900) needs the line after it sound too, as the finding
  /// it expected may have been in a part left out.
  func keeps(_ finding: Diagnostic, in source: SourceFile) -> Bool {
    if finding.id == MissingRulesVersion.descriptor.id || finding.id == Version2Changes.descriptor.id {
      guard versionIsSound else { return false }
    }
    var range = finding.range
    if finding.id == UnusedSuppression.descriptor.id {
      let bytes = source.bytes
      var lines = 0
      var end = range.end
      while end < bytes.count {
        if bytes[end] == UInt8(ascii: "\n") {
          lines += 1
          if lines == 2 { break }
        }
        end += 1
      }
      range = SourceRange(start: range.start, end: end)
    }
    if isDamaged(range) { return false }
    return !finding.notes.contains { note in note.range.map(isDamaged) ?? false }
  }

  /// Whether `range` overlaps a part left out (an empty `range` counts at its offset).
  func isDamaged(_ range: SourceRange) -> Bool {
    // The first part ending after the start of `range`.
    var low = 0
    var high = damaged.count
    while low < high {
      let middle = (low + high) / 2
      if damaged[middle].end <= range.start { low = middle + 1 } else { high = middle }
    }
    guard low < damaged.count else { return false }
    return damaged[low].start < max(range.end, range.start + 1)
  }
}

/// The walk that builds ``ParsedParts``.
private struct Pruning {
  let ruleset: CheckedRuleset
  /// Sorted by start.
  let errors: [SourceRange]
  let bytes: [UInt8]
  var damaged: [SourceRange] = []
  /// The functions left out, by the start of their name (with those calling them).
  let brokenFunctions: Set<Int>

  init(ruleset: CheckedRuleset, errors: [SourceRange]) {
    self.ruleset = ruleset
    self.errors = errors
    self.bytes = ruleset.source.bytes
    var broken: Set<Int> = []
    var declarations: [(range: SourceRange, declaration: FunctionDeclaration)] = []
    var pending = ruleset.file.statements
    while let statement = pending.popLast() {
      switch statement.kind {
      case .service(let service): pending += service.body
      case .match(let block): pending += block.body
      case .function(let declaration): declarations.append((statement.range, declaration))
      default: break
      }
    }
    // Functions broken themselves, then those calling them, through a reverse call graph.
    var callers: [Int: [Int]] = [:]
    var queue: [Int] = []
    let probe = SyntaxErrorProbe(ruleset: ruleset, errors: errors)
    for (range, declaration) in declarations {
      let name = declaration.name.range.start
      let values = declaration.body.map { statement -> Expression in
        switch statement.kind {
        case .letBinding(_, let value), .returnStatement(let value): value
        }
      }
      var missing = false
      for value in values {
        missing = missing || probe.holdsMissing(value)
        for callee in probe.calledFunctions(value) { callers[callee, default: []].append(name) }
      }
      if missing || probe.touches(range) || declaration.body.isEmpty {
        if broken.insert(name).inserted { queue.append(name) }
      }
    }
    while let next = queue.popLast() {
      for caller in callers[next] ?? [] where broken.insert(caller).inserted { queue.append(caller) }
    }
    self.brokenFunctions = broken
  }

  /// The headers (`match` to the end of the path) of the blocks around the statements being
  /// pruned: a block losing a statement loses its findings too (an unused wildcard, a missing
  /// grant may have been in the part left out).
  private var headers: [SourceRange] = []
  /// How many of ``headers``, from the outermost, are already in ``damaged``.
  private var headersLeftOut = 0

  /// `statements` without the parts left out, which go to ``damaged``.
  mutating func prune(_ statements: [Statement]) -> [Statement] {
    var kept: [Statement] = []
    for statement in statements {
      switch statement.kind {
      case .service(var service):
        // From a stretch skipped at the service level on, the blocks' nesting is not known.
        let stray = strayErrors(in: statement.range, children: service.body).first
        let body = service.body.filter { child in
          guard let stray, case .match = child.kind, child.range.end >= stray.start else { return true }
          damaged.append(child.range)
          return false
        }
        service.body = prune(body)
        kept.append(Statement(.service(service), range: statement.range))
      case .match(var block):
        let header = SourceRange(start: statement.range.start, end: block.pattern.range.end)
        if !strayErrors(in: statement.range, children: block.body).isEmpty {
          leaveOut(statement.range)
          continue
        }
        headers.append(header)
        defer {
          headers.removeLast()
          headersLeftOut = min(headersLeftOut, headers.count)
        }
        if isUnclosed(statement.range) {
          // The missing `}` may belong anywhere after the block's start: keep what is indented
          // deeper than its `match`, as a reader would take it.
          leaveOut(header)
          let column = indentation(of: statement.range.start)
          block.body = block.body.filter { child in
            if indentation(of: child.range.start) > column { return true }
            leaveOut(child.range)
            return false
          }
        }
        block.body = prune(block.body)
        kept.append(Statement(.match(block), range: statement.range))
      case .allow(let allow):
        let probe = SyntaxErrorProbe(ruleset: ruleset, errors: errors)
        let broken =
          probe.touches(statement.range)
          || allow.condition.map {
            probe.holdsMissing($0) || probe.calledFunctions($0).contains(where: brokenFunctions.contains)
          } ?? false
        if broken { leaveOut(statement.range) } else { kept.append(statement) }
      case .function(let declaration):
        if brokenFunctions.contains(declaration.name.range.start) {
          leaveOut(statement.range)
        } else {
          kept.append(statement)
        }
      case .missing:
        leaveOut(statement.range)
      case .version, .importDeclaration:
        kept.append(statement)
      }
    }
    return kept
  }

  /// Leaves `range` out, with the headers of the blocks around it.
  private mutating func leaveOut(_ range: SourceRange) {
    damaged.append(range)
    damaged += headers[headersLeftOut...]
    headersLeftOut = headers.count
  }

  /// Whether the block statement at `range` lacks its closing `}`.
  private func isUnclosed(_ range: SourceRange) -> Bool {
    range.end == 0 || range.end > bytes.count || bytes[range.end - 1] != UInt8(ascii: "}")
  }

  /// The bytes between the start of the line holding `offset` and `offset`.
  private func indentation(of offset: Int) -> Int {
    var start = min(offset, bytes.count)
    while start > 0 && bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
    return offset - start
  }

  /// The errors inside `range` that lie in none of `children` (in the block's path, in a
  /// stretch the parser skipped, or at its braces), in source order. Errors and children are
  /// both in source order, so one pass over each finds them.
  private func strayErrors(in range: SourceRange, children: [Statement]) -> [SourceRange] {
    let probe = SyntaxErrorProbe(ruleset: ruleset, errors: errors)
    var stray: [SourceRange] = []
    var child = 0
    for error in probe.errors(in: range) {
      // Children ending before the error starts cannot hold it, nor any later error.
      while child < children.count && children[child].range.end < error.start { child += 1 }
      var inside = false
      var next = child
      // Placeholders for missing statements hold nothing; the real children are disjoint.
      while next < children.count && children[next].range.start <= error.start {
        defer { next += 1 }
        if case .missing = children[next].kind { continue }
        if error.end <= children[next].range.end {
          inside = true
          break
        }
      }
      if !inside { stray.append(error) }
    }
    return stray
  }
}
