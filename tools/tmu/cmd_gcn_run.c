/* tmu gcn run — executes AMD GCN MIMG instructions (and s_waitcnt) on one wave of 64 lanes with
 * SGPR/VGPR values, EXEC and guest memory from the command line or an input file, and prints the
 * VGPRs and memory the program changed, the counters and the hazards.  --render runs the program
 * once per 8x8 tile of a picture and writes the results as a PNG. */
#include "cli.h"
#include "cli_common.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifdef TMU_HAVE_PNG
#include <png.h>
#endif

#include "tmu/format.h"
#include "tmu/gcn.h"
#include "tmu/gcn_exec.h"
#include "tmu/layout.h"
#include "tmu/texture.h"

int tmu_cmd_gcn_run(int argc, char **argv);
void tmu_cli_gcn_print_layout(FILE *f, const char *indent, const tmu_gcn_tdesc *t,
                              const tmu_texture *shape, const tmu_amd_chip *chip); /* cli_gcn.c */

#define MAX_REGIONS 32
#define MAX_BORDER 64
#define MAX_TEXTURES 32
#define MAX_PROGRAM 4096
#define AUTO_BASE 0x100000000ull /* textures without at= go from 4 GiB up */

/* One program line: an image instruction or an s_waitcnt. */
typedef struct prog_line {
    int is_wait, is_vs;   /* s_waitcnt; s_waitcnt_vscnt (RDNA) */
    uint32_t vm, exp, vs;
    tmu_gcn_mimg inst;
    char where[48]; /* FILE:LINE for messages */
} prog_line;

typedef struct run_state {
    tmu_gcn_gen gen;
    int have_gen;
    const tmu_amd_chip *chip; /* --chip, else NULL (the generation's default) */
    int tiled_textures;       /* tiled --texture placed (laid out on the chip of that time) */
    unsigned wave_lanes;      /* --wave: 32 or 64 (0: not given, 64) */
    tmu_gcn_wave *wave, *initial;
    tmu_gcn_region regions[MAX_REGIONS];
    tmu_cli_origin region_at[MAX_REGIONS]; /* the --memory or --texture that placed each */
    unsigned char *snapshot[MAX_REGIONS];
    size_t nregions;
    uint32_t border[MAX_BORDER][4];
    size_t nborder;
    tmu_cli_texspec spec[MAX_TEXTURES]; /* --texture specs (cli_common.h): their residency maps */
    size_t nspec;
    tmu_gcn_prt prt[MAX_TEXTURES];
    size_t nprt;
    uint64_t next_auto;
    int explain;
    uint64_t lanes;    /* --show (--lanes): lanes printed, bit N = lane N */
    int have_exec;     /* --exec or --active given */
    tmu_cli_origin exec_at; /* where it was given */
    unsigned char *seen; /* the command line's options given (tmu_cli_args.seen) */
    uint64_t vsel[4];  /* --print-vgprs: VGPRs printed whatever their value, bit N = vN */
    int have_vsel;
    int json;          /* --json */
    uint32_t *counts;  /* --json: vm_cnt, exp_cnt after each program line */
    char (*texts)[160]; /* --json: each program line as printed */
    const char *program_path, *program_text;
    prog_line *prog;
    size_t nprog;
    /* --render */
    uint32_t rw, rh;
    float uv[4];
    unsigned coords, rgba;
    const char *out;
    /* where --wave, --show (--lanes), --chip, --json and --explain came from, for the checks
     * made once every option is read */
    tmu_cli_origin wave_at, lanes_at, chip_at, json_at, explain_at;
    /* each SGPR (--sgpr, a --texture's T#, a --sampler's S#), VGPR and --border entry is set
     * once: CLAIM_* thing numbers */
    tmu_cli_claims claims;
} run_state;

#define CLAIM_SGPR 0
#define CLAIM_VGPR TMU_GCN_SGPRS
#define CLAIM_BORDER (CLAIM_VGPR + TMU_GCN_VGPRS)
#define CLAIM_COUNT (CLAIM_BORDER + MAX_BORDER)

/* Claims things first..first+count-1 of st->claims for the option at `where`: one claimed
 * before is refused, naming it (sN, vN or border entry N) and both places.  Returns 0 or code. */
static int claim(run_state *st, unsigned first, unsigned count, const char *where, int code)
{
    unsigned clash;
    const tmu_cli_origin *o = tmu_cli_claim(&st->claims, first, count, where, code, &clash);
    if (!o)
        return 0;
    char what[48];
    if (clash < CLAIM_VGPR)
        snprintf(what, sizeof what, "s%u", clash - CLAIM_SGPR);
    else if (clash < CLAIM_BORDER)
        snprintf(what, sizeof what, "v%u", clash - CLAIM_VGPR);
    else
        snprintf(what, sizeof what, "border entry %u", clash - CLAIM_BORDER);
    return tmu_cli_report_twice(o, where, code, what);
}

static void run_usage(FILE *out)
{
    fprintf(out,
            "usage: tmu gcn run --gpu GPU [options] PROGRAM\n"
            "       tmu gcn run --gpu GPU [options] -e 'LINE; LINE...'\n"
            "       tmu gcn run --gpu GPU [options] --render WxH -o OUT.png PROGRAM\n"
            "\n"
            "Executes GCN and RDNA image instructions on one wave (64 lanes; RDNA --wave 32 or\n"
            "64), in order, and prints the VGPRs (per lane) and guest memory they changed,\n"
            "VM_CNT/EXP_CNT (RDNA: and VS_CNT) after each line and the hazards found (a result\n"
            "read before s_waitcnt vmcnt, store data overwritten before s_waitcnt expcnt).  At\n"
            "the end every instruction retires (as s_endpgm).\n"
            "\n"
            "PROGRAM is a file ('-' = stdin) with one line per instruction ('#' or ';' starts a\n"
            "comment; with -e, ';' separates lines):\n"
            "  image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf   LLVM syntax\n"
            "  0x00820004f0800f00                                        a 64-bit word\n"
            "  s_waitcnt vmcnt(0) expcnt(0)    or  s_waitcnt 0  or  0xbf8c0f70\n"
            "  s_waitcnt_vscnt null, 0         (RDNA: waits for stores; or 0xbbfd0000)\n"
            "  RDNA: image_sample v[0:3], [v4, v9], s[8:15], s[16:19] dmask:0xf\n"
            "        dim:SQ_RSRC_IMG_2D  (NSA address lists as assembly; 2-dword forms as hex too)\n"
            "\n"
            "options (each may also be a line 'OPTION ARG' of an --input file, without '--'):\n"
            "  --gpu GPU             gfx6, gfx7, gfx8, gfx81, gfx9, gfx10 (gfx1010), gfx10.3\n"
            "                        (gfx1030) or gfx11 (gfx1100) (required)\n"
            "  --wave 32|64          RDNA wave size (default 64, the wave size Mesa's radeonsi\n"
            "                        and radv give pixel shaders); gfx6-9 waves have 64 lanes\n"
            "  --chip NAME           the chip whose address registers lay out tiled T#s: tahiti\n"
            "                        (gfx6), bonaire, hawaii, kaveri, liverpool = ps4 (gfx7),\n"
            "                        tonga, polaris10, polaris12 (gfx8), vega10, raven (gfx9),\n"
            "                        navi10, navi14 (gfx10), navi21, navi21_8pipe (gfx10.3),\n"
            "                        gfx11_32pipe, gfx11_16pipe, gfx11_8pipe, gfx11_4pipe_2pkr,\n"
            "                        gfx11_2pipe_1pkr (gfx11); default tahiti, bonaire, tonga\n"
            "                        (gfx8, gfx81), vega10, navi10, navi21, gfx11_16pipe\n"
            "  --sgpr sN=V[,V...]    s[N], s[N+1], ... (decimal or 0x hex)\n"
            "  --vgpr vN=V[,V...]    vN for lanes 0, 1, ...; one value sets every lane; a value\n"
            "                        with '.', 'e', inf or nan is a float, lane[*K][+C] the lane\n"
            "                        number scaled, else an integer\n"
            "  --exec MASK           EXEC (64-bit hex; default every lane)\n"
            "  --active LIST         EXEC as lanes: a hex mask 0x.., 'all' or ranges such as 0-3,8\n"
            "  --memory ADDR:SIZE[:ro]   a zero-filled guest-memory region (SIZE like 64K)\n"
            "  --memory ADDR:ro=FILE / ADDR=FILE   a region holding FILE's bytes ('-' = stdin)\n"
            "                        all regions and textures together: at most tmu --max-bytes\n"
            "                        bytes (with stores or atomics, writable ones count twice:\n"
            "                        the writes are found against a copy)\n"
            "  --texture sN=SPEC     place a texture in guest memory and its T# in s[N..N+7]\n"
            "  --sampler sN=OPTS     an S# in s[N..N+3]\n"
            "  --border I=R,G,B,A    border-colour table entry I (BORDER_COLOR_TYPE register)\n"
            "  --show LIST           lanes to print (--lanes LIST too), numbered from 0: a hex\n"
            "                        mask, 'all', N, A-B or a comma list such as 0-3,8\n"
            "                        (default all 64)\n"
            "  --print-vgprs LIST    print these VGPRs whether or not the program changed them:\n"
            "                        vN, vA-vB, a comma list or 'all' (default: the changed ones)\n"
            "  --json                print the result as one JSON object (lines with counters,\n"
            "                        hazards, the VGPRs per printed lane, memory writes)\n"
            "  --explain             print each instruction's T#, S# and operand VGPRs\n"
            "  --input FILE          more options from FILE ('-' = stdin; '#' at the start of a\n"
            "                        line or after a blank starts a comment; nests 4 deep)\n"
            "  -e TEXT               the program as text instead of a file\n"
            "  --render WxH          run the program once per 8x8 tile of a WxH picture (quads\n"
            "                        of 2x2 pixels, as a fragment shader): the coordinates go to\n"
            "                        --coords vN, vN+1 (default v0, v1), the colour is read from\n"
            "                        --rgba vN..vN+3 (default v0..v3, floats 0..1); -o OUT.png\n"
            "  --uv U0,V0,U1,V1      coordinates at the picture's corners (default 0,0,1,1)\n"
            "  -o FILE               the PNG of --render\n"
            "\n");
    tmu_cli_texspec_help(out, TMU_CLI_TEX_MS);
    fprintf(out,
            "  With sparse=, instructions with tfe return 1 in the status VGPR for a lane that\n"
            "  touches a non-resident tile.\n"
            "GCN KEYs: at=ADDR (where the texture lies in guest memory; default from 4 GiB up)\n"
            "  tiling=N (gfx6-8 TILING_INDEX 0-31 of the chip's table; default 8 = linear)\n"
            "  swizzle=MODE (gfx9, gfx10, gfx10.3, gfx11 SW_MODE: a number or a name such as\n"
            "  64KB_S_X or, on gfx11, 256KB_R_X; default linear) xor=N (_X/_T modes: the pipe/bank\n"
            "  XOR in BASE_ADDRESS).  A tiled texture is laid out as AMD addrlib lays it out on\n"
            "  the chip (give --chip first); its T# carries the mode, as radv writes it.\n");
    tmu_cli_sampler_help(out);
    fprintf(out,
            "  The S# has no R/G/B/A border: border=trans_black|opaque_black|opaque_white|\n"
            "  register:I (the --border table); lod_bias=-16..15.99, min_lod, max_lod=0..15.99;\n"
            "  filter_mode=blend|min|max is reduction=; precision= is not an S# field.\n"
            "\n"
            "example: tmu gcn run --gpu gfx9 --texture s8=checker:4x4 --sampler s16=filter=linear \\\n"
            "             --vgpr v4=0.5 --vgpr v5=0.25 -e 'image_sample v[0:3], v[4:5], s[8:15], \\\n"
            "             s[16:19] dmask:0xf; s_waitcnt vmcnt(0)'\n");
}

/* ---- guest memory -------------------------------------------------------------------------- */

/* Checks that [base, base + size) is free for one more region; else reports at `where` with
 * `code` (2 as an option, 1 at FILE:LINE) and returns code. */
static int region_fits(const run_state *st, uint64_t base, uint64_t size, const char *where, int code)
{
    if (st->nregions >= MAX_REGIONS)
        return tmu_cli_report(code, where, "more than %d guest-memory regions", MAX_REGIONS);
    if (size == 0)
        return tmu_cli_report(code, where, "a region of 0 bytes at 0x%llx", (unsigned long long)base);
    if (base >= TMU_GCN_ADDRESS_LIMIT || size > TMU_GCN_ADDRESS_LIMIT - base)
        return tmu_cli_report(code, where, "region 0x%llx + %llu bytes is outside the 48-bit address space",
                              (unsigned long long)base, (unsigned long long)size);
    for (size_t i = 0; i < st->nregions; i++) {
        const tmu_gcn_region *r = &st->regions[i];
        char text[200];
        if (base < r->base + r->size && r->base < base + size)
            return tmu_cli_report(code, where, "region 0x%llx + %llu bytes overlaps the region at 0x%llx (given %s)",
                                  (unsigned long long)base, (unsigned long long)size, (unsigned long long)r->base,
                                  tmu_cli_origin_text(&st->region_at[i], text, sizeof text));
    }
    return 0;
}

/* A zero-filled region, its bytes counted in the command's budget before they are allocated. */
static int add_region(run_state *st, uint64_t base, uint64_t size, int writable, const char *where, int code,
                      unsigned char **host_out)
{
    int rc = region_fits(st, base, size, where, code);
    if (rc)
        return rc;
    if (tmu_cli_reserve(where, "guest memory", size))
        return TMU_EXIT_FAIL;
    unsigned char *host = calloc(1, (size_t)size);
    if (!host) {
        tmu_cli_release(size);
        return tmu_cli_error(where, "out of memory for %llu bytes", (unsigned long long)size);
    }
    tmu_cli_origin_set(&st->region_at[st->nregions], where, code);
    st->regions[st->nregions++] = (tmu_gcn_region){base, size, host, writable};
    if (host_out)
        *host_out = host;
    return 0;
}

/* ADDR:SIZE[:ro]  |  ADDR[:ro]=FILE (cli_common.h) */
static int opt_memory(run_state *st, const char *arg, const char *where, int code)
{
    char buf[512];
    tmu_cli_region r;
    if (tmu_cli_parse_region(arg, TMU_GCN_ADDRESS_LIMIT, TMU_CLI_REGION_SIZE | TMU_CLI_REGION_RO, buf,
                             sizeof buf, where, code, &r))
        return code;
    if (!r.file)
        return add_region(st, r.base, r.size, !r.read_only, where, code, NULL);
    if (region_fits(st, r.base, 1, where, code))
        return code;
    size_t len;
    unsigned char *host = tmu_cli_load(r.file, where, "guest memory", &len); /* size checked first */
    if (!host)
        return TMU_EXIT_FAIL;
    uint64_t size = len ? len : 1;
    if (region_fits(st, r.base, size, where, code)) {
        free(host);
        tmu_cli_release(size);
        return code;
    }
    tmu_cli_origin_set(&st->region_at[st->nregions], where, code);
    st->regions[st->nregions++] = (tmu_gcn_region){r.base, size, host, !r.read_only};
    return 0;
}

/* ---- registers ------------------------------------------------------------------------------- */

/* "sN" / "vN" before '=': the register number. */
static int reg_number(const char *arg, char kind, unsigned max, unsigned *n, const char **rest,
                      const char *where, int code)
{
    char num[16], echo[TMU_CLI_ECHO_BUF];
    const char *eq = strchr(arg, '=');
    size_t len = eq ? (size_t)(eq - arg) : 0;
    long long v;
    if (!eq || len < 2 || len > sizeof num || arg[0] != kind)
        return tmu_cli_report(code, where, "expected %c<number>=VALUE, got '%s'", kind, tmu_cli_shorten(echo, arg));
    memcpy(num, arg + 1, len - 1);
    num[len - 1] = 0;
    if (tmu_cli_parse_int(num, 0, max, &v))
        return tmu_cli_report(code, where, "'%c%s' is not a register %c0..%c%u", kind, num, kind, kind, max);
    *n = (unsigned)v;
    *rest = eq + 1;
    return 0;
}

/* One 32-bit register value for lane `lane` (tmu_cli_parse_value, cli_common.h). */
static int reg_value(const char *text, unsigned lane, uint32_t *out)
{
    uint64_t v;
    if (tmu_cli_parse_value(text, lane, 32, &v))
        return -1;
    *out = (uint32_t)v;
    return 0;
}

/* --sgpr / --vgpr / --memory / --border: a bad value reports `code` at `where` (2 and the option
 * on the command line, 1 and FILE:LINE in an --input file). */
static int opt_sgpr(run_state *st, const char *arg, const char *where, int code)
{
    unsigned n;
    const char *vals;
    if (reg_number(arg, 's', TMU_GCN_SGPRS - 1, &n, &vals, where, code))
        return code;
    char buf[1024];
    if (strlen(vals) >= sizeof buf)
        return tmu_cli_report(code, where, "argument too long");
    snprintf(buf, sizeof buf, "%s", vals);
    unsigned k = 0;
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ","), k++) {
        uint32_t v;
        if (n + k >= TMU_GCN_SGPRS)
            return tmu_cli_report(code, where, "values run past s%d", TMU_GCN_SGPRS - 1);
        if (reg_value(tok, 0, &v))
            return tmu_cli_report(code, where, "'%s' is not a 32-bit value", tok);
        st->initial->sgpr[n + k] = v;
    }
    if (!k)
        return tmu_cli_report(code, where, "no value in '%s'", arg);
    return claim(st, CLAIM_SGPR + n, k, where, code);
}

static int opt_vgpr(run_state *st, const char *arg, const char *where, int code)
{
    unsigned n;
    const char *vals;
    if (reg_number(arg, 'v', TMU_GCN_VGPRS - 1, &n, &vals, where, code))
        return code;
    char buf[4096];
    if (strlen(vals) >= sizeof buf)
        return tmu_cli_report(code, where, "argument too long");
    snprintf(buf, sizeof buf, "%s", vals);
    const char *tok[TMU_GCN_LANES];
    unsigned k = 0;
    for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
        if (k >= TMU_GCN_LANES)
            return tmu_cli_report(code, where, "more than %d lane values", TMU_GCN_LANES);
        tok[k++] = t;
    }
    if (!k)
        return tmu_cli_report(code, where, "no value in '%s'", arg);
    if (claim(st, CLAIM_VGPR + n, 1, where, code))
        return code;
    /* one value sets every lane (lane*K+C: each its own), else lanes 0..k-1 */
    for (unsigned l = 0; l < (k == 1 ? TMU_GCN_LANES : k); l++)
        if (reg_value(tok[k == 1 ? 0 : l], l, &st->initial->vgpr[n][l]))
            return tmu_cli_report(code, where, "'%s' is not a 32-bit value", tok[k == 1 ? 0 : l]);
    return 0;
}

/* ---- textures and samplers ------------------------------------------------------------------- */

/* The T# keys of a --texture spec (the shared ones are cli_common.h's). */
typedef struct tex_keys {
    const run_state *st;
    uint64_t at;
    int at_set;
    long long tiling, swizzle, xor_bits;
} tex_keys;

static int texture_key(void *ctx, const char *o, const char *v, const char *where, int code)
{
    tex_keys *t = ctx;
    char echo[TMU_CLI_ECHO_BUF];
    tmu_cli_shorten(echo, v);
    if (!strcmp(o, "at")) {
        if (tmu_cli_parse_hex64(v, &t->at) || (t->at & 0xff) || t->at >= TMU_GCN_ADDRESS_LIMIT)
            return tmu_cli_report(code, where, "at=%s is not a 256-byte aligned hex address below 2^48", echo);
        t->at_set = 1;
    } else if (!strcmp(o, "tiling")) {
        if (t->st->gen >= TMU_GCN_GFX9)
            return tmu_cli_report(code, where, "tiling= is the gfx6-8 TILING_INDEX; gfx9+ take swizzle=MODE");
        if (tmu_cli_parse_int(v, 0, 31, &t->tiling))
            return tmu_cli_report(code, where, "tiling must be a TILING_INDEX 0..31, not '%s'", echo);
    } else if (!strcmp(o, "swizzle")) {
        if (t->st->gen < TMU_GCN_GFX9)
            return tmu_cli_report(code, where, "swizzle= is the gfx9+ SW_MODE; gfx6-8 take tiling=N");
        int m = tmu_amd_swizzle_mode_from_name(v);
        if (m < 0 && tmu_cli_parse_int(v, 0, 31, &t->swizzle))
            return tmu_cli_report(code, where, "swizzle must be a SW_MODE 0..31 or a name such as 64KB_S_X, not '%s'",
                                  echo);
        if (m >= 0)
            t->swizzle = m;
    } else if (!strcmp(o, "xor")) {
        if (tmu_cli_parse_int(v, 0, 1023, &t->xor_bits)) /* 10 bits: gfx11's 256 KiB blocks */
            return tmu_cli_report(code, where, "xor must be a pipe/bank XOR 0..1023, not '%s'", echo);
    } else {
        return -1;
    }
    return 0;
}

/* "sN=..." of --texture / --sampler: a descriptor of `dwords` dwords at s[N], N a multiple of 4,
 * after --gpu.  Returns 0 with N and the text after '=', or `code` after an error. */
static int descriptor_sgpr(const run_state *st, const char *arg, const char *where, unsigned dwords, int code,
                           unsigned *sg, const char **text)
{
    if (reg_number(arg, 's', TMU_GCN_SGPRS - dwords, sg, text, where, code))
        return code;
    if (*sg % 4)
        return tmu_cli_report(code, where, "a%s starts at an SGPR that is a multiple of 4, not s%u",
                              dwords == 8 ? " T#" : "n S#", *sg);
    if (!st->have_gen)
        return tmu_cli_report(code, where, "give --gpu before %s", dwords == 8 ? "--texture" : "--sampler");
    return 0;
}

static int opt_texture(run_state *st, const char *arg, const char *where, int code)
{
    unsigned sg = 0;
    const char *text = NULL;
    if (descriptor_sgpr(st, arg, where, 8, code, &sg, &text) || claim(st, CLAIM_SGPR + sg, 8, where, code))
        return code;
    if (st->nspec >= MAX_TEXTURES)
        return tmu_cli_report(code, where, "more than %d textures", MAX_TEXTURES);
    static const char *const keys[] = {"at", "tiling", "swizzle", "xor"};
    tex_keys tk = {st, 0, 0, -1, -1, -1};
    /* the shared spec (cli_common.h); the bytes are reserved below, as the layout needs them */
    tmu_cli_texrules rules = {TMU_CLI_TEX_MS, texture_key, &tk, keys, 4, 0, NULL, NULL,
                              "gcn run lays textures out through their T#: tiling=, swizzle=, xor="};
    tmu_cli_texspec *spec = &st->spec[st->nspec];
    int rc = tmu_cli_texspec_parse(text, &rules, where, code, spec);
    if (rc)
        return rc;
    st->nspec++; /* freed with the command */
    const tmu_texture *shape = &spec->shape;
    uint64_t at = tk.at_set ? tk.at : st->next_auto;
    tmu_gcn_tdesc t;
    uint64_t size;
    tmu_diag d;
    /* tiling=8 / swizzle=0 are the linear modes of every preset: the default placement */
    /* RDNA: every image, linear too, is laid out through the layout module */
    const int rdna = TMU_GCN_GEN_IS_RDNA(st->gen);
    int tiled = rdna || (tk.tiling >= 0 && tk.tiling != 8) || tk.swizzle > 0;
    if (tk.xor_bits >= 0 && tk.swizzle < 16) /* SW_MODE 16-31: the _T and _X modes */
        return tmu_cli_report(code, where, "xor= needs an _X or _T swizzle= mode (SW_MODE 16-31)");
    if (tmu_gcn_tdesc_for_texture(st->gen, shape, tiled ? 0 : at, &t, &size, &d) != TMU_OK)
        return tmu_cli_report(code, where, "%s", d.message);
    tmu_surface *surf = NULL;
    if (tiled) {
        /* the T# radv writes for the tiled image: the mode, PITCH from the layout, the pipe/bank
         * XOR in BASE_ADDRESS; placed at an address of the surface's alignment */
        surf = malloc(sizeof *surf);
        if (!surf)
            return tmu_cli_error(where, "out of memory");
        const tmu_amd_chip *chip = st->chip ? st->chip : tmu_gcn_default_chip(st->gen);
        if (st->gen >= TMU_GCN_GFX9)
            t.f[TMU_GCN_T_SW_MODE] = tk.swizzle < 0 ? 0u : (uint32_t)tk.swizzle;
        else
            t.f[TMU_GCN_T_TILING_INDEX] = (uint32_t)tk.tiling;
        tmu_gcn_tdesc nopitch = t;
        nopitch.dwords = 4; /* PITCH unknown yet: not checked */
        tmu_texture sh;
        uint64_t base;
        tmu_status rs = tmu_gcn_tdesc_to_texture(&t, &sh, &d);
        if (rs == TMU_OK)
            rs = tmu_gcn_tdesc_surface(&nopitch, &sh, chip, surf, &base, &d);
        if (rs == TMU_ERR_NOT_FOUND)
            rs = tmu_diag_set(&d, TMU_ERR_INVALID, 0, 0, -1, "%s is linear on %s; give a tiled mode",
                              st->gen == TMU_GCN_GFX9 ? "swizzle=0" : "tiling=8", chip->name);
        uint64_t align = surf->base_align > 256 ? surf->base_align : 256;
        if (rs == TMU_OK && !tk.at_set)
            at = (st->next_auto + align - 1) / align * align;
        if (rs == TMU_OK && at % align)
            rs = tmu_diag_set(&d, TMU_ERR_INVALID, 0, 0, -1, "at=0x%llx: the tiled surface needs %llu-byte "
                              "alignment", (unsigned long long)at, (unsigned long long)align);
        if (rs == TMU_OK) {
            uint64_t a = at;
            if (tk.xor_bits > 0)
                a |= (uint64_t)tk.xor_bits << (8u + ((chip->gb_addr_config >> 3) & 7u));
            t.f[TMU_GCN_T_BASE_ADDRESS] = (uint32_t)(a >> 8);
            t.f[TMU_GCN_T_BASE_ADDRESS_HI] = (uint32_t)(a >> 40) & 0xff;
            if (!rdna) /* RDNA T#s carry no pitch (gfx10.3+: only a custom one) */
                t.f[TMU_GCN_T_PITCH] = (st->gen == TMU_GCN_GFX9 ? surf->pitch : surf->level[0].pitch) - 1;
            rs = tmu_gcn_tdesc_surface(&t, &sh, chip, surf, &base, &d);
        }
        if (rs != TMU_OK) {
            free(surf);
            return tmu_cli_report(code, where, "%s", d.message);
        }
        size = surf->size;
    }
    unsigned char *host;
    if ((rc = add_region(st, at, size, 1, where, code, &host)) != 0) { /* the surface's bytes reserved, then allocated */
        free(surf);
        return rc;
    }
    if (!tk.at_set)
        st->next_auto = (at + size + 0xffffull) & ~0xffffull;
    tmu_gcn_env env = {st->regions, st->nregions, NULL, 0, NULL, 0, st->chip};
    tmu_texture tex;
    if (tmu_gcn_bind_texture_surface(&t, NULL, &env, 0, &tex, surf, &d) != TMU_OK) {
        free(surf);
        return tmu_cli_error(where, "%s", d.message);
    }
    if (spec->sparse.maps) {
        if (st->nprt >= MAX_TEXTURES) {
            free(surf);
            return tmu_cli_error(where, "more than %d sparse textures", MAX_TEXTURES);
        }
        /* keyed on the image's base address (a tiled surface's: without a gfx9 pipe/bank XOR) */
        st->prt[st->nprt++] = (tmu_gcn_prt){at, &spec->sparse.res};
    }
    if (tiled)
        st->tiled_textures++;
    rc = tmu_cli_texspec_fill(spec, &tex);
    free(surf);
    if (rc)
        return rc;
    uint32_t dw[8];
    tmu_gcn_tdesc_encode(&t, dw, NULL);
    memcpy(&st->initial->sgpr[sg], dw, sizeof dw);
    return 0;
}

/* One S# key: the GCN fields (aniso, filter_mode, border, the LOD fields in their 4.8 / 5.8
 * fixed point), else a shared sampler key (cli_common.h) written to its S# field. */
typedef struct smp_keys {
    tmu_gcn_sdesc *s;
    const char *where;
    int code;
} smp_keys;

static int sampler_kv(void *ctx, char *o, char *v)
{
    smp_keys *c = ctx;
    tmu_gcn_sdesc *s = c->s;
    const char *where = c->where;
    int code = c->code, field, rc;
    char echo[TMU_CLI_ECHO_BUF];
    tmu_cli_shorten(echo, v);
    float f;
    long long n;
    if (!strcmp(o, "lod_bias")) {
        if (tmu_cli_parse_float(v, -16.0, 15.99, 0, &f))
            return tmu_cli_report(code, where, "lod_bias must be -16..15.99, not '%s'", echo);
        s->f[TMU_GCN_S_LOD_BIAS] = (uint32_t)(int32_t)lrintf(f * 256.0f) & 0x3fff;
        return 0;
    }
    if (!strcmp(o, "min_lod") || !strcmp(o, "max_lod")) {
        if (tmu_cli_parse_float(v, 0.0, 15.99, 0, &f))
            return tmu_cli_report(code, where, "%s must be 0..15.99, not '%s'", o, echo);
        s->f[!strcmp(o, "min_lod") ? TMU_GCN_S_MIN_LOD : TMU_GCN_S_MAX_LOD] = (uint32_t)lrintf(f * 256.0f);
        return 0;
    }
    if (!strcmp(o, "border")) {
        static const char *const borders[3] = {"trans_black", "opaque_black", "opaque_white"};
        int i;
        for (i = 0; i < 3 && strcmp(v, borders[i]); i++)
            ;
        if (i < 3) {
            s->f[TMU_GCN_S_BORDER_COLOR_TYPE] = (uint32_t)i;
        } else if (!strncmp(v, "register:", 9) && !tmu_cli_parse_int(v + 9, 0, 4095, &n)) {
            s->f[TMU_GCN_S_BORDER_COLOR_TYPE] = 3;
            s->f[TMU_GCN_S_BORDER_COLOR_PTR] = (uint32_t)n;
        } else {
            return tmu_cli_report(code, where, "border must be trans_black, opaque_black, opaque_white or "
                                               "register:I (an S# has no R/G/B/A; see --border), not '%s'", echo);
        }
        return 0;
    }
    if (!strcmp(o, "precision"))
        return tmu_cli_report(code, where, "precision= is no S# field (GCN filters in one model)");
    if (!strcmp(o, "filter_mode")) { /* the S# name of reduction= */
        static const char *const modes[3] = {"blend", "min", "max"};
        for (n = 0; n < 3 && strcmp(v, modes[n]); n++)
            ;
        if (n == 3) {
            char msg[256];
            return tmu_cli_report(code, where, "%s", tmu_cli_unknown_text(msg, sizeof msg, "filter mode", v, modes, 3));
        }
        s->f[TMU_GCN_S_FILTER_MODE] = (uint32_t)n;
        return 0;
    }
    tmu_sampler m = tmu_sampler_default();
    if ((rc = tmu_cli_sampler_key(&m, o, v, where, code, &field)) != 0) {
        if (rc == -1) {
            static const char *const extra[] = {"filter_mode"};
            const char *names[TMU_CLI_SAMPLER_NKEYS + 1];
            for (int i = 0; i < TMU_CLI_SAMPLER_NKEYS; i++)
                names[i] = tmu_cli_sampler_keys[i];
            names[TMU_CLI_SAMPLER_NKEYS] = extra[0];
            char msg[512];
            return tmu_cli_report(code, where, "%s",
                                  tmu_cli_unknown_text(msg, sizeof msg, "key", o, names, TMU_CLI_SAMPLER_NKEYS + 1));
        }
        return rc;
    }
    switch (field) {
    case TMU_CLI_SMP_FILTER: {
        uint32_t lin = m.mag_filter == TMU_FILTER_LINEAR;
        s->f[TMU_GCN_S_XY_MAG_FILTER] = s->f[TMU_GCN_S_XY_MIN_FILTER] = lin; /* point 0, bilinear 1 */
        s->f[TMU_GCN_S_Z_FILTER] = lin + 1;
        break;
    }
    case TMU_CLI_SMP_MIP: s->f[TMU_GCN_S_MIP_FILTER] = (uint32_t)m.mip_filter; break; /* none 0, point 1, linear 2 */
    case TMU_CLI_SMP_ADDRESS: /* tmu_address values are the CLAMP_* codes */
        s->f[TMU_GCN_S_CLAMP_X] = s->f[TMU_GCN_S_CLAMP_Y] = s->f[TMU_GCN_S_CLAMP_Z] = (uint32_t)m.address[0];
        break;
    case TMU_CLI_SMP_NORMALIZED: s->f[TMU_GCN_S_FORCE_UNNORMALIZED] = !m.normalized; break;
    case TMU_CLI_SMP_COMPARE: s->f[TMU_GCN_S_DEPTH_COMPARE_FUNC] = (uint32_t)m.compare_op; break;
    case TMU_CLI_SMP_REDUCTION: s->f[TMU_GCN_S_FILTER_MODE] = (uint32_t)m.reduction; break;
    case TMU_CLI_SMP_ANISO: {
        uint32_t r = 0;
        while ((1u << r) < (uint32_t)m.max_anisotropy)
            r++;
        s->f[TMU_GCN_S_MAX_ANISO_RATIO] = r;
        if (r > 0)
            s->f[TMU_GCN_S_XY_MAG_FILTER] = s->f[TMU_GCN_S_XY_MIN_FILTER] = 3; /* ANISO_BILINEAR */
        break;
    }
    default: return tmu_cli_report(code, where, "%s= has no S# field", o);
    }
    return 0;
}

static int opt_sampler(run_state *st, const char *arg, const char *where, int code)
{
    unsigned sg = 0;
    const char *spec = NULL;
    if (descriptor_sgpr(st, arg, where, 4, code, &sg, &spec) || claim(st, CLAIM_SGPR + sg, 4, where, code))
        return code;
    tmu_gcn_sdesc s;
    memset(&s, 0, sizeof s);
    s.gen = st->gen;
    s.f[TMU_GCN_S_MAX_LOD] = 15 << 8;
    s.f[TMU_GCN_S_Z_FILTER] = 1;
    char buf[1024];
    if (strlen(spec) >= sizeof buf)
        return tmu_cli_report(code, where, "argument too long");
    snprintf(buf, sizeof buf, "%s", spec);
    smp_keys c = {&s, where, code};
    int rc = tmu_cli_each_kv(buf, where, code, sampler_kv, &c);
    if (rc)
        return rc;
    uint32_t dw[4];
    tmu_gcn_sdesc_encode(&s, dw, NULL);
    memcpy(&st->initial->sgpr[sg], dw, sizeof dw);
    return 0;
}

static int opt_border(run_state *st, const char *arg, const char *where, int code)
{
    const char *eq = strchr(arg, '=');
    char idx[16];
    long long i;
    if (!eq || (size_t)(eq - arg) >= sizeof idx)
        return tmu_cli_report(code, where, "expected I=R,G,B,A, got '%s'", arg);
    memcpy(idx, arg, (size_t)(eq - arg));
    idx[eq - arg] = 0;
    if (tmu_cli_parse_int(idx, 0, MAX_BORDER - 1, &i))
        return tmu_cli_report(code, where, "entry '%s' is not 0..%d", idx, MAX_BORDER - 1);
    char buf[512];
    snprintf(buf, sizeof buf, "%s", eq + 1);
    int k = 0;
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ","), k++)
        if (k >= 4 || reg_value(tok, 0, &st->border[i][k]))
            return tmu_cli_report(code, where, "expected 4 values R,G,B,A, got '%s'", eq + 1);
    if (k != 4)
        return tmu_cli_report(code, where, "expected 4 values R,G,B,A, got '%s'", eq + 1);
    if (claim(st, CLAIM_BORDER + (unsigned)i, 1, where, code))
        return code;
    if ((size_t)i + 1 > st->nborder)
        st->nborder = (size_t)i + 1;
    return 0;
}

/* ---- options ------------------------------------------------------------------------------- */

enum { O_GPU, O_CHIP, O_SGPR, O_VGPR, O_EXEC, O_MEMORY, O_TEXTURE, O_SAMPLER, O_BORDER, O_LANES,
       O_EXPLAIN, O_INPUT, O_E, O_RENDER, O_UV, O_COORDS, O_RGBA, O_OUT, O_WAVE, O_PRINT_VGPRS, O_JSON,
       O_ACTIVE, O_COUNT };
static const tmu_cli_option run_options[O_COUNT] = {
    [O_GPU] = {"--gpu", "-mcpu --mcpu", TMU_CLI_VALUE},  [O_SGPR] = {"--sgpr", NULL, TMU_CLI_REPEAT},
    [O_CHIP] = {"--chip", NULL, TMU_CLI_VALUE},
    [O_VGPR] = {"--vgpr", NULL, TMU_CLI_REPEAT},         [O_EXEC] = {"--exec", NULL, TMU_CLI_VALUE},
    [O_MEMORY] = {"--memory", NULL, TMU_CLI_REPEAT},     [O_TEXTURE] = {"--texture", NULL, TMU_CLI_REPEAT},
    [O_SAMPLER] = {"--sampler", NULL, TMU_CLI_REPEAT},   [O_BORDER] = {"--border", NULL, TMU_CLI_REPEAT},
    [O_LANES] = {"--show", "--lanes", TMU_CLI_VALUE},  [O_ACTIVE] = {"--active", NULL, TMU_CLI_VALUE},        [O_EXPLAIN] = {"--explain", NULL, TMU_CLI_FLAG},
    [O_INPUT] = {"--input", NULL, TMU_CLI_REPEAT},       [O_E] = {"-e", NULL, TMU_CLI_VALUE},
    [O_RENDER] = {"--render", NULL, TMU_CLI_VALUE},      [O_UV] = {"--uv", NULL, TMU_CLI_VALUE},
    [O_COORDS] = {"--coords", NULL, TMU_CLI_VALUE},      [O_RGBA] = {"--rgba", NULL, TMU_CLI_VALUE},
    [O_OUT] = {"-o", "--output", TMU_CLI_VALUE},
    [O_WAVE] = {"--wave", NULL, TMU_CLI_VALUE},
    [O_PRINT_VGPRS] = {"--print-vgprs", NULL, TMU_CLI_VALUE}, [O_JSON] = {"--json", NULL, TMU_CLI_FLAG},
};

static int apply_option(void *ctx, int k, const char *v, const char *where, int code, unsigned depth);
/* A comma list of N or A-B items, each number 0..max (with prefix `prefix` before each, e.g. "v"),
 * as bits of out[]; "all" (when allow_all) sets bits 0..max.  Returns 0, or -1 when malformed. */
static int parse_index_list(const char *v, const char *prefix, unsigned max, int allow_all, uint64_t *out)
{
    size_t words = max / 64 + 1, plen = strlen(prefix);
    memset(out, 0, words * sizeof *out);
    if (allow_all && !strcmp(v, "all")) {
        for (unsigned i = 0; i <= max; i++)
            out[i / 64] |= UINT64_C(1) << (i % 64);
        return 0;
    }
    for (const char *p = v;;) {
        size_t n = strcspn(p, ",");
        char item[32], *dash;
        if (n == 0 || n >= sizeof item)
            return -1;
        memcpy(item, p, n);
        item[n] = 0;
        long long a, b;
        dash = strchr(item, '-');
        if (dash)
            *dash = 0;
        if (strncmp(item, prefix, plen) || tmu_cli_parse_int(item + plen, 0, max, &a))
            return -1;
        b = a;
        if (dash && (strncmp(dash + 1, prefix, plen) || tmu_cli_parse_int(dash + 1 + plen, 0, max, &b) || b < a))
            return -1;
        for (long long i = a; i <= b; i++)
            out[i / 64] |= UINT64_C(1) << (i % 64);
        if (!p[n])
            return 0;
        p += n + 1;
    }
}

/* --show (--lanes) and --active: lanes 0..63 (tmu_cli_parse_lanes) */
static int opt_lanes(const char *where, int code, const char *v, uint64_t *out)
{
    uint64_t m[2];
    char echo[TMU_CLI_ECHO_BUF];
    if (tmu_cli_parse_lanes(v, TMU_GCN_LANES, m))
        return tmu_cli_report(code, where, "expected lanes 0..63 as a hex mask 0x.., 'all' or N, A-B items joined "
                                           "by commas such as 0-3,8, got '%s'", tmu_cli_shorten(echo, v));
    *out = m[0];
    return 0;
}

static int opt_print_vgprs(run_state *st, const char *v, const char *where, int code)
{
    char echo[TMU_CLI_ECHO_BUF];
    if (parse_index_list(v, "v", TMU_GCN_VGPRS - 1, 1, st->vsel))
        return tmu_cli_report(code, where, "expected vN, vA-vB (0..255), a comma list of them or 'all', got '%s'",
                              tmu_cli_shorten(echo, v));
    st->have_vsel = 1;
    return 0;
}

static int opt_vreg(const char *where, int code, const char *v, unsigned span, unsigned *out)
{
    long long n;
    char echo[TMU_CLI_ECHO_BUF];
    if (v[0] != 'v' || tmu_cli_parse_int(v + 1, 0, TMU_GCN_VGPRS - span, &n))
        return tmu_cli_report(code, where, "expected vN (N + %u <= 256), got '%s'", span, tmu_cli_shorten(echo, v));
    *out = (unsigned)n;
    return 0;
}

/* The generation a chip preset serves (gfx81 takes gfx8 chips). */
static int chip_fits(const tmu_amd_chip *c, tmu_gcn_gen gen)
{
    static const tmu_amd_gen g[TMU_GCN_GEN_ALL] = {TMU_AMD_GFX6, TMU_AMD_GFX7,  TMU_AMD_GFX8,
                                                   TMU_AMD_GFX8, TMU_AMD_GFX9,  TMU_AMD_GFX10,
                                                   TMU_AMD_GFX10_3, TMU_AMD_GFX11};
    return (unsigned)gen < TMU_GCN_GEN_ALL && c->gen == g[gen];
}

/* "tahiti, bonaire, ..." : the presets of a generation (all of them when gen is out of range). */
static void chip_names(char *buf, size_t size, int gen)
{
    size_t n = 0;
    buf[0] = 0;
    for (size_t i = 0; i < tmu_amd_chip_count(); i++) {
        const tmu_amd_chip *c = tmu_amd_chip_at(i);
        if (gen >= 0 && !chip_fits(c, (tmu_gcn_gen)gen))
            continue;
        int w = snprintf(buf + n, size - n, "%s%s%s", n ? ", " : "", c->name,
                         strcmp(c->name, "liverpool") ? "" : " (ps4)");
        if (w < 0 || (size_t)w >= size - n)
            break;
        n += (size_t)w;
    }
}

static int opt_chip(run_state *st, const char *v, const char *where, int code)
{
    char names[256];
    const tmu_amd_chip *c = tmu_amd_chip_find(v);
    if (!c) {
        chip_names(names, sizeof names, -1);
        char echo[TMU_CLI_ECHO_BUF];
        return tmu_cli_report(code, where, "unknown chip '%s' (presets: %s)", tmu_cli_shorten(echo, v), names);
    }
    if (st->tiled_textures)
        return tmu_cli_report(code, where, "give --chip before the tiled --texture (it was laid out on %s)",
                              st->chip ? st->chip->name : tmu_gcn_default_chip(st->gen)->name);
    st->chip = c;
    tmu_cli_origin_set(&st->chip_at, where, code);
    return 0;
}

/* --exec and --active set one mask: the second of them is refused, naming the first. */
static int exec_twice(const run_state *st, const char *where, int code)
{
    char text[200];
    return tmu_cli_report(code, where, "give --exec or --active, not both (the EXEC mask was given %s)",
                          tmu_cli_origin_text(&st->exec_at, text, sizeof text));
}

static int apply_option(void *ctx, int k, const char *v, const char *where, int code, unsigned depth)
{
    run_state *st = ctx;
    switch (k) {
    case O_CHIP: return opt_chip(st, v, where, code);
    case O_GPU:
        if (tmu_gcn_gen_from_name(v, &st->gen) != TMU_OK) {
            size_t cnt;
            const char *const *names = tmu_gcn_gen_names(&cnt);
            char msg[512];
            return tmu_cli_report(code, where, "%s", tmu_cli_unknown_text(msg, sizeof msg, "GCN GPU", v, names, cnt));
        }
        if (st->have_gen)
            return tmu_cli_report(code, where, "given twice");
        st->have_gen = 1;
        st->initial->gen = st->gen;
        return 0;
    case O_SGPR: return opt_sgpr(st, v, where, code);
    case O_VGPR: return opt_vgpr(st, v, where, code);
    case O_EXEC: {
        uint64_t m;
        if (tmu_cli_parse_hex64(v, &m))
            return tmu_cli_report(code, where, "'%s' is not a 64-bit hex mask", v);
        if (st->have_exec)
            return exec_twice(st, where, code);
        st->have_exec = 1;
        tmu_cli_origin_set(&st->exec_at, where, code);
        st->initial->exec = m;
        return 0;
    }
    case O_MEMORY: return opt_memory(st, v, where, code);
    case O_TEXTURE: return opt_texture(st, v, where, code);
    case O_SAMPLER: return opt_sampler(st, v, where, code);
    case O_BORDER: return opt_border(st, v, where, code);
    case O_LANES:
        tmu_cli_origin_set(&st->lanes_at, where, code);
        return opt_lanes(where, code, v, &st->lanes);
    case O_ACTIVE:
        if (st->have_exec)
            return exec_twice(st, where, code);
        st->have_exec = 1;
        tmu_cli_origin_set(&st->exec_at, where, code);
        return opt_lanes(where, code, v, &st->initial->exec);
    case O_PRINT_VGPRS: return opt_print_vgprs(st, v, where, code);
    case O_JSON:
        st->json = 1;
        tmu_cli_origin_set(&st->json_at, where, code);
        return 0;
    case O_EXPLAIN:
        st->explain = 1;
        tmu_cli_origin_set(&st->explain_at, where, code);
        return 0;
    case O_INPUT: /* -e, -o and --render only on the command line */
        return tmu_cli_read_options(v, run_options, O_COUNT,
                                    (UINT64_C(1) << O_E) | (UINT64_C(1) << O_OUT) | (UINT64_C(1) << O_RENDER), st->seen,
                                    depth, apply_option, st);
    case O_E: st->program_text = v; return 0;
    case O_RENDER: {
        uint32_t d[3];
        int nd;
        if (tmu_cli_parse_dims(v, 2, 2, 4096, d, &nd) || d[0] % 8 || d[1] % 8)
            return tmu_cli_usage_error("--render", "expected WxH, multiples of 8 up to 4096, got '%s'", v);
        if (tmu_cli_check_pixels("--render", d[0], d[1]))
            return TMU_EXIT_FAIL;
        st->rw = d[0], st->rh = d[1];
        return 0;
    }
    case O_UV:
        if (tmu_cli_parse_floats(v, 4, -1e6, 1e6, st->uv)) {
            char echo[TMU_CLI_ECHO_BUF];
            return tmu_cli_report(code, where, "expected U0,V0,U1,V1, got '%s'", tmu_cli_shorten(echo, v));
        }
        return 0;
    case O_COORDS: return opt_vreg(where, code, v, 2, &st->coords);
    case O_RGBA: return opt_vreg(where, code, v, 4, &st->rgba);
    case O_OUT: st->out = v; return 0;
    case O_WAVE:
        if (strcmp(v, "32") && strcmp(v, "64")) {
            char echo[TMU_CLI_ECHO_BUF];
            return tmu_cli_report(code, where, "expected 32 or 64, got '%s'", tmu_cli_shorten(echo, v));
        }
        st->wave_lanes = (unsigned)atoi(v);
        tmu_cli_origin_set(&st->wave_at, where, code);
        return 0;
    }
    return 0;
}

/* ---- the program ------------------------------------------------------------------------------ */

static int parse_waitcnt(run_state *st, const char *text, prog_line *pl, const char *where)
{
    const char *p = text + strlen("s_waitcnt");
    uint32_t vmax = tmu_gcn_vm_cnt_max(st->gen);
    uint32_t op = tmu_gcn_waitcnt_encode(st->gen, 0, 0, 0) & 0xffff0000u;
    pl->is_wait = 1;
    pl->vm = vmax, pl->exp = 7;
    if (!strncmp(p, "_vscnt", 6)) { /* s_waitcnt_vscnt null, N (RDNA) */
        p += 6;
        while (*p == ' ' || *p == '\t')
            p++;
        long long v;
        if (!TMU_GCN_GEN_IS_RDNA(st->gen))
            return tmu_cli_error(where, "s_waitcnt_vscnt is RDNA only (%s has no VS_CNT)", tmu_gcn_gen_name(st->gen));
        if (strncmp(p, "null", 4))
            return tmu_cli_error(where, "s_waitcnt_vscnt: expected 'null, N' (an SGPR count is not modelled)");
        p += 4;
        while (*p == ' ' || *p == '\t' || *p == ',')
            p++;
        if (tmu_cli_parse_int(p, 0, 63, &v))
            return tmu_cli_error(where, "s_waitcnt_vscnt: '%s' is not a count 0..63", p);
        pl->is_wait = 0, pl->is_vs = 1, pl->vs = (uint32_t)v;
        return 0;
    }
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p >= '0' && *p <= '9') {
        long long v;
        if (tmu_cli_parse_int(p, 0, 0xffff, &v))
            return tmu_cli_error(where, "s_waitcnt: '%s' is not a 16-bit count field", p);
        uint32_t lg;
        tmu_gcn_waitcnt_decode(st->gen, op | (uint32_t)v, &pl->vm, &pl->exp, &lg, NULL);
        return 0;
    }
    int any = 0;
    while (*p) {
        static const char *const names[3] = {"vmcnt(", "expcnt(", "lgkmcnt("};
        int k;
        for (k = 0; k < 3 && strncmp(p, names[k], strlen(names[k])); k++)
            ;
        if (k == 3)
            return tmu_cli_error(where, "s_waitcnt: expected vmcnt(N), expcnt(N) or lgkmcnt(N) at '%s'", p);
        p += strlen(names[k]);
        char num[16];
        size_t n = strcspn(p, ")");
        if (!p[n] || n == 0 || n >= sizeof num)
            return tmu_cli_error(where, "s_waitcnt: missing ')' or count");
        memcpy(num, p, n);
        num[n] = 0;
        long long v;
        long long max = k == 0 ? vmax : k == 1 ? 7 : TMU_GCN_GEN_IS_RDNA(st->gen) ? 63 : 15;
        if (tmu_cli_parse_int(num, 0, max, &v))
            return tmu_cli_error(where, "s_waitcnt: '%s' is not a count 0..%lld for %s", num, max, tmu_gcn_gen_name(st->gen));
        if (k == 0)
            pl->vm = (uint32_t)v;
        else if (k == 1)
            pl->exp = (uint32_t)v;
        p += n + 1;
        any = 1;
        while (*p == ' ' || *p == '\t' || *p == '&' || *p == ',')
            p++;
    }
    if (!any)
        return tmu_cli_error(where, "s_waitcnt: no count");
    return 0;
}

/* One program line (comments and blanks already removed); col = its column in the source. */
static int parse_line(run_state *st, const char *text, const char *file, unsigned line, unsigned col)
{
    if (st->nprog >= MAX_PROGRAM)
        return tmu_cli_error(file, "more than %d program lines", MAX_PROGRAM);
    prog_line *pl = &st->prog[st->nprog];
    memset(pl, 0, sizeof *pl);
    snprintf(pl->where, sizeof pl->where, "%s:%u", file, line);
    char where[80];
    snprintf(where, sizeof where, "%s:%u:%u", file, line, col);
    if (!strncmp(text, "s_waitcnt", 9) &&
        (text[9] == 0 || text[9] == ' ' || text[9] == '\t' || !strncmp(text + 9, "_vscnt", 6))) {
        if (parse_waitcnt(st, text, pl, where))
            return TMU_EXIT_FAIL;
        st->nprog++;
        return 0;
    }
    if (!strncmp(text, "0x", 2) || !strncmp(text, "0X", 2)) {
        uint64_t w;
        if (tmu_cli_parse_hex64(text, &w))
            return tmu_cli_error(where, "'%s' is not a hex instruction word", text);
        tmu_diag d;
        uint32_t lg;
        if (strlen(text) <= 10 &&
            tmu_gcn_waitcnt_decode(st->gen, (uint32_t)w, &pl->vm, &pl->exp, &lg, NULL) == TMU_OK) {
            pl->is_wait = 1;
        } else if (strlen(text) <= 10 && TMU_GCN_GEN_IS_RDNA(st->gen) &&
                   tmu_gcn_waitcnt_vscnt_decode(st->gen, (uint32_t)w, &pl->vs, &d) == TMU_OK) {
            pl->is_vs = 1;
        } else if (tmu_gcn_decode(st->gen, w, &pl->inst, &d) != TMU_OK) {
            return tmu_cli_error(where, "0x%016llx: %s", (unsigned long long)w, d.message);
        }
        st->nprog++;
        return 0;
    }
    tmu_diag d;
    if (tmu_gcn_assemble(st->gen, TMU_GCN_SYNTAX_LLVM, text, strlen(text), line, &pl->inst, &d) != TMU_OK) {
        snprintf(where, sizeof where, "%s:%u:%u", file, line, col + (d.column ? d.column - 1 : 0));
        return tmu_cli_error(where, "%s", d.message);
    }
    st->nprog++;
    return 0;
}

static int parse_program(run_state *st, char *text, const char *file, int semicolons)
{
    unsigned line = 1;
    for (char *p = text; *p;) {
        size_t n = strcspn(p, semicolons ? ";\n" : "\n");
        char sep = p[n];
        p[n] = 0;
        char *c = strchr(p, '#');
        if (c)
            *c = 0;
        if (!semicolons && (c = strchr(p, ';')))
            *c = 0;
        char *s = p;
        while (*s == ' ' || *s == '\t')
            s++;
        size_t len = strlen(s);
        while (len && (s[len - 1] == ' ' || s[len - 1] == '\t' || s[len - 1] == '\r'))
            s[--len] = 0;
        if (*s && parse_line(st, s, file, line, (unsigned)(s - p) + 1))
            return TMU_EXIT_FAIL;
        if (sep == '\n' || !semicolons)
            line++;
        if (!sep)
            break;
        p += n + 1;
    }
    return 0;
}

/* ---- running and printing --------------------------------------------------------------------- */

static void print_vgpr_value(uint32_t v)
{
    float f;
    memcpy(&f, &v, 4);
    printf("0x%08x %.9g", v, (double)f);
}

static void explain(const tmu_gcn_explain *e, const tmu_gcn_mimg *mi, const tmu_amd_chip *chip)
{
    char buf[4096];
    unsigned t = 4 * mi->f[TMU_GCN_F_SRSRC];
    printf("    T# s[%u:%u]\n", t, t + e->tdesc.dwords - 1);
    if (tmu_gcn_tdesc_print(&e->tdesc, buf, sizeof buf) > 0)
        for (char *l = strtok(buf, "\n"); l; l = strtok(NULL, "\n"))
            printf("      %s\n", l);
    const tmu_texture *x = &e->texture;
    printf("      -> %s %s %ux%ux%u, layers %u, levels %u (view: levels %u+%u, layers %u+%u)\n",
           tmu_dim_name(x->dim), tmu_format_name(x->format), x->width, x->height, x->depth, x->layers,
           x->levels, x->base_level, x->level_count, x->base_layer, x->layer_count);
    tmu_cli_gcn_print_layout(stdout, "      ", &e->tdesc, &e->texture, chip);
    if (e->has_sampler) {
        unsigned s = 4 * mi->f[TMU_GCN_F_SSAMP];
        printf("    S# s[%u:%u]\n", s, s + 3);
        if (tmu_gcn_sdesc_print(&e->sdesc, buf, sizeof buf) > 0)
            for (char *l = strtok(buf, "\n"); l; l = strtok(NULL, "\n"))
                printf("      %s\n", l);
        const tmu_sampler *m = &e->sampler;
        printf("      -> address %s/%s/%s, mag %s, min %s, mip %s, %s\n", tmu_address_name(m->address[0]),
               tmu_address_name(m->address[1]), tmu_address_name(m->address[2]),
               m->mag_filter ? "linear" : "nearest", m->min_filter ? "linear" : "nearest",
               m->mip_filter == TMU_MIP_NONE ? "none" : m->mip_filter == TMU_MIP_NEAREST ? "nearest" : "linear",
               m->normalized ? "normalized" : "unnormalized");
    }
    printf("    VADDR:");
    for (unsigned i = 0; i < e->vaddr.count; i++) {
        printf(" v%u", (unsigned)e->addr_vgpr[e->vaddr.dword[i]]); /* RDNA NSA: each its own VGPR */
        if (e->vaddr.is16[i]) /* A16, or RDNA _g16 derivatives */
            printf(".%s", e->vaddr.half[i] ? "hi" : "lo");
        printf("=%s", tmu_gcn_addr_comp_name((tmu_gcn_addr_comp)e->vaddr.comp[i]));
    }
    unsigned vd = mi->f[TMU_GCN_F_VDATA];
    printf("\n    VDATA: v%u..v%u data", vd, vd + e->data_dwords - 1);
    if (e->status_dword)
        printf(", v%u status", vd + e->data_dwords);
    printf(" (op %s, dim %s)\n", tmu_op_kind_name(e->op.kind), tmu_dim_name(e->op.dim));
}

static void print_hazards(const tmu_gcn_wave *w, size_t from)
{
    for (size_t i = from; i < w->hazard_count; i++) {
        const tmu_gcn_hazard *h = &w->hazards[i];
        printf("  hazard: instruction %llu, v%u: %s (instruction %llu)\n", (unsigned long long)h->at,
               h->vgpr, tmu_gcn_hazard_name(h->kind), (unsigned long long)h->pending);
    }
}

/* Runs the program on st->wave (already holding the initial state).  Returns an exit code. */
static int run_program(run_state *st, const tmu_gcn_env *env, int verbose)
{
    for (size_t i = 0; i < st->nprog; i++) {
        const prog_line *pl = &st->prog[i];
        size_t before = st->wave->hazard_count;
        char text[160];
        if (pl->is_wait) {
            int n = snprintf(text, sizeof text, "s_waitcnt");
            if (pl->vm < tmu_gcn_vm_cnt_max(st->gen))
                n += snprintf(text + n, sizeof text - (size_t)n, " vmcnt(%u)", pl->vm);
            if (pl->exp < 7)
                snprintf(text + n, sizeof text - (size_t)n, " expcnt(%u)", pl->exp);
            tmu_gcn_wave_wait(st->wave, pl->vm, pl->exp);
        } else if (pl->is_vs) {
            snprintf(text, sizeof text, "s_waitcnt_vscnt null, %u", pl->vs);
            tmu_gcn_wave_wait_vs(st->wave, pl->vs);
        } else {
            tmu_diag d;
            tmu_gcn_explain e;
            int have = verbose && tmu_gcn_exec_explain(st->wave, env, &pl->inst, &e, &d) == TMU_OK;
            /* the true VADDR range when the T# tells it, else llvm-mc's minimum */
            tmu_gcn_print_opts po = {have ? (int)e.vaddr.vgprs : 0};
            if (tmu_gcn_print_llvm(&pl->inst, &po, text, sizeof text) < 0 &&
                tmu_gcn_print_llvm(&pl->inst, NULL, text, sizeof text) < 0)
                snprintf(text, sizeof text, "(instruction)");
            if (have && st->explain) {
                printf("[%zu] %s\n", i, text);
                explain(&e, &pl->inst, st->chip);
            }
            if (tmu_gcn_exec(st->wave, env, &pl->inst, &d) != TMU_OK)
                return tmu_cli_error(pl->where, "%s: %s", text, d.message);
        }
        if (verbose && st->json) {
            st->counts[3 * i] = tmu_gcn_wave_vm_cnt(st->wave);
            st->counts[3 * i + 1] = tmu_gcn_wave_exp_cnt(st->wave);
            st->counts[3 * i + 2] = TMU_GCN_GEN_IS_RDNA(st->gen) ? tmu_gcn_wave_vs_cnt(st->wave) : 0;
            memcpy(st->texts[i], text, sizeof text);
        } else if (verbose) {
            printf("[%zu] %-60s vm_cnt %u exp_cnt %u", i, text, tmu_gcn_wave_vm_cnt(st->wave),
                   tmu_gcn_wave_exp_cnt(st->wave));
            if (TMU_GCN_GEN_IS_RDNA(st->gen))
                printf(" vs_cnt %u", tmu_gcn_wave_vs_cnt(st->wave));
            printf("\n");
            print_hazards(st->wave, before);
        }
    }
    tmu_gcn_wave_wait(st->wave, 0, 0);
    tmu_gcn_wave_wait_vs(st->wave, 0);
    return 0;
}

static int lane_shown(const run_state *st, int lane)
{
    return (int)((st->lanes >> lane) & 1);
}

/* --json: one object with what the text output shows.  VGPR values are the 32-bit words as
 * numbers, one per printed lane ("lanes" lists them); "vgprs" holds the --print-vgprs registers,
 * else those that changed in a printed lane. */
static int print_json(const run_state *st)
{
    const tmu_gcn_wave *w = st->wave, *w0 = st->initial;
    printf("{\"gpu\":\"%s\",\"lines\":[", tmu_gcn_gen_name(st->gen));
    for (size_t i = 0; i < st->nprog; i++) {
        printf("%s{\"line\":%zu,\"text\":", i ? "," : "", i);
        tmu_cli_json_string(stdout, st->texts[i]);
        printf(",\"vm_cnt\":%u,\"exp_cnt\":%u", st->counts[3 * i], st->counts[3 * i + 1]);
        if (TMU_GCN_GEN_IS_RDNA(st->gen))
            printf(",\"vs_cnt\":%u", st->counts[3 * i + 2]);
        printf("}");
    }
    printf("],\"issued\":%llu,\"hazard_total\":%llu,\"hazards\":[", (unsigned long long)w->issued,
           (unsigned long long)w->hazard_total);
    for (size_t i = 0; i < w->hazard_count; i++) {
        const tmu_gcn_hazard *h = &w->hazards[i];
        printf("%s{\"line\":%llu,\"vgpr\":%u,\"kind\":", i ? "," : "", (unsigned long long)h->at, h->vgpr);
        tmu_cli_json_string(stdout, tmu_gcn_hazard_name(h->kind));
        printf(",\"pending_line\":%llu}", (unsigned long long)h->pending);
    }
    printf("],\"exec\":\"0x%016llx\",\"lanes\":[", (unsigned long long)w->exec);
    int first = 1;
    for (int l = 0; l < TMU_GCN_LANES; l++)
        if (lane_shown(st, l)) {
            printf("%s%d", first ? "" : ",", l);
            first = 0;
        }
    printf("],\"vgprs\":{");
    first = 1;
    for (unsigned v = 0; v < TMU_GCN_VGPRS; v++) {
        int want = st->have_vsel ? (int)((st->vsel[v / 64] >> (v % 64)) & 1) : 0;
        for (int l = 0; !st->have_vsel && l < TMU_GCN_LANES; l++)
            want |= lane_shown(st, l) && w->vgpr[v][l] != w0->vgpr[v][l];
        if (!want)
            continue;
        printf("%s\"v%u\":[", first ? "" : ",", v);
        first = 0;
        int n = 0;
        for (int l = 0; l < TMU_GCN_LANES; l++)
            if (lane_shown(st, l))
                printf("%s%u", n++ ? "," : "", w->vgpr[v][l]);
        printf("]");
    }
    printf("},\"memory_writes\":[");
    first = 1;
    for (size_t r = 0; r < st->nregions; r++) {
        const unsigned char *a = st->snapshot[r], *b = st->regions[r].host;
        for (uint64_t i = 0; i < st->regions[r].size;) {
            if (a[i] == b[i]) {
                i++;
                continue;
            }
            uint64_t j = i;
            printf("%s{\"address\":\"0x%llx\",\"bytes\":\"", first ? "" : ",",
                   (unsigned long long)(st->regions[r].base + i));
            first = 0;
            while (j < st->regions[r].size && j < i + 16 && a[j] != b[j])
                printf("%02x", b[j++]);
            printf("\"}");
            i = j;
        }
    }
    printf("]}\n");
    return TMU_EXIT_OK;
}

static int print_results(const run_state *st)
{
    if (st->json)
        return print_json(st);
    const tmu_gcn_wave *w = st->wave, *w0 = st->initial;
    printf("end: every instruction retired (%llu issued)\n", (unsigned long long)w->issued);
    if (w->hazard_total > w->hazard_count)
        printf("hazards: %llu (first %u listed above)\n", (unsigned long long)w->hazard_total, w->hazard_count);
    else
        printf("hazards: %llu\n", (unsigned long long)w->hazard_total);
    /* one line per run of printed lanes that changed to (or, with --print-vgprs, hold) the same
     * value */
    int any = 0;
    for (unsigned v = 0; v < TMU_GCN_VGPRS; v++) {
        int sel = st->have_vsel;
        if (sel && !((st->vsel[v / 64] >> (v % 64)) & 1))
            continue;
        for (int l = 0; l < TMU_GCN_LANES;) {
            if (!lane_shown(st, l) || (!sel && w->vgpr[v][l] == w0->vgpr[v][l])) {
                l++;
                continue;
            }
            int e = l;
            while (e + 1 < TMU_GCN_LANES && lane_shown(st, e + 1) && w->vgpr[v][e + 1] == w->vgpr[v][l] &&
                   (sel || w->vgpr[v][e + 1] != w0->vgpr[v][e + 1]))
                e++;
            if (!any)
                printf(sel ? "VGPRs (lanes):\n" : "changed VGPRs (lanes):\n");
            any = 1;
            if (e > l)
                printf("  v%u[%d..%d] = ", v, l, e);
            else
                printf("  v%u[%d] = ", v, l);
            print_vgpr_value(w->vgpr[v][l]);
            printf("\n");
            l = e + 1;
        }
    }
    if (!any)
        printf(st->have_vsel ? "VGPRs: none of the lanes printed\n" : "changed VGPRs: none\n");
    int mem = 0;
    for (size_t r = 0; r < st->nregions; r++) {
        const unsigned char *a = st->snapshot[r], *b = st->regions[r].host;
        for (uint64_t i = 0; a && i < st->regions[r].size;) {
            if (a[i] == b[i]) {
                i++;
                continue;
            }
            if (!mem)
                printf("memory writes:\n");
            mem = 1;
            uint64_t j = i;
            printf("  0x%llx:", (unsigned long long)(st->regions[r].base + i));
            while (j < st->regions[r].size && j < i + 16 && a[j] != b[j])
                printf(" %02x", b[j++]);
            printf("\n");
            i = j;
        }
    }
    if (!mem)
        printf("memory writes: none\n");
    return TMU_EXIT_OK;
}

static int render(run_state *st, const tmu_gcn_env *env)
{
#ifdef TMU_HAVE_PNG
    if (!st->out)
        return tmu_cli_usage_error("-o", "missing: --render needs -o OUT.png");
    size_t bytes = (size_t)st->rw * st->rh * 4;
    unsigned char *rgba = malloc(bytes);
    if (!rgba)
        return tmu_cli_error("--render", "out of memory");
    tmu_cli_progress prog;
    tmu_cli_progress_start(&prog, "rendering");
    for (uint32_t ty = 0; ty < st->rh; ty += 8)
        for (uint32_t tx = 0; tx < st->rw; tx += 8) {
            tmu_cli_progress_update(&prog, ty, st->rh);
            memcpy(st->wave, st->initial, sizeof *st->wave);
            /* 16 quads of 2x2 pixels: lane 4q + (x & 1) + 2 (y & 1) */
            for (unsigned lane = 0; lane < TMU_GCN_LANES; lane++) {
                unsigned q = lane >> 2;
                uint32_t x = tx + 2 * (q & 3) + (lane & 1), y = ty + 2 * (q >> 2) + (lane >> 1 & 1);
                float fx = ((float)x + 0.5f) / (float)st->rw, fy = ((float)y + 0.5f) / (float)st->rh;
                float u = st->uv[0] + (st->uv[2] - st->uv[0]) * fx, v = st->uv[1] + (st->uv[3] - st->uv[1]) * fy;
                memcpy(&st->wave->vgpr[st->coords][lane], &u, 4);
                memcpy(&st->wave->vgpr[st->coords + 1][lane], &v, 4);
            }
            int rc = run_program(st, env, 0);
            if (rc) {
                tmu_cli_progress_end(&prog);
                free(rgba);
                return rc;
            }
            for (unsigned lane = 0; lane < TMU_GCN_LANES; lane++) {
                unsigned q = lane >> 2;
                uint32_t x = tx + 2 * (q & 3) + (lane & 1), y = ty + 2 * (q >> 2) + (lane >> 1 & 1);
                for (int c = 0; c < 4; c++) {
                    float f;
                    memcpy(&f, &st->wave->vgpr[st->rgba + (unsigned)c][lane], 4);
                    f = isnan(f) ? 0.0f : f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f;
                    rgba[((size_t)y * st->rw + x) * 4 + (size_t)c] = (unsigned char)lrintf(f * 255.0f);
                }
            }
        }
    tmu_cli_progress_end(&prog);
    tmu_cli_output out;
    int rc = tmu_cli_output_open(&out, st->out, 1, NULL, 0); /* refuses every file read (cli_common.h) */
    if (rc) {
        free(rgba);
        return rc;
    }
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    img.width = st->rw, img.height = st->rh;
    img.format = PNG_FORMAT_RGBA;
    snprintf(out.note, sizeof out.note, "%ux%u", st->rw, st->rh);
    int ok = png_image_write_to_stdio(&img, out.f, 0, rgba, 0, NULL) != 0;
    free(rgba);
    rc = tmu_cli_output_close(&out, ok);
    if (!ok && rc == TMU_EXIT_OK)
        rc = tmu_cli_error(st->out, "cannot write PNG: %s", img.message);
    if (rc == TMU_EXIT_OK && st->wave->hazard_total)
        tmu_cli_warning("--render", "the program has hazards (run it without --render to see them)");
    return rc;
#else
    (void)st, (void)env;
    return tmu_cli_error("--render", "this tmu was built without libpng");
#endif
}

int tmu_cmd_gcn_run(int argc, char **argv)
{
    tmu_cli_set_command("gcn run", run_usage);
    run_state st;
    memset(&st, 0, sizeof st);
    st.next_auto = AUTO_BASE;
    st.lanes = ~UINT64_C(0);
    st.uv[2] = st.uv[3] = 1.0f;
    st.wave = malloc(sizeof *st.wave);
    st.initial = malloc(sizeof *st.initial);
    st.prog = calloc(MAX_PROGRAM, sizeof *st.prog);
    int rc = TMU_EXIT_OK;
    if (!st.wave || !st.initial || !st.prog) {
        rc = tmu_cli_error(NULL, "out of memory");
        goto done;
    }
    tmu_gcn_wave_init(st.initial, TMU_GCN_GFX9);
    if ((rc = tmu_cli_claims_init(&st.claims, CLAIM_COUNT)) != 0)
        goto done;
    tmu_cli_args a;
    st.seen = a.seen; /* a single-valued option may not come again from an --input file */
    rc = tmu_cli_run_args(&a, argc, argv, run_options, O_COUNT, run_usage, apply_option, &st, "PROGRAM",
                          &st.program_path);
    if (rc) {
        rc = rc < 0 ? TMU_EXIT_OK : rc; /* -1: the help was printed */
        goto done;
    }
    if (!st.have_gen) {
        rc = tmu_cli_usage_error("--gpu", "missing: give gfx6, gfx7, gfx8, gfx81, gfx9, gfx10, gfx10.3 or gfx11");
        goto done;
    }
    if (st.wave_lanes == 32 && st.rw) {
        rc = tmu_cli_origin_report(&st.wave_at, "--wave",
                                   "--render shades 8x8 tiles on a wave64; --wave 32 is not supported with it");
        goto done;
    }
    if (st.wave_lanes) {
        tmu_diag wd;
        if (tmu_gcn_wave_set_lanes(st.initial, st.wave_lanes, &wd) != TMU_OK) {
            rc = tmu_cli_origin_report(&st.wave_at, "--wave", "%s", wd.message);
            goto done;
        }
        if (st.wave_lanes < TMU_GCN_LANES) { /* lanes past the wave are not printed */
            st.lanes &= (UINT64_C(1) << st.wave_lanes) - 1;
            if (!st.lanes) {
                rc = tmu_cli_origin_report(&st.lanes_at, "--lanes", "a wave%u has lanes 0-%u", st.wave_lanes,
                                           st.wave_lanes - 1);
                goto done;
            }
        }
    }
    if (st.chip && !chip_fits(st.chip, st.gen)) {
        char names[256];
        chip_names(names, sizeof names, (int)st.gen);
        rc = tmu_cli_origin_report(&st.chip_at, "--chip", "%s is a %s chip; --gpu %s takes %s", st.chip->name,
                                   tmu_amd_gen_name(st.chip->gen), tmu_gcn_gen_name(st.gen), names);
        goto done;
    }
    if (!st.program_path == !st.program_text) {
        rc = tmu_cli_usage_error("PROGRAM", st.program_text ? "give a PROGRAM file or -e, not both"
                                                            : "missing: give a PROGRAM file or -e TEXT");
        goto done;
    }
    if (st.out && !st.rw) {
        rc = tmu_cli_usage_error("-o", "only --render writes a file");
        goto done;
    }
    if (st.json && (st.rw || st.explain)) {
        /* at --json, or at --explain where only that came from an --input file */
        if (!st.rw && st.json_at.code != TMU_EXIT_FAIL && st.explain_at.code == TMU_EXIT_FAIL)
            rc = tmu_cli_origin_report(&st.explain_at, "--explain", "not with --json (its output is text)");
        else
            rc = tmu_cli_origin_report(&st.json_at, "--json", "not with %s (its output is a picture / text)",
                                       st.rw ? "--render" : "--explain");
        goto done;
    }
    if (st.program_text) {
        size_t tl = strlen(st.program_text) + 1;
        char *copy = malloc(tl);
        if (copy)
            memcpy(copy, st.program_text, tl);
        if (!copy) {
            rc = tmu_cli_error(NULL, "out of memory");
            goto done;
        }
        rc = parse_program(&st, copy, "-e", 1);
        free(copy);
    } else {
        size_t len;
        char *text = tmu_cli_read_file(st.program_path, &len);
        if (!text) {
            rc = TMU_EXIT_FAIL;
            goto done;
        }
        rc = parse_program(&st, text, st.program_path, 0);
        free(text);
    }
    if (rc)
        goto done;
    tmu_gcn_env env = {st.regions, st.nregions, st.border[0], st.nborder, st.prt, st.nprt, st.chip};
    if (st.rw) {
        rc = render(&st, &env);
        goto done;
    }
    /* the memory writes are found against a copy of each region a store or atomic may write:
     * none when the program has no store or atomic; the copies count in the byte budget */
    int writes = 0;
    for (size_t i = 0; i < st.nprog; i++)
        if (!st.prog[i].is_wait && st.prog[i].inst.op &&
            (st.prog[i].inst.op->cls == TMU_GCN_CLASS_STORE || st.prog[i].inst.op->cls == TMU_GCN_CLASS_ATOMIC))
            writes = 1;
    for (size_t r = 0; writes && r < st.nregions; r++) {
        if (!st.regions[r].writable)
            continue;
        if (tmu_cli_reserve("--memory", "a copy of writable guest memory (to find the writes)",
                            st.regions[r].size)) {
            rc = TMU_EXIT_FAIL;
            goto done;
        }
        st.snapshot[r] = malloc((size_t)st.regions[r].size);
        if (!st.snapshot[r]) {
            rc = tmu_cli_error(NULL, "out of memory");
            goto done;
        }
        memcpy(st.snapshot[r], st.regions[r].host, (size_t)st.regions[r].size);
    }
    if (st.json) {
        st.counts = calloc(3 * st.nprog + 3, sizeof *st.counts);
        st.texts = calloc(st.nprog + 1, sizeof *st.texts);
        if (!st.counts || !st.texts) {
            rc = tmu_cli_error(NULL, "out of memory");
            goto done;
        }
    }
    memcpy(st.wave, st.initial, sizeof *st.wave);
    if ((rc = run_program(&st, &env, 1)) == TMU_EXIT_OK)
        rc = print_results(&st);
done:
    for (size_t r = 0; r < st.nregions; r++) {
        free(st.regions[r].host);
        tmu_cli_release(st.regions[r].size);
        if (st.snapshot[r])
            tmu_cli_release(st.regions[r].size);
        free(st.snapshot[r]);
    }
    for (size_t i = 0; i < st.nspec; i++)
        tmu_cli_texspec_free(&st.spec[i]);
    free(st.wave);
    free(st.initial);
    free(st.prog);
    free(st.counts);
    free(st.texts);
    tmu_cli_claims_free(&st.claims);
    return rc;
}
