import RulesSyntax
import Testing

/// A whole file and its expected `ASTDump.render`; the file must parse without diagnostics.
struct GoldenCase: CustomTestStringConvertible, Sendable {
  var name: String
  var source: String
  var dump: String
  var includeRanges = false
  var testDescription: String { name }
}

@Suite struct ParserGoldenTests {
  static let files: [GoldenCase] = [
    GoldenCase(
      name: "rules_version in single quotes with ';'",
      source: "rules_version = '2';\n",
      dump: """
        file
          rules_version '2'

        """),
    GoldenCase(
      name: "rules_version in double quotes without ';'",
      source: "rules_version = \"1\"\nservice firebase.storage {}\n",
      dump: """
        file
          rules_version '1'
          service firebase.storage

        """),
    GoldenCase(
      name: "the old syntax keyword keeps any string",
      source: "syntax = 'v1';",
      dump: """
        file
          syntax 'v1'

        """),
    GoldenCase(
      name: "functions at top level, service level and match level, before and after matches",
      source: """
        function isSignedIn() {
          return request.auth != null;
        }
        service firebase.storage {
          function isOwner(uid) { return request.auth.uid == uid; }
          match /b/{bucket}/o {
            function before() { return true }
            match /users/{uid}/{allPaths=**} {
              allow read: if isSignedIn();
              allow write: if isOwner(uid);
            }
            function after(a, b, c) {
              let sum = a + b;
              let ok = sum > c;
              return ok;
            }
          }
          function serviceAfter() { return false; }
        }
        function trailing() { return 1 }
        """,
      dump: """
        file
          function isSignedIn()
            return (!= (. request auth) null)
          service firebase.storage
            function isOwner(uid)
              return (== (. (. request auth) uid) uid)
            match /b/{bucket}/o
              function before()
                return true
              match /users/{uid}/{allPaths=**}
                allow read: if (call isSignedIn)
                allow write: if (call isOwner uid)
              function after(a, b, c)
                let sum = (+ a b)
                let ok = (> sum c)
                return ok
            function serviceAfter()
              return false
          function trailing()
            return 1

        """),
    GoldenCase(
      name: "minified match paths and literal segment characters",
      source: """
        service firebase.storage {
          match/b/{bucket}/o{
            match/images/{imageId}{allow read;}
            match /a/b.c/d-e_f~g/%20/{x=**} { allow get }
          }
        }
        """,
      dump: """
        file
          service firebase.storage
            match /b/{bucket}/o
              match /images/{imageId}
                allow read
              match /a/b.c/d-e_f~g/%20/{x=**}
                allow get

        """),
    GoldenCase(
      name: "allow with and without conditions, optional ';', conditions over several lines",
      source: """
        service firebase.storage {
          match /b/{bucket}/o {
            allow read
            allow read, write;
            allow get, list, create, update, delete: if true
            allow write:
              if request.auth != null
                && request.resource.size < 5 * 1024 * 1024;
            allow read: if
              resource.contentType.matches('image/.*');;
          }
        }
        """,
      dump: """
        file
          service firebase.storage
            match /b/{bucket}/o
              allow read
              allow read, write
              allow get, list, create, update, delete: if true
              allow write: if (&& (!= (. request auth) null) (< (. (. request resource) size) (* (* 5 1024) 1024)))
              allow read: if (call (. (. resource contentType) matches) 'image/.*')

        """),
    GoldenCase(
      name: "import, path literals with $(…) and (default), a parenthesized path with a call",
      source: """
        import 'other.rules';
        service firebase.storage {
          match /b/{bucket}/o {
            match /users/{uid} {
              allow read: if firestore.get(/databases/(default)/documents/users/$(request.auth.uid)).data.admin == true
                || firestore.exists(/databases/$(database)/documents/teams/$(uid));
              allow write: if (/b/{bucket}/o/x).bind({'bucket': bucket}) == request.path;
            }
          }
        }
        """,
      dump: """
        file
          import
          service firebase.storage
            match /b/{bucket}/o
              match /users/{uid}
                allow read: if (|| (== (. (. (call (. firestore get) (path /databases/(default)/documents/users/$((. (. request auth) uid)))) data) admin) true) (call (. firestore exists) (path /databases/$(database)/documents/teams/$(uid))))
                allow write: if (== (call (. (path /b/{bucket}/o/x) bind) {'bucket': bucket}) (. request path))

        """),
    GoldenCase(
      name: "CRLF, tabs, a byte order mark and non-ASCII comments and strings, with byte ranges",
      source:
        "\u{FEFF}// Storage rules ✓ für Bilder\r\nrules_version = '2';\r\nservice firebase.storage {\r\n"
        + "\tmatch /b/{bucket}/o {\r\n\t\t/* überall: ä ö ü */\r\n\t\tmatch /{path=**} {\r\n"
        + "\t\t\tallow read: if 'ünï' == \"✓\";\r\n\t\t}\r\n\t}\r\n}\r\n",
      dump: """
        file
          rules_version '2' @37..<57
          service firebase.storage @59..<208
            match /b/{bucket}/o @88..<205
              match /{path=**} @141..<201
                allow read: if (== 'ünï'@179..<186 '✓'@190..<195)@179..<195 @164..<196

        """,
      includeRanges: true),
    GoldenCase(
      name: "ranges of postfix chains",
      source: "service firebase.storage {\n  match /a/{b} {\n    allow read: if x.y(1)[2:];\n  }\n}\n",
      dump: """
        file
          service firebase.storage @0..<80
            match /a/{b} @29..<78
              allow read: if (range (call (. x@63..<64 y)@63..<66 1@67..<68)@63..<69 2@70..<71 _)@63..<73 @48..<74

        """,
      includeRanges: true),
    GoldenCase(name: "an empty file", source: "", dump: "file\n"),
    GoldenCase(name: "only comments", source: "// a\n/* b */\n// c", dump: "file\n"),
    GoldenCase(
      name: "{name=*} is a single-segment wildcard, kept in its spelling (decisions.md §6)",
      source: """
        service firebase.storage {
          match /b/{bucket}/o {
            match /{directChild=*} { allow list; }
            match /a/{ x = * }/{y}/{rest=**} { allow get; }
            match/c/{z=*}{allow get}
          }
        }
        """,
      dump: """
        file
          service firebase.storage
            match /b/{bucket}/o
              match /{directChild=*}
                allow list
              match /a/{x=*}/{y}/{rest=**}
                allow get
              match /c/{z=*}
                allow get

        """),
  ]

  @Test func starWildcardIsAWildcard() throws {
    let file = RulesParser.parse("service s { match /{directChild=*}/{y} { allow list; } }")
    guard case .service(let service) = try #require(file.statements.first).kind,
      case .match(let block) = try #require(service.body.first).kind
    else {
      Issue.record("expected a service with a match")
      return
    }
    let segments = block.pattern.segments
    #expect(segments.map(\.kind) == [.wildcard("directChild"), .wildcard("y")])
    #expect(segments.map(\.isWrittenWithStar) == [true, false])
    #expect(segments.map(\.isRecursive) == [false, false])
    #expect(file.source.text(try #require(segments.first?.nameRange)) == "directChild")
  }

  @Test(arguments: files)
  func file(_ row: GoldenCase) {
    let file = RulesParser.parse(row.source)
    // A leading byte order mark is reported (RS014: Firebase refuses it) and read past.
    #expect(file.diagnosticSummary == (row.source.hasPrefix("\u{FEFF}") ? ["RS014@0..<3"] : []))
    #expect(ASTDump.render(file, includeRanges: row.includeRanges) == row.dump)
  }
}
