import Foundation
import RulesEvaluator
import RulesInput
import StorageBucket

/// Reading what `list` needs beyond `simulate`'s inputs; every failure is one
/// `rulescheck: error:` line and exit 2.
enum ListingInput {
  /// The listing in `path` (`-`: standard input); `.json`, `.jsonl` and `.ndjson` files are
  /// JSON, `.txt` text, others are recognised by their first characters. A listing larger
  /// than ``InputLimits/listing`` is refused.
  static func load(_ path: String) -> BucketListing {
    let data: [UInt8]
    do {
      data = try InputFile.read(path, limit: InputLimits.listing)
    } catch {
      Console.fail("\(path == "-" ? "<stdin>" : path): \(error)")
    }
    let format: ListingFormat =
      [".json", ".jsonl", ".ndjson"].contains(where: path.hasSuffix)
      ? .json : path.hasSuffix(".txt") ? .text : .automatic
    do {
      return try BucketListing(parsing: data, format: format)
    } catch {
      Console.fail("\(path == "-" ? "<stdin>" : path):\(error)")
    }
  }

}
