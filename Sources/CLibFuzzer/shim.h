#ifndef FOCUSSYNC_CLIBFUZZER_SHIM_H
#define FOCUSSYNC_CLIBFUZZER_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver, linked in by `-sanitize=fuzzer` and absent otherwise (hence weak).
typedef int (*focussync_fuzz_one)(const uint8_t *data, size_t size);
extern int LLVMFuzzerRunDriver(int *argc, char ***argv, focussync_fuzz_one callback) __attribute__((weak));

/// 1 when the executable was built with `-sanitize=fuzzer`.
static inline int focussync_libfuzzer_linked(void) { return LLVMFuzzerRunDriver != NULL; }

/// Runs libFuzzer on `callback` with the process's arguments.
static inline int focussync_libfuzzer_run(int *argc, char ***argv, focussync_fuzz_one callback) {
    return LLVMFuzzerRunDriver(argc, argv, callback);
}

#endif
