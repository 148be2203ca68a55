import RulesEvaluator
import Testing

private typealias T = Conformance

@Suite struct BuiltinPathTests {
  static func path(_ text: String) -> Value { T.global("path", .string(text)) }

  static let pathRows: [ConformanceCase] = [
    .init("bind", T.call(path("users/{uid}"), "bind", .map(["uid": .string("alice")])), path("users/alice")),
    .init(
      "bind several",
      T.call(path("/b/{bucket}/o/{name}"), "bind", .map(["bucket": .string("x"), "name": .string("y")])),
      path("/b/x/o/y")),
    .init(
      "bind keeps unbound placeholders", T.call(path("users/{uid}"), "bind", .map([:])), path("users/{uid}")),
    .init("bind ignores extra keys", T.call(path("a/b"), "bind", .map(["a": .string("z")])), path("a/b")),
    .init(
      "bind with an int value", T.call(path("users/{uid}"), "bind", .map(["uid": .int(1)])),
      T.error(
        "Unsupported operation error. Received: path.bind(map) with a value of type int for [uid]. "
          + "Expected: string values.")),
    .init(
      "bind('x')", T.call(path("a"), "bind", .string("x")),
      T.unsupported("path.bind(string)", "path.bind(map)")),
    .init("bind()", T.call(path("a"), "bind"), T.argumentCount(0, "path.bind(map)")),
    .init("path.size()", T.call(path("a"), "size"), T.notFound("size")),
    .init("path == path", T.binary(path("users/alice"), .equal, path("/users/alice/")), .bool(true)),
    .init("path != path", T.binary(path("users/alice"), .notEqual, path("users/bob")), .bool(true)),
    .init("path('users/alice')[1]", Operators.index(path("users/alice"), .int(1)), .string("alice")),
    .init("string(path(''))", T.global("string", path("")), .string("/")),
  ]

  @Test(arguments: pathRows) func paths(_ row: ConformanceCase) { row.check() }
}
