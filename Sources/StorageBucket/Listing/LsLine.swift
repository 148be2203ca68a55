import RulesEvaluator

/// One line of `gsutil ls` / `gcloud storage ls` output (`-r`, `-l`, `-a`, `-e`, `-h` and
/// their combinations), as byte ranges of the file it was read from.
///
/// The shapes, per the tools' own printing code: a URL `gs://bucket/name`, with `#generation`
/// under `-a`; a `-r` header `gs://bucket/folder/:` (or `gs://bucket/:`, `gs://bucket:`); the
/// bucket itself `gs://bucket/`; a long-listing row `<size>  <YYYY-MM-DDTHH:MM:SSZ>  <URL>`
/// (size right-aligned, exact bytes or `-h`/`--readable-sizes` units, then
/// `  metageneration=N` under `-a` and `  etag=E` under `-e`); a long-listing folder row,
/// spaces then a URL ending in `/`; `TOTAL: N objects, N bytes (…)`; a blank line (empty, or
/// spaces and tabs only).
struct LsLine {
  enum Kind: Equatable {
    case blank, total, header, bucket, object, folder
  }

  var kind: Kind
  /// The bucket a URL names.
  var bucket: Range<Int>?
  /// The object name of an object or folder row, without `#generation`.
  var name: Range<Int> = 0..<0
  /// What the line shows of the object besides a long-listing row's size and time:
  /// `generation`, `metageneration`, `etag`; nil when it shows none of them.
  var metadata: [String: Value]?
  /// A long-listing row's creation time and size (nil when given in rounded units).
  var created: Timestamp?
  var size: Int64?

  /// Everything the line shows of the object; nil when it shows only the name.
  var listed: BucketListing.ListedMetadata? {
    guard let created else { return metadata.map { .fields($0) } }
    if metadata == nil, let row = BucketListing.ListedFields.row(created: created, size: size) {
      return .listed(row)
    }
    let shown = BucketListing.ListedFields.rowFields(created: created, size: size)
    return .fields((metadata ?? [:]).merging(shown) { _, row in row })
  }

  init(_ kind: Kind) { self.kind = kind }
}
