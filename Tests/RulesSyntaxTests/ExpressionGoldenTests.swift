import RulesSyntax
import Testing

/// An expression and its one-line dump (`ASTDump.render(expression)`).
struct ExpressionCase: CustomTestStringConvertible, Sendable {
  var source: String
  var dump: String
  var testDescription: String { source }

  init(_ source: String, _ dump: String) {
    self.source = source
    self.dump = dump
  }
}

/// Parses `source` as the condition of an `allow`, which must parse without diagnostics.
private func condition(_ source: String) -> (dump: String?, diagnostics: [String]) {
  let file = RulesParser.parse("allow read: if \(source);")
  return (file.conditions.first.map { ASTDump.render($0) }, file.diagnosticSummary)
}

@Suite struct ExpressionGoldenTests {
  /// LANG's table, tightest first: postfix, unary, `* / %`, `+ -`, relational, `in`, `is`,
  /// `== !=`, `&&`, `||`, `?:`.
  static let precedence: [ExpressionCase] = [
    .init("a || b && c", "(|| a (&& b c))"),
    .init("a && b || c", "(|| (&& a b) c)"),
    .init("a && b == c", "(&& a (== b c))"),
    .init("a == b && c != d", "(&& (== a b) (!= c d))"),
    .init("a == b in c", "(== a (in b c))"),
    .init("a in b == c", "(== (in a b) c)"),
    .init("a != b is int", "(!= a (is b int))"),
    .init("a is int == b", "(== (is a int) b)"),
    .init("a in b is bool", "(is (in a b) bool)"),
    .init("a is string is bool", "(is (is a string) bool)"),
    .init("a < b in c", "(in (< a b) c)"),
    .init("a in b < c", "(in a (< b c))"),
    .init("a < b == c >= d", "(== (< a b) (>= c d))"),
    .init("a + b < c * d", "(< (+ a b) (* c d))"),
    .init("a <= b + c", "(<= a (+ b c))"),
    .init("a > b - c", "(> a (- b c))"),
    .init("a + b * c", "(+ a (* b c))"),
    .init("a * b + c", "(+ (* a b) c)"),
    .init("a + b * c - d", "(- (+ a (* b c)) d)"),
    .init("a - b - c", "(- (- a b) c)"),
    .init("a / b * c % d", "(% (* (/ a b) c) d)"),
    .init("a && b && c", "(&& (&& a b) c)"),
    .init("a || b || c", "(|| (|| a b) c)"),
    .init("a == b == c", "(== (== a b) c)"),
    .init("-a * b", "(* (- a) b)"),
    .init("!a && b", "(&& (! a) b)"),
    .init("!a.b", "(! (. a b))"),
    .init("-a[0]", "(- (index a 0))"),
    .init("!f(x)", "(! (call f x))"),
    .init("!!a", "(! (! a))"),
    .init("-(-1)", "(- (- 1))"),
    .init("!-a", "(! (- a))"),
    .init("a - -b", "(- a (- b))"),
    .init("(a || b) && c", "(&& (|| a b) c)"),
    .init("(a + b) * c", "(* (+ a b) c)"),
    .init("((a))", "a"),
    .init("!(a in b)", "(! (in a b))"),
  ]

  static let conditionals: [ExpressionCase] = [
    .init("a ? b : c", "(?: a b c)"),
    .init("a ? b : c ? d : e", "(?: a b (?: c d e))"),
    .init("a ? b ? c : d : e", "(?: a (?: b c d) e)"),
    .init("a || b ? c : d", "(?: (|| a b) c d)"),
    .init("a ? b || c : d && e", "(?: a (|| b c) (&& d e))"),
    .init("(a ? b : c) ? d : e", "(?: (?: a b c) d e)"),
    .init("a?.5:1", "(?: a 0.5f 1)"),
  ]

  static let literals: [ExpressionCase] = [
    .init("null", "null"),
    .init("true && false", "(&& true false)"),
    .init("0", "0"),
    .init("9223372036854775807", "9223372036854775807"),
    .init("-9223372036854775808", "-9223372036854775808"),
    .init("1.5", "1.5f"),
    .init("1000.0 + .5 + 0.0025", "(+ (+ 1000.0f 0.5f) 0.0025f)"),
    .init("'single' + \"double\"", "(+ 'single' 'double')"),
    .init(#"'it\'s' + "a\"b""#, #"(+ 'it\'s' 'a"b')"#),
    .init(#"'tab\there\nnewline\\'"#, #"'tab\there\nnewline\\'"#),
    .init(#"'\x07'"#, #"'\x07'"#),
    .init(#"'\\d+'"#, #"'\\d+'"#),
    .init(#"'a \'quoted\' b'"#, #"'a \'quoted\' b'"#),
    .init("'日本' + 'é✓'", "(+ '日本' 'é✓')"),
    .init(#"b'\x0F' == b'\017'"#, #"(== b'\x0F' b'\x0F')"#),
    .init(#"b'*' == b'\x2A'"#, #"(== b'\x2A' b'\x2A')"#),
    .init("[]", "[]"),
    .init("[1, 'a', [2]]", "[1, 'a', [2]]"),
    .init("[1, 2,]", "[1, 2]"),
    .init("{}", "{}"),
    .init("{'a': 1, 'b': [2],}", "{'a': 1, 'b': [2]}"),
    .init("{'k': {'n': null}}", "{'k': {'n': null}}"),
  ]

  static let paths: [ExpressionCase] = [
    .init("/a/b", "(path /a/b)"),
    .init("/databases/(default)/documents/users/x", "(path /databases/(default)/documents/users/x)"),
    .init(
      "/databases/$(database)/documents/users/$(request.auth.uid)",
      "(path /databases/$(database)/documents/users/$((. (. request auth) uid)))"),
    .init("/a/{b}/c", "(path /a/{b}/c)"),
    .init("/a/$(b + '-' + c)", "(path /a/$((+ (+ b '-') c)))"),
    .init("/a/b.txt-1~x@y:z%20", "(path /a/b.txt-1~x@y:z%20)"),
    .init("f(/a/b, /c)", "(call f (path /a/b) (path /c))"),
    .init("[/a, /b]", "[(path /a), (path /b)]"),
    .init("a / /b", "(/ a (path /b))"),
    .init("(/a/b).c", "(. (path /a/b) c)"),
    .init("/a/b == c", "(== (path /a/b) c)"),
  ]

  static let postfix: [ExpressionCase] = [
    .init("a.b.c", "(. (. a b) c)"),
    .init("f()", "(call f)"),
    .init("f(a, b,)", "(call f a b)"),
    .init("m.get('k', null)", "(call (. m get) 'k' null)"),
    .init("math.abs(-5) <= 10", "(<= (call (. math abs) (- 5)) 10)"),
    .init("x[i]", "(index x i)"),
    .init("x['f']", "(index x 'f')"),
    .init("x[i:j]", "(range x i j)"),
    .init("x[:j]", "(range x _ j)"),
    .init("x[i:]", "(range x i _)"),
    .init("x[i + 1:size() - 1]", "(range x (+ i 1) (- (call size) 1))"),
    .init("a.b[c].d(e)[f:g]", "(range (call (. (index (. a b) c) d) e) f g)"),
    .init("[1, 2].size()", "(call (. [1, 2] size))"),
    .init("'a'.upper()", "(call (. 'a' upper))"),
    .init("{'a': 1}.keys()", "(call (. {'a': 1} keys))"),
    .init("(a).b", "(. a b)"),
    .init("(-9223372036854775808).abs()", "(call (. -9223372036854775808 abs))"),
    .init("x is string", "(is x string)"),
    .init("'k' in m.keys()", "(in 'k' (call (. m keys)))"),
    .init("a in [1, 2]", "(in a [1, 2])"),
    .init(
      "request.resource.contentType.matches('image/.*')",
      "(call (. (. (. request resource) contentType) matches) 'image/.*')"),
    .init(
      "request.time < resource.timeCreated + duration.value(1, 'h')",
      "(< (. request time) (+ (. resource timeCreated) (call (. duration value) 1 'h')))"),
    .init("resource['__name__']", "(index resource '__name__')"),
  ]

  @Test(arguments: precedence + conditionals + literals + paths + postfix)
  func expression(_ row: ExpressionCase) {
    let parsed = condition(row.source)
    #expect(parsed.diagnostics == [])
    #expect(parsed.dump == row.dump)
  }

  /// Spacing and line breaks inside an expression change nothing but ranges.
  @Test(arguments: precedence + conditionals + postfix)
  func expressionOverSeveralLines(_ row: ExpressionCase) {
    // A space stays before each line break: Firebase reads `/` followed by a line break as a path.
    let spread = row.source.split(separator: " ", omittingEmptySubsequences: false).joined(separator: " \n\t")
    let parsed = condition(spread)
    #expect(parsed.diagnostics == [])
    #expect(parsed.dump == row.dump)
  }
}
