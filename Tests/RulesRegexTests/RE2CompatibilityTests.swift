import RulesRegex
import Testing

@Suite struct RE2CompatibilityTests {
  @Test(
    "constructs RE2 lacks are reported with their UTF-8 range",
    arguments: [
      ("(a)\\1", "backreference", 3, 2),
      ("é\\1", "backreference", 2, 2),
      ("a\\12", "backreference", 1, 3),
      ("(?<n>a)\\k<n>", "backreference", 7, 5),
      ("(?<n>a)\\k'n'", "backreference", 7, 5),
      ("(?<n>a)\\k{n}", "backreference", 7, 5),
      ("(a)\\g{1}", "backreference", 3, 5),
      ("(a)\\g1", "backreference", 3, 3),
      ("(a)\\g-1", "backreference", 3, 4),
      ("(?P<n>a)(?P=n)", "backreference", 8, 6),
      ("a(?=b)", "lookahead", 1, 3),
      ("a(?!b)", "lookahead", 1, 3),
      ("a(?*b)", "lookahead", 1, 3),
      ("(?<=a)b", "lookbehind", 0, 4),
      ("(?<!a)b", "lookbehind", 0, 4),
      ("(?>a+)b", "atomic group", 0, 3),
      ("a*+", "possessive quantifier", 1, 2),
      ("a++", "possessive quantifier", 1, 2),
      ("a?+", "possessive quantifier", 1, 2),
      ("a{2}+", "possessive quantifier", 1, 4),
      ("a{2,}+", "possessive quantifier", 1, 5),
      ("a{2,3}+", "possessive quantifier", 1, 6),
      ("\\d++", "possessive quantifier", 2, 2),
      ("[a-z]*+", "possessive quantifier", 5, 2),
      ("(?R)", "recursion", 0, 4),
      ("(a)(?1)", "recursion", 3, 4),
      ("(a)(?-1)", "recursion", 3, 5),
      ("(?+1)(a)", "recursion", 0, 5),
      ("(?&name)", "recursion", 0, 8),
      ("(?P>name)", "recursion", 0, 9),
      ("(a)\\g<1>", "recursion", 3, 5),
      ("(a)\\g'1'", "recursion", 3, 5),
      ("(?(1)a|b)", "conditional group", 0, 3),
      ("a\\Gb", "\\G anchor", 1, 2),
      ("a\\Kb", "\\K match reset", 1, 2),
      ("a\\Z", "\\Z anchor", 1, 2),
      ("a\\R", "\\R newline sequence", 1, 2),
      ("\\X", "\\X grapheme cluster", 0, 2),
      ("\\h", "\\h horizontal space", 0, 2),
      ("\\e", "\\e escape", 0, 2),
      ("\\cA", "\\c control escape", 0, 3),
      ("\\o{101}", "\\o octal escape", 0, 7),
      ("\\N{U+41}", "\\N escape", 0, 8),
      ("(?C1)a", "callout", 0, 5),
      ("(*FAIL)", "backtracking verb", 0, 7),
      ("a(*SKIP)b", "backtracking verb", 1, 7),
      ("(*UCP)\\w", "backtracking verb", 0, 6),
      ("(?|a|b)", "branch reset group", 0, 3),
      ("(?#note)a", "comment group", 0, 8),
      ("(?x)a b", "inline flag x", 2, 1),
      ("(?i-n:a)", "inline flag n", 4, 1),
      ("(?^)a", "inline flag ^", 2, 1),
      ("(?'n'a)", "quoted group name", 0, 3),
      ("a{1001}", "repetition count above 1000", 1, 6),
      ("a{2,99999999999999999999}", "repetition count above 1000", 1, 24),
    ])
  func flagged(pattern: String, construct: String, offset: Int, length: Int) {
    #expect(
      RE2Compatibility.unsupportedConstructs(in: pattern)
        == [UnsupportedConstruct(construct: construct, offset: offset, length: length)])
  }

  @Test(
    "syntax RE2 accepts is not reported",
    arguments: [
      "", "abc", ".*@domain[.]com", "^image/.*$", "(a|b)*c", "é+", "[é-ü]",
      "(?:ab)+", "(?P<name>a)", "(?<name>a)", "(?i)abc", "(?i:abc)", "(?-i)a", "(?s-m:a.)", "(?U)a+",
      "\\d\\w\\s\\b\\B\\D\\W\\S", "\\A\\z", "\\pL", "\\p{Greek}", "\\PL", "\\P{Greek}", "\\p{^Greek}",
      "\\pL+", "\\Q(?=a)\\1\\E", "\\Q(?=a", "[[:alpha:]]", "[[:^digit:]]x", "[[:alpha:]\\]]+",
      "x{2,3}", "x{2}", "x{2,}", "x{1000}", "x{,3}", "x{a}+", "a+?", "a*?", "a??", "a{2,3}?",
      "[]a]", "[^]a]", "[]a]+", "[\\]+]+", "[(?=]", "[(?<=]", "[\\1]", "[\\k<a>]", "[*+]", "[[]+",
      "\\0", "\\012", "\\x{41}+", "\\x41", "\\.\\*\\+\\?", "\\+\\+", "a\\++", "\\(?=a\\)",
      "\\[a\\]+", "\\C", "a\\", "(", "a)", "\\a\\f\\t\\n\\r\\v",
    ])
  func accepted(pattern: String) {
    #expect(RE2Compatibility.unsupportedConstructs(in: pattern) == [])
  }

  @Test("every construct is reported, in pattern order")
  func several() {
    let found = RE2Compatibility.unsupportedConstructs(in: "(?>a)++[(?=]\\1(?<=b)")
    #expect(
      found.map(\.construct) == ["atomic group", "possessive quantifier", "backreference", "lookbehind"])
    #expect(found.map(\.range) == [0..<3, 5..<7, 12..<14, 14..<18])
  }

  @Test(
    "what the scanner accepts PCRE2 compiles", arguments: ["(?P<name>a)\\pL+", "[[:alpha:]]{2,3}?", "(?i:é)"])
  func acceptedCompiles(pattern: String) throws {
    _ = try RegexPattern(pattern)
  }
}
