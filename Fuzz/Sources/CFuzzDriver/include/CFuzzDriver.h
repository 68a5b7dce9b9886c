#ifndef MACTL_CFUZZDRIVER_H
#define MACTL_CFUZZDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver, from libclang_rt.fuzzer_no_main: SwiftPM gives every executable its
/// own `main`, so the targets call the driver instead of letting libFuzzer own `main`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
