import RulesRegex
import Testing

@Suite struct RewritingTests {
  @Test(
    "split follows production's split (recorded results)",
    arguments: [
      ("/", "a/b/c", ["a", "b", "c"]),
      ("/", "/a/b", ["", "a", "b"]),
      ("/", "a/b/", ["a", "b"]),
      ("/", "a/b//", ["a", "b"]),
      ("/", "a//b", ["a", "", "b"]),
      ("/", "/", [""]),
      ("/", "//", [""]),
      ("a", "a", [""]),
      (".", "...", [""]),
      ("/", "", [""]),
      ("/", "abc", ["abc"]),
      ("", "abc", ["", "a", "b", "c"]),
      ("", "", [""]),
      ("", "é😀", ["", "é", "😀"]),
      ("|", "a|b", ["", "a", "|", "b"]),
      ("^", "a^b", ["", "a^b"]),
      ("^", "a,b", ["", "a,b"]),
      ("$", "a$b", ["a$b"]),
      ("[,;]\\s*", "a, b;c", ["a", "b", "c"]),
      ("\\.", "archive.tar.gz", ["archive", "tar", "gz"]),
      ("x*", "abc", ["", "a", "b", "c"]),
      ("b*", "abc", ["", "a", "", "c"]),
      ("x*", "axbc", ["", "a", "", "b", "c"]),
    ])
  func split(pattern: String, subject: String, expected: [String]) throws {
    #expect(try RegexPattern(pattern).split(subject) == expected)
  }

  @Test("split stops at the match limit")
  func rewritingRespectsLimits() throws {
    let regex = try RegexPattern("(a+)+$")
    let subject = String(repeating: "a", count: 40) + "!"
    #expect(throws: RegexError.matchLimitExceeded) { try regex.split(subject) }
  }
}
