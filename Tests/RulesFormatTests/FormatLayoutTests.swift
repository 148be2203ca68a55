import RulesFormat
import RulesSyntax
import Testing

/// The canonical layout of tricky inputs, written out in full.
@Suite struct FormatLayoutTests {
  @Test func spacingIndentationAndOneStatementPerLine() {
    let input = """
      rules_version='2'
      service   firebase.storage{match /b/{bucket}/o{
      match /users/{uid}/{file=**}
      {allow read,write:if request.auth!=null&&request.auth.uid==uid; allow delete:if false;}
      }}
      """
    #expect(
      Layout.format(input) == """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /users/{uid}/{file=**} {
              allow read, write: if request.auth != null && request.auth.uid == uid;
              allow delete: if false;
            }
          }
        }

        """)
  }

  @Test func expressionSpacing() {
    let input = """
      service firebase.storage {
        match /{f} {
          allow read: if ( -1 < size( ) ) && !( f in [ 'a' , 'b' ] ) && x [ 0 : 2 ] == m [ 'k' ]
            && (a ? b : c) && f.matches( 'x.*' ) && {'a' : 1} . size() == - ( - 1 ) && y is string;
          allow write: if  firestore.get( /databases/(default)/documents/u/$(request.auth.uid) ).data.ok;
        }
      }
      """
    #expect(
      Layout.format(input) == """
        service firebase.storage {
          match /{f} {
            allow read: if (-1 < size()) && !(f in ['a', 'b']) && x[0:2] == m['k']
              && (a ? b : c) && f.matches('x.*') && {'a': 1}.size() == -(-1) && y is string;
            allow write: if firestore.get(/databases/(default)/documents/u/$(request.auth.uid)).data.ok;
          }
        }

        """)
  }

  @Test func commentsStayWhereTheyAre() {
    let input = """
      // header

      rules_version = '2';  // trailing after version
      /* block before service */
      service firebase.storage { // after the brace
        // before match


        match /a/{b} { /* inline */ allow read: if true; // trailing
          allow write: if /* inside */ false
            // own line inside the condition
            || true;
          // last in block
        }
        // before the closing brace
      } // after the closing brace
      // end of file
      """
    #expect(
      Layout.format(input) == """
        // header

        rules_version = '2'; // trailing after version
        /* block before service */
        service firebase.storage { // after the brace
          // before match

          match /a/{b} { /* inline */
            allow read: if true; // trailing
            allow write: if /* inside */ false
              // own line inside the condition
              || true;
            // last in block
          }
          // before the closing brace
        } // after the closing brace
        // end of file

        """)
  }

  @Test func functionsWithLetAndBlankLines() {
    let input = """
      rules_version = '2';



      service firebase.storage {

        function isOwner(uid){let signedIn=request.auth!=null;
        let same = request.auth.uid==uid;
          return signedIn&&same;}

        match /u/{uid} {

          allow read: if isOwner(uid);

        }
      }
      """
    #expect(
      Layout.format(input) == """
        rules_version = '2';

        service firebase.storage {
          function isOwner(uid) {
            let signedIn = request.auth != null;
            let same = request.auth.uid == uid;
            return signedIn && same;
          }

          match /u/{uid} {
            allow read: if isOwner(uid);
          }
        }

        """)
  }

  @Test func longConditionsKeepTheAuthorsLineBreaksReindented() {
    let input = """
      service firebase.storage {
        match /a/{b} {
          allow create: if request.resource.size < 5 * 1024 * 1024 &&
                           (request.resource.contentType.matches('image/.*')
              || request.resource.contentType == 'application/pdf'
                 ) &&
      b.size() < 100;
        }
      }
      """
    #expect(
      Layout.format(input) == """
        service firebase.storage {
          match /a/{b} {
            allow create: if request.resource.size < 5 * 1024 * 1024 &&
              (request.resource.contentType.matches('image/.*')
                || request.resource.contentType == 'application/pdf'
              ) &&
              b.size() < 100;
          }
        }

        """)
  }

  @Test func crlfInputKeepsCRLFAndTabsBecomeSpaces() {
    let input =
      "rules_version = '2';\r\nservice firebase.storage {\r\n\tmatch /a {\r\n\t\tallow read:\tif\ttrue; // c\t\r\n\t}\r\n}\r\n"
    #expect(
      Layout.format(input)
        == "rules_version = '2';\r\nservice firebase.storage {\r\n  match /a {\r\n    allow read: if true; // c\r\n  }\r\n}\r\n"
    )
  }

  @Test func literalsKeepTheirSpelling() {
    let input = """
      service firebase.storage { match /a { allow read: if "dq\\t\\u00e9" == 'sq\\'' && b'\\x00' != null && 5. == 5.0 && 0.5==.5; } }
      """
    #expect(
      Layout.format(input) == """
        service firebase.storage {
          match /a {
            allow read: if "dq\\t\\u00e9" == 'sq\\'' && b'\\x00' != null && 5. == 5.0 && 0.5 == .5;
          }
        }

        """)
  }

  @Test func emptyAndCommentOnlyTexts() {
    #expect(Layout.format("") == "")
    #expect(Layout.format(" \n\n\t\n") == "")
    #expect(Layout.format("// only\n\n\n/* a\n   b */  \n") == "// only\n\n/* a\n   b */\n")
  }

  @Test func syntaxErrorsAreNotFormatted() throws {
    let outcome = RulesFormatter().format("service firebase.storage { match /a { allow read: if ; } }")
    guard case .syntaxErrors(let errors) = outcome else {
      Issue.record("formatted a file with a syntax error: \(outcome)")
      return
    }
    #expect(!errors.isEmpty)
    #expect(errors.allSatisfy { $0.severity == .error })
  }

  @Test func strayAndMissingSemicolons() {
    let input =
      "rules_version = '2'\nservice firebase.storage { ; match /a { allow read: if true;; allow write } }\n"
    #expect(
      Layout.format(input) == """
        rules_version = '2';
        service firebase.storage {
          match /a {
            allow read: if true;
            allow write;
          }
        }

        """)
  }

  /// A `;` alone on the line after a trailing comment moves before the comment; a comment on a
  /// line of its own stays there.
  @Test func semicolonAfterATrailingComment() {
    let input = """
      service firebase.storage {
        match /a {
          allow read: if true // why
          ;
          allow write: if false
          // own line
          ;
          allow delete: if false;
        }
      }
      """
    #expect(
      Layout.format(input) == """
        service firebase.storage {
          match /a {
            allow read: if true; // why
            allow write: if false
              // own line
              ;
            allow delete: if false;
          }
        }

        """)
  }
}
