/* tmu disasm — disassemble texture instruction words of one ISA.
 * A thin dispatcher: the ISA-specific code lives in cli_gcn.c and cli_ir3.c. */
#include "cli.h"
#include "isa_cli.h"

#include <stdio.h>
#include <string.h>

#include "tmu/gcn.h"

static const char *const isa_names[] = {"gcn", "ir3"};

/* GPU names that select an ISA when --isa is absent: every AMD generation name (GCN and
 * RDNA; tmu_gcn_gen_from_name), the Adreno names. */
static const char *isa_of_gpu(const char *gpu)
{
    tmu_gcn_gen gen;
    if (tmu_gcn_gen_from_name(gpu, &gen) == TMU_OK)
        return "gcn";
    if ((gpu[0] == 'a' && gpu[1] >= '3' && gpu[1] <= '7') || (gpu[0] >= '3' && gpu[0] <= '7'))
        return "ir3";
    return NULL;
}

/* The value of option `name` (or of one of the space-separated spellings), before any "--". */
static const char *opt_value(int argc, char **argv, const char *names)
{
    for (int i = 1; i < argc && strcmp(argv[i], "--"); i++) {
        for (const char *nm = names; *nm;) {
            size_t n = strcspn(nm, " ");
            if (strlen(argv[i]) == n && !strncmp(argv[i], nm, n))
                return i + 1 < argc ? argv[i + 1] : "";
            if (!strncmp(argv[i], nm, n) && argv[i][n] == '=')
                return argv[i] + n + 1;
            nm += n;
            while (*nm == ' ')
                nm++;
        }
    }
    return NULL;
}

const char *tmu_cli_isa_of(int argc, char **argv, const char **unknown)
{
    *unknown = NULL;
    const char *isa = opt_value(argc, argv, "--isa");
    if (isa) {
        for (size_t i = 0; i < sizeof(isa_names) / sizeof(isa_names[0]); i++)
            if (strcmp(isa, isa_names[i]) == 0)
                return isa_names[i];
        *unknown = isa;
        return NULL;
    }
    const char *gpu = opt_value(argc, argv, TMU_CLI_GPU_SPELLINGS);
    return gpu ? isa_of_gpu(gpu) : NULL;
}

static void dispatch_usage(FILE *out)
{
    const char *cmd = tmu_cli_command();
    fprintf(out,
            "usage: tmu %s --isa gcn|ir3 --gpu GPU [OPTIONS] ...\n\n"
            "  --isa gcn   AMD GCN MIMG, --gpu gfx6|gfx7|gfx8|gfx81|gfx9; RDNA MIMG,\n"
            "              --gpu gfx10|gfx10.3|gfx11 (llvm-mc 16's text; also gfx1010, gfx1030,\n"
            "              gfx1100 ...: 'tmu %s --gpu gfx10 --help')\n"
            "  --isa ir3   Adreno ir3 category 5, --gpu a3xx..a7xx (or a GPU id such as 630)\n"
            "The ISA follows from --gpu when --isa is left out; -mcpu=GPU and --mcpu GPU are\n"
            "llvm-mc's spellings of --gpu.  Run 'tmu %s --isa gcn --help' or\n"
            "'tmu %s --isa ir3 --help' for the options.\n",
            cmd, cmd, cmd, cmd);
}

int tmu_cli_isa_dispatch(int argc, char **argv, int (*gcn)(int, char **),
                         int (*ir3)(int, char **))
{
    tmu_cli_set_command(argv[0], dispatch_usage);
    const char *unknown = NULL;
    const char *isa = tmu_cli_isa_of(argc, argv, &unknown);
    if (unknown)
        return tmu_cli_unknown_name("--isa", "ISA", unknown, isa_names,
                                    sizeof(isa_names) / sizeof(isa_names[0]));
    if (!isa) {
        for (int i = 1; i < argc && strcmp(argv[i], "--"); i++) {
            if (tmu_cli_is_help(argv[i])) {
                dispatch_usage(stdout);
                return TMU_EXIT_OK;
            }
        }
        const char *gpu = opt_value(argc, argv, TMU_CLI_GPU_SPELLINGS);
        char echo[TMU_CLI_ECHO_BUF];
        if (gpu)
            return tmu_cli_usage_error("--gpu", "'%s' names no known GPU; give --isa gcn or --isa ir3",
                                       tmu_cli_shorten(echo, gpu));
        return tmu_cli_usage_error("--isa", "missing: give --isa gcn or --isa ir3");
    }
    return strcmp(isa, "gcn") == 0 ? gcn(argc, argv) : ir3(argc, argv);
}

/* Whether --gpu (any spelling) names an RDNA generation. */
static int gpu_is_rdna(int argc, char **argv)
{
    const char *gpu = opt_value(argc, argv, TMU_CLI_GPU_SPELLINGS);
    tmu_gcn_gen gen;
    return gpu && tmu_gcn_gen_from_name(gpu, &gen) == TMU_OK && TMU_GCN_GEN_IS_RDNA(gen);
}

int tmu_cli_disasm_amd(int argc, char **argv)
{
    return gpu_is_rdna(argc, argv) ? tmu_cli_disasm_rdna(argc, argv)
                                   : tmu_cli_disasm_gcn(argc, argv);
}

int tmu_cli_asm_amd(int argc, char **argv)
{
    return gpu_is_rdna(argc, argv) ? tmu_cli_asm_rdna(argc, argv) : tmu_cli_asm_gcn(argc, argv);
}

int tmu_cmd_disasm(int argc, char **argv)
{
    return tmu_cli_isa_dispatch(argc, argv, tmu_cli_disasm_amd, tmu_cli_disasm_ir3);
}
