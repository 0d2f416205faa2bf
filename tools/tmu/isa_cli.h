/* tmu CLI — per-ISA entry points behind the shared `disasm` and `asm` commands.
 *
 * cmd_disasm.c / cmd_asm.c only pick the ISA (from --isa, or from the --gpu
 * name) and pass the FULL argv through unchanged (argv[0] = "disasm"/"asm");
 * each ISA parses all options itself, including --isa and --gpu. */
#ifndef TMU_ISA_CLI_H
#define TMU_ISA_CLI_H

/* AMD GCN MIMG (gfx6-gfx9) disassembler; tools/tmu/cli_gcn.c.  Returns an exit code. */
int tmu_cli_disasm_gcn(int argc, char **argv);
/* AMD GCN MIMG assembler; tools/tmu/cli_gcn.c.  Returns an exit code. */
int tmu_cli_asm_gcn(int argc, char **argv);
/* AMD RDNA MIMG (gfx10, gfx10.3, gfx11) disassembler; tools/tmu/cli_rdna.c.  Returns an exit
 * code. */
int tmu_cli_disasm_rdna(int argc, char **argv);
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
