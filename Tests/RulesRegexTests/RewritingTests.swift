import RulesRegex
import Testing

@Suite struct RewritingTests {
  @Test(
    "replacingAll follows RE2's GlobalReplace",
    arguments: [
      (".", "foo@test.com", "-", "------------"),
      ("a", "banana", "o", "bonono"),
      ("z", "abc", "-", "abc"),
      ("x*", "abc", "-", "-a-b-c-"),
      ("b*", "abc", "-", "-a-c-"),
      ("", "ab", "-", "-a-b-"),
      ("$", "abc", "!", "abc!"),
      ("é", "café", "e", "cafe"),
      ("[0-9]+", "a12b3", "<\\0>", "a<12>b<3>"),
      ("(\\w+)@(\\w+)", "joe@site", "\\2 at \\1", "site at joe"),
      ("a(x)?", "ab", "[\\1]", "[]b"),
      ("a", "a", "\\9", ""),
      ("a", "a", "\\\\", "\\"),
      ("a", "a", "\\n", "\\n"),
      ("a", "a", "x\\", "x\\"),
      ("/", "a/b", "€", "a€b"),
    ])
  func replace(pattern: String, subject: String, replacement: String, expected: String) throws {
    #expect(try RegexPattern(pattern).replacingAll(in: subject, with: replacement) == expected)
  }

  @Test(
    "split follows Java's String.split",
    arguments: [
      ("/", "a/b/c", ["a", "b", "c"]),
      ("/", "/a/b", ["", "a", "b"]),
      ("/", "a/b/", ["a", "b"]),
      ("/", "a/b//", ["a", "b"]),
      ("/", "a//b", ["a", "", "b"]),
      ("/", "/", []),
      ("/", "", [""]),
      ("/", "abc", ["abc"]),
      ("", "abc", ["a", "b", "c"]),
      ("", "", [""]),
      ("", "é😀", ["é", "😀"]),
      ("[,;]\\s*", "a, b;c", ["a", "b", "c"]),
      ("\\.", "archive.tar.gz", ["archive", "tar", "gz"]),
      // Unlike Java, no empty match directly after a match: Java gives ["a", "", "b", "c"].
      ("x*", "axbc", ["a", "b", "c"]),
    ])
  func split(pattern: String, subject: String, expected: [String]) throws {
    #expect(try RegexPattern(pattern).split(subject) == expected)
  }

  @Test("rewriting stops at the match limit")
  func rewritingRespectsLimits() throws {
    let regex = try RegexPattern("(a+)+$")
    let subject = String(repeating: "a", count: 40) + "!"
    #expect(throws: RegexError.matchLimitExceeded) { try regex.replacingAll(in: subject, with: "") }
    #expect(throws: RegexError.matchLimitExceeded) { try regex.split(subject) }
  }
}
