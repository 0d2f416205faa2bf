/* tmu layout / detile / retile for Adreno a6xx / a7xx surfaces (--gpu; tmu/layout.h's Adreno
 * section).  cmd_layout.c hands a command line over when tmu_layout_adreno_wanted() says so. */
#ifndef TMU_CMD_LAYOUT_ADRENO_H
#define TMU_CMD_LAYOUT_ADRENO_H

#include <stddef.h>
#include <stdio.h>

/* 1 when argv (argv[0] = the command) asks for an Adreno surface: --gpu or --gpus is given
 * (before any "--"). */
int tmu_layout_adreno_wanted(int argc, char **argv);

/* Runs `cmd` (LCLI_LAYOUT, LCLI_DETILE or LCLI_RETILE, layout_cli.h) on an Adreno surface;
 * `usage` is the command's help (printed for --help and after usage errors).  Returns the exit
 * status. */
int tmu_layout_adreno_run(unsigned cmd, int argc, char **argv, void (*usage)(FILE *));

/* The AMD surface options (cmd_layout.c), which the Adreno family refuses by name; *count gets
 * their number.  (layout_cli_opt: layout_cli.h) */
struct layout_cli_opt;
const struct layout_cli_opt *tmu_layout_amd_options(size_t *count);

/* The Adreno part of the help of `cmd` (LCLI_*). */
void tmu_layout_adreno_help(FILE *out, unsigned cmd);

#endif
