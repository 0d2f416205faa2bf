/* tmu plan-load — plan the hardware loads for one memory load (ACO emit_load model). */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "tmu/loadplan.h"

static void usage(void)
{
    printf("usage: tmu plan-load --class CLASS --gpu GFX --components N --component-size S\n"
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
    tmu_lp_request req;
    tmu_lp_request_init(&req);
    req.num_components = 0;
    req.component_size = 0;
    int have_class = 0, have_gen = 0, have_n = 0, have_s = 0, json = 0;
    tmu_lp_class cls = TMU_LP_MUBUF;
    tmu_lp_gen gen = TMU_LP_GFX9;
    tmu_lp_mode mode = TMU_LP_EXACT;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (tmu_cli_is_help(a)) {
            usage();
            return TMU_EXIT_OK;
        }
        if (!strcmp(a, "--aco")) { mode = TMU_LP_ACO; continue; }
        if (!strcmp(a, "--exact")) { mode = TMU_LP_EXACT; continue; }
        if (!strcmp(a, "--json")) { json = 1; continue; }
        if (!strcmp(a, "--smem-address")) { req.smem_address = true; continue; }
        if (!strcmp(a, "--soffset")) { req.has_soffset = true; continue; }
        if (!strcmp(a, "--index")) { req.has_index = true; continue; }
        if (strncmp(a, "--", 2) != 0)
            return tmu_cli_usage_error("plan-load", "unexpected argument '%s'", a);
        if (i + 1 >= argc)
            return tmu_cli_usage_error("plan-load", "option %s needs a value", a);
        const char *v = argv[++i];
        long long n = 0;
        if (!strcmp(a, "--class")) {
            if (tmu_lp_class_from_name(v, &cls) != TMU_OK)
                return tmu_cli_unknown_name("plan-load: --class", "memory class", v, class_names,
                                            sizeof(class_names) / sizeof(class_names[0]));
            have_class = 1;
        } else if (!strcmp(a, "--gpu")) {
            if (tmu_lp_gen_from_name(v, &gen) != TMU_OK)
                return tmu_cli_unknown_name("plan-load: --gpu", "generation", v, gen_names,
                                            sizeof(gen_names) / sizeof(gen_names[0]));
            have_gen = 1;
        } else if (!strcmp(a, "--offset")) {
            if (tmu_lp_offset_kind_from_name(v, &req.offset_kind) != TMU_OK)
                return tmu_cli_unknown_name("plan-load: --offset", "offset kind", v, kind_names,
                                            sizeof(kind_names) / sizeof(kind_names[0]));
        } else {
            static const struct {
                const char *opt;
                long long max;
            } nums[] = {{"--components", 1000}, {"--component-size", 1000},   {"--align-mul", 0x80000000LL},
                        {"--align-offset", 0xffffffffLL}, {"--const-offset", 0xffffffffLL},
                        {"--offset-value", 0xffffffffLL}, {"--stride", 0xffffffffLL},
                        {"--swizzle", 0xffffffffLL}};
            size_t k;
            for (k = 0; k < sizeof(nums) / sizeof(nums[0]); k++)
                if (!strcmp(a, nums[k].opt))
                    break;
            if (k == sizeof(nums) / sizeof(nums[0])) {
                static const char *const opts[] = {"--class", "--gpu", "--components", "--component-size",
                                                   "--align-mul", "--align-offset", "--const-offset",
                                                   "--offset", "--offset-value", "--stride", "--swizzle",
                                                   "--smem-address", "--soffset", "--index", "--aco",
                                                   "--exact", "--json"};
                return tmu_cli_unknown_name("plan-load", "option", a, opts, sizeof(opts) / sizeof(opts[0]));
            }
            if (tmu_cli_parse_int(v, 0, nums[k].max, &n) != 0)
                return tmu_cli_usage_error("plan-load", "%s: '%s' is not an integer in 0..%lld", a, v,
                                           nums[k].max);
            uint32_t u = (uint32_t)n;
            switch (k) {
            case 0: req.num_components = u; have_n = 1; break;
            case 1: req.component_size = u; have_s = 1; break;
            case 2: req.align_mul = u; break;
            case 3: req.align_offset = u; break;
            case 4: req.const_offset = u; break;
            case 5: req.offset_value = u; break;
            case 6: req.component_stride = u; break;
            default: req.swizzle_component_size = u; break;
            }
        }
    }
    if (!have_class)
        return tmu_cli_usage_error("plan-load", "--class is required");
    if (!have_gen)
        return tmu_cli_usage_error("plan-load", "--gpu is required");
    if (!have_n)
        return tmu_cli_usage_error("plan-load", "--components is required");
    if (!have_s)
        return tmu_cli_usage_error("plan-load", "--component-size is required");
    tmu_lp_plan *plan = malloc(sizeof(*plan));
    if (!plan)
        return tmu_cli_error("plan-load", "out of memory");
    tmu_diag diag;
    tmu_status st = tmu_lp_plan_load(&req, cls, gen, mode, plan, &diag);
    if (st != TMU_OK) {
        free(plan);
        return tmu_cli_error("plan-load", "%s", diag.message);
    }
    size_t need = json ? tmu_lp_format_json(plan, NULL, 0) : tmu_lp_format_text(plan, NULL, 0);
    char *text = malloc(need + 1);
    if (!text) {
        free(plan);
        return tmu_cli_error("plan-load", "out of memory");
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
