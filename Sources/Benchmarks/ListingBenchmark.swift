import RulesEvaluator
import StorageBucket

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// A text listing of `count` names, scattered so the index must sort them: 90% objects in one
/// flat folder (`flat/object-N.dat`), 10% in 1,000 folders of 100 (`tree/dNNN/fN.dat`).
func generatedListing(count: Int) -> [UInt8] {
  var bytes: [UInt8] = []
  bytes.reserveCapacity(count * 24)
  let flat = count / 10 * 9
  for index in 0..<count {
    // 611,953 is coprime with 10^6: a permutation of 0..<count when count is 10^6.
    let scattered = index &* 611_953 % count
    let name =
      scattered < flat
      ? "flat/object-\(scattered).dat"
      : "tree/d\((scattered - flat) % 1000)/f\((scattered - flat) / 1000).dat"
    bytes += name.utf8
    bytes.append(0x0A)
  }
  return bytes
}

private func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
}

private func formatted(_ value: Double) -> String {
  String(Int((value * 100).rounded())).paddedMilliseconds
}

/// Loads and indexes a generated listing of 1,000,000 names (target ≤ 2 s), then times pages of
/// 1,000 (target ≤ 5 ms each) with and without the rules' decision; peak memory target 150 MB.
func benchmarkListing(count: Int = 1_000_000) {
  let clock = ContinuousClock()
  let text = generatedListing(count: count)
  print("listing: \(count) names, \(text.count / 1_000_000) MB of text (generated in scattered order)")
  var listing = BucketListing()
  var loads: [Double] = []
  for _ in 0..<3 {
    listing = BucketListing()  // one listing alive at a time, so peak memory is one load's
    var loaded: BucketListing?
    let elapsed = clock.measure { loaded = try? BucketListing(parsing: text, format: .text) }
    loads.append(milliseconds(elapsed))
    listing = loaded ?? BucketListing()
  }
  loads.sort()
  print(
    "listing: load + index \(listing.count) names: min \(formatted(loads[0])) ms, max \(formatted(loads[2])) ms (3 runs)"
  )

  let rules = CompiledRuleset(
    source:
      "rules_version = '2'; service firebase.storage { match /b/{bucket}/o { match /{all=**} { allow read; } } }"
  )
  let bucket = SimulatedBucket(name: "bench", rules: rules, objects: listing)
  let time = Timestamp(seconds: 1_780_000_000, nanos: 0)
  var cases: [(String, String, String?)] = [
    ("first page of flat/", "flat", nil),
    ("1,000 folders of tree/", "tree", nil),
    ("a folder of 100 in tree/", "tree/d500", nil),
    ("the root (2 folders over 10^6 names)", "", nil),
  ]
  var middle: String?
  var last: String?
  if let page = try? listing.list(folder: "flat", maxResults: 1000) { middle = page.nextPageToken }
  for _ in 0..<400 {
    guard let token = middle, let page = try? listing.list(folder: "flat", pageToken: token) else { break }
    if page.nextPageToken == nil { break }
    last = middle
    middle = page.nextPageToken
  }
  if let middle { cases.append(("page 401 of flat/ (by token)", "flat", middle)) }
  if let last { cases.append(("page 400 of flat/ (by token)", "flat", last)) }
  var worst = 0.0
  var worstMedian = 0.0
  for (label, folder, pageToken) in cases {
    var samples: [Double] = []
    var entries = 0
    for _ in 0..<50 {
      var page: ListPage?
      let elapsed = clock.measure { page = try? listing.list(folder: folder, pageToken: pageToken) }
      samples.append(milliseconds(elapsed))
      entries = (page?.items.count ?? 0) + (page?.prefixes.count ?? 0)
    }
    var decided: [Double] = []
    for _ in 0..<50 {
      let elapsed = clock.measure {
        _ = bucket.list(folder: folder, pageToken: pageToken, auth: AuthContext(uid: "u"), time: time)
      }
      decided.append(milliseconds(elapsed))
    }
    samples.sort()
    decided.sort()
    worst = max(worst, decided[decided.count - 1])
    worstMedian = max(worstMedian, decided[decided.count / 2])
    print(
      "listing: \(label), \(entries) entries: median \(formatted(samples[25])) ms, max \(formatted(samples[49])) ms;"
        + " with the rules' decision median \(formatted(decided[25])) ms, max \(formatted(decided[49])) ms")
  }
  var generator = SystemRandomNumberGenerator()
  var random: [Double] = []
  for _ in 0..<500 {
    let resume = "flat/object-\(Int.random(in: 0..<(count / 10 * 9), using: &generator)).dat"
    let pageToken = base64(Array(resume.utf8))
    let elapsed = clock.measure {
      _ = bucket.list(folder: "flat", pageToken: pageToken, auth: nil, time: time)
    }
    random.append(milliseconds(elapsed))
  }
  random.sort()
  let randomWorst = random[random.count - 1]
  print(
    "listing: 500 pages after random tokens in flat/, with the decision: median \(formatted(random[250])) ms,"
      + " 99th percentile \(formatted(random[495])) ms, max \(formatted(randomWorst)) ms")
  print(
    "listing: slowest page of 1,000 with the decision: median \(formatted(max(worstMedian, random[250]))) ms,"
      + " slowest single run \(formatted(max(worst, randomWorst))) ms (target ≤ 5 ms; on a busy machine the"
      + " slowest runs include scheduler preemptions, load average \(loadAverage().split(separator: " ").first ?? "?"))"
  )
  if let peak = peakMemoryMegabytes() {
    // Run alone (`--listing-only`, the child the targets table measures) this is the listing's
    // peak; after the other benchmarks it holds theirs too.
    let alone = arguments.contains("--listing-only")
    print(
      "listing: peak resident memory \(peak) MB"
        + (alone
          ? " (target ≤ 150 MB)"
          : " of this process after every benchmark before it (the target's is a child's)"))
  }
  benchmarkExports(text, clock: clock)
}

/// Loads the same names as `gsutil ls -r` URLs and as `gsutil ls -l` rows (size and creation
/// time kept as metadata), after the peak memory above is taken.
private func benchmarkExports(_ text: [UInt8], clock: ContinuousClock) {
  let lines = text.split(separator: 0x0A)
  for (label, prefix) in [
    ("gsutil ls -r URLs", "gs://bench/"),
    ("gsutil ls -l rows", "      1234  2024-05-01T10:00:00Z  gs://bench/"),
  ] {
    var export: [UInt8] = []
    export.reserveCapacity(text.count + lines.count * prefix.utf8.count)
    for line in lines {
      export += prefix.utf8
      export += line
      export.append(0x0A)
    }
    var loaded: BucketListing?  // freed outside the measured time, as in the load above
    let elapsed = clock.measure { loaded = try? BucketListing(parsing: export, format: .text) }
    print(
      "listing: load + index \(loaded?.count ?? 0) names as \(label): \(formatted(milliseconds(elapsed))) ms (1 run)"
    )
  }
}

/// Standard padded base64, as page tokens are written.
private func base64(_ bytes: [UInt8]) -> String {
  let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
  var output: [UInt8] = []
  var index = 0
  while index < bytes.count {
    let count = min(3, bytes.count - index)
    var group = UInt32(bytes[index]) << 16
    if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
    if count > 2 { group |= UInt32(bytes[index + 2]) }
    for position in 0..<4 {
      output.append(position <= count ? alphabet[Int((group >> (18 - 6 * UInt32(position))) & 0x3F)] : 0x3D)
    }
    index += 3
  }
  return String(decoding: output, as: UTF8.self)
}
