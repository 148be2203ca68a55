import RulesEvaluator
import Testing

private typealias T = Conformance

@Suite struct BuiltinStringTests {
  static func method(_ text: String, _ name: String, _ arguments: Value...) -> Value {
    Builtins.method(.string(text), name, arguments, regexes: T.regexes)
  }

  static let basicRows: [ConformanceCase] = [
    .init("'abc'.size()", method("abc", "size"), .int(3)),
    .init("''.size()", method("", "size"), .int(0)),
    .init("'é'.size() (one UTF-16 unit)", method("é", "size"), .int(1)),
    .init("'😀'.size() is 2 (decisions §20)", method("😀", "size"), .int(2)),
    .init("'日本'.size()", method("日本", "size"), .int(2)),
    .init("'AbC'.lower()", method("AbC", "lower"), .string("abc")),
    .init("'AbC'.upper()", method("AbC", "upper"), .string("ABC")),
    .init("'ÉTÉ'.lower() keeps É (ASCII only)", method("ÉTÉ", "lower"), .string("ÉtÉ")),
    .init("'straße'.upper() keeps ß", method("straße", "upper"), .string("STRAßE")),
    .init("'ÀÉÎ'.lower()", method("ÀÉÎ", "lower"), .string("ÀÉÎ")),
    .init("'àéî'.upper()", method("àéî", "upper"), .string("àéî")),
    .init("'AÀB'.lower()", method("AÀB", "lower"), .string("aÀb")),
    .init("'aàb'.upper()", method("aàb", "upper"), .string("AàB")),
    .init("'İ'.lower()", method("İ", "lower"), .string("İ")),
    .init("'Iİ'.lower()", method("Iİ", "lower"), .string("iİ")),
    .init("'ı'.upper()", method("ı", "upper"), .string("ı")),
    .init("'ǅ'.upper()", method("ǅ", "upper"), .string("ǅ")),
    .init("'ﬁ'.upper()", method("ﬁ", "upper"), .string("ﬁ")),
    .init("'Ａ'.lower() (fullwidth)", method("Ａ", "lower"), .string("Ａ")),
    .init("'ΣΑΣ'.lower()", method("ΣΑΣ", "lower"), .string("ΣΑΣ")),
    .init("'Z@['.lower()", method("Z@[", "lower"), .string("z@[")),
    .init("'z`{'.upper()", method("z`{", "upper"), .string("Z`{")),
    .init("'  x y  '.trim()", method("  x y  ", "trim"), .string("x y")),
    .init("trim drops control characters", method("\t\n x \r\u{0}", "trim"), .string("x")),
    .init("trim keeps U+00A0", method("\u{A0}x\u{A0}", "trim"), .string("\u{A0}x\u{A0}")),
    .init("'   '.trim()", method("   ", "trim"), .string("")),
    .init("'é'.toUtf8()", method("é", "toUtf8"), .bytes([0xC3, 0xA9])),
    .init("''.toUtf8()", method("", "toUtf8"), .bytes([])),
    .init("'a'.size(1)", method("a", "size", .int(1)), T.argumentCount(1, "string.size()")),
    .init("'a'.lower(1)", method("a", "lower", .int(1)), T.argumentCount(1, "string.lower()")),
    .init("'a'.reverse()", method("a", "reverse"), T.notFound("reverse")),
    .init("'a'.hasAll(['a'])", method("a", "hasAll", T.strings("a")), T.notFound("hasAll")),
  ]

  static let regexRows: [ConformanceCase] = [
    .init(
      "'banana'.matches('.*@domain[.]com')", method("banana", "matches", .string(".*@domain[.]com")),
      .bool(false)),
    .init("whole-string match", method("me@domain.com", "matches", .string(".*@domain[.]com")), .bool(true)),
    .init("no partial match", method("ximage/png", "matches", .string("image/.*")), .bool(false)),
    .init(
      "'image/png'.matches('image/.*')", method("image/png", "matches", .string("image/.*")), .bool(true)),
    .init("matches on characters", method("é", "matches", .string(".")), .bool(true)),
    .init(
      "invalid pattern", method("abc", "matches", .string("(")),
      T.error("Invalid regular expression pattern. Pattern: (.")),
    .init(
      "RE2 has no backreferences", method("aa", "matches", .string("(a)\\1")),
      T.error("Invalid regular expression pattern. Pattern: (a)\\1.")),
    .init(
      "pathological pattern ends in an error",
      method(String(repeating: "a", count: 40) + "!", "matches", .string("(a+)+$")), .error(.regexMatchLimit)),
    .init(
      "matches(1)", method("a", "matches", .int(1)),
      T.unsupported("string.matches(int)", "string.matches(string)")),
    .init("matches()", method("a", "matches"), T.argumentCount(0, "string.matches(string)")),
    .init("'a/b/c'.split('/')", method("a/b/c", "split", .string("/")), T.strings("a", "b", "c")),
    .init("split on a pattern", method("a1b22c", "split", .string("[0-9]+")), T.strings("a", "b", "c")),
    .init("split drops trailing empties", method("a,b,,", "split", .string(",")), T.strings("a", "b")),
    .init("split keeps a leading empty", method(",a", "split", .string(",")), T.strings("", "a")),
    .init("''.split(',')", method("", "split", .string(",")), T.strings("")),
    .init("'/'.split('/') is [''] (production)", method("/", "split", .string("/")), T.strings("")),
    .init("','.split(',')", method(",", "split", .string(",")), T.strings("")),
    .init("',,'.split(',')", method(",,", "split", .string(",")), T.strings("")),
    .init("'a.b'.split('.')", method("a.b", "split", .string(".")), T.strings("")),
    .init("'aa'.split('a')", method("aa", "split", .string("a")), T.strings("")),
    .init("'abc'.split('')", method("abc", "split", .string("")), T.strings("", "a", "b", "c")),
    .init("'a|b'.split('|')", method("a|b", "split", .string("|")), T.strings("", "a", "|", "b")),
    .init("'a^b'.split('^')", method("a^b", "split", .string("^")), T.strings("", "a^b")),
    .init("'a,b'.split('^')", method("a,b", "split", .string("^")), T.strings("", "a,b")),
    .init("'abc'.split('x*')", method("abc", "split", .string("x*")), T.strings("", "a", "b", "c")),
    .init("'abc'.split('b*')", method("abc", "split", .string("b*")), T.strings("", "a", "", "c")),
    .init("'ba'.split('b')", method("ba", "split", .string("b")), T.strings("", "a")),
    .init("'a '.split(' ')", method("a ", "split", .string(" ")), T.strings("a")),
    .init(
      "split('(')", method("a", "split", .string("(")),
      T.error("Invalid regular expression pattern. Pattern: (.")),
    .init(
      "split(null)", method("a", "split", .null), T.unsupported("string.split(null)", "string.split(string)")),
    .init(
      "'aXa'.replace('a', 'b') replaces all", method("aXa", "replace", .string("a"), .string("b")),
      .string("bXb")),
    .init("replace takes a pattern", method("a.b", "replace", .string("."), .string("-")), .string("---")),
    .init(
      "replace with a class", method("a1b22", "replace", .string("[0-9]+"), .string("#")), .string("a#b#")),
    .init("replace expands $1", method("ab", "replace", .string("(a)"), .string("$1$1")), .string("aab")),
    .init("replace expands $0", method("ab", "replace", .string("b"), .string("[$0]")), .string("a[b]")),
    .init("\\$ inserts a dollar", method("ab", "replace", .string("a"), .string("\\$")), .string("$b")),
    .init(
      "$12 takes digits while a group exists", method("ab", "replace", .string("(a)"), .string("$12")),
      .string("a2b")),
    .init("empty matches", method("abc", "replace", .string("x*"), .string("-")), .string("-a-b-c-")),
    .init(
      "no match keeps a bad template", method("abc", "replace", .string("z"), .string("$9")), .string("abc")),
    .init(
      "$2 without a group", method("ab", "replace", .string("(a)"), .string("$2")),
      T.error("Invalid replacement string: No group 2.")),
    .init(
      "$x is literal (production)", method("abc", "replace", .string("b"), .string("$x")),
      .string("a$xc")),
    .init(
      "a lone $ is literal", method("abc", "replace", .string("b"), .string("$")),
      .string("a$c")),
    .init(
      "$$ is literal", method("abc", "replace", .string("b"), .string("$$")),
      .string("a$$c")),
    .init(
      "a final $ is literal", method("abc", "replace", .string("b"), .string("x$")),
      .string("ax$c")),
    .init(
      "a final backslash is literal", method("abc", "replace", .string("b"), .string("\\")),
      .string("a\\c")),
    .init(
      "\\\\ inserts a backslash", method("abc", "replace", .string("b"), .string("\\\\")),
      .string("a\\c")),
    .init(
      "\\1 is a literal 1", method("abc", "replace", .string("(b)"), .string("[\\1]")),
      .string("a[1]c")),
    .init(
      "\\n is n", method("abc", "replace", .string("b"), .string("\\n")),
      .string("anc")),
    .init(
      "$10 with one group is group 1 then 0", method("abc", "replace", .string("(b)"), .string("$10")),
      .string("ab0c")),
    .init(
      "${n} inserts a named group", method("abc", "replace", .string("(?P<n>b)"), .string("[${n}]")),
      .string("a[b]c")),
    .init(
      "${n} with (?<n>)", method("abc", "replace", .string("(?<n>b)"), .string("${n}")),
      .string("abc")),
    .init(
      "$n is literal", method("abc", "replace", .string("(?P<n>b)"), .string("[$n]")),
      .string("a[$n]c")),
    .init(
      "$1 without a group (production fails the request)",
      method("abc", "replace", .string("b"), .string("$1")),
      T.error("Invalid replacement string: No group 1.")),
    .init(
      "${1} names no group", method("abc", "replace", .string("(b)"), .string("[${1}]")),
      T.error("Invalid replacement string: No group with name {1}.")),
    .init(
      "${n without }", method("abc", "replace", .string("(?P<n>b)"), .string("${n")),
      T.error("Invalid replacement string: named capture group is missing trailing '}'.")),
    .init(
      "b* finds an empty match after b", method("abc", "replace", .string("b*"), .string("-")),
      .string("-a--c-")),
    .init(
      "replace('(', 'x')", method("abc", "replace", .string("("), .string("x")),
      T.error("Invalid regular expression pattern. Pattern: (.")),
    .init(
      "replace('a', 1)", method("abc", "replace", .string("a"), .int(1)),
      T.unsupported("string.replace(string, int)", "string.replace(string, string)")),
    .init(
      "replace('a')", method("abc", "replace", .string("a")),
      T.argumentCount(1, "string.replace(string, string)")),
  ]

  @Test(arguments: basicRows) func basics(_ row: ConformanceCase) { row.check() }
  @Test(arguments: regexRows) func regexes(_ row: ConformanceCase) { row.check() }
}
