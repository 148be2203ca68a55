import RulesSyntax

extension RulesDocument {
  /// The foldable regions in source order of their start: every `{ … }` spanning more than one
  /// line (braces matched on the tokens, so unfinished text still folds what is closed), every
  /// block comment spanning more than one line, and every run of two or more line comments on
  /// consecutive lines with nothing else on them.
  public func foldingRanges() -> [FoldingRegion] {
    let lines = source.lineIndex
    var regions: [FoldingRegion] = []
    func add(_ start: Int, _ end: Int, _ kind: FoldingKind) {
      let startLine = lines.line(of: start)
      let endLine = lines.line(of: max(start, end - 1))
      guard endLine > startLine else { return }
      regions.append(
        FoldingRegion(start: start, end: end, startLine: startLine, endLine: endLine, kind: kind))
    }
    var open: [Int] = []
    var lexer = Lexer(bytes: source.bytes)
    while true {
      let token = lexer.next()
      if token.kind == .endOfFile { break }
      if token.kind == .leftBrace { open.append(token.range.start) }
      if token.kind == .rightBrace, let start = open.popLast() { add(start, token.range.end, .region) }
    }
    var run: (start: Int, end: Int, line: Int, count: Int)?
    func closeRun() {
      if let current = run, current.count >= 2 { add(current.start, current.end, .comment) }
      run = nil
    }
    for comment in ruleset.file.comments {
      if comment.isBlock {
        closeRun()
        add(comment.range.start, comment.range.end, .comment)
        continue
      }
      let line = lines.line(of: comment.range.start)
      let lineStart = lines.contentRange(ofLine: line).start
      let alone = source.bytes[lineStart..<comment.range.start].allSatisfy { $0 == 0x20 || $0 == 0x09 }
      guard alone else {
        closeRun()
        continue
      }
      if let current = run, current.line + 1 == line {
        run = (current.start, comment.range.end, line, current.count + 1)
      } else {
        closeRun()
        run = (comment.range.start, comment.range.end, line, 1)
      }
    }
    closeRun()
    return regions.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
  }
}
