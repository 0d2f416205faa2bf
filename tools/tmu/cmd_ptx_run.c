/* tmu ptx run — executes the tex / tld4 / txq instructions of a module for a
 * warp on the software texture unit, with built-in (or PNG) textures and register
 * values from the command line or an input file, and prints the destinations. */
#include "cli.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifdef TMU_HAVE_PNG
#include <png.h>
#endif

#include "tmu/format.h"
#include "tmu/ptx.h"
#include "tmu/texture.h"

int tmu_cmd_ptx_run(int argc, char **argv);

#define MAX_BIND 16
#define MAX_REGS 256

typedef struct run_state {
    tmu_ptx_binding bind[MAX_BIND];
    tmu_texture tex[MAX_BIND];
    tmu_sampler smp[MAX_BIND];
    void *mem[MAX_BIND];
    char names[MAX_BIND][TMU_PTX_NAME_MAX];
    size_t nbind;
    struct {
        char name[TMU_PTX_NAME_MAX];
        char values[512];
    } regset[MAX_REGS];
    size_t nregset;
    unsigned lanes;
} run_state;

static void run_usage(FILE *out)
{
    fprintf(out, "usage: tmu ptx run [options] FILE.ptx\n"
           "\n"
           "Executes every tex, tld4 and txq instruction of FILE in order for LANES lanes of a\n"
           "warp (other instructions are skipped; registers start at 0) and prints, for each,\n"
           "its destination registers (and |p predicate) per lane.\n"
           "\n"
           "options (each may also be a line 'OPTION ARG' of an --input file, without '--'):\n"
           "  --texture NAME=SPEC   bind a texture to a .texref/.param name, or to a handle value\n"
           "                        (NAME = 0x... or a decimal number) held in a .u64 register\n"
           "  --sampler NAME=OPTS   bind sampler state to a .samplerref name or handle value\n"
           "  --reg REG=V[,V...]    register values, one for all lanes or one per lane; a value\n"
           "                        with '.' or 'e' (or 0fXXXXXXXX) is a float, else an integer\n"
           "  --lanes N             lanes to run and print (1..32, default 1)\n"
           "  --input FILE          read more options from FILE ('#' starts a comment)\n"
           "\n"
           "SPEC = PATTERN:WxH[xD][,KEY=VALUE...], PATTERN one of\n"
           "  gradient  r32g32b32a32_float texel (x, y, z or layer, level) = (x, y, layer, level)\n"
           "  checker   r8g8b8a8_unorm, white where (x + y) is even, else black\n"
           "  depth     d32_float, depth = (x + 0.5) / W\n"
           "  png       png:PATH (r8g8b8a8_unorm, or _srgb with srgb=1)%s\n"
           "KEYs: dim=1d|2d|3d|a1d|a2d|cube|acube  layers=N levels=N srgb=0|1 and sampler\n"
           "OPTS: filter=nearest|linear  address=repeat|mirror|clamp|border  normalized=0|1\n"
           "      compare=never|less|equal|lequal|greater|notequal|gequal|always\n"
           "      precision=exact|nvidia|nvidia_trunc  mip=none|nearest|linear\n"
           "\n"
           "example: tmu ptx run --texture t0=gradient:4x4,filter=linear --reg %%f4=0.5 \\\n"
           "             --reg %%f5=0.25 kernel.ptx\n",
#ifdef TMU_HAVE_PNG
           ""
#else
           " (not in this build)"
#endif
    );
}

static int sampler_opt(tmu_sampler *s, const char *key, const char *val, const char *where)
{
    if (!strcmp(key, "filter")) {
        if (!strcmp(val, "nearest"))
            s->mag_filter = s->min_filter = TMU_FILTER_NEAREST;
        else if (!strcmp(val, "linear"))
            s->mag_filter = s->min_filter = TMU_FILTER_LINEAR;
        else
            return tmu_cli_error(where, "filter must be nearest or linear, not '%s'", val);
    } else if (!strcmp(key, "address")) {
        tmu_address a;
        if (!strcmp(val, "repeat"))
            a = TMU_ADDRESS_REPEAT;
        else if (!strcmp(val, "mirror"))
            a = TMU_ADDRESS_MIRRORED_REPEAT;
        else if (!strcmp(val, "clamp"))
            a = TMU_ADDRESS_CLAMP_TO_EDGE;
        else if (!strcmp(val, "border"))
            a = TMU_ADDRESS_CLAMP_TO_BORDER;
        else
            return tmu_cli_error(where, "address must be repeat, mirror, clamp or border, not '%s'",
                                 val);
        s->address[0] = s->address[1] = s->address[2] = a;
    } else if (!strcmp(key, "normalized")) {
        s->normalized = strcmp(val, "0") != 0;
    } else if (!strcmp(key, "compare")) {
        static const char *const ops[] = {"never",   "less",     "equal",  "lequal",
                                          "greater", "notequal", "gequal", "always"};
        size_t i;
        for (i = 0; i < 8 && strcmp(ops[i], val); i++)
            ;
        if (i == 8)
            return tmu_cli_unknown_name(where, "compare function", val, ops, 8);
        s->compare_op = (tmu_compare)i;
    } else if (!strcmp(key, "precision")) {
        if (!strcmp(val, "exact"))
            s->precision = TMU_PRECISION_EXACT;
        else if (!strcmp(val, "nvidia"))
            s->precision = TMU_PRECISION_NVIDIA;
        else if (!strcmp(val, "nvidia_trunc"))
            s->precision = TMU_PRECISION_NVIDIA_TRUNC;
        else
            return tmu_cli_error(where, "precision must be exact, nvidia or nvidia_trunc, not '%s'",
                                 val);
    } else if (!strcmp(key, "mip")) {
        if (!strcmp(val, "none"))
            s->mip_filter = TMU_MIP_NONE;
        else if (!strcmp(val, "nearest"))
            s->mip_filter = TMU_MIP_NEAREST;
        else if (!strcmp(val, "linear"))
            s->mip_filter = TMU_MIP_LINEAR;
        else
            return tmu_cli_error(where, "mip must be none, nearest or linear, not '%s'", val);
    } else {
        static const char *const keys[] = {"filter",    "address", "normalized", "compare",
                                           "precision", "mip",     "dim",        "layers",
                                           "levels",    "srgb"};
        return tmu_cli_unknown_name(where, "option", key, keys, 10);
    }
    return 0;
}

static int bind_name(run_state *st, const char *name, tmu_ptx_binding *b)
{
    uint64_t h;
    long long v;
    if (!strncmp(name, "0x", 2) && !tmu_cli_parse_hex64(name, &h)) {
        b->name = NULL;
        b->handle = h;
    } else if (name[0] >= '0' && name[0] <= '9' && !tmu_cli_parse_int(name, 0, INT64_MAX, &v)) {
        b->name = NULL;
        b->handle = (uint64_t)v;
    } else {
        if (strlen(name) >= TMU_PTX_NAME_MAX || !name[0])
            return tmu_cli_error("NAME", "bad binding name '%s'", name);
        snprintf(st->names[st->nbind], TMU_PTX_NAME_MAX, "%s", name);
        b->name = st->names[st->nbind];
    }
    return 0;
}

/* Starts binding number st->nbind from "NAME=VALUE" (`arg`, copied into `buf`): checks the
 * binding count, binds NAME and returns VALUE inside `buf`, or NULL after printing an error
 * that names `where` and the expected form `form`. */
static char *begin_binding(run_state *st, const char *where, const char *form, const char *arg,
                           char *buf, size_t size)
{
    if (st->nbind >= MAX_BIND) {
        tmu_cli_error(where, "more than %d bindings", MAX_BIND);
        return NULL;
    }
    if (strlen(arg) >= size) {
        tmu_cli_error(where, "argument longer than %zu characters", size - 1);
        return NULL;
    }
    snprintf(buf, size, "%s", arg);
    char *eq = strchr(buf, '=');
    if (!eq) {
        tmu_cli_error(where, "expected %s, got '%s'", form, arg);
        return NULL;
    }
    *eq = 0;
    if (bind_name(st, buf, &st->bind[st->nbind]))
        return NULL;
    return eq + 1;
}

static int parse_dims(const char *s, uint32_t *w, uint32_t *h, uint32_t *d)
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

static int add_texture(run_state *st, const char *arg)
{
    const char *where = "--texture";
    char buf[1024];
    char *spec = begin_binding(st, where, "NAME=SPEC", arg, buf, sizeof buf);
    if (!spec)
        return TMU_EXIT_FAIL;
    char *colon = strchr(spec, ':');
    if (!colon)
        return tmu_cli_error(where, "expected PATTERN:WxH in '%s'", spec);
    *colon = 0;
    char *rest = colon + 1, *opts = strchr(rest, ',');
    if (opts)
        *opts++ = 0;
    size_t k = st->nbind;
    tmu_ptx_binding *b = &st->bind[k];
    tmu_sampler *s = &st->smp[k];
    *s = tmu_sampler_default();
    tmu_dim dim = TMU_DIM_2D;
    uint32_t w = 1, h = 1, d = 1, layers = 1, levels = 1;
    int srgb = 0, dim_set = 0;
    for (char *o = opts; o && *o;) {
        char *next = strchr(o, ',');
        if (next)
            *next++ = 0;
        char *v = strchr(o, '=');
        if (!v)
            return tmu_cli_error(where, "expected KEY=VALUE, got '%s'", o);
        *v++ = 0;
        if (!strcmp(o, "dim")) {
            static const char *const dims[] = {"1d", "2d", "3d", "cube", "a1d", "a2d", "acube"};
            static const tmu_dim dv[] = {TMU_DIM_1D,        TMU_DIM_2D,       TMU_DIM_3D,
                                         TMU_DIM_CUBE,      TMU_DIM_1D_ARRAY, TMU_DIM_2D_ARRAY,
                                         TMU_DIM_CUBE_ARRAY};
            size_t i;
            for (i = 0; i < 7 && strcmp(dims[i], v); i++)
                ;
            if (i == 7)
                return tmu_cli_unknown_name(where, "dim", v, dims, 7);
            dim = dv[i];
            dim_set = 1;
        } else if (!strcmp(o, "layers") || !strcmp(o, "levels")) {
            long long n;
            if (tmu_cli_parse_int(v, 1, 64, &n))
                return tmu_cli_error(where, "%s must be 1..64, not '%s'", o, v);
            *(!strcmp(o, "layers") ? &layers : &levels) = (uint32_t)n;
        } else if (!strcmp(o, "srgb")) {
            srgb = strcmp(v, "0") != 0;
        } else if (sampler_opt(s, o, v, where)) {
            return 1;
        }
        o = next;
    }
    tmu_format fmt;
    unsigned char *pixels = NULL;
    if (!strcmp(spec, "png")) {
#ifdef TMU_HAVE_PNG
        png_image img;
        memset(&img, 0, sizeof img);
        img.version = PNG_IMAGE_VERSION;
        if (!png_image_begin_read_from_file(&img, rest))
            return tmu_cli_error(rest, "cannot read PNG: %s", img.message);
        img.format = PNG_FORMAT_RGBA;
        pixels = malloc(PNG_IMAGE_SIZE(img));
        if (!pixels || !png_image_finish_read(&img, NULL, pixels, 0, NULL)) {
            free(pixels);
            png_image_free(&img);
            return tmu_cli_error(rest, "cannot decode PNG: %s", img.message);
        }
        w = img.width, h = img.height;
        fmt = srgb ? TMU_FORMAT_R8G8B8A8_SRGB : TMU_FORMAT_R8G8B8A8_UNORM;
        if (levels != 1 || layers != 1 || (dim_set && dim != TMU_DIM_2D)) {
            free(pixels);
            return tmu_cli_error(where, "a PNG texture is one 2d level");
        }
#else
        return tmu_cli_error(where, "this tmu was built without libpng");
#endif
    } else {
        if (parse_dims(rest, &w, &h, &d))
            return tmu_cli_error(where, "bad size '%s' (WxH or WxHxD, up to 4096)", rest);
        if (!strcmp(spec, "gradient"))
            fmt = TMU_FORMAT_R32G32B32A32_FLOAT;
        else if (!strcmp(spec, "checker"))
            fmt = srgb ? TMU_FORMAT_R8G8B8A8_SRGB : TMU_FORMAT_R8G8B8A8_UNORM;
        else if (!strcmp(spec, "depth"))
            fmt = TMU_FORMAT_D32_FLOAT;
        else {
            static const char *const pats[] = {"gradient", "checker", "depth", "png"};
            return tmu_cli_unknown_name(where, "pattern", spec, pats, 4);
        }
        if (!dim_set && d > 1)
            dim = TMU_DIM_3D;
    }
    if (dim == TMU_DIM_CUBE)
        layers = 6;
    else if (dim == TMU_DIM_CUBE_ARRAY)
        layers *= 6;
    if (dim != TMU_DIM_3D)
        d = 1;
    if (dim == TMU_DIM_1D || dim == TMU_DIM_1D_ARRAY)
        h = 1;
    size_t size = tmu_texture_packed_size(dim, fmt, w, h, d, layers, levels, 1);
    if (!size) {
        free(pixels);
        return tmu_cli_error(where, "impossible texture shape");
    }
    unsigned char *mem = calloc(1, size);
    if (!mem) {
        free(pixels);
        return tmu_cli_error(where, "out of memory");
    }
    tmu_texture *t = &st->tex[k];
    tmu_diag dg;
    if (tmu_texture_init_packed(t, dim, fmt, w, h, d, layers, levels, 1, mem, size, &dg) !=
        TMU_OK) {
        free(pixels);
        free(mem);
        return tmu_cli_error(where, "%s", dg.message);
    }
    for (uint32_t lv = 0; lv < levels; lv++) {
        uint32_t lw = tmu_level_size(w, lv), lh = tmu_level_size(h, lv);
        uint32_t lz = dim == TMU_DIM_3D ? tmu_level_size(d, lv) : layers;
        for (uint32_t z = 0; z < lz; z++)
            for (uint32_t y = 0; y < lh; y++)
                for (uint32_t x = 0; x < lw; x++) {
                    tmu_texel tx;
                    memset(&tx, 0, sizeof tx);
                    if (pixels) {
                        const unsigned char *p = pixels + ((size_t)y * w + x) * 4;
                        for (int c = 0; c < 4; c++)
                            tx.f[c] = (float)p[c] / 255.0f;
                        if (srgb)
                            for (int c = 0; c < 3; c++)
                                tx.f[c] = tmu_srgb_to_linear(tx.f[c]);
                    } else if (fmt == TMU_FORMAT_R32G32B32A32_FLOAT) {
                        tx.f[0] = (float)x, tx.f[1] = (float)y, tx.f[2] = (float)z,
                        tx.f[3] = (float)lv;
                    } else if (fmt == TMU_FORMAT_D32_FLOAT) {
                        tx.f[0] = ((float)x + 0.5f) / (float)lw;
                    } else {
                        float c = ((x + y) & 1) ? 0.0f : 1.0f;
                        tx.f[0] = tx.f[1] = tx.f[2] = c, tx.f[3] = 1.0f;
                    }
                    void *dst = (void *)tmu_texel_address(t, lv, x, y, z, 0);
                    if (dst)
                        tmu_format_encode(fmt, &tx, dst);
                }
    }
    free(pixels);
    st->mem[k] = mem;
    b->texture = t;
    b->sampler = s;
    st->nbind++;
    return 0;
}

static int add_sampler(run_state *st, const char *arg)
{
    const char *where = "--sampler";
    char buf[1024];
    char *opts = begin_binding(st, where, "NAME=OPTS", arg, buf, sizeof buf);
    if (!opts)
        return TMU_EXIT_FAIL;
    size_t k = st->nbind;
    st->smp[k] = tmu_sampler_default();
    for (char *o = opts; o && *o;) {
        char *next = strchr(o, ',');
        if (next)
            *next++ = 0;
        char *v = strchr(o, '=');
        if (!v)
            return tmu_cli_error(where, "expected KEY=VALUE, got '%s'", o);
        *v++ = 0;
        if (sampler_opt(&st->smp[k], o, v, where))
            return 1;
        o = next;
    }
    st->bind[k].texture = NULL;
    st->bind[k].sampler = &st->smp[k];
    st->nbind++;
    return 0;
}

static int add_reg(run_state *st, const char *arg)
{
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg || (size_t)(eq - arg) >= TMU_PTX_NAME_MAX ||
        strlen(eq + 1) >= sizeof st->regset[0].values)
        return tmu_cli_error("--reg", "expected REG=V[,V...], got '%s'", arg);
    if (st->nregset >= MAX_REGS)
        return tmu_cli_error("--reg", "more than %d --reg options", MAX_REGS);
    memcpy(st->regset[st->nregset].name, arg, (size_t)(eq - arg));
    st->regset[st->nregset].name[eq - arg] = 0;
    snprintf(st->regset[st->nregset].values, sizeof st->regset[0].values, "%s", eq + 1);
    st->nregset++;
    return 0;
}

static int parse_value(const char *s, uint64_t *out)
{
    uint64_t h;
    long long v;
    if ((s[0] == '0' && (s[1] == 'f' || s[1] == 'F')) && !tmu_cli_parse_hex64(s + 2, &h) &&
        strlen(s) == 10) {
        *out = h;
        return 0;
    }
    if (strpbrk(s, ".eEn") && !strchr(s, 'x')) { /* float (also nan / inf) */
        char *end;
        float f = strtof(s, &end);
        if (end == s || *end)
            return -1;
        uint32_t b;
        memcpy(&b, &f, 4);
        *out = b;
        return 0;
    }
    if (!strncmp(s, "0x", 2) || !strncmp(s, "0X", 2))
        return tmu_cli_parse_hex64(s, out);
    if (tmu_cli_parse_int(s, INT64_MIN, INT64_MAX, &v))
        return -1;
    *out = (uint64_t)v;
    return 0;
}

static int option(run_state *st, const char *key, const char *arg);

static int read_input(run_state *st, const char *path)
{
    size_t len;
    char *text = tmu_cli_read_file(path, &len);
    if (!text)
        return 1;
    int rc = 0;
    unsigned lineno = 0;
    for (char *line = text, *next; line && !rc; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        lineno++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        while (*line == ' ' || *line == '\t')
            line++;
        size_t n = strlen(line);
        while (n && (line[n - 1] == ' ' || line[n - 1] == '\t' || line[n - 1] == '\r'))
            line[--n] = 0;
        if (!*line)
            continue;
        char *sp = line + strcspn(line, " \t");
        if (!*sp) {
            rc = tmu_cli_error(path, "line %u: expected 'OPTION ARGUMENT'", lineno);
            break;
        }
        *sp++ = 0;
        while (*sp == ' ' || *sp == '\t')
            sp++;
        if (!strcmp(line, "input")) {
            rc = tmu_cli_error(path, "line %u: input files do not nest", lineno);
            break;
        }
        rc = option(st, line, sp);
        if (rc)
            fprintf(stderr, "tmu: note: ptx run: in %s line %u\n", path, lineno);
    }
    free(text);
    return rc;
}

static int option(run_state *st, const char *key, const char *arg)
{
    if (!strcmp(key, "texture"))
        return add_texture(st, arg);
    if (!strcmp(key, "sampler"))
        return add_sampler(st, arg);
    if (!strcmp(key, "reg"))
        return add_reg(st, arg);
    if (!strcmp(key, "lanes")) {
        long long n;
        if (tmu_cli_parse_int(arg, 1, TMU_PTX_WARP, &n))
            return tmu_cli_usage_error("--lanes", "must be 1..32, not '%s'", arg);
        st->lanes = (unsigned)n;
        return 0;
    }
    if (!strcmp(key, "input"))
        return read_input(st, arg);
    static const char *const keys[] = {"texture", "sampler", "reg", "lanes", "input"};
    return tmu_cli_unknown_name(key, "option", key, keys, 5);
}

/* The registers the texture instructions use, taken from the module's declarations. */
static int collect_regs(const tmu_ptx_module *m, tmu_ptx_regfile *rf, size_t cap)
{
    for (size_t i = 0; i < tmu_ptx_module_count(m); i++) {
        tmu_ptx_instr in;
        uint32_t scope;
        if (tmu_ptx_module_instr(m, i, &in, &scope) != TMU_OK)
            continue;
        const tmu_ptx_operand *ops[2 + 3 + TMU_PTX_EXTRA_MAX];
        size_t n = 0;
        ops[n++] = &in.dst;
        for (unsigned k = 0; k < in.naddr; k++)
            ops[n++] = &in.addr[k];
        for (unsigned k = 0; k < in.nextra; k++)
            ops[n++] = &in.extra[k];
        const tmu_ptx_elem *extra_elems[2] = {&in.pred, &in.guard};
        for (size_t k = 0; k < n + 2; k++) {
            unsigned cnt = k < n ? ops[k]->count : 1;
            for (unsigned j = 0; j < cnt; j++) {
                const tmu_ptx_elem *e = k < n ? &ops[k]->e[j] : extra_elems[k - n];
                if (e->kind != TMU_PTX_E_NAME)
                    continue;
                const tmu_ptx_symbol *s = tmu_ptx_module_lookup(m, scope, e->name);
                if (!s || s->state != 0 || tmu_ptx_regfile_find(rf, e->name))
                    continue;
                if (rf->count >= cap)
                    return -1;
                memset(&rf->regs[rf->count], 0, sizeof rf->regs[0]);
                snprintf(rf->regs[rf->count].name, TMU_PTX_NAME_MAX, "%s", e->name);
                rf->count++;
            }
        }
    }
    return 0;
}

static void print_reg(const tmu_ptx_module *m, uint32_t scope, const char *name, uint64_t v)
{
    const tmu_ptx_symbol *s = tmu_ptx_module_lookup(m, scope, name);
    tmu_ptx_type t = s ? s->type : TMU_PTX_T_B32;
    uint32_t b = (uint32_t)v;
    switch (t) {
    case TMU_PTX_T_F32: {
        float f;
        memcpy(&f, &b, 4);
        printf(" %s=%.9g(0x%08x)", name, (double)f, b);
        break;
    }
    case TMU_PTX_T_F16:
        printf(" %s=%.6g(0x%04x)", name, (double)tmu_half_to_float((uint16_t)b), b & 0xFFFF);
        break;
    case TMU_PTX_T_F16X2:
        printf(" %s=(%.6g,%.6g)(0x%08x)", name, (double)tmu_half_to_float((uint16_t)b),
               (double)tmu_half_to_float((uint16_t)(b >> 16)), b);
        break;
    case TMU_PTX_T_S32:
        printf(" %s=%d", name, (int32_t)b);
        break;
    case TMU_PTX_T_PRED:
        printf(" %s=%u", name, b & 1);
        break;
    default:
        printf(" %s=%u(0x%08x)", name, b, b);
        break;
    }
}

int tmu_cmd_ptx_run(int argc, char **argv)
{
    tmu_cli_set_command("ptx run", run_usage);
    run_state *st = calloc(1, sizeof *st);
    tmu_ptx_reg *regs = calloc(MAX_REGS, sizeof *regs);
    const char *file = NULL;
    int rc = 0;
    tmu_ptx_module *m = NULL;
    char *text = NULL;
    if (!st || !regs) {
        rc = tmu_cli_error(NULL, "out of memory");
        goto out;
    }
    st->lanes = 1;
    for (int i = 1; i < argc && !rc; i++) {
        if (tmu_cli_is_help(argv[i])) {
            run_usage(stdout);
            goto out;
        }
        if (argv[i][0] == '-' && argv[i][1] == '-') {
            if (i + 1 >= argc) {
                rc = tmu_cli_usage_error(argv[i], "this option needs a value");
                break;
            }
            rc = option(st, argv[i] + 2, argv[i + 1]);
            i++;
        } else if (!file) {
            file = argv[i];
        } else {
            rc = tmu_cli_usage_error("FILE", "give one FILE (got '%s' too)", argv[i]);
        }
    }
    if (rc)
        goto out;
    if (!file) {
        rc = tmu_cli_usage_error("FILE", "missing: give the PTX module to run");
        goto out;
    }
    size_t len;
    text = tmu_cli_read_file(file, &len);
    if (!text) {
        rc = TMU_EXIT_FAIL;
        goto out;
    }
    tmu_diag d;
    if (tmu_ptx_module_parse(text, len, &m, &d) != TMU_OK) {
        char where[1100];
        snprintf(where, sizeof where, "%s:%u:%u", file, d.line, d.column);
        rc = tmu_cli_error(where, "%s", d.message);
        goto out;
    }
    tmu_ptx_regfile rf = {regs, 0};
    if (collect_regs(m, &rf, MAX_REGS)) {
        rc = tmu_cli_error(file, "more than %d registers", MAX_REGS);
        goto out;
    }
    for (size_t i = 0; i < st->nregset; i++) {
        tmu_ptx_reg *r = tmu_ptx_regfile_find(&rf, st->regset[i].name);
        if (!r) {
            rc = tmu_cli_error("--reg",
                               "'%s' is not a register used by a texture instruction of %s",
                               st->regset[i].name, file);
            goto out;
        }
        char vals[512];
        snprintf(vals, sizeof vals, "%s", st->regset[i].values);
        unsigned lane = 0;
        uint64_t v = 0;
        for (char *tok = strtok(vals, ","); tok; tok = strtok(NULL, ",")) {
            if (lane >= TMU_PTX_WARP) {
                rc = tmu_cli_error("--reg", "%s: more than 32 values", st->regset[i].name);
                goto out;
            }
            if (parse_value(tok, &v)) {
                rc = tmu_cli_error("--reg", "%s: bad value '%s'", st->regset[i].name, tok);
                goto out;
            }
            r->lane[lane++] = v;
        }
        if (lane == 0) {
            rc = tmu_cli_error("--reg", "%s: no value", st->regset[i].name);
            goto out;
        }
        if (lane == 1)
            for (unsigned l = 1; l < TMU_PTX_WARP; l++)
                r->lane[l] = v;
    }
    tmu_ptx_exec_env env = {tmu_ptx_module_independent(m), st->bind, st->nbind, m, 0};
    uint32_t active = st->lanes >= 32 ? 0xFFFFFFFFu : (1u << st->lanes) - 1;
    for (size_t i = 0; i < tmu_ptx_module_count(m); i++) {
        tmu_ptx_instr in;
        uint32_t scope;
        if (tmu_ptx_module_instr(m, i, &in, &scope) != TMU_OK)
            continue;
        env.scope = scope;
        char buf[4096];
        tmu_ptx_print_instr(&in, buf, sizeof buf, NULL);
        printf("%s:%u: %s\n", file, in.line, buf);
        if (tmu_ptx_exec_warp(&in, &env, active, &rf, &d) != TMU_OK) {
            char where[1100];
            snprintf(where, sizeof where, "%s:%u:%u", file, d.line, d.column);
            rc = tmu_cli_error(where, "%s", d.message);
            goto out;
        }
        for (unsigned l = 0; l < st->lanes; l++) {
            printf("  lane %u:", l);
            for (unsigned c = 0; c < in.dst.count; c++)
                if (in.dst.e[c].kind == TMU_PTX_E_NAME)
                    print_reg(m, scope, in.dst.e[c].name,
                              tmu_ptx_regfile_find(&rf, in.dst.e[c].name)->lane[l]);
            if (in.pred.kind == TMU_PTX_E_NAME)
                print_reg(m, scope, in.pred.name, tmu_ptx_regfile_find(&rf, in.pred.name)->lane[l]);
            printf("\n");
        }
    }
out:
    if (st)
        for (size_t i = 0; i < st->nbind; i++)
            free(st->mem[i]);
    tmu_ptx_module_free(m);
    free(text);
    free(regs);
    free(st);
    return rc;
}
