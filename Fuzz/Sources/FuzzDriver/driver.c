#include <stddef.h>
#include <stdint.h>
#include "FuzzDriver.h"

// Provided by libFuzzer (-sanitize=fuzzer).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
// Defined by each fuzz target in Swift with @_cdecl; weak so that every executable links even
// though each defines only its own.
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) __attribute__((weak));

static int run(int argc, char **argv) { return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput); }

int FuzzLint_main(int argc, char **argv) { return run(argc, argv); }
int FuzzEvaluate_main(int argc, char **argv) { return run(argc, argv); }
int FuzzListing_main(int argc, char **argv) { return run(argc, argv); }
int FuzzSuite_main(int argc, char **argv) { return run(argc, argv); }
int FuzzConfiguration_main(int argc, char **argv) { return run(argc, argv); }
