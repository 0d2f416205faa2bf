/* tmu CLI — per-ISA entry points behind the shared `disasm` and `asm` commands.
 *
 * cmd_disasm.c / cmd_asm.c only pick the ISA (from --isa, or from the --gpu
 * name) and pass the FULL argv through unchanged (argv[0] = "disasm"/"asm");
 * each ISA parses all options itself, including --isa and --gpu. */
#ifndef TMU_ISA_CLI_H
#define TMU_ISA_CLI_H

#include <stddef.h>
#include <stdio.h>

#include "tmu/gcn.h"

/* AMD GCN MIMG (gfx6-gfx9) disassembler; tools/tmu/cli_gcn.c.  Returns an exit code. */
int tmu_cli_disasm_gcn(int argc, char **argv);
/* AMD GCN MIMG assembler; tools/tmu/cli_gcn.c.  Returns an exit code. */
int tmu_cli_asm_gcn(int argc, char **argv);
/* AMD RDNA MIMG (gfx10, gfx10.3, gfx11) disassembler; tools/tmu/cli_rdna.c.  Returns an exit
 * code. */
int tmu_cli_disasm_rdna(int argc, char **argv);
/* The text path of tmu_cli_disasm_rdna's standard input ('-'), for any file descriptor: reads
 * fd to its end in pieces of whole lines (`piece` bytes to start with; the CLI reads 128 KiB)
 * and writes the listing of RDNA generation `gen` to f, each error to stderr as
 * "NAME:LINE: ..." (NAME "<stdin>" in the CLI), exactly as `tmu disasm --gpu GPU -` does.
 * `flags`: TMU_CLI_RDNA_SHOW_ENCODING, _HEX, _OFFSETS as the options of those names, and the
 * paths taken, which change neither the output nor the errors (the fuzz target
 * tests/fuzz/fuzz_cli_rdna_text.c checks that they agree): by default runs of "0x" + 8-digit
 * tokens are read in batches (4 per AVX2 step where the CPU has it, SSE2 pairs otherwise) and
 * disassembled by tmu_gcn_disasm_lines; TMU_CLI_RDNA_NO_AVX2 leaves AVX2 out, and
 * TMU_CLI_RDNA_TOKENS takes the plain per-token path everywhere (each token parsed alone,
 * one instruction at a time).  Returns TMU_EXIT_OK, or TMU_EXIT_FAIL when the input could not
 * be read (a NUL byte in it, a read error; reported); *bad is set when a token or an
 * instruction was refused (reported; the stream goes on after it). */
enum {
    TMU_CLI_RDNA_SHOW_ENCODING = 1u << 0,
    TMU_CLI_RDNA_HEX = 1u << 1,
    TMU_CLI_RDNA_OFFSETS = 1u << 2,
    TMU_CLI_RDNA_TOKENS = 1u << 3,
    TMU_CLI_RDNA_NO_AVX2 = 1u << 4
};
int tmu_cli_disasm_rdna_fd(tmu_gcn_gen gen, unsigned flags, int fd, const char *name, size_t piece,
                           FILE *f, int *bad);
/* AMD RDNA MIMG assembler; tools/tmu/cli_rdna.c.  Returns an exit code. */
int tmu_cli_asm_rdna(int argc, char **argv);
/* AMD (--isa gcn): the RDNA tool when --gpu names an RDNA generation, else the GCN one
 * (cmd_disasm.c). */
int tmu_cli_disasm_amd(int argc, char **argv);
int tmu_cli_asm_amd(int argc, char **argv);
/* Adreno ir3 cat5 disassembler; tools/tmu/cli_ir3.c.  Returns an exit code. */
int tmu_cli_disasm_ir3(int argc, char **argv);
/* Adreno ir3 cat5 assembler; tools/tmu/cli_ir3.c.  Returns an exit code. */
int tmu_cli_asm_ir3(int argc, char **argv);

/* The spellings of the GPU option (llvm-mc's -mcpu too), for tmu_cli_option.alias. */
#define TMU_CLI_GPU_SPELLINGS "--gpu -mcpu --mcpu"

/* Which ISA a command line names: looks at --isa NAME / --isa=NAME, else infers it
 * from --gpu NAME / --gpu=NAME (or -mcpu=NAME / --mcpu NAME).  Returns "gcn", "ir3", NULL when nothing names one,
 * or the unrecognised --isa text itself through *unknown (then returns NULL). */
const char *tmu_cli_isa_of(int argc, char **argv, const char **unknown);

/* Shared body of `tmu disasm` and `tmu asm`: dispatches on tmu_cli_isa_of. */
int tmu_cli_isa_dispatch(int argc, char **argv, int (*gcn)(int, char **),
                         int (*ir3)(int, char **));

#endif
