/* tmu ir3 run — executes Adreno ir3 category-5 instructions (assembly lines or words) on a
 * wave of fibers with built-in, PNG or raw-descriptor textures, and prints the registers
 * each instruction changes per fiber, the (sy) hazards and, with --explain, every operand's
 * role.  A thin shell over include/tmu/ir3_exec.h. */
#include "cli.h"
#include "unit_cli.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/format.h"
#include "tmu/ir3.h"
#include "tmu/ir3_exec.h"
#include "tmu/texture.h"

int tmu_cmd_ir3_run(int argc, char **argv);

#define WHERE "ir3 run"
#define MAX_SLOTS 128 /* t#/s# slots, and slots per bindless set */
#define MAX_OWNED 64  /* textures / files the command owns */
#define MAX_INSTR 4096
#define MAX_MEM 16
#define MAX_BORDER 64

typedef struct owned {
    tmu_texture tex[MAX_OWNED];
    tmu_sampler smp[MAX_OWNED];
    uint32_t raw[MAX_OWNED][16];
    void *mem[MAX_OWNED];
    unsigned ntex, nsmp, nraw, nmem;
} owned;

typedef struct instr_src {
    char text[160];   /* assembly text, or empty for a word */
    uint64_t word;
    int is_word;
    char where[96];   /* FILE:LINE or "--asm N" */
} instr_src;

typedef struct run_state {
    uint32_t gpu;
    int have_gpu;
    uint32_t fibers;
    int explain;
    uint64_t show[2];        /* fibers to print */
    tmu_ir3_wave *wave;
    tmu_ir3_slot tex[MAX_SLOTS], samp[MAX_SLOTS];
    tmu_ir3_slot set[8][MAX_SLOTS];
    uint32_t ntex, nsamp, nset[8];
    tmu_ir3_memory memory[MAX_MEM];
    unsigned nmemory;
    tmu_ir3_border border[MAX_BORDER];
    unsigned nborder;
    owned own;
    instr_src *prog;
    unsigned nprog;
    char *reg_args[256];
    unsigned nreg;
    const char *active_arg;
    uint32_t samples;
    int sampler_first;
} run_state;

static void run_usage(void)
{
    printf("usage: tmu ir3 run --gpu GPU [options] [PROGRAM]\n"
           "\n"
           "Executes Adreno ir3 category-5 instructions, in order, on one wave of fibers and\n"
           "prints after each the registers it wrote (fibers with the same values grouped),\n"
           "and the registers it read while a result was still pending without (sy).\n"
           "PROGRAM is a file ('-' = stdin) with one instruction per line: Mesa assembly text or\n"
           "a word HHHHHHHH_LLLLLLLL / 0x...; ';' starts a comment, and '#' at the start of a line.\n"
           "\n"
           "options (each may also be a line 'OPTION ARG' of an --input file, without '--'):\n"
           "  --gpu GPU               a3xx .. a7xx, or a GPU id such as 630\n"
           "  --asm 'TEXT'            an instruction (repeatable; before PROGRAM's lines)\n"
           "  --word W                an instruction word (repeatable)\n"
           "  --fibers N              wave size: the generation's (8/32/64, default) or twice that\n"
           "  --active LIST           active fibers: a hex mask 0x.. or ranges 0-3,8 (default all)\n"
           "  --reg REG=V[,V...]      a register for every fiber (one value) or per fiber; REG is\n"
           "                          r1.x, hr2.y, r48.x, a0.x, a1.x, p0.x; V is a float (with '.',\n"
           "                          'e', inf, nan; rounded to f16 for half registers), an integer,\n"
           "                          0x bits, or fiber[*K][+C] (the fiber number, scaled)\n"
           "  --texture SLOT=SPEC     SLOT: tN (t#N) or bB:I (bindless set B, slot I)\n"
           "  --sampler SLOT=OPTS     SLOT: sN (s#N) or bB:I\n"
           "  --memory ADDR=FILE      map FILE's bytes at GPU address ADDR (raw descriptors' BASE)\n"
           "  --border R,G,B,A        append a border colour (raw samplers' BCOLOR entries)\n"
           "  --samples N             render-target samples for rgetpos (1, 2, 4, 8)\n"
           "  --s2en-sampler-first    GL s2en index pair is (sampler, texture), not (texture, sampler)\n"
           "  --show LIST             fibers to print (default all)\n"
           "  --explain               print each operand's role and register before the results\n"
           "  --input FILE            read more options from FILE\n"
           "\n"
           "SPEC: PATTERN:WxH[xD][,KEY=VALUE...] with PATTERN\n"
           "  gradient  r32g32b32a32_float, texel (x, y, z or layer, level)\n"
           "  checker   r8g8b8a8_unorm, white where x + y is even, else black\n"
           "  depth     d32_float, depth = (x + 0.5) / W\n"
           "  index     r32_uint, x + 100 y + 10000 (z or layer) + 1000000 level (+ sample)\n"
           "  and KEYs dim=1d|2d|3d|cube|a1d|a2d|acube|ms|ams layers=N levels=N samples=N;\n"
           "  or png:PATH (2D r8g8b8a8_unorm with its mip chain%s);\n"
           "  or raw:D0,...,D15 (an a6xx/a7xx texture descriptor; texels through --memory).\n"
           "OPTS: filter=nearest|linear  mip=none|nearest|linear  address=repeat|mirror|clamp|\n"
           "  border|mirror_clamp  normalized=0|1  compare=never|less|equal|lequal|greater|\n"
           "  notequal|gequal|always  lod_bias=F min_lod=F max_lod=F border=R/G/B/A;\n"
           "  or raw:D0,D1,D2,D3 (an a6xx/a7xx sampler descriptor).\n"
           "\n"
           "example: tmu ir3 run --gpu a6xx --texture t0=gradient:4x4 --sampler s0=filter=nearest \\\n"
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
        /* up to 128 bits of hex */
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
        return 0;
    }
    const char *p = s;
    while (*p) {
        char *end;
        unsigned long a = strtoul(p, &end, 10), b;
        if (end == p || a >= fibers)
            return -1;
        b = a;
        p = end;
        if (*p == '-') {
            b = strtoul(p + 1, &end, 10);
            if (end == p + 1 || b >= fibers || b < a)
                return -1;
            p = end;
        }
        for (unsigned long f = a; f <= b; f++)
            out[f >> 6] |= UINT64_C(1) << (f & 63);
        if (*p == ',')
            p++;
        else if (*p)
            return -1;
    }
    return 0;
}

static int parse_float(const char *s, float *out)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || *end)
        return -1;
    *out = (float)v;
    return 0;
}

/* One register value for fiber `f`: *bits = the 32 (or 16) bits to store. */
static int value_bits(const char *v, unsigned f, int half, uint32_t *bits)
{
    if (!strncmp(v, "fiber", 5)) {
        const char *p = v + 5;
        double k = 1, c = 0;
        int is_float = 0;
        char *end;
        if (*p == '*') {
            k = strtod(p + 1, &end);
            if (end == p + 1)
                return -1;
            is_float |= strpbrk(p + 1, ".eE") && strpbrk(p + 1, ".eE") < end;
            p = end;
        }
        if (*p == '+' || *p == '-') {
            c = strtod(p, &end);
            if (end == p)
                return -1;
            is_float |= strpbrk(p, ".eE") && strpbrk(p, ".eE") < end;
            p = end;
        }
        if (*p)
            return -1;
        double r = (double)f * k + c;
        if (is_float) {
            float fl = (float)r;
            uint32_t u;
            memcpy(&u, &fl, 4);
            *bits = half ? tmu_float_to_half(fl) : u;
        } else {
            *bits = (uint32_t)(int64_t)r;
        }
        return 0;
    }
    if (!strncmp(v, "0x", 2) || !strncmp(v, "0X", 2)) {
        uint64_t h;
        if (tmu_cli_parse_hex64(v, &h) || h > (half ? 0xffffu : 0xffffffffu))
            return -1;
        *bits = (uint32_t)h;
        return 0;
    }
    int is_float = strpbrk(v, ".eE") != NULL || strstr(v, "inf") || strstr(v, "nan");
    if (is_float) {
        float fl;
        if (parse_float(v, &fl))
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
static tmu_ir3_slot *find_slot(run_state *st, const char *name, char kind, const char *where)
{
    char *end;
    if (name[0] == kind) {
        unsigned long n = strtoul(name + 1, &end, 10);
        if (end == name + 1 || *end || n >= MAX_SLOTS) {
            tmu_cli_error(where, "slot '%s': expected %c0..%c%d or bB:I", name, kind, kind, MAX_SLOTS - 1);
            return NULL;
        }
        uint32_t *count = kind == 't' ? &st->ntex : &st->nsamp;
        if (*count <= n)
            *count = (uint32_t)n + 1;
        return kind == 't' ? &st->tex[n] : &st->samp[n];
    }
    if (name[0] == 'b') {
        unsigned long b = strtoul(name + 1, &end, 10), i;
        if (end == name + 1 || *end != ':' || b > 7)
            goto bad;
        const char *p = end + 1;
        i = strtoul(p, &end, 10);
        if (end == p || *end || i >= MAX_SLOTS)
            goto bad;
        if (st->nset[b] <= i)
            st->nset[b] = (uint32_t)i + 1;
        return &st->set[b][i];
    }
bad:
    tmu_cli_error(where, "slot '%s': expected %c0..%c%d or bB:I (B 0..7, I 0..%d)", name, kind, kind, MAX_SLOTS - 1,
                  MAX_SLOTS - 1);
    return NULL;
}

static int parse_raw(const char *s, uint32_t *dw, unsigned want, const char *where)
{
    unsigned n = 0;
    char buf[512];
    if (strlen(s) >= sizeof buf)
        return tmu_cli_error(where, "raw descriptor text too long");
    snprintf(buf, sizeof buf, "%s", s);
    for (char *tok = strtok(buf, ", "); tok; tok = strtok(NULL, ", ")) {
        uint64_t v;
        if (n >= want)
            return tmu_cli_error(where, "more than %u dwords", want);
        if (tmu_cli_parse_hex64(tok, &v) || v > 0xffffffffu)
            return tmu_cli_error(where, "dword %u: '%s' is not a 32-bit hex value", n, tok);
        dw[n++] = (uint32_t)v;
    }
    if (n != want)
        return tmu_cli_error(where, "a raw descriptor needs %u dwords, got %u", want, n);
    return 0;
}

/* ---- samplers -------------------------------------------------------------------------------- */

static int sampler_key(tmu_sampler *s, const char *k, const char *v, const char *where)
{
    if (!strcmp(k, "filter")) {
        if (strcmp(v, "nearest") && strcmp(v, "linear"))
            return tmu_cli_error(where, "filter must be nearest or linear, not '%s'", v);
        s->mag_filter = s->min_filter = strcmp(v, "nearest") ? TMU_FILTER_LINEAR : TMU_FILTER_NEAREST;
    } else if (!strcmp(k, "mip")) {
        static const char *const m[] = {"none", "nearest", "linear"};
        size_t i;
        for (i = 0; i < 3 && strcmp(m[i], v); i++)
            ;
        if (i == 3)
            return tmu_cli_unknown_name(where, "mip filter", v, m, 3);
        s->mip_filter = (tmu_mip_filter)i;
    } else if (!strcmp(k, "address")) {
        static const char *const m[] = {"repeat", "mirror", "clamp", "border", "mirror_clamp"};
        static const tmu_address a[] = {TMU_ADDRESS_REPEAT, TMU_ADDRESS_MIRRORED_REPEAT, TMU_ADDRESS_CLAMP_TO_EDGE,
                                        TMU_ADDRESS_CLAMP_TO_BORDER, TMU_ADDRESS_MIRROR_CLAMP_TO_EDGE};
        size_t i;
        for (i = 0; i < 5 && strcmp(m[i], v); i++)
            ;
        if (i == 5)
            return tmu_cli_unknown_name(where, "address mode", v, m, 5);
        s->address[0] = s->address[1] = s->address[2] = a[i];
    } else if (!strcmp(k, "normalized")) {
        if (strcmp(v, "0") && strcmp(v, "1"))
            return tmu_cli_error(where, "normalized must be 0 or 1, not '%s'", v);
        s->normalized = v[0] == '1';
    } else if (!strcmp(k, "compare")) {
        static const char *const ops[] = {"never", "less", "equal", "lequal", "greater", "notequal", "gequal", "always"};
        size_t i;
        for (i = 0; i < 8 && strcmp(ops[i], v); i++)
            ;
        if (i == 8)
            return tmu_cli_unknown_name(where, "compare function", v, ops, 8);
        s->compare_op = (tmu_compare)i;
    } else if (!strcmp(k, "lod_bias") || !strcmp(k, "min_lod") || !strcmp(k, "max_lod")) {
        float f;
        if (parse_float(v, &f) || !isfinite(f))
            return tmu_cli_error(where, "%s must be a number, not '%s'", k, v);
        *(!strcmp(k, "lod_bias") ? &s->lod_bias : !strcmp(k, "min_lod") ? &s->min_lod : &s->max_lod) = f;
    } else if (!strcmp(k, "border")) {
        float c[4];
        if (sscanf(v, "%f/%f/%f/%f", &c[0], &c[1], &c[2], &c[3]) != 4)
            return tmu_cli_error(where, "border must be R/G/B/A, not '%s'", v);
        for (int i = 0; i < 4; i++) {
            s->border_f[i] = c[i];
            s->border_u[i] = (uint32_t)(int32_t)c[i];
        }
    } else {
        static const char *const keys[] = {"filter", "mip", "address", "normalized", "compare",
                                           "lod_bias", "min_lod", "max_lod", "border"};
        return tmu_cli_unknown_name(where, "sampler option", k, keys, 9);
    }
    return 0;
}

static int add_sampler(run_state *st, const char *arg)
{
    const char *where = WHERE ": --sampler";
    char buf[512];
    if (strlen(arg) >= sizeof buf)
        return tmu_cli_error(where, "argument too long");
    snprintf(buf, sizeof buf, "%s", arg);
    char *eq = strchr(buf, '=');
    if (!eq)
        return tmu_cli_error(where, "expected SLOT=OPTS, got '%s'", arg);
    *eq = 0;
    tmu_ir3_slot *slot = find_slot(st, buf, 's', where);
    if (!slot)
        return TMU_EXIT_FAIL;
    char *opts = eq + 1;
    if (!strncmp(opts, "raw:", 4)) {
        if (st->own.nraw >= MAX_OWNED)
            return tmu_cli_error(where, "too many raw descriptors");
        uint32_t *dw = st->own.raw[st->own.nraw];
        memset(dw, 0, 16 * sizeof *dw);
        if (parse_raw(opts + 4, dw, 4, where))
            return TMU_EXIT_FAIL;
        st->own.nraw++;
        slot->raw = dw;
        return 0;
    }
    if (st->own.nsmp >= MAX_OWNED)
        return tmu_cli_error(where, "too many samplers");
    tmu_sampler *s = &st->own.smp[st->own.nsmp++];
    *s = tmu_sampler_default();
    for (char *o = strtok(opts, ","); o; o = strtok(NULL, ",")) {
        char *v = strchr(o, '=');
        if (!v)
            return tmu_cli_error(where, "expected KEY=VALUE, got '%s'", o);
        *v++ = 0;
        if (sampler_key(s, o, v, where))
            return TMU_EXIT_FAIL;
    }
    slot->sampler = s;
    return 0;
}

/* ---- textures -------------------------------------------------------------------------------- */

static int parse_size(const char *s, uint32_t *w, uint32_t *h, uint32_t *d)
{
    char *end;
    unsigned long a = strtoul(s, &end, 10), b = 1, c = 1;
    if (end == s)
        return -1;
    if (*end == 'x') {
        const char *p = end + 1;
        b = strtoul(p, &end, 10);
        if (end == p)
            return -1;
        if (*end == 'x') {
            p = end + 1;
            c = strtoul(p, &end, 10);
            if (end == p)
                return -1;
        }
    }
    if (*end || !a || !b || !c || a > 4096 || b > 4096 || c > 256)
        return -1;
    *w = (uint32_t)a, *h = (uint32_t)b, *d = (uint32_t)c;
    return 0;
}

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
                        if (!strcmp(pat, "gradient")) {
                            v.f[0] = (float)x, v.f[1] = (float)y, v.f[2] = (float)z, v.f[3] = (float)l;
                        } else if (!strcmp(pat, "checker")) {
                            float c = (x + y) % 2 ? 0.0f : 1.0f;
                            v.f[0] = v.f[1] = v.f[2] = c, v.f[3] = 1.0f;
                        } else if (!strcmp(pat, "depth")) {
                            v.f[0] = ((float)x + 0.5f) / (float)lw;
                        } else {
                            v.u[0] = x + 100 * y + 10000 * z + 1000000 * l + 10000000 * s;
                        }
                        tmu_format_encode(fi->format, &v, p);
                    }
    }
}

static int add_texture(run_state *st, const char *arg)
{
    const char *where = WHERE ": --texture";
    char buf[1024];
    if (strlen(arg) >= sizeof buf)
        return tmu_cli_error(where, "argument too long");
    snprintf(buf, sizeof buf, "%s", arg);
    char *eq = strchr(buf, '=');
    if (!eq)
        return tmu_cli_error(where, "expected SLOT=SPEC, got '%s'", arg);
    *eq = 0;
    tmu_ir3_slot *slot = find_slot(st, buf, 't', where);
    if (!slot)
        return TMU_EXIT_FAIL;
    char *spec = eq + 1;
    if (!strncmp(spec, "raw:", 4)) {
        if (st->own.nraw >= MAX_OWNED)
            return tmu_cli_error(where, "too many raw descriptors");
        uint32_t *dw = st->own.raw[st->own.nraw];
        if (parse_raw(spec + 4, dw, 16, where))
            return TMU_EXIT_FAIL;
        st->own.nraw++;
        slot->raw = dw;
        return 0;
    }
    if (st->own.ntex >= MAX_OWNED)
        return tmu_cli_error(where, "too many textures");
    tmu_texture *t = &st->own.tex[st->own.ntex];
    char *colon = strchr(spec, ':');
    if (!colon)
        return tmu_cli_error(where, "expected PATTERN:WxH, png:PATH or raw:DWORDS in '%s'", spec);
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
        st->own.mem[st->own.nmem++] = rt.mem;
        st->own.ntex++;
        slot->texture = t;
        return 0;
    }
    static const char *const pats[] = {"gradient", "checker", "depth", "index", "png", "raw"};
    tmu_format fmt;
    if (!strcmp(spec, "gradient"))
        fmt = TMU_FORMAT_R32G32B32A32_FLOAT;
    else if (!strcmp(spec, "checker"))
        fmt = TMU_FORMAT_R8G8B8A8_UNORM;
    else if (!strcmp(spec, "depth"))
        fmt = TMU_FORMAT_D32_FLOAT;
    else if (!strcmp(spec, "index"))
        fmt = TMU_FORMAT_R32_UINT;
    else
        return tmu_cli_unknown_name(where, "texture pattern", spec, pats, 6);
    char *opts = strchr(rest, ',');
    if (opts)
        *opts++ = 0;
    uint32_t w, h, d;
    if (parse_size(rest, &w, &h, &d))
        return tmu_cli_error(where, "bad size '%s' (WxH or WxHxD, up to 4096)", rest);
    tmu_dim dim = d > 1 ? TMU_DIM_3D : h > 1 ? TMU_DIM_2D : TMU_DIM_1D;
    uint32_t layers = 1, levels = 1, samples = 1;
    for (char *o = opts ? strtok(opts, ",") : NULL; o; o = strtok(NULL, ",")) {
        char *v = strchr(o, '=');
        if (!v)
            return tmu_cli_error(where, "expected KEY=VALUE, got '%s'", o);
        *v++ = 0;
        long long n;
        if (!strcmp(o, "dim")) {
            static const char *const dims[] = {"1d", "2d", "3d", "cube", "a1d", "a2d", "acube", "ms", "ams"};
            static const tmu_dim dv[] = {TMU_DIM_1D,       TMU_DIM_2D,       TMU_DIM_3D,
                                         TMU_DIM_CUBE,     TMU_DIM_1D_ARRAY, TMU_DIM_2D_ARRAY,
                                         TMU_DIM_CUBE_ARRAY, TMU_DIM_2D_MS,  TMU_DIM_2D_MS_ARRAY};
            size_t i;
            for (i = 0; i < 9 && strcmp(dims[i], v); i++)
                ;
            if (i == 9)
                return tmu_cli_unknown_name(where, "dim", v, dims, 9);
            dim = dv[i];
        } else if (!strcmp(o, "layers") || !strcmp(o, "levels") || !strcmp(o, "samples")) {
            if (tmu_cli_parse_int(v, 1, !strcmp(o, "levels") ? TMU_MAX_LEVELS : 256, &n))
                return tmu_cli_error(where, "%s must be a number from 1, not '%s'", o, v);
            *(!strcmp(o, "layers") ? &layers : !strcmp(o, "levels") ? &levels : &samples) = (uint32_t)n;
        } else {
            static const char *const keys[] = {"dim", "layers", "levels", "samples"};
            return tmu_cli_unknown_name(where, "texture option", o, keys, 4);
        }
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
        return tmu_cli_error(where, "impossible texture shape (%s %ux%ux%u, %u layers, %u levels, %u samples)",
                             tmu_dim_name(dim), w, h, d, layers, levels, samples);
    void *mem = calloc(1, size);
    if (!mem)
        return tmu_cli_error(where, "out of memory");
    st->own.mem[st->own.nmem++] = mem;
    tmu_diag dg;
    if (tmu_texture_init_packed(t, dim, fmt, w, h, d, layers, levels, samples, mem, size, &dg) != TMU_OK)
        return tmu_cli_error(where, "%s", dg.message);
    fill_pattern(spec, t);
    st->own.ntex++;
    slot->texture = t;
    return 0;
}

static int add_memory(run_state *st, const char *arg)
{
    const char *where = WHERE ": --memory";
    char buf[1024];
    if (strlen(arg) >= sizeof buf)
        return tmu_cli_error(where, "argument too long");
    snprintf(buf, sizeof buf, "%s", arg);
    char *eq = strchr(buf, '=');
    uint64_t addr;
    if (!eq)
        return tmu_cli_error(where, "expected ADDR=FILE, got '%s'", arg);
    *eq = 0;
    if (tmu_cli_parse_hex64(buf, &addr))
        return tmu_cli_error(where, "address '%s' is not a hex number", buf);
    if (st->nmemory >= MAX_MEM || st->own.nmem >= MAX_OWNED)
        return tmu_cli_error(where, "more than %d memory ranges", MAX_MEM);
    size_t len;
    char *data = tmu_cli_read_file(eq + 1, &len);
    if (!data)
        return TMU_EXIT_FAIL;
    st->own.mem[st->own.nmem++] = data;
    st->memory[st->nmemory].gpu_addr = addr;
    st->memory[st->nmemory].data = data;
    st->memory[st->nmemory].size = len;
    st->nmemory++;
    return 0;
}

/* ---- program --------------------------------------------------------------------------------- */

static int add_instr(run_state *st, const char *text, size_t len, int is_word, const char *where)
{
    while (len && isspace((unsigned char)*text))
        text++, len--;
    while (len && isspace((unsigned char)text[len - 1]))
        len--;
    if (!len)
        return 0;
    if (st->nprog >= MAX_INSTR)
        return tmu_cli_error(where, "more than %d instructions", MAX_INSTR);
    instr_src *in = &st->prog[st->nprog];
    memset(in, 0, sizeof *in);
    snprintf(in->where, sizeof in->where, "%s", where);
    /* a word: HHHHHHHH_LLLLLLLL or 0x... (and nothing else on the line) */
    char tmp[64];
    int looks_word = is_word;
    if (!looks_word && len < sizeof tmp) {
        memcpy(tmp, text, len);
        tmp[len] = 0;
        uint64_t w;
        looks_word = !tmu_cli_parse_hex64(tmp, &w) && (strchr(tmp, '_') || !strncmp(tmp, "0x", 2));
    }
    if (looks_word) {
        if (len >= sizeof tmp)
            return tmu_cli_error(where, "'%.40s...' is not a 64-bit hex word", text);
        memcpy(tmp, text, len);
        tmp[len] = 0;
        if (tmu_cli_parse_hex64(tmp, &in->word))
            return tmu_cli_error(where, "'%s' is not a 64-bit hex word (HHHHHHHH_LLLLLLLL or 0x...)", tmp);
        in->is_word = 1;
    } else {
        if (len >= sizeof in->text)
            return tmu_cli_error(where, "instruction longer than %zu characters", sizeof in->text - 1);
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
            /* ';' starts a comment anywhere, '#' at the start of a line (s#N and t#N
             * contain one) */
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
            snprintf(where, sizeof where, "%s:%u", name, line);
            rc = add_instr(st, buf + start, end - start, 0, where);
            line++;
            start = i + 1;
        }
    }
    free(buf);
    return rc;
}

/* ---- printing -------------------------------------------------------------------------------- */

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

/* The written registers of every written fiber, consecutive fibers with the same values
 * on one line. */
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

static int handle_option(run_state *st, const char *opt, const char *val, int from_file);

static int read_input(run_state *st, const char *path)
{
    size_t len;
    char *buf = tmu_cli_read_file(path, &len);
    if (!buf)
        return TMU_EXIT_FAIL;
    int rc = 0;
    char *line = buf;
    while (line && *line && !rc) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = 0;
        char *next = nl ? nl + 1 : NULL;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        while (isspace((unsigned char)*line))
            line++;
        size_t n = strlen(line);
        while (n && isspace((unsigned char)line[n - 1]))
            line[--n] = 0;
        if (n) {
            char *sp = line;
            while (*sp && !isspace((unsigned char)*sp))
                sp++;
            char *arg = sp;
            if (*sp) {
                *sp = 0;
                arg = sp + 1;
                while (isspace((unsigned char)*arg))
                    arg++;
            }
            rc = handle_option(st, line, *arg ? arg : NULL, 1);
        }
        line = next;
    }
    free(buf);
    return rc;
}

static int handle_option(run_state *st, const char *opt, const char *val, int from_file)
{
    const char *o = opt;
    if (!from_file) {
        if (strncmp(o, "--", 2))
            return tmu_cli_usage_error(WHERE, "unexpected '%s'", o);
        o += 2;
    }
    static const char *const need_val[] = {"gpu", "asm", "word", "fibers", "active", "reg", "texture", "sampler",
                                           "memory", "border", "samples", "show", "input"};
    static const char *const flags[] = {"explain", "s2en-sampler-first"};
    int needs = 0;
    for (size_t i = 0; i < sizeof need_val / sizeof need_val[0]; i++)
        needs |= !strcmp(o, need_val[i]);
    if (needs && !val)
        return tmu_cli_usage_error(WHERE, "option %s needs a value", opt);
    if (!strcmp(o, "gpu")) {
        if (tmu_ir3_gpu_from_name(val, &st->gpu) != TMU_OK) {
            static const char *const g[] = {"a3xx", "a4xx", "a5xx", "a6xx", "a7xx", "a8xx"};
            tmu_cli_unknown_name(WHERE ": --gpu", "Adreno GPU (or id 300..899)", val, g, 6);
            return TMU_EXIT_USAGE;
        }
        st->have_gpu = 1;
    } else if (!strcmp(o, "asm") || !strcmp(o, "word")) {
        char where[64];
        snprintf(where, sizeof where, "--%s %u", o, st->nprog + 1);
        return add_instr(st, val, strlen(val), o[0] == 'w', where);
    } else if (!strcmp(o, "fibers")) {
        long long n;
        if (tmu_cli_parse_int(val, 1, TMU_IR3_MAX_FIBERS, &n))
            return tmu_cli_usage_error(WHERE, "--fibers must be 1..%d, not '%s'", TMU_IR3_MAX_FIBERS, val);
        st->fibers = (uint32_t)n;
    } else if (!strcmp(o, "samples")) {
        long long n;
        if (tmu_cli_parse_int(val, 1, 16, &n))
            return tmu_cli_usage_error(WHERE, "--samples must be 1, 2, 4 or 8, not '%s'", val);
        st->samples = (uint32_t)n;
    } else if (!strcmp(o, "active")) {
        st->active_arg = val;
    } else if (!strcmp(o, "show")) {
        if (parse_fiber_list(val, TMU_IR3_MAX_FIBERS, st->show))
            return tmu_cli_usage_error(WHERE, "--show takes a hex mask or fiber ranges such as 0-3,8, not '%s'", val);
    } else if (!strcmp(o, "reg")) {
        if (st->nreg >= 256)
            return tmu_cli_error(WHERE, "more than 256 --reg options");
        st->reg_args[st->nreg++] = (char *)val;
    } else if (!strcmp(o, "texture")) {
        return add_texture(st, val);
    } else if (!strcmp(o, "sampler")) {
        return add_sampler(st, val);
    } else if (!strcmp(o, "memory")) {
        return add_memory(st, val);
    } else if (!strcmp(o, "border")) {
        float c[4];
        char tail;
        if (st->nborder >= MAX_BORDER)
            return tmu_cli_error(WHERE ": --border", "more than %d border colours", MAX_BORDER);
        if (sscanf(val, "%f,%f,%f,%f%c", &c[0], &c[1], &c[2], &c[3], &tail) != 4)
            return tmu_cli_error(WHERE ": --border", "expected R,G,B,A, got '%s'", val);
        for (int i = 0; i < 4; i++) {
            st->border[st->nborder].f[i] = c[i];
            st->border[st->nborder].u[i] = (uint32_t)(int32_t)c[i];
        }
        st->nborder++;
    } else if (!strcmp(o, "input")) {
        return read_input(st, val);
    } else if (!strcmp(o, "explain")) {
        st->explain = 1;
    } else if (!strcmp(o, "s2en-sampler-first")) {
        st->sampler_first = 1;
    } else {
        const char *all[sizeof need_val / sizeof need_val[0] + 2];
        size_t n = 0;
        for (size_t i = 0; i < sizeof need_val / sizeof need_val[0]; i++)
            all[n++] = need_val[i];
        for (size_t i = 0; i < 2; i++)
            all[n++] = flags[i];
        tmu_cli_unknown_name(WHERE, "option", o, all, n);
        return TMU_EXIT_USAGE;
    }
    return 0;
}

static int apply_regs(run_state *st)
{
    tmu_ir3_wave *w = st->wave;
    for (unsigned i = 0; i < st->nreg; i++) {
        const char *arg = st->reg_args[i];
        char buf[4096];
        const char *where = WHERE ": --reg";
        if (strlen(arg) >= sizeof buf)
            return tmu_cli_error(where, "argument too long");
        snprintf(buf, sizeof buf, "%s", arg);
        char *eq = strchr(buf, '=');
        if (!eq)
            return tmu_cli_error(where, "expected REG=VALUE[,VALUE...], got '%s'", arg);
        *eq = 0;
        uint16_t reg;
        bool half;
        tmu_diag d;
        if (tmu_ir3_reg_parse(buf, &reg, &half, &d) != TMU_OK)
            return tmu_cli_error(where, "%s", d.message);
        char *vals[TMU_IR3_MAX_FIBERS];
        unsigned nv = 0;
        for (char *t = strtok(eq + 1, ","); t; t = strtok(NULL, ",")) {
            if (nv >= w->fibers)
                return tmu_cli_error(where, "%s: more values than the %u fibers", buf, w->fibers);
            vals[nv++] = t;
        }
        if (nv != 1 && nv != w->fibers)
            return tmu_cli_error(where, "%s: give one value or one per fiber (%u), not %u", buf, w->fibers, nv);
        for (unsigned f = 0; f < w->fibers; f++) {
            uint32_t bits;
            const char *v = vals[nv == 1 ? 0 : f];
            if (value_bits(v, f, half, &bits))
                return tmu_cli_error(where, "%s: '%s' is not a value (float, integer, 0x bits or fiber*K+C)", buf, v);
            tmu_status s = tmu_ir3_reg_set(w, f, reg, half, bits);
            if (s != TMU_OK)
                return tmu_cli_error(where, "%s does not exist on GPU %u", buf, st->gpu);
        }
    }
    return 0;
}

int tmu_cmd_ir3_run(int argc, char **argv)
{
    run_state *st = calloc(1, sizeof *st);
    if (!st)
        return tmu_cli_error(WHERE, "out of memory");
    st->prog = calloc(MAX_INSTR, sizeof *st->prog);
    st->wave = calloc(1, sizeof *st->wave);
    int rc = 0;
    const char *program = NULL;
    st->show[0] = st->show[1] = ~UINT64_C(0);
    if (!st->prog || !st->wave) {
        rc = tmu_cli_error(WHERE, "out of memory");
        goto out;
    }
    for (int i = 1; i < argc && !rc; i++) {
        const char *a = argv[i];
        if (tmu_cli_is_help(a)) {
            run_usage();
            goto out;
        }
        if (a[0] == '-' && a[1] == '-' && a[2]) {
            const char *eq = strchr(a, '=');
            char opt[64];
            const char *val = NULL;
            if (eq && (size_t)(eq - a) < sizeof opt) {
                memcpy(opt, a, (size_t)(eq - a));
                opt[eq - a] = 0;
                val = eq + 1;
                rc = handle_option(st, opt, val, 0);
                continue;
            }
            snprintf(opt, sizeof opt, "%s", a);
            int flag = !strcmp(a, "--explain") || !strcmp(a, "--s2en-sampler-first");
            if (!flag)
                val = i + 1 < argc ? argv[++i] : NULL;
            rc = handle_option(st, a, val, 0);
        } else if (!program) {
            program = a;
        } else {
            rc = tmu_cli_usage_error(WHERE, "more than one PROGRAM ('%s' and '%s')", program, a);
        }
    }
    if (rc)
        goto out;
    if (!st->have_gpu) {
        rc = tmu_cli_usage_error(WHERE, "--gpu is required (a3xx .. a7xx or a GPU id such as 630)");
        goto out;
    }
    if (program && (rc = load_program(st, program)))
        goto out;
    if (!st->nprog) {
        rc = tmu_cli_usage_error(WHERE, "no instructions (give PROGRAM, --asm or --word)");
        goto out;
    }
    if (!st->fibers)
        st->fibers = st->gpu < 400 ? 8 : st->gpu < 600 ? 32 : 64;
    tmu_diag d;
    if (tmu_ir3_wave_init(st->wave, st->gpu, st->fibers, &d) != TMU_OK) {
        rc = tmu_cli_usage_error(WHERE, "--fibers: %s", d.message);
        goto out;
    }
    if (st->samples)
        st->wave->samples = st->samples;
    if (st->sampler_first)
        st->wave->flags |= TMU_IR3_WAVE_S2EN_SAMPLER_FIRST;
    if (st->active_arg) {
        uint64_t m[2];
        if (parse_fiber_list(st->active_arg, st->fibers, m)) {
            rc = tmu_cli_usage_error(WHERE, "--active takes a hex mask or ranges such as 0-3,8 below %u, not '%s'",
                                     st->fibers, st->active_arg);
            goto out;
        }
        st->wave->active[0] = st->fibers >= 64 ? m[0] : m[0] & ((UINT64_C(1) << st->fibers) - 1);
        st->wave->active[1] = st->fibers > 64 ? m[1] : 0;
    }
    if ((rc = apply_regs(st)))
        goto out;

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
        tmu_diag dg;
        tmu_diag_clear(&dg);
        if (!src->is_word) {
            if (tmu_ir3_assemble(src->text, st->gpu, &src->word, &dg) != TMU_OK) {
                if (dg.column)
                    rc = tmu_cli_error(WHERE, "%s:%u: %s\n    %s\n    %*s^", src->where, dg.column, dg.message,
                                       src->text, (int)dg.column - 1, "");
                else
                    rc = tmu_cli_error(WHERE, "%s: %s", src->where, dg.message);
                goto out;
            }
            src->is_word = 1;
        }
        tmu_ir3_instr in;
        if (tmu_ir3_decode(src->word, st->gpu, &in, &dg) != TMU_OK) {
            rc = tmu_cli_error(WHERE, "%s: %08x_%08x: %s", src->where, (unsigned)(src->word >> 32), (unsigned)src->word,
                               dg.message);
            goto out;
        }
    }
    for (unsigned i = 0; i < st->nprog; i++) {
        instr_src *src = &st->prog[i];
        uint64_t word = src->word;
        tmu_diag dg;
        tmu_ir3_instr in;
        char text[512];
        tmu_ir3_decode(word, st->gpu, &in, &dg);
        tmu_ir3_print(&in, 0, text, sizeof text);
        printf("[%u] %08x_%08x  %s\n", i, (unsigned)(word >> 32), (unsigned)word, text);
        tmu_ir3_step step;
        tmu_status s = tmu_ir3_execute_instr(st->wave, &b, &in, &step, &dg);
        if (st->explain && s == TMU_OK)
            print_explain(&step);
        if (s != TMU_OK) {
            fflush(stdout);
            rc = tmu_cli_error(WHERE, "%s: %s", src->where, dg.message);
            goto out;
        }
        print_results(st, st->wave, &step);
        for (unsigned h = 0; h < step.num_hazards; h++) {
            char name[16];
            tmu_ir3_reg_name(step.hazards[h].reg, step.hazards[h].half, name, sizeof name);
            printf("    hazard: reads %s (%s) while a cat5 result is pending; the instruction needs (sy)\n", name,
                   tmu_ir3_role_name((tmu_ir3_role)step.hazards[h].role));
        }
    }
out:
    for (unsigned i = 0; i < st->own.nmem; i++)
        free(st->own.mem[i]);
    free(st->wave);
    free(st->prog);
    free(st);
    return rc;
}
