import Foundation
import RulesEvaluator
import StorageSimulator

/// Reading what `list` needs beyond `simulate`'s inputs; every failure is one
/// `rulescheck: error:` line and exit 2.
enum ListingInput {
  /// The listing in `path` (`-`: standard input); `.json`, `.jsonl` and `.ndjson` files are
  /// JSON, `.txt` text, others are recognised by their first characters.
  static func load(_ path: String) -> BucketListing {
    let data: Data?
    if path == "-" {
      data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
      data = FileManager.default.contents(atPath: path)
    }
    guard let data else { Console.fail("\(path): no such file or unreadable") }
    let format: ListingFormat =
      [".json", ".jsonl", ".ndjson"].contains(where: path.hasSuffix)
      ? .json : path.hasSuffix(".txt") ? .text : .automatic
    do {
      return try BucketListing(parsing: [UInt8](data), format: format)
    } catch {
      Console.fail("\(path == "-" ? "<stdin>" : path):\(error)")
    }
  }

}
