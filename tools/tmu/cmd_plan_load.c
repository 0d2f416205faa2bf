/* tmu plan-load — plan the hardware loads for one memory load (ACO emit_load model). */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "tmu/loadplan.h"

static void usage(FILE *out)
{
    fprintf(out, "usage: tmu plan-load --class CLASS --gpu GFX --components N --component-size S\n"
           "                     [--align-mul M] [--align-offset R] [--const-offset C]\n"
           "                     [--offset vgpr|sgpr|vgpr64|sgpr64|const|none] [--offset-value V]\n"
           "                     [--stride B] [--swizzle B] [--smem-address] [--soffset] [--index]\n"
           "                     [--aco] [--json]\n"
           "\n"
           "Plans the loads that fetch N components of S bytes (1, 2, 4, 8) from an address E\n"
           "with E mod M = R (M a power of two, default 4; R default 0), where E = dynamic\n"
           "offset + C.  CLASS: lds smem mubuf mubuf_format mtbuf scratch_mubuf scratch_flat\n"
           "global.  GFX: gfx6 .. gfx12.  --stride: bytes between components (swizzled\n"
           "buffers); --swizzle: most bytes per load; --smem-address: SMEM from a 64-bit\n"
           "address (s_load, not bounds-checked) instead of s_buffer_load; --soffset/--index:\n"
           "buffer loads also add an SGPR soffset / use a buffer index (idxen).\n"
           "--aco reproduces Mesa 23.x ACO emit_load (faults included); the default exact mode\n"
           "is correct for every address the alignment allows, with the fewest loads.\n"
           "--json prints one object: loads [{op, bytes, const_offset, ...}], fixups, shifts,\n"
           "recombine.\n");
}

static const char *const class_names[] = {"lds", "smem", "mubuf", "mubuf_format", "mtbuf",
                                          "scratch_mubuf", "scratch_flat", "global"};
static const char *const gen_names[] = {"gfx6", "gfx7", "gfx8", "gfx9", "gfx10", "gfx11", "gfx12"};
static const char *const kind_names[] = {"vgpr", "sgpr", "vgpr64", "sgpr64", "const", "none"};

int tmu_cmd_plan_load(int argc, char **argv)
{
    enum { O_CLASS, O_GPU, O_OFFSET, O_COMPONENTS, O_CSIZE, O_ALIGN_MUL, O_ALIGN_OFFSET,
           O_CONST_OFFSET, O_OFFSET_VALUE, O_STRIDE, O_SWIZZLE, O_SMEM_ADDRESS, O_SOFFSET,
           O_INDEX, O_ACO, O_EXACT, O_JSON, O_COUNT };
    static const tmu_cli_option opts[O_COUNT] = {
        [O_CLASS] = {"--class", NULL, TMU_CLI_VALUE},
        [O_GPU] = {"--gpu", NULL, TMU_CLI_VALUE},
        [O_OFFSET] = {"--offset", NULL, TMU_CLI_VALUE},
        [O_COMPONENTS] = {"--components", NULL, TMU_CLI_VALUE},
        [O_CSIZE] = {"--component-size", NULL, TMU_CLI_VALUE},
        [O_ALIGN_MUL] = {"--align-mul", NULL, TMU_CLI_VALUE},
        [O_ALIGN_OFFSET] = {"--align-offset", NULL, TMU_CLI_VALUE},
        [O_CONST_OFFSET] = {"--const-offset", NULL, TMU_CLI_VALUE},
        [O_OFFSET_VALUE] = {"--offset-value", NULL, TMU_CLI_VALUE},
        [O_STRIDE] = {"--stride", NULL, TMU_CLI_VALUE},
        [O_SWIZZLE] = {"--swizzle", NULL, TMU_CLI_VALUE},
        [O_SMEM_ADDRESS] = {"--smem-address", NULL, TMU_CLI_FLAG},
        [O_SOFFSET] = {"--soffset", NULL, TMU_CLI_FLAG},
        [O_INDEX] = {"--index", NULL, TMU_CLI_FLAG},
        [O_ACO] = {"--aco", NULL, TMU_CLI_FLAG},
        [O_EXACT] = {"--exact", NULL, TMU_CLI_FLAG},
        [O_JSON] = {"--json", NULL, TMU_CLI_FLAG},
    };
    /* numeric options: largest value each takes */
    static const long long num_max[O_COUNT] = {
        [O_COMPONENTS] = 1000,          [O_CSIZE] = 1000,         [O_ALIGN_MUL] = 0x80000000LL,
        [O_ALIGN_OFFSET] = 0xffffffffLL, [O_CONST_OFFSET] = 0xffffffffLL,
        [O_OFFSET_VALUE] = 0xffffffffLL, [O_STRIDE] = 0xffffffffLL, [O_SWIZZLE] = 0xffffffffLL,
    };
    tmu_cli_set_command("plan-load", usage);
    tmu_lp_request req;
    tmu_lp_request_init(&req);
    req.num_components = 0;
    req.component_size = 0;
    int json = 0, mode_set = -1;
    tmu_lp_class cls = TMU_LP_MUBUF;
    tmu_lp_gen gen = TMU_LP_GFX9;
    tmu_lp_mode mode = TMU_LP_EXACT;
    tmu_cli_args a;
    tmu_cli_args_init(&a, argc, argv, opts, O_COUNT);
    const char *v;
    int k;
    while ((k = tmu_cli_next(&a, &v)) != TMU_CLI_END) {
        long long n = 0;
        switch (k) {
        case TMU_CLI_HELP:
            usage(stdout);
            return TMU_EXIT_OK;
        case TMU_CLI_ERROR:
            return TMU_EXIT_USAGE;
        case TMU_CLI_ARG: {
            char echo[TMU_CLI_ECHO_BUF], where[32];
            snprintf(where, sizeof where, "argument %d", a.i - 1);
            return tmu_cli_usage_error(where, "unexpected '%s' (every input is an option)",
                                       tmu_cli_shorten(echo, v));
        }
        case O_ACO:
        case O_EXACT:
            if (mode_set >= 0 && mode_set != k)
                return tmu_cli_usage_error(opts[k].name, "give either --aco or --exact");
            mode_set = k;
            mode = k == O_ACO ? TMU_LP_ACO : TMU_LP_EXACT;
            break;
        case O_JSON: json = 1; break;
        case O_SMEM_ADDRESS: req.smem_address = true; break;
        case O_SOFFSET: req.has_soffset = true; break;
        case O_INDEX: req.has_index = true; break;
        case O_CLASS:
            if (tmu_lp_class_from_name(v, &cls) != TMU_OK)
                return tmu_cli_unknown_name("--class", "memory class", v, class_names,
                                            sizeof(class_names) / sizeof(class_names[0]));
            break;
        case O_GPU:
            if (tmu_lp_gen_from_name(v, &gen) != TMU_OK)
                return tmu_cli_unknown_name("--gpu", "generation", v, gen_names,
                                            sizeof(gen_names) / sizeof(gen_names[0]));
            break;
        case O_OFFSET:
            if (tmu_lp_offset_kind_from_name(v, &req.offset_kind) != TMU_OK)
                return tmu_cli_unknown_name("--offset", "offset kind", v, kind_names,
                                            sizeof(kind_names) / sizeof(kind_names[0]));
            break;
        default: {
            int rc = tmu_cli_opt_int(opts[k].name, v, 0, num_max[k], &n);
            if (rc)
                return rc;
            uint32_t u = (uint32_t)n;
            switch (k) {
            case O_COMPONENTS: req.num_components = u; break;
            case O_CSIZE: req.component_size = u; break;
            case O_ALIGN_MUL: req.align_mul = u; break;
            case O_ALIGN_OFFSET: req.align_offset = u; break;
            case O_CONST_OFFSET: req.const_offset = u; break;
            case O_OFFSET_VALUE: req.offset_value = u; break;
            case O_STRIDE: req.component_stride = u; break;
            default: req.swizzle_component_size = u; break;
            }
        }
        }
    }
    int have_class = a.seen[O_CLASS], have_gen = a.seen[O_GPU], have_n = a.seen[O_COMPONENTS],
        have_s = a.seen[O_CSIZE];
    if (!have_class)
        return tmu_cli_usage_error("--class", "missing (lds, smem, mubuf, ... global)");
    if (!have_gen)
        return tmu_cli_usage_error("--gpu", "missing (gfx6 .. gfx12)");
    if (!have_n)
        return tmu_cli_usage_error("--components", "missing");
    if (!have_s)
        return tmu_cli_usage_error("--component-size", "missing (1, 2, 4 or 8)");
    tmu_lp_plan *plan = malloc(sizeof(*plan));
    if (!plan)
        return tmu_cli_error(NULL, "out of memory");
    tmu_diag diag;
    tmu_status st = tmu_lp_plan_load(&req, cls, gen, mode, plan, &diag);
    if (st != TMU_OK) {
        free(plan);
        return tmu_cli_error("request", "%s", diag.message);
    }
    size_t need = json ? tmu_lp_format_json(plan, NULL, 0) : tmu_lp_format_text(plan, NULL, 0);
    char *text = malloc(need + 1);
    if (!text) {
        free(plan);
        return tmu_cli_error(NULL, "out of memory");
    }
    if (json)
        tmu_lp_format_json(plan, text, need + 1);
    else
        tmu_lp_format_text(plan, text, need + 1);
    fputs(text, stdout);
    if (json)
        fputc('\n', stdout);
    free(text);
    free(plan);
    return TMU_EXIT_OK;
}
