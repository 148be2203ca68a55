import RulesRegex
import Testing

@Suite struct RegexPatternTests {
  @Test(
    "matchesWhole is a whole-string match",
    arguments: [
      (".*@domain[.]com", "banana", false),
      (".*@domain[.]com", "me@domain.com", true),
      ("image/.*", "image/png", true),
      ("image/.*", "video/image/png", false),
      ("b", "abc", false),
      ("a|ab", "ab", true),
      ("a|ab", "a", true),
      ("(a|ab)(c|bcd)", "abcd", true),
      ("", "", true),
      ("", "a", false),
      ("^abc$", "abc", true),
      ("abc$", "abc\n", false),
      ("a.c", "a\nc", false),
      ("(?s)a.c", "a\nc", true),
      (".*\\.txt", "notes.txt", true),
      (".*\\.txt", "notes_txt", false),
      ("[[:alpha:]]+", "abc", true),
      ("x{2,3}", "xxxx", false),
      ("a+?", "aaa", true),
      ("\\Q.*\\E", ".*", true),
      ("\\Q.*\\E", "ab", false),
      ("(?P<name>a)b", "ab", true),
      ("(?<name>a)b", "ab", true),
      ("(?i)IMAGE/.*", "image/png", true),
    ])
  func wholeMatch(pattern: String, subject: String, expected: Bool) throws {
    #expect(try RegexPattern(pattern).matchesWhole(subject) == expected)
  }

  @Test(
    "subjects are matched by character, not byte",
    arguments: [
      (".", "é", true),
      ("..", "é", false),
      (".", "😀", true),
      ("caf.", "café", true),
      ("\\p{Greek}+", "αβγ", true),
      ("[é-ü]+", "éü", true),
      ("(?i)é", "É", true),
      // RE2's \w, \d and \b are ASCII-only.
      ("\\w+", "é", false),
      ("\\d", "٣", false),
    ])
  func unicodeSubjects(pattern: String, subject: String, expected: Bool) throws {
    #expect(try RegexPattern(pattern).matchesWhole(subject) == expected)
  }

  @Test("firstMatch reports UTF-8 byte ranges and groups")
  func firstMatchRanges() throws {
    let pattern = try RegexPattern("(b)(x)?(c)")
    let match = try #require(try pattern.firstMatch(in: "éabc"))
    #expect(match.range == 3..<5)
    #expect(match.captures == [3..<4, nil, 4..<5])
    #expect(match.group(0) == 3..<5)
    #expect(match.group(2) == nil)
    #expect(match.group(4) == nil)
    #expect(pattern.captureGroupCount == 3)
  }

  @Test(
    "firstMatch starts at a clamped character boundary",
    arguments: [(-5, 0..<2), (0, 0..<2), (1, 2..<4), (2, 2..<4), (4, nil), (99, nil)] as [(Int, Range<Int>?)])
  func firstMatchFrom(offset: Int, expected: Range<Int>?) throws {
    #expect(try RegexPattern("é").firstMatch(in: "éé", from: offset)?.range == expected)
  }

  @Test(
    "allMatches finds an empty match right after a non-empty one, as Java's find() does",
    arguments: [
      ("x*", "abc", [0..<0, 1..<1, 2..<2, 3..<3]),
      ("b*", "abc", [0..<0, 1..<2, 2..<2, 3..<3]),
      ("^", "a,b", [0..<0]),
      ("a", "banana", [1..<2, 3..<4, 5..<6]),
      ("", "é", [0..<0, 2..<2]),
      ("z", "abc", []),
    ])
  func allMatches(pattern: String, subject: String, expected: [Range<Int>]) throws {
    #expect(try RegexPattern(pattern).allMatches(in: subject).map(\.range) == expected)
  }

  @Test(
    "invalid patterns report PCRE2's message and the byte offset",
    arguments: [
      ("(", 1), ("a)", 1), ("[a", 2), ("a{2,1}", 5), ("a**", 2), ("é(", 3), ("\\p{Foo}", 7), ("\\C", 2),
    ])
  func invalidPattern(pattern: String, offset: Int) {
    let error = #expect(throws: RegexError.self) { try RegexPattern(pattern) }
    guard case .invalidPattern(let message, let reported) = error else {
      Issue.record("expected invalidPattern, got \(String(describing: error))")
      return
    }
    #expect(!message.isEmpty)
    #expect(reported == offset)
  }

  @Test("a construct RE2 lacks is refused before compiling")
  func unsupportedConstruct() {
    #expect(throws: RegexError.unsupported(construct: "lookahead", offset: 1)) {
      try RegexPattern("a(?=b)")
    }
    #expect(throws: RegexError.unsupported(construct: "backreference", offset: 5)) {
      try RegexPattern("(é)+\\1")
    }
  }

  @Test(
    "catastrophic backtracking ends with matchLimitExceeded",
    arguments: ["(a+)+$", "(a|aa)+$", "(\\w+\\s?)+$"])
  func catastrophicBacktracking(pattern: String) throws {
    let subject = String(repeating: "a", count: 40) + "!"
    let regex = try RegexPattern(pattern)
    #expect(throws: RegexError.matchLimitExceeded) { try regex.matchesWhole(subject) }
    #expect(throws: RegexError.matchLimitExceeded) { try regex.allMatches(in: subject) }
  }

  @Test("the standard limits fit a linear pattern over 8 KiB of custom metadata")
  func standardLimitsFitMetadata() throws {
    let subject = String(repeating: "abcdefghi/", count: 820)
    #expect(try RegexPattern("(a|b|c|d|e|f|g|h|i|/)*").matchesWhole(subject))
    #expect(try RegexPattern("([^/]+/)*[^/]*\\.png").matchesWhole(subject) == false)
  }

  @Test("custom limits apply")
  func customLimits() throws {
    let tight = RegexPattern.Limits(matchLimit: 10, depthLimit: 10, heapLimitKiB: 1024)
    let regex = try RegexPattern("(a|b)*c", limits: tight)
    #expect(throws: RegexError.matchLimitExceeded) {
      try regex.matchesWhole(String(repeating: "ab", count: 50) + "c")
    }
  }

  @Test("a pattern is shared across concurrent tasks")
  func concurrentUse() async throws {
    let regex = try RegexPattern("[a-z]+/(\\d+)\\.png")
    let results = await withTaskGroup(of: Bool.self) { group in
      for index in 0..<64 {
        group.addTask { (try? regex.matchesWhole("images/\(index).png")) ?? false }
      }
      return await group.reduce(into: [Bool]()) { $0.append($1) }
    }
    #expect(results.count == 64 && results.allSatisfy { $0 })
  }

  @Test("errors describe themselves")
  func descriptions() {
    #expect(RegexError.unsupported(construct: "lookahead", offset: 1).description.contains("lookahead"))
    #expect(RegexError.matchLimitExceeded.description.contains("limit"))
    #expect(RegexError.invalidPattern(message: "missing )", offset: 3).description.contains("byte 3"))
  }

  @Test("patterns compare by text and limits")
  func equality() throws {
    #expect(try RegexPattern("a+") == RegexPattern("a+"))
    #expect(try RegexPattern("a+") != RegexPattern("a*"))
  }
}
