/* tmu demo — a short tour: texel formats, the texture unit, the three ISA codecs and the
 * load planner, each step printing what it computed.  Everything runs through the public
 * library API (include/tmu/tmu.h). */
#include "cli.h"

#include <string.h>

#include "tmu/tmu.h"

static void section(const char *title) { printf("\n== %s ==\n", title); }

static void demo_formats(void)
{
    static const struct {
        const char *format;
        unsigned char bytes[4];
    } texels[] = {
        {"r8g8b8a8_unorm", {0xff, 0x80, 0x00, 0x40}},
        {"r8g8b8a8_srgb", {0xff, 0x80, 0x0a, 0x40}},
        {"rgb9e5", {0xff, 0x01, 0x03, 0x84}},
        {"r11g11b10_float", {0xc0, 0x03, 0x1c, 0x68}},
    };
    section("texel formats: decode one texel (tmu formats --decode)");
    for (size_t i = 0; i < sizeof(texels) / sizeof(texels[0]); i++) {
        tmu_format f = tmu_format_from_name(texels[i].format);
        const tmu_format_info *info = tmu_format_get(f);
        tmu_texel t;
        if (!info || tmu_format_decode(f, texels[i].bytes, &t) != TMU_OK)
            continue;
        printf("  %-24s ", info->name);
        for (unsigned b = 0; b < info->bytes; b++)
            printf("%02x", texels[i].bytes[b]);
        printf(" -> (%.6f, %.6f, %.6f, %.6f)\n", t.f[0], t.f[1], t.f[2], t.f[3]);
    }
}

/* A 2x2 RGBA8 texture sampled bilinearly at one point, in both precision models. */
static void demo_unit(void)
{
    static const unsigned char texels[16] = {
        0, 0, 0, 255,   255, 0, 0, 255, /* row 0: black, red */
        0, 255, 0, 255, 0, 0, 255, 255, /* row 1: green, blue */
    };
    tmu_texture tex;
    tmu_diag diag;
    if (tmu_texture_init_packed(&tex, TMU_DIM_2D, TMU_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 1, 1, 1,
                                texels, sizeof(texels), &diag) != TMU_OK) {
        printf("  texture: %s\n", diag.message);
        return;
    }
    section("texture unit: bilinear sample of a 2x2 RGBA8 texture, 4 lanes");
    printf("  texels (0,0) black, (1,0) red, (0,1) green, (1,1) blue; repeat addressing\n");
    static const float s[4] = {0.5f, 0.3f, 0.1f, 1.0f}, t[4] = {0.5f, 0.6f, 0.9f, 0.0f};
    tmu_wave_in in;
    memset(&in, 0, sizeof(in));
    in.coord[0] = s;
    in.coord[1] = t;
    tmu_op op;
    memset(&op, 0, sizeof(op));
    op.kind = TMU_OP_SAMPLE;
    op.dim = TMU_DIM_2D;
    op.level_mode = TMU_LEVEL_BASE;
    op.result = TMU_RESULT_F32;
    static const tmu_precision models[2] = {TMU_PRECISION_EXACT, TMU_PRECISION_NVIDIA};
    static const char *const model_names[2] = {"exact ", "nvidia"};
    for (int m = 0; m < 2; m++) {
        tmu_sampler smp = tmu_sampler_default();
        smp.precision = models[m];
        uint32_t r[4][4];
        tmu_wave_out out = {.data = {r[0], r[1], r[2], r[3]}, .resident = NULL};
        if (tmu_unit_execute(&tex, &smp, &op, 4, NULL, &in, &out, &diag) != TMU_OK) {
            printf("  execute: %s\n", diag.message);
            return;
        }
        for (int lane = 0; lane < 4; lane++) {
            float v[4];
            memcpy(v, (uint32_t[4]){r[0][lane], r[1][lane], r[2][lane], r[3][lane]}, sizeof(v));
            printf("  %s lane %d (s,t)=(%.2f,%.2f) -> (%.6f, %.6f, %.6f, %.6f)\n", model_names[m],
                   lane, s[lane], t[lane], v[0], v[1], v[2], v[3]);
        }
    }
    printf("  (nvidia: the datapath measured on an H200: 8-bit weights, results on the 16-bit grid; simd: %s)\n",
           tmu_unit_simd_name());
}

/* A tiled surface: a PS4 (Liverpool) 2D-thin texture laid out as AMD's addrlib lays it out,
 * a few texel addresses, and the texture unit sampling the tiled memory directly. */
static void demo_layout(void)
{
    section("surface layout: a 64x64 RGBA8 texture tiled like a PS4's (liverpool, tile index 14)");
    const tmu_amd_chip *chip = tmu_amd_chip_find("liverpool");
    tmu_surface_desc d;
    memset(&d, 0, sizeof(d));
    d.bpp = 32, d.width = 64, d.height = 64, d.slices = 1, d.levels = 1, d.samples = 1;
    d.flags = TMU_SURF_TEXTURE, d.tile_index = 14;
    static tmu_surface surf;
    tmu_diag diag;
    if (!chip || tmu_surface_init_amd(&surf, chip, &d, &diag) != TMU_OK) {
        printf("  layout: %s\n", diag.message);
        return;
    }
    const tmu_surface_level *l = &surf.level[0];
    printf("  %s, %s micro tiles, pitch %u, %u banks, pipe config %u, %llu bytes\n",
           tmu_amd_tile_mode_name(l->tile_mode), tmu_amd_tile_type_name(l->tile_type), l->pitch,
           l->banks, l->pipe_config, (unsigned long long)surf.size);
    static const uint32_t at[4][2] = {{0, 0}, {1, 0}, {0, 1}, {8, 0}};
    for (int i = 0; i < 4; i++) {
        uint64_t a = 0;
        tmu_surface_address(&surf, 0, at[i][0], at[i][1], 0, 0, &a);
        printf("  texel (%u,%u) at byte %llu\n", at[i][0], at[i][1], (unsigned long long)a);
    }
    /* a gradient, retiled into the surface's memory, then sampled in place */
    static unsigned char lin[64 * 64 * 4], tiled[1 << 16];
    if (surf.size > sizeof(tiled))
        return;
    for (uint32_t y = 0; y < 64; y++)
        for (uint32_t x = 0; x < 64; x++) {
            unsigned char *p = lin + (y * 64 + x) * 4;
            p[0] = (unsigned char)(x * 4), p[1] = (unsigned char)(y * 4), p[2] = 128, p[3] = 255;
        }
    tmu_surface_rect r = {0, 0, 0, 0, 0, 64, 64};
    if (tmu_surface_retile(&surf, &r, lin, 256, sizeof(lin), tiled, sizeof(tiled), &diag) != TMU_OK) {
        printf("  retile: %s\n", diag.message);
        return;
    }
    tmu_texture tex;
    if (tmu_texture_init_packed(&tex, TMU_DIM_2D, TMU_FORMAT_R8G8B8A8_UNORM, 64, 64, 1, 1, 1, 1, lin,
                                sizeof(lin), &diag) != TMU_OK)
        return;
    tmu_texture tt = tex;
    memset(&tt.level[0], 0, sizeof(tt.level[0]));
    tt.level[0].data = tiled, tt.level[0].size = sizeof(tiled), tt.level[0].surface = &surf;
    static const float s[4] = {0.25f, 0.5f, 0.75f, 0.9f}, t[4] = {0.25f, 0.3f, 0.6f, 0.9f};
    tmu_wave_in in;
    memset(&in, 0, sizeof(in));
    in.coord[0] = s, in.coord[1] = t;
    tmu_op op;
    memset(&op, 0, sizeof(op));
    op.kind = TMU_OP_SAMPLE, op.dim = TMU_DIM_2D, op.level_mode = TMU_LEVEL_BASE;
    tmu_sampler smp = tmu_sampler_default();
    uint32_t rt[4][4], rl[4][4];
    tmu_wave_out ot = {.data = {rt[0], rt[1], rt[2], rt[3]}}, ol = {.data = {rl[0], rl[1], rl[2], rl[3]}};
    if (tmu_unit_execute(&tt, &smp, &op, 4, NULL, &in, &ot, &diag) != TMU_OK ||
        tmu_unit_execute(&tex, &smp, &op, 4, NULL, &in, &ol, &diag) != TMU_OK) {
        printf("  execute: %s\n", diag.message);
        return;
    }
    for (int lane = 0; lane < 4; lane++) {
        float v[4];
        memcpy(v, (uint32_t[4]){rt[0][lane], rt[1][lane], rt[2][lane], rt[3][lane]}, sizeof(v));
        int same = 1;
        for (int c = 0; c < 4; c++)
            same &= rt[c][lane] == rl[c][lane];
        printf("  bilinear (%.2f,%.2f) from tiled memory -> (%.4f, %.4f, %.4f, %.4f) %s\n", s[lane],
               t[lane], v[0], v[1], v[2], v[3], same ? "= linear copy" : "DIFFERS from linear copy");
    }
}

/* The PTX front end: check a module like ptxas 13, then run its tex and tld4 for a warp. */
static const char demo_ptx_module[] =
    ".version 8.0\n"
    ".target sm_90\n"
    ".address_size 64\n"
    ".global .texref t0;\n"
    ".visible .entry k()\n"
    "{\n"
    "\t.reg .f32 %f<16>;\n"
    "\t.reg .u32 %r<4>;\n"
    "\ttex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f8,%f9}];\n"
    "\ttld4.r.2d.v4.f32.f32 {%f4,%f5,%f6,%f7}, [t0, {%f8,%f9}];\n"
    "\ttex.3d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f8,%f9,%f10}];\n"
    "\ttxq.width.b32 %r1, [t0];\n"
    "\tret;\n"
    "}\n";

static void demo_report(void *user, const tmu_diag *problem)
{
    (void)user;
    printf("  demo.ptx:%u:%u: error: %s\n", problem->line, problem->column, problem->message);
}

static void print_lane_floats(const tmu_ptx_regfile *rf, const char *const names[4], int lane)
{
    printf("(");
    for (int c = 0; c < 4; c++) {
        const tmu_ptx_reg *r = tmu_ptx_regfile_find(rf, names[c]);
        float v = 0;
        uint32_t bits = r ? (uint32_t)r->lane[lane] : 0;
        memcpy(&v, &bits, sizeof(v));
        printf("%s%.4f", c ? ", " : "", v);
    }
    printf(")");
}

static void demo_ptx(void)
{
    section("NVIDIA PTX: check a module like ptxas 13, run tex and tld4 for a warp");
    tmu_ptx_module *module = NULL;
    tmu_diag diag;
    if (tmu_ptx_module_parse(demo_ptx_module, sizeof(demo_ptx_module) - 1, &module, &diag) !=
        TMU_OK) {
        printf("  demo.ptx:%u:%u: %s\n", diag.line, diag.column, diag.message);
        return;
    }
    size_t problems = tmu_ptx_module_check(module, NULL, demo_report, NULL);
    printf("  %zu problem(s) in %zu texture instructions (ptxas 13 says the same)\n", problems,
           tmu_ptx_module_count(module));

    /* 2x2 RGBA8: red, green / blue, white; bilinear, clamp to edge. */
    static const unsigned char px[16] = {255, 0, 0, 255, 0, 255, 0, 255,
                                         0, 0, 255, 255, 255, 255, 255, 255};
    tmu_texture tex;
    tmu_sampler smp = tmu_sampler_default();
    smp.address[0] = smp.address[1] = TMU_ADDRESS_CLAMP_TO_EDGE;
    if (tmu_texture_init_packed(&tex, TMU_DIM_2D, TMU_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 1, 1, 1, px,
                                sizeof(px), &diag) != TMU_OK)
        goto out;
    const tmu_ptx_binding binding = {"t0", 0, &tex, &smp};
    static tmu_ptx_reg regs[10];
    static const char *const names[10] = {"%f0", "%f1", "%f2", "%f3", "%f4",
                                          "%f5", "%f6", "%f7", "%f8", "%f9"};
    memset(regs, 0, sizeof(regs));
    for (int i = 0; i < 10; i++)
        regs[i].name = names[i];
    static const float coords[2][2] = {{0.5f, 0.5f}, {0.375f, 0.625f}};
    for (int lane = 0; lane < 2; lane++)
        for (int a = 0; a < 2; a++) {
            uint32_t bits;
            memcpy(&bits, &coords[lane][a], sizeof(bits));
            regs[8 + a].lane[lane] = bits;
        }
    tmu_ptx_regfile rf = {regs, 10};
    tmu_ptx_exec_env env;
    memset(&env, 0, sizeof(env));
    env.bindings = &binding;
    env.nbindings = 1;
    env.module = module;
    env.scope = 1;
    for (size_t i = 0; i < 2; i++) {
        tmu_ptx_instr instr;
        char text[256];
        if (tmu_ptx_module_instr(module, i, &instr, NULL) != TMU_OK ||
            tmu_ptx_print_instr(&instr, text, sizeof(text), NULL) != TMU_OK)
            goto out;
        if (tmu_ptx_exec_warp(&instr, &env, 0x3u, &rf, &diag) != TMU_OK) {
            printf("  %s: %s\n", text, diag.message);
            goto out;
        }
        printf("  %s\n", text);
        for (int lane = 0; lane < 2; lane++) {
            printf("    lane %d (s,t)=(%.3f,%.3f) -> ", lane, coords[lane][0], coords[lane][1]);
            print_lane_floats(&rf, names + 4 * i, lane);
            printf("\n");
        }
    }
out:
    tmu_ptx_module_free(module);
}

static void demo_gcn(void)
{
    static const uint64_t words[] = {0x00000000f0800f00ull, 0x0005a4eff0011700ull,
                                     0x0000000ff0001100ull};
    section("AMD GCN MIMG gfx9: disassemble like llvm-mc 14, assemble back");
    char text[256];
    for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
        tmu_diag diag;
        if (tmu_gcn_disasm(TMU_GCN_GFX9, words[i], TMU_GCN_SYNTAX_LLVM, text, sizeof(text),
                           &diag) < 0) {
            printf("  0x%016llx  invalid: %s\n", (unsigned long long)words[i], diag.message);
            continue;
        }
        tmu_gcn_mimg inst;
        uint64_t back = 0;
        int ok = tmu_gcn_assemble(TMU_GCN_GFX9, TMU_GCN_SYNTAX_LLVM, text, strlen(text), 1, &inst,
                                  &diag) == TMU_OK &&
                 tmu_gcn_encode(&inst, &back, &diag) == TMU_OK;
        printf("  0x%016llx  %-52s asm -> %s\n", (unsigned long long)words[i], text,
               ok ? (back == words[i] ? "same word" : "different word") : diag.message);
    }
}

static void demo_ir3(void)
{
    static const uint64_t words[] = {0xa0c89f04c4600005ull, 0xa1000f0000000004ull,
                                     0xa048d107cc080a07ull, 0xa2802f0000000001ull};
    section("Qualcomm Adreno ir3 cat5 (a630): disassemble like Mesa, assemble back");
    char text[256];
    for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
        tmu_status st = tmu_ir3_disasm(words[i], 630, text, sizeof(text));
        uint64_t back = 0;
        tmu_diag diag;
        int ok = st == TMU_OK && tmu_ir3_assemble(text, 630, &back, &diag) == TMU_OK;
        printf("  %08x_%08x  %-48s asm -> %s\n", (unsigned)(words[i] >> 32), (unsigned)words[i],
               text, ok ? (back == words[i] ? "same word" : "different word") : diag.message);
    }
}

static void demo_loadplan(void)
{
    section("load planner: 3 x 16-bit from a buffer, align 4 + 2, constant offset 4100, gfx9");
    tmu_lp_request req;
    tmu_lp_request_init(&req);
    req.num_components = 3;
    req.component_size = 2;
    req.align_mul = 4;
    req.align_offset = 2;
    req.const_offset = 4100;
    static tmu_lp_plan plan; /* large; static keeps it off the stack (the demo is single-threaded) */
    tmu_diag diag;
    if (tmu_lp_plan_load(&req, TMU_LP_MUBUF, TMU_LP_GFX9, TMU_LP_EXACT, &plan, &diag) != TMU_OK) {
        printf("  plan: %s\n", diag.message);
        return;
    }
    char text[4096];
    tmu_lp_format_text(&plan, text, sizeof(text));
    fputs(text, stdout);
}

static void demo_usage(FILE *out)
{
    fprintf(out, "usage: tmu demo [--png FILE | --no-png]\n\n"
                 "Runs a short tour: texel decoding, the texture unit (writing one rendered\n"
                 "picture, by default tmu-demo.png in the current directory), the PTX, GCN and\n"
                 "Adreno ir3 codecs and the load planner, printing what each step computes.\n"
                 "The picture is written to a temporary file and renamed over FILE when complete.\n");
}

int tmu_cmd_demo(int argc, char **argv)
{
    static const tmu_cli_option opts[] = {
        {"--png", NULL, TMU_CLI_VALUE},
        {"--no-png", NULL, TMU_CLI_FLAG},
    };
    tmu_cli_set_command("demo", demo_usage);
    const char *png = "tmu-demo.png";
    tmu_cli_args a;
    tmu_cli_args_init(&a, argc, argv, opts, 2);
    const char *v;
    int k;
    while ((k = tmu_cli_next(&a, &v)) != TMU_CLI_END) {
        if (k == TMU_CLI_HELP) {
            demo_usage(stdout);
            return TMU_EXIT_OK;
        }
        if (k == TMU_CLI_ERROR)
            return TMU_EXIT_USAGE;
        if (k == TMU_CLI_ARG) {
            char echo[TMU_CLI_ECHO_BUF], where[32];
            snprintf(where, sizeof where, "argument %d", a.i - 1);
            return tmu_cli_usage_error(where, "unexpected '%s'", tmu_cli_shorten(echo, v));
        }
        if (k == 0 && !strcmp(v, "-"))
            return tmu_cli_usage_error("--png", "the tour's text goes to standard output; give a file");
        png = k == 0 ? v : NULL;
    }
    if (a.seen[0] && a.seen[1])
        return tmu_cli_usage_error("--no-png", "give either --png FILE or --no-png");
    printf("tmu %s demo", tmu_version());
    demo_formats();
    demo_unit();
    printf("\n");
    fflush(stdout);
    if (tmu_render_demo(stdout, png) != TMU_EXIT_OK)
        return TMU_EXIT_FAIL;
    demo_layout();
    demo_ptx();
    demo_gcn();
    demo_ir3();
    demo_loadplan();
    return TMU_EXIT_OK;
}
