import StorageBucket
import StorageSimulator
import Testing

/// Page tokens: standard padded base64 of the last key; anything else is an error.
@Suite("Page tokens")
struct PageTokenTests {
  let listing = BucketListing(names: ["f/a", "f/b", "f/sub/x", "f/z", "g/a"])

  @Test func aFolderTokenSkipsTheWholeFolder() throws {
    let first = try listing.list(folder: "f", maxResults: 3)
    #expect(first.prefixes == ["f/sub"])
    #expect(first.nextPageToken == "Zi9zdWIv")  // base64("f/sub/")
    #expect(try listing.list(folder: "f", pageToken: "Zi9zdWIv").items == ["f/z"])
  }

  @Test(arguments: ["", "Zi9h", "Zi9hYg", "Zi9h!", "Zi9hYh==", "Z2/h", "=Zi9", "Zg=="])
  func malformedOrForeignTokensAreErrors(token: String) {
    // "Zi9hYg" lacks padding; "Zi9hYh==" has non-zero trailing bits; "Zg==" is "f", the folder
    // itself; "Zi9h" is "f/a", valid for "f" but listed here under "g".
    #expect(throws: BucketError.self) { try listing.list(folder: "g", pageToken: token) }
  }

  @Test func aTokenFromAnotherFolderNamesIt() {
    #expect(
      throws: BucketError.invalidArgument(
        message: "Invalid page token 'Zi9h': it resumes after 'f/a', which a list of 'g' never returns.")
    ) {
      try listing.list(folder: "g", pageToken: "Zi9h")
    }
  }

  @Test func deeperKeysAreNotTokensOfTheFolder() throws {
    // base64("f/sub/x"): an entry of "f/sub", not of "f".
    #expect(throws: BucketError.self) { try listing.list(folder: "f", pageToken: "Zi9zdWIveA==") }
    #expect(try listing.list(folder: "f/sub", pageToken: "Zi9zdWIveA==") == ListPage())
  }

  @Test func tokensAtTheRoot() throws {
    let first = try listing.list(folder: "", maxResults: 1)
    #expect(first == ListPage(prefixes: ["f"], items: [], nextPageToken: "Zi8="))
    #expect(try listing.list(folder: "", pageToken: "Zi8=") == ListPage(prefixes: ["g"]))
  }
}
