/* tmu CLI — what `ptx check` and `ptx run` share (tools/tmu/cmd_ptx.c). */
#ifndef TMU_PTX_CLI_H
#define TMU_PTX_CLI_H

#include <stddef.h>

#include "tmu/status.h"

/* Where the problems of one checked module are reported, and how many were errors. */
typedef struct tmu_cli_ptx_report {
    const char *file;
    size_t errors;
} tmu_cli_ptx_report;

/* The tmu_ptx_module_check callback of both commands: prints one problem at FILE:LINE:COL as an
 * error (counted in errors) or, for status TMU_OK, a warning.  `user` is a tmu_cli_ptx_report. */
void tmu_cli_ptx_problem(void *user, const tmu_diag *d);

#endif
