#include "tmu/status.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const status_names[TMU_STATUS_COUNT] = {
    [TMU_OK] = "ok",
    [TMU_ERR_INVALID_ARGUMENT] = "invalid argument",
    [TMU_ERR_UNSUPPORTED] = "unsupported",
    [TMU_ERR_DECODE] = "cannot decode",
    [TMU_ERR_PARSE] = "syntax error",
    [TMU_ERR_INVALID] = "invalid instruction",
    [TMU_ERR_BUFFER_TOO_SMALL] = "buffer too small",
    [TMU_ERR_NOT_FOUND] = "not found",
    [TMU_ERR_RANGE] = "value out of range",
    [TMU_ERR_IO] = "input/output error",
};

const char *tmu_status_str(tmu_status status)
{
    if ((unsigned)status >= TMU_STATUS_COUNT)
        return "unknown status";
    return status_names[status];
}

void tmu_diag_clear(tmu_diag *diag)
{
    if (!diag)
        return;
    /* the fields and an empty message: hot paths clear on every success, so the rest of the
     * 200-byte buffer is left as it is */
    diag->status = TMU_OK;
    diag->line = 0;
    diag->column = 0;
    diag->offset = -1;
    diag->message[0] = '\0';
}

tmu_status tmu_diag_set(tmu_diag *diag, tmu_status status, uint32_t line, uint32_t column,
                        int64_t offset, const char *fmt, ...)
{
    if (diag) {
        diag->status = status;
        diag->line = line;
        diag->column = column;
        diag->offset = offset;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(diag->message, sizeof(diag->message), fmt, ap);
        va_end(ap);
    }
    return status;
}

#ifndef TMU_VERSION_STRING
#define TMU_VERSION_STRING "0.1.0"
#endif
const char *tmu_version(void) { return TMU_VERSION_STRING; }
