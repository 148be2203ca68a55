import RulesInput
import Testing

@Suite struct CommentedJSONTests {
  private func plain(_ text: String) throws -> String {
    String(decoding: try CommentedJSON.plain(Array(text.utf8)), as: UTF8.self)
  }

  @Test(arguments: [
    ("{\"a\": 1} // note", "{\"a\": 1}        "),
    ("{/* x\ny */\"a\": [1, 2,]}", "{    \n    \"a\": [1, 2 ]}"),
    ("{\"a\": \"// not a comment, /* nor this */\",}", "{\"a\": \"// not a comment, /* nor this */\" }"),
    ("{\"a\": \"\\\"//\"}", "{\"a\": \"\\\"//\"}"),
    ("[1, /* c */ ]", "[1          ]"),
  ])
  func commentsAndTrailingCommasBecomeSpaces(input: String, expected: String) throws {
    let output = try plain(input)
    #expect(output == expected)
    #expect(output.utf8.count == input.utf8.count)
  }

  @Test func anUnterminatedCommentIsAnErrorAtItsStart() {
    let error = #expect(throws: CommentedJSON.UnterminatedComment.self) {
      try CommentedJSON.plain(Array("{\"a\": 1} /* open".utf8))
    }
    #expect(error?.offset == 9)
  }
}
