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
    .init("bind drops unbound variables", T.call(path("/a/{x}"), "bind", .map([:])), path("/a")),
    .init(
      "bind of a key that names no variable", T.call(path("/a/{x}"), "bind", .map(["y": .string("b")])),
      T.error("Variable(s) y do not exist in the path template.")),
    .init(
      "$(x) is no variable", T.call(path("/a/$(x)"), "bind", .map(["x": .string("b")])),
      T.error("Variable(s) x do not exist in the path template.")),
    .init("bind with an int value", T.call(path("/a/{x}"), "bind", .map(["x": .int(1)])), path("/a/1")),
    .init(
      "{x=**} takes a path", T.call(path("/a/{x=**}"), "bind", .map(["x": path("b/c")])),
      .path(PathValue(segments: ["a", "b", "c"]))),
    .init(
      "{x=**} refuses a string", T.call(path("/a/{x=**}"), "bind", .map(["x": .string("b/c")])),
      T.error("Type error. Received: [string] Expected: [path].")),
    .init(
      "bind('x')", T.call(path("a"), "bind", .string("x")),
      T.unsupported("path.bind(string)", "path.bind(map)")),
    .init("bind()", T.call(path("a"), "bind"), T.argumentCount(0, "path.bind(map)")),
    .init("path.size()", T.call(path("a"), "size"), T.notFound("size")),
    .init("path == path", T.binary(path("users/alice"), .equal, path("/users/alice")), .bool(true)),
    .init("path != path", T.binary(path("users/alice"), .notEqual, path("users/bob")), .bool(true)),
    .init("path('users/alice')[1]", Operators.index(path("users/alice"), .int(1)), .string("alice")),
    .init("path('')", path(""), T.error("Empty Path Template is not allowed.")),
    .init("path('/')", path("/"), T.error("Invalid Path Template /. Empty segment is not allowed.")),
    .init(
      "path('/a//b')", path("/a//b"), T.error("Invalid Path Template /a//b. Empty segment is not allowed.")),
    .init(
      "path('/a/b/')", path("/a/b/"), T.error("Invalid Path Template /a/b/. Empty segment is not allowed.")),
    .init("path('/a/b%20c') is decoded", path("/a/b%20c"), .path(PathValue(segments: ["a", "b c"]))),
    .init("path('/a/b%2Fc')[1]", Operators.index(path("/a/b%2Fc"), .int(1)), .string("b/c")),
    .init("path('/a/b%2Fc') prints /a/b/c", T.global("string", path("/a/b%2Fc")), .string("/a/b/c")),
    .init("path('/a/caf%C3%A9')", path("/a/caf%C3%A9"), .path(PathValue(segments: ["a", "café"]))),
    .init("path('/a+b') (URLDecoder: + is a space)", path("/a+b"), .path(PathValue(segments: ["a b"]))),
    .init(
      "path('/a/%')", path("/a/%"),
      T.error("Unable to decode % to url. Error: URLDecoder: Incomplete trailing escape (%) pattern")),
    .init(
      "path('/a/%zz')", path("/a/%zz"),
      T.error(
        "Unable to decode %zz to url. Error: URLDecoder: Illegal hex characters in escape (%) pattern - "
          + "Error at index 0 in: \"zz\"")),
    .init("path('a/b') needs no leading slash", path("a/b"), .path(PathValue(segments: ["a", "b"]))),
  ]

  @Test(arguments: pathRows) func paths(_ row: ConformanceCase) { row.check() }
}
