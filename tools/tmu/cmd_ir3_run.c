/* tmu ir3 run — executes Adreno ir3 category-5 instructions (assembly lines or words) on a
 * wave of fibers with built-in, PNG or raw-descriptor textures, and prints the registers
 * each instruction writes per fiber, the (sy) hazards and, with --explain, every operand's
 * role.  A thin shell over include/tmu/ir3_exec.h. */
#include "cli.h"
#include "cli_common.h"
#include "unit_cli.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/format.h"
#include "tmu/ir3.h"
#include "tmu/ir3_exec.h"
#include "tmu/texture.h"

int tmu_cmd_ir3_run(int argc, char **argv);

#define MAX_SLOTS 128 /* t#/s# slots, and slots per bindless set */
#define MAX_OWNED 64  /* textures, samplers, raw descriptors, buffers the command owns */
#define MAX_INSTR 4096
#define MAX_MEM 16
#define MAX_BORDER 64

typedef struct instr_src {
    char text[160];   /* assembly text, or empty for a word */
    uint64_t word;
    int is_word;
    char where[96];   /* FILE:LINE or "--asm N" */
} instr_src;

typedef struct run_state {
    uint32_t gpu, fibers, samples;
    int have_gpu, explain, sampler_first, json;
    uint64_t show[2];
    const char *active_arg;
    char active_where[96];
    tmu_ir3_wave *wave;
    tmu_ir3_slot tex[MAX_SLOTS], samp[MAX_SLOTS], set[8][MAX_SLOTS];
    uint32_t ntex, nsamp, nset[8];
    tmu_ir3_memory memory[MAX_MEM];
    unsigned nmemory;
    tmu_ir3_border border[MAX_BORDER];
    unsigned nborder;
    tmu_texture own_tex[MAX_OWNED];
    tmu_cli_sparse own_sparse[MAX_OWNED]; /* sparse=: residency maps of own_tex */
    tmu_sampler own_smp[MAX_OWNED];
    uint32_t own_raw[MAX_OWNED][16];
    void *own_mem[MAX_OWNED];
    unsigned ntex_own, nsmp_own, nraw_own, nmem_own;
    instr_src *prog;
    unsigned nprog;
    struct {
        char *arg;
        char where[96];
        int code;
    } regs[256];
    unsigned nreg;
    unsigned input_depth;
} run_state;

static void run_usage(FILE *out)
{
    fprintf(out,
            "usage: tmu ir3 run --gpu GPU [options] [PROGRAM]\n"
            "\n"
            "Executes Adreno ir3 category-5 instructions, in order, on one wave of fibers and\n"
            "prints after each the registers it wrote (fibers with the same values grouped),\n"
            "and the registers it read while a result was still pending without (sy).\n"
            "PROGRAM is a file ('-' = stdin) with one instruction per line: Mesa assembly text or\n"
            "a word HHHHHHHH_LLLLLLLL / 0x...; ';' starts a comment, and '#' at the start of a\n"
            "line.  The whole program is assembled before anything runs.\n"
            "\n"
            "options (each may also be a line 'OPTION ARG' of an --input file, without '--'):\n"
            "  --gpu GPU               a3xx .. a7xx, or a GPU id / chip such as 630, a660, a730;\n"
            "                          raw TILE6_3 textures use that chip's layout (presets a610\n"
            "                          a630 a660 a730 a750; a6xx and a7xx alone: a630 and a730)\n"
            "  --asm 'TEXT'            an instruction (repeatable; run before PROGRAM's lines)\n"
            "  --word W                an instruction word (repeatable)\n"
            "  --fibers N              wave size: the generation's (8/32/64, default) or twice that\n"
            "  --active LIST           active fibers: a hex mask 0x.. or ranges 0-3,8 (default all)\n"
            "  --reg REG=V[,V...]      a register for every fiber (one value) or per fiber; REG is\n"
            "                          r1.x, hr2.y, r48.x, a0.x, a1.x, p0.x; V is a float (with '.',\n"
            "                          'e', inf, nan; rounded to f16 for half registers), an integer,\n"
            "                          0x bits, or fiber[*K][+C] (the fiber number, scaled)\n"
            "  --texture SLOT=SPEC     SLOT: tN (t#N) or bB:I (bindless set B, slot I)\n"
            "  --sampler SLOT=OPTS     SLOT: sN (s#N) or bB:I\n"
            "  --memory ADDR=FILE      map FILE's bytes at GPU address ADDR (0x hex; raw\n"
            "                          descriptors' BASE); ADDR:SIZE maps SIZE zero bytes (like 64K)\n"
            "  --border R,G,B,A        append a border colour (raw samplers' BCOLOR entries)\n"
            "  --samples N             render-target samples for rgetpos (1, 2, 4, 8)\n"
            "  --s2en-sampler-first    GL s2en index pair is (sampler, texture), not (texture, sampler)\n"
            "  --show LIST             fibers to print (default all)\n"
            "  --explain               print each operand's role and register before the results\n"
            "  --json                  one JSON object per instruction (a line each): its word and\n"
            "                          text, the registers it wrote per shown fiber (null: not\n"
            "                          written), the hazards\n"
            "  --input FILE            read more options from FILE\n"
            "\n"
            "SPEC: PATTERN:WxH[xD][,KEY=VALUE...] with PATTERN\n"
            "  coords    r32g32b32a32_float, texel (x, y, z or layer, level)\n"
            "  checker   r8g8b8a8_unorm, white where x + y is even, else black\n"
            "  depth     d32_float, depth = (x + 0.5) / W\n"
            "  index     r32_uint, x + 100 y + 10000 (z or layer) + 1000000 level + 10000000 sample\n"
            "  and KEYs dim=1d|2d|3d|cube|a1d|a2d|acube|ms|ams layers=N levels=N samples=N\n"
            "  sparse=TWxTH[xTD][:L/X/Y[/Z]+...] (partially resident: tiles of TWxTH texels, all\n"
            "  resident but the listed ones; .rck variants report them, reads of them give 0);\n"
            "  or png:PATH (2D r8g8b8a8_unorm with its mip chain%s);\n"
            "  or raw:D0,...,D15 (an a6xx/a7xx texture descriptor; texels through --memory):\n"
            "  TILE6_LINEAR as its PITCH / ARRAY_PITCH say, TILE6_3 as Mesa's fdl6_layout lays\n"
            "  the image out on the --gpu preset (its PITCH, PITCHALIGN, ARRAY_PITCH, MIN_LAYERSZ\n"
            "  and TILE_ALL must match; the whole surface must lie in one --memory range);\n"
            "  TILE6_2 and UBWC (FLAG) are refused (docs/ir3-cat5.md §6.2).\n"
            "OPTS: filter=nearest|linear  mip=none|nearest|linear  address=repeat|mirror|clamp|\n"
            "  border|mirror_clamp  normalized=0|1  compare=never|less|equal|lequal|greater|\n"
            "  notequal|gequal|always  lod_bias=F min_lod=F max_lod=F border=R/G/B/A;\n"
            "  or raw:D0,D1,D2,D3 (an a6xx/a7xx sampler descriptor).\n"
            "\n"
            "example: tmu ir3 run --gpu a6xx --texture t0=coords:4x4 --sampler s0=filter=nearest \\\n"
            "             --reg r0.x=0.375 --reg r0.y=0.625 --asm 'sam (f32)(xyzw)r1.x, r0.x, s#0, t#0'\n",
#ifdef TMU_HAVE_PNG
            ""
#else
            ", not in this build"
#endif
    );
}

/* ---- small parsers ------------------------------------------------------------------------- */

static int parse_fiber_list(const char *s, uint32_t fibers, uint64_t out[2])
{
    out[0] = out[1] = 0;
    if (!strncmp(s, "0x", 2) || !strncmp(s, "0X", 2)) {
        const char *p = s + 2;
        size_t n = strlen(p);
        if (!n || n > 32)
            return -1;
        for (size_t i = 0; i < n; i++) {
            int c = tolower((unsigned char)p[n - 1 - i]), v;
            if (c >= '0' && c <= '9')
                v = c - '0';
            else if (c >= 'a' && c <= 'f')
                v = c - 'a' + 10;
            else
                return -1;
            out[i / 16] |= (uint64_t)v << (4 * (i % 16));
        }
        if (fibers < 128)
            out[1] = 0, out[0] &= fibers < 64 ? (UINT64_C(1) << fibers) - 1 : ~UINT64_C(0);
        return 0;
    }
    const char *p = s;
    if (!*p)
        return -1;
    while (*p) {
        char num[16];
        size_t n = strspn(p, "0123456789");
        long long a, b;
        if (!n || n >= sizeof num)
            return -1;
        memcpy(num, p, n), num[n] = 0;
        if (tmu_cli_parse_int(num, 0, (long long)fibers - 1, &a))
            return -1;
        b = a;
        p += n;
        if (*p == '-') {
            n = strspn(p + 1, "0123456789");
            if (!n || n >= sizeof num)
                return -1;
            memcpy(num, p + 1, n), num[n] = 0;
            if (tmu_cli_parse_int(num, a, (long long)fibers - 1, &b))
                return -1;
            p += 1 + n;
        }
        for (long long f = a; f <= b; f++)
            out[f >> 6] |= UINT64_C(1) << (f & 63);
        if (*p == ',' && p[1])
            p++;
        else if (*p)
            return -1;
    }
    return 0;
}

/* One register value for fiber `f`: *bits = the 32 (or 16) bits to store. */
static int value_bits(const char *v, unsigned f, int half, uint32_t *bits)
{
    if (!strncmp(v, "fiber", 5)) {
        /* fiber[*K][+C]: K and C floats or integers; a float result when either is a float */
        const char *p = v + 5;
        char num[64];
        float k = 1, c = 0;
        int is_float = 0;
        if (*p == '*') {
            size_t n = strcspn(p + 1, "+-");
            if (!n || n >= sizeof num)
                return -1;
            memcpy(num, p + 1, n), num[n] = 0;
            if (tmu_cli_parse_float(num, -1e9, 1e9, 0, &k))
                return -1;
            is_float |= strpbrk(num, ".eE") != NULL;
            p += 1 + n;
        }
        if (*p == '+' || *p == '-') {
            if (strlen(p) >= sizeof num)
                return -1;
            snprintf(num, sizeof num, "%s", p + (*p == '+'));
            if (tmu_cli_parse_float(num, -1e9, 1e9, 0, &c))
                return -1;
            is_float |= strpbrk(num, ".eE") != NULL;
        } else if (*p) {
            return -1;
        }
        double r = (double)f * k + c;
        if (is_float) {
            float fl = (float)r;
            uint32_t u;
            memcpy(&u, &fl, 4);
            *bits = half ? tmu_float_to_half(fl) : u;
            return 0;
        }
        if (r < (half ? -32768.0 : -2147483648.0) || r > (half ? 65535.0 : 4294967295.0))
            return -1;
        *bits = half ? (uint32_t)((int64_t)r & 0xffff) : (uint32_t)(int64_t)r;
        return 0;
    }
    if (!strncmp(v, "0x", 2) || !strncmp(v, "0X", 2)) {
        uint64_t h;
        if (tmu_cli_parse_hex64(v, &h) || h > (half ? 0xffffu : 0xffffffffu))
            return -1;
        *bits = (uint32_t)h;
        return 0;
    }
    if (strpbrk(v, ".eEni")) { /* a float: 1.5, 1e3, inf, nan */
        float fl;
        if (tmu_cli_parse_float(v, -3.4028234e38, 3.4028234e38, 1, &fl))
            return -1;
        uint32_t u;
        memcpy(&u, &fl, 4);
        *bits = half ? tmu_float_to_half(fl) : u;
        return 0;
    }
    long long i;
    if (tmu_cli_parse_int(v, half ? -32768 : INT32_MIN, half ? 65535 : 4294967295LL, &i))
        return -1;
    *bits = half ? (uint32_t)(i & 0xffff) : (uint32_t)i;
    return 0;
}

/* "tN", "sN" or "bB:I": non-bindless slot N, or bindless set B slot I. */
static tmu_ir3_slot *find_slot(run_state *st, const char *name, char kind, const char *where, int code)
{
    char echo[TMU_CLI_ECHO_BUF], num[16];
    long long n, b;
    const char *colon = strchr(name, ':');
    if (name[0] == kind && !colon && strlen(name + 1) < sizeof num && !tmu_cli_parse_int(name + 1, 0, MAX_SLOTS - 1, &n)) {
        uint32_t *count = kind == 't' ? &st->ntex : &st->nsamp;
        if (*count <= n)
            *count = (uint32_t)n + 1;
        return kind == 't' ? &st->tex[n] : &st->samp[n];
    }
    if (name[0] == 'b' && colon && (size_t)(colon - name - 1) < sizeof num) {
        memcpy(num, name + 1, (size_t)(colon - name - 1));
        num[colon - name - 1] = 0;
        if (!tmu_cli_parse_int(num, 0, 7, &b) && !tmu_cli_parse_int(colon + 1, 0, MAX_SLOTS - 1, &n)) {
            if (st->nset[b] <= n)
                st->nset[b] = (uint32_t)n + 1;
            return &st->set[b][n];
        }
    }
    tmu_cli_report(code, where, "slot '%s': expected %c0..%c%d or bB:I (B 0..7, I 0..%d)",
                   tmu_cli_shorten(echo, name), kind, kind, MAX_SLOTS - 1, MAX_SLOTS - 1);
    return NULL;
}

static int parse_raw(const char *s, uint32_t *dw, unsigned want, const char *where, int code)
{
    unsigned n = 0;
    char echo[TMU_CLI_ECHO_BUF];
    const char *p = s;
    while (*p) {
        size_t len = strcspn(p, ",");
        char word[32];
        uint64_t v;
        if (n >= want)
            return tmu_cli_report(code, where, "more than %u dwords", want);
        if (!len || len >= sizeof word)
            return tmu_cli_report(code, where, "dword %u: '%s' is not a 32-bit hex value", n,
                                  tmu_cli_shorten_n(echo, p, len));
        memcpy(word, p, len), word[len] = 0;
        if (tmu_cli_parse_hex64(word, &v) || v > 0xffffffffu)
            return tmu_cli_report(code, where, "dword %u: '%s' is not a 32-bit hex value", n,
                                  tmu_cli_shorten(echo, word));
        dw[n++] = (uint32_t)v;
        p += len;
        if (*p == ',')
            p++;
    }
    if (n != want)
        return tmu_cli_report(code, where, "a raw descriptor needs %u dwords, got %u", want, n);
    return 0;
}

/* Splits "A=B" (copied into buf): returns B, or NULL after an error. */
static char *split_eq(const char *arg, char *buf, size_t size, const char *form, const char *where, int code)
{
    char echo[TMU_CLI_ECHO_BUF];
    if (strlen(arg) >= size) {
        tmu_cli_report(code, where, "argument longer than %zu characters", size - 1);
        return NULL;
    }
    snprintf(buf, size, "%s", arg);
    char *eq = strchr(buf, '=');
    if (!eq) {
        tmu_cli_report(code, where, "expected %s, got '%s'", form, tmu_cli_shorten(echo, arg));
        return NULL;
    }
    *eq = 0;
    return eq + 1;
}

/* ---- samplers -------------------------------------------------------------------------------- */

static int pick_name(const char *v, const char *const *names, size_t n, size_t *out)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(names[i], v)) {
            *out = i;
            return 0;
        }
    return -1;
}

static int sampler_key(tmu_sampler *s, const char *k, const char *v, const char *where, int code)
{
    char msg[256], echo[TMU_CLI_ECHO_BUF];
    size_t i;
    if (!strcmp(k, "filter")) {
        static const char *const m[] = {"nearest", "linear"};
        if (pick_name(v, m, 2, &i))
            return tmu_cli_report(code, where, "%s", tmu_cli_unknown_text(msg, sizeof msg, "filter", v, m, 2));
        s->mag_filter = s->min_filter = i ? TMU_FILTER_LINEAR : TMU_FILTER_NEAREST;
    } else if (!strcmp(k, "mip")) {
        static const char *const m[] = {"none", "nearest", "linear"};
        if (pick_name(v, m, 3, &i))
            return tmu_cli_report(code, where, "%s", tmu_cli_unknown_text(msg, sizeof msg, "mip filter", v, m, 3));
        s->mip_filter = (tmu_mip_filter)i;
    } else if (!strcmp(k, "address")) {
        static const char *const m[] = {"repeat", "mirror", "clamp", "border", "mirror_clamp"};
        static const tmu_address a[] = {TMU_ADDRESS_REPEAT, TMU_ADDRESS_MIRRORED_REPEAT, TMU_ADDRESS_CLAMP_TO_EDGE,
                                        TMU_ADDRESS_CLAMP_TO_BORDER, TMU_ADDRESS_MIRROR_CLAMP_TO_EDGE};
        if (pick_name(v, m, 5, &i))
            return tmu_cli_report(code, where, "%s", tmu_cli_unknown_text(msg, sizeof msg, "address mode", v, m, 5));
        s->address[0] = s->address[1] = s->address[2] = a[i];
    } else if (!strcmp(k, "normalized")) {
        if (strcmp(v, "0") && strcmp(v, "1"))
            return tmu_cli_report(code, where, "normalized must be 0 or 1, not '%s'", tmu_cli_shorten(echo, v));
        s->normalized = v[0] == '1';
    } else if (!strcmp(k, "compare")) {
        static const char *const ops[] = {"never", "less", "equal", "lequal", "greater", "notequal", "gequal", "always"};
        if (pick_name(v, ops, 8, &i))
            return tmu_cli_report(code, where, "%s", tmu_cli_unknown_text(msg, sizeof msg, "compare function", v, ops, 8));
        s->compare_op = (tmu_compare)i;
    } else if (!strcmp(k, "lod_bias") || !strcmp(k, "min_lod") || !strcmp(k, "max_lod")) {
        float f;
        if (tmu_cli_parse_float(v, -1000, 1000, 0, &f))
            return tmu_cli_report(code, where, "%s must be a number in -1000..1000, not '%s'", k,
                                  tmu_cli_shorten(echo, v));
        *(!strcmp(k, "lod_bias") ? &s->lod_bias : !strcmp(k, "min_lod") ? &s->min_lod : &s->max_lod) = f;
    } else if (!strcmp(k, "border")) {
        char list[128];
        float c[4];
        if (strlen(v) >= sizeof list)
            return tmu_cli_report(code, where, "border must be R/G/B/A");
        snprintf(list, sizeof list, "%s", v);
        for (char *q = list; *q; q++)
            if (*q == '/')
                *q = ',';
        if (tmu_cli_parse_floats(list, 4, -1e30, 1e30, c))
            return tmu_cli_report(code, where, "border must be R/G/B/A (four numbers), not '%s'",
                                  tmu_cli_shorten(echo, v));
        for (int j = 0; j < 4; j++) {
            s->border_f[j] = c[j];
            s->border_u[j] = c[j] >= 0 && c[j] < 4294967296.0f ? (uint32_t)c[j] : 0u;
        }
    } else {
        static const char *const keys[] = {"filter", "mip", "address", "normalized", "compare",
                                           "lod_bias", "min_lod", "max_lod", "border"};
        return tmu_cli_report(code, where, "%s", tmu_cli_unknown_text(msg, sizeof msg, "sampler option", k, keys, 9));
    }
    return 0;
}

static int add_sampler(run_state *st, const char *arg, const char *where, int code)
{
    char buf[512];
    char *opts = split_eq(arg, buf, sizeof buf, "SLOT=OPTS", where, code);
    if (!opts)
        return code;
    tmu_ir3_slot *slot = find_slot(st, buf, 's', where, code);
    if (!slot)
        return code;
    if (!strncmp(opts, "raw:", 4)) {
        if (st->nraw_own >= MAX_OWNED)
            return tmu_cli_error(where, "more than %d raw descriptors", MAX_OWNED);
        uint32_t *dw = st->own_raw[st->nraw_own];
        memset(dw, 0, 16 * sizeof *dw);
        if (parse_raw(opts + 4, dw, 4, where, code))
            return code;
        st->nraw_own++;
        slot->raw = dw;
        return 0;
    }
    if (st->nsmp_own >= MAX_OWNED)
        return tmu_cli_error(where, "more than %d samplers", MAX_OWNED);
    tmu_sampler *s = &st->own_smp[st->nsmp_own++];
    *s = tmu_sampler_default();
    for (char *o = opts; *o;) {
        size_t len = strcspn(o, ",");
        int last = !o[len];
        o[len] = 0;
        char *v = strchr(o, '=');
        char echo[TMU_CLI_ECHO_BUF];
        if (!v)
            return tmu_cli_report(code, where, "expected KEY=VALUE, got '%s'", tmu_cli_shorten(echo, o));
        *v++ = 0;
        if (sampler_key(s, o, v, where, code))
            return code;
        o += len + !last;
    }
    slot->sampler = s;
    return 0;
}

/* ---- textures -------------------------------------------------------------------------------- */

static void fill_pattern(const char *pat, tmu_texture *t)
{
    const tmu_format_info *fi = tmu_format_get(t->format);
    for (uint32_t l = 0; l < t->levels; l++) {
        uint32_t lw = tmu_level_size(t->width, l), lh = tmu_level_size(t->height, l);
        uint32_t lz = t->dim == TMU_DIM_3D ? tmu_level_size(t->depth, l) : t->layers;
        for (uint32_t s = 0; s < t->samples; s++)
            for (uint32_t z = 0; z < lz; z++)
                for (uint32_t y = 0; y < lh; y++)
                    for (uint32_t x = 0; x < lw; x++) {
                        void *p = (void *)(uintptr_t)tmu_texel_address(t, l, x, y, z, s);
                        tmu_texel v;
                        memset(&v, 0, sizeof v);
                        if (!strcmp(pat, "coords")) {
                            v.f[0] = (float)x, v.f[1] = (float)y, v.f[2] = (float)z, v.f[3] = (float)l;
                        } else if (!strcmp(pat, "checker")) {
                            float c = (x + y) % 2 ? 0.0f : 1.0f;
                            v.f[0] = v.f[1] = v.f[2] = c, v.f[3] = 1.0f;
                        } else if (!strcmp(pat, "depth")) {
                            v.f[0] = ((float)x + 0.5f) / (float)lw;
                        } else {
                            v.u[0] = x + 100 * y + 10000 * z + 1000000 * l + 10000000 * s;
                        }
                        if (p)
                            tmu_format_encode(fi->format, &v, p);
                    }
    }
}

static int add_texture(run_state *st, const char *arg, const char *where, int code)
{
    char buf[1024], echo[TMU_CLI_ECHO_BUF], msg[256];
    char *spec = split_eq(arg, buf, sizeof buf, "SLOT=SPEC", where, code);
    if (!spec)
        return code;
    tmu_ir3_slot *slot = find_slot(st, buf, 't', where, code);
    if (!slot)
        return code;
    if (!strncmp(spec, "raw:", 4)) {
        if (st->nraw_own >= MAX_OWNED)
            return tmu_cli_error(where, "more than %d raw descriptors", MAX_OWNED);
        uint32_t *dw = st->own_raw[st->nraw_own];
        if (parse_raw(spec + 4, dw, 16, where, code))
            return code;
        st->nraw_own++;
        slot->raw = dw;
        return 0;
    }
    if (st->ntex_own >= MAX_OWNED || st->nmem_own >= MAX_OWNED)
        return tmu_cli_error(where, "more than %d textures", MAX_OWNED);
    tmu_texture *t = &st->own_tex[st->ntex_own];
    char *colon = strchr(spec, ':');
    if (!colon)
        return tmu_cli_report(code, where, "expected PATTERN:WxH, png:PATH or raw:DWORDS, got '%s'",
                              tmu_cli_shorten(echo, spec));
    *colon = 0;
    char *rest = colon + 1;
    if (!strcmp(spec, "png")) {
        render_opts o;
        memset(&o, 0, sizeof o);
        o.pattern = rest;
        render_tex rt;
        memset(&rt, 0, sizeof rt);
        int rc = tmu_unit_cli_texture(&o, &rt);
        if (rc != TMU_EXIT_OK)
            return rc;
        *t = rt.tex;
        st->own_mem[st->nmem_own++] = rt.mem;
        st->ntex_own++;
        slot->texture = t;
        return 0;
    }
    static const char *const pats[] = {"coords", "checker", "depth", "index", "png", "raw"};
    if (!strcmp(spec, "gradient"))
        return tmu_cli_report(code, where, TMU_CLI_GRADIENT_IS_COORDS);
    static const tmu_format fmts[] = {TMU_FORMAT_R32G32B32A32_FLOAT, TMU_FORMAT_R8G8B8A8_UNORM, TMU_FORMAT_D32_FLOAT,
                                      TMU_FORMAT_R32_UINT};
    size_t pi;
    if (pick_name(spec, pats, 4, &pi))
        return tmu_cli_report(code, where, "%s", tmu_cli_unknown_text(msg, sizeof msg, "texture pattern", spec, pats, 6));
    tmu_format fmt = fmts[pi];
    char *opts = strchr(rest, ',');
    if (opts)
        *opts++ = 0;
    uint32_t dims[3];
    int nd;
    if (tmu_cli_parse_dims(rest, 1, 3, 4096, dims, &nd))
        return tmu_cli_report(code, where, "bad size '%s' (W, WxH or WxHxD, each 1..4096)", tmu_cli_shorten(echo, rest));
    uint32_t w = dims[0], h = dims[1], d = dims[2];
    tmu_dim dim = d > 1 ? TMU_DIM_3D : h > 1 ? TMU_DIM_2D : TMU_DIM_1D;
    uint32_t layers = 1, levels = 1, samples = 1;
    const char *sparse = NULL;
    for (char *o = opts; o && *o;) {
        size_t len = strcspn(o, ",");
        int last = !o[len];
        o[len] = 0;
        char *v = strchr(o, '=');
        if (!v)
            return tmu_cli_report(code, where, "expected KEY=VALUE, got '%s'", tmu_cli_shorten(echo, o));
        *v++ = 0;
        long long n;
        size_t i;
        if (!strcmp(o, "dim")) {
            static const char *const dn[] = {"1d", "2d", "3d", "cube", "a1d", "a2d", "acube", "ms", "ams"};
            static const tmu_dim dv[] = {TMU_DIM_1D,         TMU_DIM_2D,    TMU_DIM_3D,         TMU_DIM_CUBE,
                                         TMU_DIM_1D_ARRAY,   TMU_DIM_2D_ARRAY, TMU_DIM_CUBE_ARRAY, TMU_DIM_2D_MS,
                                         TMU_DIM_2D_MS_ARRAY};
            if (pick_name(v, dn, 9, &i))
                return tmu_cli_report(code, where, "%s", tmu_cli_unknown_text(msg, sizeof msg, "dim", v, dn, 9));
            dim = dv[i];
        } else if (!strcmp(o, "layers") || !strcmp(o, "levels") || !strcmp(o, "samples")) {
            long long max = !strcmp(o, "levels") ? TMU_MAX_LEVELS : !strcmp(o, "samples") ? 64 : 2048;
            if (tmu_cli_parse_int(v, 1, max, &n))
                return tmu_cli_report(code, where, "%s must be 1..%lld, not '%s'", o, max, tmu_cli_shorten(echo, v));
            *(!strcmp(o, "layers") ? &layers : !strcmp(o, "levels") ? &levels : &samples) = (uint32_t)n;
        } else if (!strcmp(o, "sparse")) {
            sparse = v;
        } else {
            static const char *const keys[] = {"dim", "layers", "levels", "samples", "sparse"};
            return tmu_cli_report(code, where, "%s", tmu_cli_unknown_text(msg, sizeof msg, "texture option", o, keys, 5));
        }
        o += len + !last;
    }
    if (dim == TMU_DIM_CUBE)
        layers = 6;
    else if (dim == TMU_DIM_CUBE_ARRAY)
        layers *= 6;
    if (dim != TMU_DIM_3D)
        d = 1;
    if (dim == TMU_DIM_1D || dim == TMU_DIM_1D_ARRAY)
        h = 1;
    size_t size = tmu_texture_packed_size(dim, fmt, w, h, d, layers, levels, samples);
    if (!size)
        return tmu_cli_report(code, where, "impossible texture shape (%s %ux%ux%u, %u layers, %u levels, %u samples)",
                              tmu_dim_name(dim), w, h, d, layers, levels, samples);
    if (tmu_cli_reserve(where, "texture", size)) /* every texture and memory range in total */
        return TMU_EXIT_FAIL;
    void *mem = calloc(1, size);
    if (!mem)
        return tmu_cli_error(where, "out of memory");
    st->own_mem[st->nmem_own++] = mem;
    tmu_diag dg;
    if (tmu_texture_init_packed(t, dim, fmt, w, h, d, layers, levels, samples, mem, size, &dg) != TMU_OK)
        return tmu_cli_report(code, where, "%s", dg.message);
    fill_pattern(spec, t);
    if (sparse) {
        if (tmu_cli_sparse_parse(where, sparse, t, &st->own_sparse[st->ntex_own]))
            return TMU_EXIT_FAIL;
        t->residency = &st->own_sparse[st->ntex_own].res;
    }
    st->ntex_own++;
    slot->texture = t;
    return 0;
}

/* ADDR=FILE or ADDR:SIZE (zero-filled), parsed and loaded by the shared layer (cli_common.h):
 * the file's size is checked against the command's byte budget before it is read. */
static int add_memory(run_state *st, const char *arg, const char *where, int code)
{
    char buf[1024];
    tmu_cli_region r;
    if (tmu_cli_parse_region(arg, UINT64_MAX, TMU_CLI_REGION_SIZE, buf, sizeof buf, where, code, &r))
        return code;
    if (st->nmemory >= MAX_MEM || st->nmem_own >= MAX_OWNED)
        return tmu_cli_error(where, "more than %d memory ranges", MAX_MEM);
    size_t len = 0;
    unsigned char *data;
    if (r.file) {
        data = tmu_cli_load(r.file, where, "memory", &len);
    } else if (r.size > SIZE_MAX || tmu_cli_reserve(where, "memory", r.size)) {
        data = NULL;
    } else if (!(data = calloc(1, len = (size_t)r.size))) {
        tmu_cli_error(where, "out of memory for %llu bytes", (unsigned long long)r.size);
    }
    if (!data)
        return TMU_EXIT_FAIL;
    st->own_mem[st->nmem_own++] = data;
    st->memory[st->nmemory].gpu_addr = r.base;
    st->memory[st->nmemory].data = data;
    st->memory[st->nmemory].size = len;
    st->nmemory++;
    return 0;
}

/* ---- program --------------------------------------------------------------------------------- */

static int add_instr(run_state *st, const char *text, size_t len, int is_word, const char *where, int code)
{
    char echo[TMU_CLI_ECHO_BUF];
    while (len && isspace((unsigned char)*text))
        text++, len--;
    while (len && isspace((unsigned char)text[len - 1]))
        len--;
    if (!len)
        return is_word ? tmu_cli_report(code, where, "empty word") : 0;
    if (st->nprog >= MAX_INSTR)
        return tmu_cli_error(where, "more than %d instructions", MAX_INSTR);
    instr_src *in = &st->prog[st->nprog];
    memset(in, 0, sizeof *in);
    snprintf(in->where, sizeof in->where, "%s", where);
    char tmp[64];
    int looks_word = is_word;
    if (!looks_word && len < sizeof tmp) { /* HHHHHHHH_LLLLLLLL or 0x... alone on the line */
        memcpy(tmp, text, len), tmp[len] = 0;
        uint64_t w;
        looks_word = !tmu_cli_parse_hex64(tmp, &w) && (strchr(tmp, '_') || !strncmp(tmp, "0x", 2));
    }
    if (looks_word) {
        int ok = len < sizeof tmp;
        if (ok) {
            memcpy(tmp, text, len), tmp[len] = 0;
            ok = !tmu_cli_parse_hex64(tmp, &in->word);
        }
        if (!ok)
            return tmu_cli_report(code, where, "'%s' is not a 64-bit hex word (HHHHHHHH_LLLLLLLL or 0x...)",
                                  tmu_cli_shorten_n(echo, text, len));
        in->is_word = 1;
    } else {
        if (len >= sizeof in->text)
            return tmu_cli_report(code, where, "instruction longer than %zu characters", sizeof in->text - 1);
        memcpy(in->text, text, len);
        in->text[len] = 0;
    }
    st->nprog++;
    return 0;
}

static int load_program(run_state *st, const char *path)
{
    size_t len;
    char *buf = tmu_cli_read_file(path, &len);
    if (!buf)
        return TMU_EXIT_FAIL;
    const char *name = strcmp(path, "-") ? path : "<stdin>";
    unsigned line = 1;
    size_t start = 0;
    int rc = 0;
    for (size_t i = 0; i <= len && !rc; i++) {
        if (i == len || buf[i] == '\n') {
            /* ';' starts a comment anywhere, '#' at the start of a line (s#N and t#N have one) */
            size_t end = i, first = start;
            while (first < i && isspace((unsigned char)buf[first]))
                first++;
            if (first < i && buf[first] == '#')
                end = first;
            for (size_t k = start; k < end; k++)
                if (buf[k] == ';') {
                    end = k;
                    break;
                }
            char where[96];
            snprintf(where, sizeof where, "%.80s:%u", name, line);
            rc = add_instr(st, buf + start, end - start, 0, where, TMU_EXIT_FAIL);
            line++;
            start = i + 1;
        }
    }
    free(buf);
    return rc;
}

/* ---- printing -------------------------------------------------------------------------------- */

/* Hex, then the value as a float, or as an integer when the exponent field is all zeros or
 * all ones (small integers, -1). */
static void format_value(char *out, size_t size, uint32_t v, int half)
{
    if (half) {
        unsigned e = (v >> 10) & 31;
        if (e == 0 || e == 31)
            snprintf(out, size, "0x%04x (%d)", v, (int)(int16_t)v);
        else
            snprintf(out, size, "0x%04x (%g)", v, (double)tmu_half_to_float((uint16_t)v));
        return;
    }
    unsigned e = (v >> 23) & 255;
    float f;
    memcpy(&f, &v, 4);
    if (e == 0 || e == 255)
        snprintf(out, size, "0x%08x (%d)", v, (int)(int32_t)v);
    else
        snprintf(out, size, "0x%08x (%g)", v, (double)f);
}

/* The registers the instruction wrote for fiber `f`, as text. */
static void fiber_results(const tmu_ir3_wave *w, const tmu_ir3_step *step, unsigned f, char *out, size_t size)
{
    size_t len = 0;
    out[0] = 0;
    char name[16], val[48];
    for (unsigned i = 0; i < step->operands.num_writes; i++) {
        const tmu_ir3_reguse *u = &step->operands.writes[i];
        uint32_t v = 0;
        tmu_ir3_reg_get(w, f, u->reg, u->half, &v);
        tmu_ir3_reg_name(u->reg, u->half, name, sizeof name);
        format_value(val, sizeof val, v, u->half);
        int n = snprintf(out + len, size - len, "%s%s=%s", len ? "  " : "", name, val);
        if (n < 0 || (size_t)n >= size - len)
            return;
        len += (size_t)n;
    }
}

static int fiber_shown(const run_state *st, unsigned f)
{
    return (int)((st->show[f >> 6] >> (f & 63)) & 1);
}

/* The written registers of every written fiber; consecutive fibers with the same values on
 * one line. */
static void print_results(const run_state *st, const tmu_ir3_wave *w, const tmu_ir3_step *step)
{
    char cur[1024], prev[1024];
    int have = 0, any = 0;
    unsigned first = 0, last = 0;
    for (unsigned f = 0; f <= w->fibers; f++) {
        int shown = f < w->fibers && fiber_shown(st, f) && ((step->written[f >> 6] >> (f & 63)) & 1);
        if (shown)
            fiber_results(w, step, f, cur, sizeof cur);
        if (shown && have && f == last + 1 && !strcmp(cur, prev)) {
            last = f;
            continue;
        }
        if (have) {
            if (first == last)
                printf("    fiber %u: %s\n", first, prev);
            else
                printf("    fibers %u-%u: %s\n", first, last, prev);
            any = 1;
        }
        have = shown;
        if (shown) {
            memcpy(prev, cur, sizeof prev);
            first = last = f;
        }
    }
    if (!any)
        printf("    (no fiber written)\n");
}

/* --json: one object per instruction, on its own line: index, word, text, the registers it
 * wrote ({"r1.x": [value per shown fiber, null where the fiber did not write]}), the shown
 * fibers and the hazards. */
static void print_json_step(const run_state *st, unsigned index, uint64_t word, const char *text,
                            const tmu_ir3_step *step)
{
    const tmu_ir3_wave *w = st->wave;
    char name[16];
    printf("{\"instruction\":%u,\"word\":\"%08x_%08x\",\"text\":", index, (unsigned)(word >> 32), (unsigned)word);
    tmu_cli_json_string(stdout, text);
    printf(",\"fibers\":[");
    int n = 0;
    for (unsigned f = 0; f < w->fibers; f++)
        if (fiber_shown(st, f))
            printf("%s%u", n++ ? "," : "", f);
    printf("],\"writes\":{");
    for (unsigned i = 0; i < step->operands.num_writes; i++) {
        const tmu_ir3_reguse *u = &step->operands.writes[i];
        tmu_ir3_reg_name(u->reg, u->half, name, sizeof name);
        printf("%s\"%s\":[", i ? "," : "", name);
        n = 0;
        for (unsigned f = 0; f < w->fibers; f++) {
            if (!fiber_shown(st, f))
                continue;
            uint32_t v = 0;
            if ((step->written[f >> 6] >> (f & 63)) & 1) {
                tmu_ir3_reg_get(w, f, u->reg, u->half, &v);
                printf("%s%u", n++ ? "," : "", v);
            } else {
                printf("%snull", n++ ? "," : "");
            }
        }
        printf("]");
    }
    printf("},\"hazards\":[");
    for (unsigned h = 0; h < step->num_hazards; h++) {
        tmu_ir3_reg_name(step->hazards[h].reg, step->hazards[h].half, name, sizeof name);
        printf("%s{\"reads\":\"%s\",\"role\":", h ? "," : "", name);
        tmu_cli_json_string(stdout, tmu_ir3_role_name((tmu_ir3_role)step->hazards[h].role));
        printf("}");
    }
    printf("]}\n");
}

static void print_explain(const tmu_ir3_step *step)
{
    char name[16];
    printf("    operands:");
    if (!step->operands.num_reads)
        printf(" none");
    for (unsigned i = 0; i < step->operands.num_reads; i++) {
        const tmu_ir3_reguse *u = &step->operands.reads[i];
        tmu_ir3_reg_name(u->reg, u->half, name, sizeof name);
        printf(" %s[%u]=%s", tmu_ir3_role_name((tmu_ir3_role)u->role), u->component, name);
    }
    printf("\n    results:");
    if (!step->operands.num_writes)
        printf(" none");
    for (unsigned i = 0; i < step->operands.num_writes; i++) {
        const tmu_ir3_reguse *u = &step->operands.writes[i];
        tmu_ir3_reg_name(u->reg, u->half, name, sizeof name);
        printf(" %c=%s", "xyzw"[u->component & 3], name);
    }
    printf("\n");
}

/* ---- options --------------------------------------------------------------------------------- */

enum { O_GPU, O_ASM, O_WORD, O_FIBERS, O_ACTIVE, O_REG, O_TEXTURE, O_SAMPLER, O_MEMORY, O_BORDER, O_SAMPLES,
       O_SAMPLER_FIRST, O_SHOW, O_EXPLAIN, O_INPUT, O_JSON, O_COUNT };
static const tmu_cli_option run_opts[O_COUNT] = {
    {"--gpu", NULL, TMU_CLI_VALUE},      {"--asm", NULL, TMU_CLI_REPEAT},     {"--word", NULL, TMU_CLI_REPEAT},
    {"--fibers", NULL, TMU_CLI_VALUE},   {"--active", NULL, TMU_CLI_VALUE},   {"--reg", NULL, TMU_CLI_REPEAT},
    {"--texture", NULL, TMU_CLI_REPEAT}, {"--sampler", NULL, TMU_CLI_REPEAT}, {"--memory", NULL, TMU_CLI_REPEAT},
    {"--border", NULL, TMU_CLI_REPEAT},  {"--samples", NULL, TMU_CLI_VALUE},  {"--s2en-sampler-first", NULL, TMU_CLI_FLAG},
    {"--show", NULL, TMU_CLI_VALUE},     {"--explain", NULL, TMU_CLI_FLAG},   {"--input", NULL, TMU_CLI_REPEAT},
    {"--json", NULL, TMU_CLI_FLAG},
};

static int read_input(run_state *st, const char *path, unsigned char *seen);

/* Applies option `k` with `val`; `where` names it in errors and `code` is the exit code of a
 * bad value (2 on the command line, 1 in an --input file). */
static int apply_option(run_state *st, int k, const char *val, const char *where, int code, unsigned char *seen)
{
    char echo[TMU_CLI_ECHO_BUF];
    long long n;
    switch (k) {
    case O_GPU:
        if (tmu_ir3_gpu_from_name(val, &st->gpu) != TMU_OK) {
            static const char *const g[] = {"a3xx", "a4xx", "a5xx", "a6xx", "a7xx", "a8xx"};
            char msg[256];
            return tmu_cli_report(code, where, "%s",
                                  tmu_cli_unknown_text(msg, sizeof msg, "Adreno GPU (or id 300..899)", val, g, 6));
        }
        st->have_gpu = 1;
        return 0;
    case O_ASM:
    case O_WORD: {
        char w[64];
        snprintf(w, sizeof w, "--%s %u", k == O_ASM ? "asm" : "word", st->nprog + 1);
        return add_instr(st, val, strlen(val), k == O_WORD, w, code);
    }
    case O_FIBERS:
        if (tmu_cli_parse_int(val, 1, TMU_IR3_MAX_FIBERS, &n))
            return tmu_cli_report(code, where, "expected 1..%d, not '%s'", TMU_IR3_MAX_FIBERS, tmu_cli_shorten(echo, val));
        st->fibers = (uint32_t)n;
        return 0;
    case O_SAMPLES:
        if (tmu_cli_parse_int(val, 1, 16, &n) || (n & (n - 1)))
            return tmu_cli_report(code, where, "expected 1, 2, 4 or 8, not '%s'", tmu_cli_shorten(echo, val));
        st->samples = (uint32_t)n;
        return 0;
    case O_ACTIVE:
        st->active_arg = val;
        snprintf(st->active_where, sizeof st->active_where, "%s", where);
        return 0;
    case O_SHOW:
        if (parse_fiber_list(val, TMU_IR3_MAX_FIBERS, st->show))
            return tmu_cli_report(code, where, "expected a hex mask or fiber ranges such as 0-3,8, not '%s'",
                                  tmu_cli_shorten(echo, val));
        return 0;
    case O_REG:
        if (st->nreg >= 256)
            return tmu_cli_error(where, "more than 256 registers set");
        st->regs[st->nreg].arg = (char *)val;
        snprintf(st->regs[st->nreg].where, sizeof st->regs[st->nreg].where, "%s", where);
        st->regs[st->nreg].code = code;
        st->nreg++;
        return 0;
    case O_TEXTURE:
        return add_texture(st, val, where, code);
    case O_SAMPLER:
        return add_sampler(st, val, where, code);
    case O_MEMORY:
        return add_memory(st, val, where, code);
    case O_BORDER: {
        float c[4];
        if (st->nborder >= MAX_BORDER)
            return tmu_cli_error(where, "more than %d border colours", MAX_BORDER);
        if (tmu_cli_parse_floats(val, 4, -1e30, 1e30, c))
            return tmu_cli_report(code, where, "expected R,G,B,A (four numbers), not '%s'", tmu_cli_shorten(echo, val));
        for (int i = 0; i < 4; i++) {
            st->border[st->nborder].f[i] = c[i];
            st->border[st->nborder].u[i] = c[i] >= 0 && c[i] < 4294967296.0f ? (uint32_t)c[i] : 0u;
        }
        st->nborder++;
        return 0;
    }
    case O_SAMPLER_FIRST:
        st->sampler_first = 1;
        return 0;
    case O_EXPLAIN:
        st->explain = 1;
        return 0;
    case O_JSON:
        st->json = 1;
        return 0;
    case O_INPUT:
        if (st->input_depth >= 8)
            return tmu_cli_error(where, "--input files nest more than 8 deep");
        return read_input(st, val, seen);
    default:
        return tmu_cli_error(where, "internal: option %d", k);
    }
}

/* Options from a file: one "OPTION ARG" per line ('#' starts a comment).  The file's values
 * are input: bad ones exit 1.  The text stays allocated (the options keep pointers into it). */
static int read_input(run_state *st, const char *path, unsigned char *seen)
{
    size_t len;
    char *buf = tmu_cli_read_file(path, &len);
    if (!buf)
        return TMU_EXIT_FAIL;
    if (st->nmem_own >= MAX_OWNED) {
        free(buf);
        return tmu_cli_error(path, "too many input files");
    }
    st->own_mem[st->nmem_own++] = buf;
    st->input_depth++;
    int rc = 0;
    unsigned lineno = 0;
    char *line = buf;
    while (line && !rc) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = 0;
        char *next = nl ? nl + 1 : NULL;
        lineno++;
        char *hash = strchr(line, '#');
        while (hash && hash != line && !isspace((unsigned char)hash[-1]))
            hash = strchr(hash + 1, '#'); /* s#N / t#N inside --asm text is not a comment */
        if (hash)
            *hash = 0;
        while (isspace((unsigned char)*line))
            line++;
        size_t n = strlen(line);
        while (n && isspace((unsigned char)line[n - 1]))
            line[--n] = 0;
        if (n) {
            char where[128], echo[TMU_CLI_ECHO_BUF], opt[40], msg[256];
            snprintf(where, sizeof where, "%.80s:%u", path, lineno);
            char *arg = line + strcspn(line, " \t");
            if (*arg)
                *arg++ = 0;
            while (isspace((unsigned char)*arg))
                arg++;
            snprintf(opt, sizeof opt, "--%.30s", line);
            int k = -1;
            for (int i = 0; i < O_COUNT; i++)
                if (!strcmp(run_opts[i].name, opt))
                    k = i;
            if (k < 0) {
                const char *names[O_COUNT];
                for (int i = 0; i < O_COUNT; i++)
                    names[i] = run_opts[i].name + 2;
                rc = tmu_cli_error(where, "%s", tmu_cli_unknown_text(msg, sizeof msg, "option", line, names, O_COUNT));
            } else if (run_opts[k].kind == TMU_CLI_FLAG && *arg) {
                rc = tmu_cli_error(where, "%s takes no value (got '%s')", line, tmu_cli_shorten(echo, arg));
            } else if (run_opts[k].kind != TMU_CLI_FLAG && !*arg) {
                rc = tmu_cli_error(where, "%s needs a value", line);
            } else if (run_opts[k].kind == TMU_CLI_VALUE && seen[k]) {
                rc = tmu_cli_error(where, "%s given twice", line);
            } else {
                seen[k] = 1;
                rc = apply_option(st, k, arg, where, TMU_EXIT_FAIL, seen);
            }
        }
        line = next;
    }
    st->input_depth--;
    return rc;
}

static int apply_regs(run_state *st)
{
    tmu_ir3_wave *w = st->wave;
    char echo[TMU_CLI_ECHO_BUF];
    for (unsigned i = 0; i < st->nreg; i++) {
        const char *where = st->regs[i].where;
        int code = st->regs[i].code;
        char buf[4096];
        char *vals_text = split_eq(st->regs[i].arg, buf, sizeof buf, "REG=VALUE[,VALUE...]", where, code);
        if (!vals_text)
            return code;
        uint16_t reg;
        bool half;
        tmu_diag d;
        if (tmu_ir3_reg_parse(buf, &reg, &half, &d) != TMU_OK)
            return tmu_cli_report(code, where, "%s", d.message);
        const char *vals[TMU_IR3_MAX_FIBERS];
        unsigned nv = 0;
        for (char *t = vals_text; *t;) {
            size_t len = strcspn(t, ",");
            int last = !t[len];
            t[len] = 0;
            if (nv >= w->fibers)
                return tmu_cli_report(code, where, "%s: more values than the %u fibers", buf, w->fibers);
            vals[nv++] = t;
            t += len + !last;
        }
        if (nv != 1 && nv != w->fibers)
            return tmu_cli_report(code, where, "%s: give one value or one per fiber (%u), not %u", buf, w->fibers, nv);
        for (unsigned f = 0; f < w->fibers; f++) {
            uint32_t bits;
            const char *v = vals[nv == 1 ? 0 : f];
            if (value_bits(v, f, half, &bits))
                return tmu_cli_report(code, where, "%s: '%s' is not a value (a float, an integer, 0x bits or fiber*K+C "
                                                   "that fits the register)",
                                      buf, tmu_cli_shorten(echo, v));
            if (tmu_ir3_reg_set(w, f, reg, half, bits) != TMU_OK)
                return tmu_cli_report(code, where, "%s does not exist on GPU %u", buf, st->gpu);
        }
    }
    return 0;
}

/* ---- the command ------------------------------------------------------------------------------ */

static int run_program(run_state *st)
{
    tmu_diag d;
    if (!st->fibers)
        st->fibers = st->gpu < 400 ? 8 : st->gpu < 600 ? 32 : 64;
    if (tmu_ir3_wave_init(st->wave, st->gpu, st->fibers, &d) != TMU_OK)
        return tmu_cli_usage_error("--fibers", "%s", d.message);
    if (st->samples)
        st->wave->samples = st->samples;
    if (st->sampler_first)
        st->wave->flags |= TMU_IR3_WAVE_S2EN_SAMPLER_FIRST;
    if (st->active_arg) {
        uint64_t m[2];
        char echo[TMU_CLI_ECHO_BUF];
        if (parse_fiber_list(st->active_arg, st->fibers, m))
            return tmu_cli_report(strchr(st->active_where, ':') ? TMU_EXIT_FAIL : TMU_EXIT_USAGE, st->active_where,
                                  "expected a hex mask or ranges such as 0-3,8 below %u, not '%s'", st->fibers,
                                  tmu_cli_shorten(echo, st->active_arg));
        st->wave->active[0] = m[0];
        st->wave->active[1] = st->fibers > 64 ? m[1] : 0;
    }
    int rc = apply_regs(st);
    if (rc)
        return rc;
    tmu_ir3_bindings b;
    memset(&b, 0, sizeof b);
    b.tex = st->tex;
    b.num_tex = st->ntex;
    b.samp = st->samp;
    b.num_samp = st->nsamp;
    for (int s = 0; s < 8; s++) {
        b.set[s] = st->nset[s] ? st->set[s] : NULL;
        b.set_size[s] = st->nset[s];
    }
    b.memory = st->memory;
    b.num_memory = st->nmemory;
    b.border = st->border;
    b.num_border = st->nborder;

    /* the whole program is assembled and decoded before anything runs */
    for (unsigned i = 0; i < st->nprog; i++) {
        instr_src *src = &st->prog[i];
        tmu_ir3_instr in;
        tmu_diag_clear(&d);
        if (!src->is_word) {
            if (tmu_ir3_assemble(src->text, st->gpu, &src->word, &d) != TMU_OK) {
                char where[128];
                if (d.column)
                    snprintf(where, sizeof where, "%s:%u", src->where, d.column);
                else
                    snprintf(where, sizeof where, "%s", src->where);
                return tmu_cli_error(where, "%s", d.message);
            }
            src->is_word = 1;
        }
        if (tmu_ir3_decode(src->word, st->gpu, &in, &d) != TMU_OK)
            return tmu_cli_error(src->where, "%08x_%08x: %s", (unsigned)(src->word >> 32), (unsigned)src->word,
                                 d.message);
    }
    for (unsigned i = 0; i < st->nprog; i++) {
        instr_src *src = &st->prog[i];
        tmu_ir3_instr in;
        char text[512];
        tmu_ir3_decode(src->word, st->gpu, &in, &d);
        tmu_ir3_print(&in, 0, text, sizeof text);
        if (!st->json)
            printf("[%u] %08x_%08x  %s\n", i, (unsigned)(src->word >> 32), (unsigned)src->word, text);
        tmu_ir3_step step;
        tmu_status s = tmu_ir3_execute_instr(st->wave, &b, &in, &step, &d);
        if (s != TMU_OK) {
            fflush(stdout);
            return tmu_cli_error(src->where, "%s", d.message);
        }
        if (st->json) {
            print_json_step(st, i, src->word, text, &step);
            continue;
        }
        if (st->explain)
            print_explain(&step);
        print_results(st, st->wave, &step);
        for (unsigned h = 0; h < step.num_hazards; h++) {
            char name[16];
            tmu_ir3_reg_name(step.hazards[h].reg, step.hazards[h].half, name, sizeof name);
            printf("    hazard: reads %s (%s) while a cat5 result is pending; the instruction needs (sy)\n", name,
                   tmu_ir3_role_name((tmu_ir3_role)step.hazards[h].role));
        }
    }
    return 0;
}

int tmu_cmd_ir3_run(int argc, char **argv)
{
    tmu_cli_set_command("ir3 run", run_usage);
    run_state *st = calloc(1, sizeof *st);
    int rc = 0;
    if (st) {
        st->prog = calloc(MAX_INSTR, sizeof *st->prog);
        st->wave = calloc(1, sizeof *st->wave);
    }
    if (!st || !st->prog || !st->wave) {
        rc = tmu_cli_error(NULL, "out of memory");
        goto out;
    }
    st->show[0] = st->show[1] = ~UINT64_C(0);
    const char *program = NULL;
    tmu_cli_args a;
    tmu_cli_args_init(&a, argc, argv, run_opts, O_COUNT);
    const char *v;
    int k;
    while (!rc && (k = tmu_cli_next(&a, &v)) != TMU_CLI_END) {
        if (k == TMU_CLI_HELP) {
            run_usage(stdout);
            goto out;
        }
        if (k == TMU_CLI_ERROR) {
            rc = TMU_EXIT_USAGE;
        } else if (k == TMU_CLI_ARG) {
            if (program)
                rc = tmu_cli_usage_error("PROGRAM", "give one PROGRAM (got '%s' too)", v);
            else
                program = v;
        } else {
            rc = apply_option(st, k, v, run_opts[k].name, TMU_EXIT_USAGE, a.seen);
        }
    }
    if (rc)
        goto out;
    if (!st->have_gpu) {
        rc = tmu_cli_usage_error("--gpu", "missing (a3xx .. a7xx or a GPU id such as 630)");
        goto out;
    }
    if (program && (rc = load_program(st, program)))
        goto out;
    if (!st->nprog) {
        rc = tmu_cli_usage_error("PROGRAM", "no instructions (give PROGRAM, --asm or --word)");
        goto out;
    }
    rc = run_program(st);
out:
    if (st) {
        for (unsigned i = 0; i < st->nmem_own; i++)
            free(st->own_mem[i]);
        for (unsigned i = 0; i < MAX_OWNED; i++)
            tmu_cli_sparse_free(&st->own_sparse[i]);
        free(st->wave);
        free(st->prog);
        free(st);
    }
    return rc;
}
