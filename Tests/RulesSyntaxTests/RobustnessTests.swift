import RulesSyntax
import Testing

/// An input built to hurt: the parser must neither crash, hang nor overflow a 512 KiB stack, and
/// must say what is wrong.
struct HostileInput: CustomTestStringConvertible, Sendable {
  var name: String
  var bytes: [UInt8]
  /// Codes that must all be among the diagnostics.
  var codes: Set<String>

  var testDescription: String { name }

  init(_ name: String, _ text: String, codes: Set<String>) {
    self.name = name
    self.bytes = Array(text.utf8)
    self.codes = codes
  }

  init(_ name: String, bytes: [UInt8], codes: Set<String>) {
    self.name = name
    self.bytes = bytes
    self.codes = codes
  }
}

/// What a parse on a small stack produced, checked on the test's own thread.
struct ParseOutcome: Sendable {
  var codes: Set<String>
  var diagnostics: [Diagnostic]
  var statementCount: Int
  var dumpLineCount: Int
  var nodeCount: Int
  var nodesInBounds: Bool
  var matchCount: Int
}

/// Parses on a 512 KiB stack and, unless `walk` is false, dumps the tree and walks every node
/// there too.
private func parseOnSmallStack(_ bytes: [UInt8], walk: Bool = true) async -> ParseOutcome {
  await onSmallStack {
    let file = RulesParser.parse(SourceFile(path: "hostile.rules", bytes: bytes))
    let nodes = walk ? SyntaxNodes(file).nodes : []
    return ParseOutcome(
      codes: Set(file.diagnostics.map(\.code)), diagnostics: file.diagnostics,
      statementCount: file.statements.count,
      dumpLineCount: walk ? ASTDump.render(file, includeRanges: true).split(separator: "\n").count : 0,
      nodeCount: nodes.count,
      nodesInBounds: nodes.allSatisfy { $0.range.start >= 0 && $0.range.end <= bytes.count },
      matchCount: file.matchCount)
  }
}

extension RulesFile {
  /// The number of match blocks at any depth.
  fileprivate var matchCount: Int {
    var count = 0
    var pending = statements
    while let statement = pending.popLast() {
      switch statement.kind {
      case .service(let service): pending += service.body
      case .match(let block):
        count += 1
        pending += block.body
      default: break
      }
    }
    return count
  }
}

private let deep = 100_000

private func repeated(_ text: String, _ count: Int = deep) -> String {
  String(repeating: text, count: count)
}

@Suite struct RobustnessTests {
  static let hostile: [HostileInput] = [
    .init("100,000 '('", "allow read: if " + repeated("("), codes: ["RS010"]),
    .init("100,000 '[' ", "allow read: if " + repeated("["), codes: ["RS010"]),
    .init("100,000 '{' in an expression", "allow read: if " + repeated("{'a': "), codes: ["RS010"]),
    .init("100,000 '$(' path interpolations", "allow read: if " + repeated("/$("), codes: ["RS010"]),
    .init("100,000 calls as arguments", "allow read: if " + repeated("f("), codes: ["RS010"]),
    .init("100,000 indexes as indexes", "allow read: if " + repeated("a["), codes: ["RS010"]),
    .init(
      "100,000 nested 'match /a {'", "service firebase.storage {" + repeated("match /a {"),
      codes: ["RS010", "RS007"]),
    .init("100,000 nested services", repeated("service a {"), codes: ["RS010", "RS007"]),
    .init(
      "100,000 nested paths without 'match'", "service s { match /a {" + repeated("/a {"),
      codes: ["RS007", "RS011"]),
    .init("a 100,000-term '&&' chain", "allow read: if a" + repeated(" && a") + ";", codes: ["RS010"]),
    .init("a 100,000-term '+' chain", "allow read: if 1" + repeated("+1") + ";", codes: ["RS010"]),
    .init("100,000 '!'", "allow read: if " + repeated("!") + "a;", codes: ["RS010"]),
    // `- -x` is not rules syntax: each repetition is reported until the error limit.
    .init("100,000 '-'", "allow read: if " + repeated("-") + "1;", codes: ["RS007", "RS011"]),
    .init("100,000 nested conditionals", "allow read: if " + repeated("a ? b : ") + "c;", codes: ["RS010"]),
    .init("100,000 member accesses", "allow read: if a" + repeated(".b") + ";", codes: ["RS010"]),
    .init("100,000 indexes in a row", "allow read: if a" + repeated("[0]") + ";", codes: ["RS010"]),
    .init("100,000 'is' tests", "allow read: if a" + repeated(" is bool") + ";", codes: ["RS010"]),
    .init(
      "matches near the limit, then parentheses past it",
      "service s {" + repeated("match /a {", SyntaxDiagnostics.maximumNesting - 5) + "allow read: if "
        + repeated("("),
      codes: ["RS010", "RS007"]),
    .init("100,000 unclosed functions", repeated("function f() {"), codes: ["RS007", "RS011"]),
    .init("100,000 '}'", repeated("}"), codes: ["RS007", "RS011"]),
    .init("100,000 ';' in a match", "service s { match /a {" + repeated(";") + "} }", codes: []),
    .init("100,000 unknown words", repeated("x; "), codes: ["RS007", "RS011"]),
    // The RS010 after 200 operators is among those left out after the first 100 RS009.
    .init(
      "100,000 JavaScript operators", "allow read: if a" + repeated(" === a") + ";",
      codes: ["RS009", "RS011"]),
    .init("a file that is only '{'", "{", codes: ["RS007"]),
    .init("a file that is only '('", "(", codes: ["RS007"]),
    .init("a file that is only a quote", "'", codes: ["RS007"]),
    .init("an unterminated block comment at the end", "allow read;\n/* no end", codes: ["RS004"]),
    .init("an unterminated block comment only", "/*", codes: ["RS004"]),
    .init("NUL bytes", "allow read: if a\0 == b;\0\0", codes: ["RS002"]),
    .init("only NUL bytes", repeated("\0", 1_000), codes: ["RS002", "RS011"]),
    .init("a lone CR and vertical tabs", "\r\u{0B}\r", codes: []),
  ]

  @Test(arguments: hostile)
  func hostileInput(_ input: HostileInput) async {
    let outcome = await parseOnSmallStack(input.bytes)
    #expect(input.codes.isSubset(of: outcome.codes), "got \(outcome.codes.sorted())")
    #expect(input.codes.isEmpty || !outcome.diagnostics.isEmpty)
    #expect(outcome.diagnostics.count <= SyntaxDiagnostics.maximumErrors + 1)
    #expect(outcome.nodesInBounds)
    #expect(outcome.dumpLineCount >= 1)
  }

  /// Nesting just inside the limit parses cleanly, and the tree it gives can be dumped, on a
  /// small stack: the limit is safe for the parser and for a walk of its result. `levels` is how
  /// much of the limit one repetition uses (a call or an index is a postfix and an expression).
  @Test(arguments: [
    ("(", ")", 1), ("[", "]", 1), ("{'k': ", "}", 1), ("/$(", ")", 2), ("f(", ")", 2), ("a[", "]", 2),
    ("!", "", 1),
    ("-(", ")", 2), ("a ? b : ", "", 1), ("a.b(", ")", 3),
  ])
  func deepestAcceptedExpression(open: String, close: String, levels: Int) async {
    let count = (SyntaxDiagnostics.maximumNesting - 5) / levels
    let text = "allow read: if " + repeated(open, count) + "x" + repeated(close, count) + ";"
    let outcome = await parseOnSmallStack(Array(text.utf8))
    #expect(outcome.diagnostics.map(\.code) == [])
    #expect(outcome.dumpLineCount == 2)
    // Parentheses only group; everything else is a node per repetition.
    #expect(outcome.nodeCount > (open == "(" ? 2 : count))
  }

  /// One repetition more than the limit allows gives RS010.
  @Test(arguments: [("(", ")", 1), ("/$(", ")", 2), ("f(", ")", 2)])
  func justPastTheLimit(open: String, close: String, levels: Int) async {
    let count = SyntaxDiagnostics.maximumNesting / levels + 1
    let text = "allow read: if " + repeated(open, count) + "x" + repeated(close, count) + ";"
    let outcome = await parseOnSmallStack(Array(text.utf8))
    #expect(outcome.diagnostics.map(\.code) == ["RS010"])
  }

  /// Blocks and expressions share one limit.
  @Test func deepestAcceptedMatchNesting() async {
    let matches = SyntaxDiagnostics.maximumNesting / 2
    let parentheses = SyntaxDiagnostics.maximumNesting / 2 - 10
    let text =
      "service s {" + repeated("match /a {", matches) + "allow read: if " + repeated("(", parentheses) + "x"
      + repeated(")", parentheses) + ";" + repeated("}", matches) + "}"
    let outcome = await parseOnSmallStack(Array(text.utf8))
    #expect(outcome.diagnostics.map(\.code) == [])
    #expect(outcome.dumpLineCount == matches + 3)
  }

  /// Past the limit the rest of the statement is skipped with one RS010, and parsing goes on.
  @Test func nestingLimitIsReportedOnceAndParsingGoesOn() async {
    let levels = SyntaxDiagnostics.maximumNesting + 1
    let text = "allow read: if " + repeated("(", levels) + "x" + repeated(")", levels) + ";\nallow write;"
    let outcome = await parseOnSmallStack(Array(text.utf8))
    #expect(outcome.diagnostics.map(\.code) == ["RS010"])
    #expect(outcome.statementCount == 2)
  }

  /// A 10 MiB file is read to its end: the one mistake, on the last line, is found.
  @Test func tenMebibyteFile() async {
    var text = "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n"
    let block = """
          match /users/{uid}/{file=**} {
            allow read: if request.auth != null && request.auth.uid == uid; // ✓ owner
            allow write: if request.resource.size < 5 * 1024 * 1024
              && request.resource.contentType.matches('image/.*');
          }

      """
    var blocks = 0
    while text.utf8.count < 10 * 1024 * 1024 {
      text += block
      blocks += 1
    }
    let marked = MarkedSource(text + "    allow read: if a ⟦===⟧ b;\n  }\n}\n")
    let outcome = await parseOnSmallStack(Array(marked.text.utf8), walk: false)
    #expect(outcome.diagnostics.map { "\($0.code)@\($0.range)" } == ["RS009@\(marked.range)"])
    #expect(outcome.statementCount == 2)
    #expect(outcome.matchCount == 1 + blocks)
  }

  /// A broken match path on a long line: recovery must not rescan the line for every token.
  @Test func brokenMatchPathOnAOneLineFile() async {
    let marked = MarkedSource("service s { match /a ⟦?⟧" + repeated(" x", 500_000) + " { allow read; } }")
    let outcome = await parseOnSmallStack(Array(marked.text.utf8), walk: false)
    #expect(outcome.diagnostics.map { "\($0.code)@\($0.range)" } == ["RS008@\(marked.range)"])
    #expect(outcome.matchCount == 1)
  }

  struct InvalidUTF8Case: CustomTestStringConvertible, Sendable {
    var name: String
    var prefix: String
    var invalid: [UInt8]
    var suffix: String
    var testDescription: String { name }
  }

  static let invalidUTF8: [InvalidUTF8Case] = [
    .init(name: "a stray 0xFF", prefix: "allow read: if ", invalid: [0xFF], suffix: " a;"),
    .init(name: "inside a string", prefix: "allow read: if 'é", invalid: [0xC3], suffix: "' == x;"),
    .init(name: "inside a comment", prefix: "// ✓ ", invalid: [0x80, 0x80], suffix: "\nallow read;"),
    .init(name: "an overlong encoding", prefix: "allow read: if ", invalid: [0xC0, 0xAF], suffix: ";"),
    .init(
      name: "an encoded surrogate", prefix: "allow read: if '", invalid: [0xED, 0xA0, 0x80], suffix: "';"),
    .init(name: "truncated at the end", prefix: "allow read: if '✓", invalid: [0xE2, 0x9C], suffix: ""),
    .init(name: "at the start", prefix: "", invalid: [0xFE, 0xFF], suffix: "allow read;"),
  ]

  /// Invalid UTF-8 is one RS001 at the first bad byte, with its offset in the message.
  @Test(arguments: invalidUTF8)
  func invalidUTF8IsReportedAtItsOffset(_ row: InvalidUTF8Case) async {
    let offset = row.prefix.utf8.count
    let bytes = Array(row.prefix.utf8) + row.invalid + Array(row.suffix.utf8)
    let outcome = await parseOnSmallStack(bytes)
    let utf8 = outcome.diagnostics.filter { $0.code == "RS001" }
    #expect(utf8.map(\.range) == [SourceRange(start: offset, end: offset + 1)])
    #expect(utf8.first?.message.hasSuffix("at offset \(offset)") == true, "\(utf8)")
  }

  @Test func emptyAndCommentOnlyFilesGiveAnEmptyTree() async {
    for text in ["", "\u{FEFF}", "// only a comment", "/* a */ // b\r\n", " \t\r\n"] {
      let outcome = await parseOnSmallStack(Array(text.utf8))
      #expect(
        outcome.diagnostics.map(\.code) == (text.hasPrefix("\u{FEFF}") ? ["RS014"] : []),
        "\(String(reflecting: text))")
      #expect(outcome.statementCount == 0)
    }
  }

  /// Pseudo-random soups of rules tokens and stray bytes: no crash, ranges within the file.
  @Test(arguments: 0..<40)
  func tokenSoup(seed: Int) async {
    let pieces = [
      "service", "match", "allow", "function", "let", "return", "if", "rules_version", "read", "write", " ",
      "\n",
      "\r\n", "/", "{", "}", "(", ")", "[", "]", ":", ";", ",", ".", "=", "==", "!", "&&", "||", "?", "**",
      "$(", "'", "\"", "'''", "b'", "\\", "//", "/*", "*/", "a", "1", "0x", "1e", "é", "✓", "`", "=>", "?.",
      "is", "in", "{x=**}", "\t",
    ]
    var state = UInt64(seed) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    var bytes: [UInt8] = []
    for _ in 0..<2_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let pick = Int(state >> 33)
      if pick % 50 == 0 {
        bytes.append(UInt8(truncatingIfNeeded: pick >> 8))
      } else {
        bytes += Array(pieces[pick % pieces.count].utf8)
      }
    }
    let outcome = await parseOnSmallStack(bytes)
    #expect(outcome.nodesInBounds)
    #expect(outcome.diagnostics.allSatisfy { $0.range.start >= 0 && $0.range.end <= bytes.count })
  }
}
