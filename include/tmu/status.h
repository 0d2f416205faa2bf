/* tmu — status codes and diagnostics shared by every module.
 *
 * Every fallible tmu call returns a tmu_status.  Calls that read text or
 * binary input (decode, parse, validate) can also fill a tmu_diag that says
 * where the problem is and what it is, in words a user can act on. */
#ifndef TMU_STATUS_H
#define TMU_STATUS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum tmu_status {
    TMU_OK = 0,
    TMU_ERR_INVALID_ARGUMENT, /* a parameter is out of range or NULL where it may not be */
    TMU_ERR_UNSUPPORTED,      /* well-formed but not supported (format, generation, mode) */
    TMU_ERR_DECODE,           /* a binary word does not decode to an instruction */
    TMU_ERR_PARSE,            /* text does not parse */
    TMU_ERR_INVALID,          /* parses, but is rejected by the ISA's rules (validator) */
    TMU_ERR_BUFFER_TOO_SMALL, /* an output buffer is too small; nothing useful was written */
    TMU_ERR_NOT_FOUND,        /* a name or binding does not exist */
    TMU_ERR_RANGE,            /* a value does not fit the field that must hold it */
    TMU_ERR_IO,               /* reading or writing a file failed (CLI helpers) */
    TMU_STATUS_COUNT
} tmu_status;

/* Returns a short, static, lower-case description of a status ("invalid argument").
 * Never NULL: unknown values give "unknown status". */
const char *tmu_status_str(tmu_status status);

/* Where and why an input was refused.  `line`/`column` are 1-based for text
 * (0 when not applicable); `offset` is a byte offset into the input, or a bit
 * position for binary words, or -1 when not applicable. */
typedef struct tmu_diag {
    tmu_status status;
    uint32_t line;
    uint32_t column;
    int64_t offset;
    char message[200];
} tmu_diag;

/* Clears a diagnostic to "no error".  `diag` may be NULL (then it does nothing). */
void tmu_diag_clear(tmu_diag *diag);

/* Records a status, position and printf-style message in `diag` (may be NULL)
 * and returns `status`, so callers can write `return tmu_diag_set(d, ...)`.
 * The message is truncated to fit. */
tmu_status tmu_diag_set(tmu_diag *diag, tmu_status status, uint32_t line, uint32_t column,
                        int64_t offset, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

/* Version of the library as "MAJOR.MINOR.PATCH". */
const char *tmu_version(void);

#ifdef __cplusplus
}
#endif
#endif
