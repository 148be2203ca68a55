// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "rulescheck",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "rulescheck", targets: ["rulescheck"]),
    .library(name: "RulesSyntax", targets: ["RulesSyntax"]),
    .library(name: "RulesSemantics", targets: ["RulesSemantics"]),
    .library(name: "RulesIDE", targets: ["RulesIDE"]),
    .library(name: "RulesEvaluator", targets: ["RulesEvaluator"]),
    .library(name: "StorageBucket", targets: ["StorageBucket"]),
    .library(name: "StorageSimulator", targets: ["StorageSimulator"]),
    .library(name: "RulesLint", targets: ["RulesLint"]),
    .library(name: "RulesLintFrontend", targets: ["RulesLintFrontend"]),
    .library(name: "RulesTesting", targets: ["RulesTesting"]),
    .library(name: "RulesReport", targets: ["RulesReport"]),
    .library(name: "RulesAudit", targets: ["RulesAudit"]),
    .library(name: "RulesFormat", targets: ["RulesFormat"]),
    .library(name: "RulesLSP", targets: ["RulesLSP"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
  ],
  targets: [
    .systemLibrary(
      name: "CPCRE2",
      pkgConfig: "libpcre2-8",
      providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]
    ),
    // The executables' allocator on Linux: jemalloc in place of glibc's malloc (ruff does the
    // same). glibc grows a second thread's arena a page at a time, one mprotect each, and
    // contends on arena locks when one thread frees what another allocated. Linked into the
    // two executables only; the libraries and the tests keep the process's malloc.
    .systemLibrary(
      name: "CJemalloc",
      pkgConfig: "jemalloc",
      providers: [.apt(["libjemalloc-dev"]), .brew(["jemalloc"])]
    ),
    .target(name: "RulesRegex", dependencies: ["CPCRE2"]),
    .target(name: "RulesSyntax"),
    .target(name: "RulesSemantics", dependencies: ["RulesSyntax", "RulesRegex"]),
    .target(name: "RulesEvaluator", dependencies: ["RulesSyntax", "RulesSemantics", "RulesRegex"]),
    // References, listings, list/listAll paging and the rules-checked bucket: Foundation-free.
    .target(name: "StorageBucket", dependencies: ["RulesSyntax", "RulesSemantics", "RulesEvaluator"]),
    // FirebaseStorage's Apple API (Foundation: Data, URL, NSError) over StorageBucket.
    .target(name: "StorageSimulator", dependencies: ["StorageBucket", "RulesSyntax", "RulesEvaluator"]),
    // Who may do what, decided by the evaluator: the engine of `rulescheck audit`.
    .target(name: "RulesAudit", dependencies: ["RulesSyntax", "RulesSemantics", "RulesEvaluator"]),
    // The canonical layout of a rules file: `rulescheck format` and the language server's formatting.
    .target(name: "RulesFormat", dependencies: ["RulesSyntax"]),
    .target(name: "RulesInput", dependencies: [.product(name: "Yams", package: "Yams")]),
    .target(
      name: "RulesLint",
      dependencies: ["RulesSyntax", "RulesSemantics", "RulesRegex", "RulesEvaluator", "RulesAudit"]
    ),
    // The file-system side of lint: discovery, configuration files, reading, writing, runs over
    // many files; the catalogue in RulesLint stays pure.
    .target(
      name: "RulesLintFrontend",
      dependencies: [
        "RulesSyntax", "RulesSemantics", "RulesRegex", "RulesEvaluator", "RulesInput", "RulesLint",
        .product(name: "Yams", package: "Yams"),
      ]
    ),
    // Editor features (hover, completion, navigation, symbols, folding) over one document's text.
    .target(name: "RulesIDE", dependencies: ["RulesSyntax", "RulesSemantics", "RulesLint"]),
    .target(
      name: "RulesTesting",
      dependencies: [
        "RulesSyntax", "RulesSemantics", "RulesEvaluator", "StorageBucket", "RulesInput",
        .product(name: "Yams", package: "Yams"),
      ]
    ),
    .target(
      name: "RulesReport",
      dependencies: [
        "RulesSyntax", "RulesLint", "RulesEvaluator", "StorageBucket", "RulesTesting", "RulesAudit",
      ]
    ),
    // `rulescheck lsp`: the Language Server Protocol over stdio.
    .target(
      name: "RulesLSP",
      dependencies: [
        "RulesSyntax", "RulesSemantics", "RulesEvaluator", "RulesLint", "RulesLintFrontend", "RulesReport",
        "RulesInput", "RulesIDE", "RulesFormat",
      ]
    ),
    .executableTarget(
      name: "rulescheck",
      dependencies: [
        "RulesLSP",
        "RulesSyntax", "RulesSemantics", "RulesLint", "RulesLintFrontend", "RulesReport", "RulesEvaluator",
        "StorageBucket", "RulesTesting", "RulesInput", "RulesAudit",
        "RulesFormat",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .target(name: "CJemalloc", condition: .when(platforms: [.linux])),
      ]
    ),
    .executableTarget(
      name: "rulescheck-bench",
      dependencies: [
        "RulesSyntax", "RulesSemantics", "RulesLint", "RulesLintFrontend", "RulesEvaluator",
        "StorageBucket", "RulesTesting", "RulesReport",
        .target(name: "CJemalloc", condition: .when(platforms: [.linux])),
      ],
      path: "Sources/Benchmarks"
    ),
    .target(name: "RulescheckTestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "RulesRegexTests", dependencies: ["RulesRegex"]),
    .testTarget(
      name: "RulesLSPTests",
      dependencies: [
        "RulesSyntax", "RulesEvaluator", "RulesLint", "RulesReport", "RulesLSP", "RulescheckTestSupport",
      ]
    ),
    .testTarget(name: "RulesInputTests", dependencies: ["RulesInput"]),
    .testTarget(
      name: "RulesAuditTests",
      dependencies: ["RulesSyntax", "RulesSemantics", "RulesEvaluator", "RulesAudit"]
    ),
    .testTarget(name: "RulesSyntaxTests", dependencies: ["RulesSyntax"]),
    .testTarget(name: "RulesFormatTests", dependencies: ["RulesSyntax", "RulesFormat", "RulesLint"]),
    .testTarget(
      name: "RulesEvaluatorTests",
      dependencies: ["RulesSyntax", "RulesSemantics", "RulesEvaluator", "RulescheckTestSupport"]
    ),
    .testTarget(
      name: "RulesIDETests", dependencies: ["RulesSyntax", "RulesSemantics", "RulesLint", "RulesIDE"]
    ),
    .testTarget(
      name: "StorageSimulatorTests",
      dependencies: ["RulesSyntax", "RulesSemantics", "RulesEvaluator", "StorageBucket", "StorageSimulator"]
    ),
    .testTarget(
      name: "RulesLintTests",
      dependencies: [
        "RulesSyntax", "RulesSemantics", "RulesEvaluator", "RulesLint", "RulesReport",
        "RulescheckTestSupport",
      ]
    ),
    .testTarget(
      name: "RulesLintFrontendTests",
      dependencies: ["RulesSyntax", "RulesLint", "RulesLintFrontend", "RulescheckTestSupport"]
    ),
    .testTarget(
      name: "RulesTestingTests",
      dependencies: [
        "RulesSyntax", "RulesSemantics", "RulesEvaluator", "StorageBucket", "RulesTesting", "RulesReport",
        "RulescheckTestSupport",
      ]
    ),
    .testTarget(
      name: "RulesSemanticsTests", dependencies: ["RulesSyntax", "RulesSemantics"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "RulescheckTests",
      dependencies: [
        "RulesSyntax", "RulesSemantics", "RulesEvaluator", "RulesLint", "RulesLintFrontend", "RulesReport",
        "RulescheckTestSupport",
      ],
      exclude: ["Golden", "Schemas"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
