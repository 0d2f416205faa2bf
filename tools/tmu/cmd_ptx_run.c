/* tmu ptx run — executes the tex / tld4 / txq instructions of a module for a
 * warp on the software texture unit, with built-in (or PNG) textures and register
 * values from the command line or an input file, and prints the destinations. */
#include "cli.h"
#include "cli_common.h"
#include "ptx_cli.h"

#include <float.h>
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

/* A texture given on the command line: its shape is parsed and its bytes reserved at once;
 * the memory is allocated and filled only after the module parsed, checked and matched it. */
typedef struct pending_tex {
    tmu_dim dim;
    tmu_format fmt;
    uint32_t w, h, d, layers, levels;
    size_t size;            /* bytes of texel memory (reserved) */
    unsigned char *pixels;  /* png: decoded RGBA8 (reserved: w * h * 4 bytes), else NULL */
    int srgb;
    char where[128];        /* the option, for messages */
} pending_tex;

typedef struct run_state {
    tmu_ptx_binding bind[MAX_BIND];
    tmu_texture tex[MAX_BIND];
    pending_tex pend[MAX_BIND]; /* size 0: not a texture binding */
    tmu_sampler smp[MAX_BIND];
    void *mem[MAX_BIND];
    tmu_cli_sparse sparse[MAX_BIND]; /* sparse=: residency maps */
    char *names[MAX_BIND]; /* malloc'd binding names */
    size_t nbind;
    struct {
        char *name;   /* malloc'd */
        char *values; /* malloc'd */
    } regset[MAX_REGS];
    size_t nregset;
    unsigned lanes;
    int bad; /* exit code of a bad option: TMU_EXIT_USAGE on the command line, else FAIL */
} run_state;

/* A malloc'd copy of len bytes (NUL added), or NULL. */
static char *copy_n(const char *p, size_t len)
{
    char *c = malloc(len + 1);
    if (c) {
        memcpy(c, p, len);
        c[len] = 0;
    }
    return c;
}

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
           "  --lanes N             how many lanes run and are printed: lanes 0..N-1 (N = 1..32,\n"
           "                        default 1)\n"
           "  --json                one JSON object per instruction (a line each): file, line,\n"
           "                        text and its destination registers' values per lane\n"
           "  --input FILE          read more options from FILE ('#' starts a comment; '-' =\n"
           "                        stdin); errors there exit 1, on the command line 2\n"
           "\n"
           "SPEC = PATTERN:WxH[xD][,KEY=VALUE...], PATTERN one of\n"
           "  coords    r32g32b32a32_float texel (x, y, z or layer, level) = (x, y, layer, level)\n"
           "  checker   r8g8b8a8_unorm, white where (x + y) is even, else black\n"
           "  depth     d32_float, depth = (x + 0.5) / W\n"
           "  png       png:PATH (r8g8b8a8_unorm, or _srgb with srgb=1; at most\n"
           "            tmu --max-pixels pixels)%s\n"
           "KEYs: dim=1d|2d|3d|a1d|a2d|cube|acube  layers=N levels=N (1..64) srgb=0|1 and sampler\n"
           "OPTS; sizes up to 4096 (depth 256); all textures together may use at most\n"
           "tmu --max-bytes bytes, allocated only after FILE was parsed and checked\n"
           "  sparse=TWxTH[xTD][:L/X/Y[/Z]+...] makes a texture partially resident: tiles of TWxTH\n"
           "  texels, all resident but the listed ones (level L, tile X, Y, layer or depth tile Z);\n"
           "  a lane touching one reads zeros and its |%%p predicate is false\n"
           "OPTS: filter=nearest|linear  address=repeat|mirror|clamp|border  normalized=0|1\n"
           "      compare=never|less|equal|lequal|greater|notequal|gequal|always\n"
           "      precision=exact|nvidia|nvidia_trunc  mip=none|nearest|linear\n"
           "\n"
           "example: tmu ptx run --texture t0=coords:4x4,filter=linear --reg %%f4=0.5 \\\n"
           "             --reg %%f5=0.25 kernel.ptx\n",
#ifdef TMU_HAVE_PNG
           ""
#else
           " (not in this build)"
#endif
    );
}

/* Reports an unknown name with the nearest ones; returns st->bad. */
static int unknown(run_state *st, const char *where, const char *kind, const char *given,
                   const char *const *names, size_t n)
{
    char text[512];
    tmu_cli_unknown_text(text, sizeof text, kind, given, names, n);
    return tmu_cli_report(st->bad, where, "%s", text);
}

static int sampler_opt(run_state *st, tmu_sampler *s, const char *key, const char *val,
                       const char *where)
{
    char echo[TMU_CLI_ECHO_BUF];
    tmu_cli_shorten(echo, val);
    if (!strcmp(key, "filter")) {
        if (!strcmp(val, "nearest"))
            s->mag_filter = s->min_filter = TMU_FILTER_NEAREST;
        else if (!strcmp(val, "linear"))
            s->mag_filter = s->min_filter = TMU_FILTER_LINEAR;
        else
            return tmu_cli_report(st->bad, where, "filter must be nearest or linear, not '%s'", echo);
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
            return tmu_cli_report(st->bad, where,
                                  "address must be repeat, mirror, clamp or border, not '%s'", echo);
        s->address[0] = s->address[1] = s->address[2] = a;
    } else if (!strcmp(key, "normalized")) {
        if (strcmp(val, "0") && strcmp(val, "1"))
            return tmu_cli_report(st->bad, where, "normalized must be 0 or 1, not '%s'", echo);
        s->normalized = val[0] == '1';
    } else if (!strcmp(key, "compare")) {
        static const char *const ops[] = {"never",   "less",     "equal",  "lequal",
                                          "greater", "notequal", "gequal", "always"};
        size_t i;
        for (i = 0; i < 8 && strcmp(ops[i], val); i++)
            ;
        if (i == 8)
            return unknown(st, where, "compare function", val, ops, 8);
        s->compare_op = (tmu_compare)i;
    } else if (!strcmp(key, "precision")) {
        if (!strcmp(val, "exact"))
            s->precision = TMU_PRECISION_EXACT;
        else if (!strcmp(val, "nvidia"))
            s->precision = TMU_PRECISION_NVIDIA;
        else if (!strcmp(val, "nvidia_trunc"))
            s->precision = TMU_PRECISION_NVIDIA_TRUNC;
        else
            return tmu_cli_report(st->bad, where,
                                  "precision must be exact, nvidia or nvidia_trunc, not '%s'", echo);
    } else if (!strcmp(key, "mip")) {
        if (!strcmp(val, "none"))
            s->mip_filter = TMU_MIP_NONE;
        else if (!strcmp(val, "nearest"))
            s->mip_filter = TMU_MIP_NEAREST;
        else if (!strcmp(val, "linear"))
            s->mip_filter = TMU_MIP_LINEAR;
        else
            return tmu_cli_report(st->bad, where, "mip must be none, nearest or linear, not '%s'", echo);
    } else {
        static const char *const keys[] = {"filter",    "address", "normalized", "compare",
                                           "precision", "mip",     "dim",        "layers",
                                           "levels",    "srgb",    "sparse"};
        return unknown(st, where, "option", key, keys, 11);
    }
    return 0;
}

/* Binds NAME (a name, or a handle value 0x... / decimal) as binding st->nbind. */
static int bind_name(run_state *st, const char *where, const char *name, tmu_ptx_binding *b)
{
    uint64_t h;
    long long v;
    char echo[TMU_CLI_ECHO_BUF];
    if (!strncmp(name, "0x", 2)) {
        if (tmu_cli_parse_hex64(name, &h))
            return tmu_cli_report(st->bad, where, "'%s' is not a 64-bit handle value",
                                  tmu_cli_shorten(echo, name));
        b->name = NULL;
        b->handle = h;
    } else if (name[0] >= '0' && name[0] <= '9') {
        if (tmu_cli_parse_int(name, 0, INT64_MAX, &v))
            return tmu_cli_report(st->bad, where, "'%s' is not a handle value (decimal or 0x hex)",
                                  tmu_cli_shorten(echo, name));
        b->name = NULL;
        b->handle = (uint64_t)v;
    } else {
        if (!name[0])
            return tmu_cli_report(st->bad, where, "empty binding name");
        if (!(st->names[st->nbind] = copy_n(name, strlen(name))))
            return tmu_cli_error(where, "out of memory");
        b->name = st->names[st->nbind];
    }
    return 0;
}

/* Starts binding number st->nbind from "NAME=VALUE": checks the binding count, binds NAME
 * and returns VALUE inside `buf` (a malloc'd copy of arg the caller frees), or NULL after an
 * error that names `where` and the expected form `form`. */
static char *begin_binding(run_state *st, const char *where, const char *form, const char *arg,
                           char **buf, int *rc)
{
    char echo[TMU_CLI_ECHO_BUF];
    *buf = NULL;
    if (st->nbind >= MAX_BIND) {
        *rc = tmu_cli_report(st->bad, where, "more than %d bindings", MAX_BIND);
        return NULL;
    }
    const char *eq = strchr(arg, '=');
    if (!eq) {
        *rc = tmu_cli_report(st->bad, where, "expected %s, got '%s'", form, tmu_cli_shorten(echo, arg));
        return NULL;
    }
    if (!(*buf = copy_n(arg, strlen(arg)))) {
        *rc = tmu_cli_error(where, "out of memory");
        return NULL;
    }
    char *value = *buf + (eq - arg) + 1;
    (*buf)[eq - arg] = 0;
    if ((*rc = bind_name(st, where, *buf, &st->bind[st->nbind])) != 0)
        return NULL;
    return value;
}

static int add_texture(run_state *st, const char *where, const char *arg)
{
    char *buf, echo[TMU_CLI_ECHO_BUF];
    int rc = 0;
    char *spec = begin_binding(st, where, "NAME=SPEC", arg, &buf, &rc);
    if (!spec) {
        free(buf);
        return rc;
    }
    rc = TMU_EXIT_OK;
    unsigned char *pixels = NULL;
    uint64_t png_bytes = 0;
    size_t k = st->nbind;
    char *colon = strchr(spec, ':');
    if (!colon) {
        rc = tmu_cli_report(st->bad, where, "expected PATTERN:WxH in '%s'", tmu_cli_shorten(echo, spec));
        goto done;
    }
    *colon = 0;
    char *rest = colon + 1, *opts = strchr(rest, ',');
    if (opts)
        *opts++ = 0;
    tmu_ptx_binding *b = &st->bind[k];
    tmu_sampler *s = &st->smp[k];
    *s = tmu_sampler_default();
    tmu_dim dim = TMU_DIM_2D;
    uint32_t w = 1, h = 1, d = 1, layers = 1, levels = 1;
    int srgb = 0, dim_set = 0;
    const char *sparse = NULL;
    for (char *o = opts; o && *o;) {
        char *next = strchr(o, ',');
        if (next)
            *next++ = 0;
        char *v = strchr(o, '=');
        if (!v) {
            rc = tmu_cli_report(st->bad, where, "expected KEY=VALUE, got '%s'", tmu_cli_shorten(echo, o));
            goto done;
        }
        *v++ = 0;
        if (!strcmp(o, "sparse")) {
            sparse = v;
        } else if (!strcmp(o, "dim")) {
            static const char *const dims[] = {"1d", "2d", "3d", "cube", "a1d", "a2d", "acube"};
            static const tmu_dim dv[] = {TMU_DIM_1D,        TMU_DIM_2D,       TMU_DIM_3D,
                                         TMU_DIM_CUBE,      TMU_DIM_1D_ARRAY, TMU_DIM_2D_ARRAY,
                                         TMU_DIM_CUBE_ARRAY};
            size_t i;
            for (i = 0; i < 7 && strcmp(dims[i], v); i++)
                ;
            if (i == 7) {
                rc = unknown(st, where, "dim", v, dims, 7);
                goto done;
            }
            dim = dv[i];
            dim_set = 1;
        } else if (!strcmp(o, "layers") || !strcmp(o, "levels")) {
            long long n;
            if (tmu_cli_parse_int(v, 1, 64, &n)) {
                rc = tmu_cli_report(st->bad, where, "%s must be 1..64, not '%s'", o, tmu_cli_shorten(echo, v));
                goto done;
            }
            *(!strcmp(o, "layers") ? &layers : &levels) = (uint32_t)n;
        } else if (!strcmp(o, "srgb")) {
            if (strcmp(v, "0") && strcmp(v, "1")) {
                rc = tmu_cli_report(st->bad, where, "srgb must be 0 or 1, not '%s'", tmu_cli_shorten(echo, v));
                goto done;
            }
            srgb = v[0] == '1';
        } else if ((rc = sampler_opt(st, s, o, v, where)) != 0) {
            goto done;
        }
        o = next;
    }
    tmu_format fmt;
    if (!strcmp(spec, "png")) {
#ifdef TMU_HAVE_PNG
        png_image img;
        memset(&img, 0, sizeof img);
        img.version = PNG_IMAGE_VERSION;
        int from_stdin = !strcmp(rest, "-");
        const char *file = from_stdin ? "<stdin>" : rest;
        if (!(from_stdin ? png_image_begin_read_from_stdio(&img, stdin)
                         : png_image_begin_read_from_file(&img, rest))) {
            rc = tmu_cli_error(file, "cannot read PNG: %s", img.message);
            goto done;
        }
        img.format = PNG_FORMAT_RGBA;
        /* refused from the header, before anything is decoded */
        if (img.width > 4096 || img.height > 4096) {
            png_image_free(&img);
            rc = tmu_cli_error(file, "image %ux%u is larger than 4096x4096", img.width, img.height);
            goto done;
        }
        if (!from_stdin)
            tmu_cli_note_input(rest);
        if (tmu_cli_check_pixels(file, img.width, img.height) ||
            tmu_cli_reserve(file, "decoding the PNG", PNG_IMAGE_SIZE(img))) {
            png_image_free(&img);
            rc = TMU_EXIT_FAIL;
            goto done;
        }
        png_bytes = PNG_IMAGE_SIZE(img);
        pixels = malloc(PNG_IMAGE_SIZE(img));
        if (!pixels || !png_image_finish_read(&img, NULL, pixels, 0, NULL)) {
            png_image_free(&img);
            rc = tmu_cli_error(file, "cannot decode PNG: %s", img.message);
            goto done;
        }
        w = img.width, h = img.height;
        fmt = srgb ? TMU_FORMAT_R8G8B8A8_SRGB : TMU_FORMAT_R8G8B8A8_UNORM;
        if (levels != 1 || layers != 1 || (dim_set && dim != TMU_DIM_2D)) {
            rc = tmu_cli_report(st->bad, where, "a PNG texture is one 2d level");
            goto done;
        }
#else
        rc = tmu_cli_report(st->bad, where, "this tmu was built without libpng");
        goto done;
#endif
    } else {
        uint32_t whd[3];
        if (tmu_cli_parse_dims(rest, 1, 3, 4096, whd, NULL) || whd[2] > 256) {
            rc = tmu_cli_report(st->bad, where, "bad size '%s' (W, WxH or WxHxD, up to 4096, depth 256)",
                                tmu_cli_shorten(echo, rest));
            goto done;
        }
        w = whd[0], h = whd[1], d = whd[2];
        if (!strcmp(spec, "coords")) {
            fmt = TMU_FORMAT_R32G32B32A32_FLOAT;
        } else if (!strcmp(spec, "gradient")) {
            rc = tmu_cli_report(st->bad, where, TMU_CLI_GRADIENT_IS_COORDS);
            goto done;
        } else if (!strcmp(spec, "checker")) {
            fmt = srgb ? TMU_FORMAT_R8G8B8A8_SRGB : TMU_FORMAT_R8G8B8A8_UNORM;
        } else if (!strcmp(spec, "depth")) {
            fmt = TMU_FORMAT_D32_FLOAT;
        } else {
            static const char *const pats[] = {"coords", "checker", "depth", "png"};
            rc = unknown(st, where, "pattern", spec, pats, 4);
            goto done;
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
        rc = tmu_cli_report(st->bad, where, "impossible texture shape");
        goto done;
    }
    /* counted in the command's budget now; allocated once the module was checked */
    if (tmu_cli_reserve(where, "the texture", size)) {
        rc = TMU_EXIT_FAIL;
        goto done;
    }
    if (sparse) { /* the residency map is small (a byte per tile): made now, from the shape */
        tmu_texture shape;
        memset(&shape, 0, sizeof shape);
        shape.dim = dim, shape.width = w, shape.height = h, shape.depth = d;
        shape.layers = layers, shape.levels = levels, shape.samples = 1;
        if (tmu_cli_sparse_parse(where, sparse, &shape, &st->sparse[k])) {
            rc = TMU_EXIT_FAIL;
            goto done;
        }
    }
    st->pend[k] = (pending_tex){dim, fmt, w, h, d, layers, levels, size, pixels, srgb, {0}};
    snprintf(st->pend[k].where, sizeof st->pend[k].where, "%s", where);
    pixels = NULL, png_bytes = 0; /* kept in pend */
    b->texture = &st->tex[k];
    b->sampler = s;
    st->nbind++;
done:
    if (rc != TMU_EXIT_OK) { /* the binding was not made: drop its name */
        free(st->names[k]);
        st->names[k] = NULL;
    }
    free(pixels);
    tmu_cli_release(png_bytes);
    free(buf);
    return rc;
}

/* Allocates and fills the texture of binding k (its bytes were reserved by add_texture). */
static int make_texture(run_state *st, size_t k)
{
    pending_tex *p = &st->pend[k];
    const char *where = p->where;
    unsigned char *mem = calloc(1, p->size);
    if (!mem)
        return tmu_cli_error(where, "out of memory for %zu bytes", p->size);
    st->mem[k] = mem;
    tmu_texture *t = &st->tex[k];
    tmu_diag dg;
    if (tmu_texture_init_packed(t, p->dim, p->fmt, p->w, p->h, p->d, p->layers, p->levels, 1, mem, p->size,
                                &dg) != TMU_OK)
        return tmu_cli_error(where, "%s", dg.message);
    if (st->sparse[k].maps)
        t->residency = &st->sparse[k].res;
    const unsigned char *pixels = p->pixels;
    for (uint32_t lv = 0; lv < p->levels; lv++) {
        uint32_t lw = tmu_level_size(p->w, lv), lh = tmu_level_size(p->h, lv);
        uint32_t lz = p->dim == TMU_DIM_3D ? tmu_level_size(p->d, lv) : p->layers;
        for (uint32_t z = 0; z < lz; z++)
            for (uint32_t y = 0; y < lh; y++)
                for (uint32_t x = 0; x < lw; x++) {
                    tmu_texel tx;
                    memset(&tx, 0, sizeof tx);
                    if (pixels) {
                        const unsigned char *px = pixels + ((size_t)y * p->w + x) * 4;
                        for (int c = 0; c < 4; c++)
                            tx.f[c] = (float)px[c] / 255.0f;
                        if (p->srgb)
                            for (int c = 0; c < 3; c++)
                                tx.f[c] = tmu_srgb_to_linear(tx.f[c]);
                    } else if (p->fmt == TMU_FORMAT_R32G32B32A32_FLOAT) {
                        tx.f[0] = (float)x, tx.f[1] = (float)y, tx.f[2] = (float)z,
                        tx.f[3] = (float)lv;
                    } else if (p->fmt == TMU_FORMAT_D32_FLOAT) {
                        tx.f[0] = ((float)x + 0.5f) / (float)lw;
                    } else {
                        float c = ((x + y) & 1) ? 0.0f : 1.0f;
                        tx.f[0] = tx.f[1] = tx.f[2] = c, tx.f[3] = 1.0f;
                    }
                    void *dst = (void *)tmu_texel_address(t, lv, x, y, z, 0);
                    if (dst)
                        tmu_format_encode(p->fmt, &tx, dst);
                }
    }
    return 0;
}

/* Before any texture is allocated: every instruction whose texture operand names a binding
 * (not a handle register) must have the texture's shape, as the unit requires (the unit's
 * message).  Handle registers are resolved per lane when the instruction runs. */
static int check_dims(const run_state *st, const tmu_ptx_module *m, const tmu_ptx_regfile *rf, const char *fname)
{
    for (size_t i = 0; i < tmu_ptx_module_count(m); i++) {
        tmu_ptx_instr in;
        uint32_t scope;
        tmu_op op;
        tmu_ptx_opmap map;
        tmu_diag d;
        if (tmu_ptx_module_instr(m, i, &in, &scope) != TMU_OK || in.unknown_op ||
            tmu_ptx_lift(&in, m, scope, &op, &map, &d) != TMU_OK || !map.texture)
            continue;
        const tmu_ptx_elem *e = &map.texture->e[0];
        if (map.texture->is_vector || e->kind != TMU_PTX_E_NAME || tmu_ptx_regfile_find_n(rf, e->name, e->name_len))
            continue;
        for (size_t k = 0; k < st->nbind; k++) {
            const char *n = st->bind[k].name;
            if (!n || !st->pend[k].size || strncmp(n, e->name, e->name_len) || n[e->name_len])
                continue;
            if (op.dim != st->pend[k].dim) {
                char where[1100];
                snprintf(where, sizeof where, "%s:%u:%u", fname, in.line, in.column);
                return tmu_cli_error(where, "op %s: dim %s does not match the texture's %s (%s)",
                                     tmu_op_kind_name(op.kind), tmu_dim_name(op.dim),
                                     tmu_dim_name(st->pend[k].dim), st->pend[k].where);
            }
            break;
        }
    }
    return 0;
}

static int add_sampler(run_state *st, const char *where, const char *arg)
{
    char *buf;
    int rc = 0;
    char *opts = begin_binding(st, where, "NAME=OPTS", arg, &buf, &rc);
    size_t k = st->nbind;
    if (opts) {
        st->smp[k] = tmu_sampler_default();
        for (char *o = opts; o && *o && !rc;) {
            char *next = strchr(o, ',');
            if (next)
                *next++ = 0;
            char *v = strchr(o, '=');
            char echo[TMU_CLI_ECHO_BUF];
            if (!v) {
                rc = tmu_cli_report(st->bad, where, "expected KEY=VALUE, got '%s'", tmu_cli_shorten(echo, o));
                break;
            }
            *v++ = 0;
            rc = sampler_opt(st, &st->smp[k], o, v, where);
            o = next;
        }
        if (!rc) {
            st->bind[k].texture = NULL;
            st->bind[k].sampler = &st->smp[k];
            st->nbind++;
        }
    }
    if (rc && k < MAX_BIND) {
        free(st->names[k]);
        st->names[k] = NULL;
    }
    free(buf);
    return rc;
}

static int add_reg(run_state *st, const char *where, const char *arg)
{
    char echo[TMU_CLI_ECHO_BUF];
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg)
        return tmu_cli_report(st->bad, where, "expected REG=V[,V...], got '%s'", tmu_cli_shorten(echo, arg));
    if (st->nregset >= MAX_REGS)
        return tmu_cli_report(st->bad, where, "more than %d register settings", MAX_REGS);
    st->regset[st->nregset].name = copy_n(arg, (size_t)(eq - arg));
    st->regset[st->nregset].values = copy_n(eq + 1, strlen(eq + 1));
    st->nregset++;
    if (!st->regset[st->nregset - 1].name || !st->regset[st->nregset - 1].values)
        return tmu_cli_error(where, "out of memory");
    return 0;
}

/* A register value: 0fXXXXXXXX, a float (with '.', 'e' or nan/inf), 0x hex or a decimal. */
static int parse_value(const char *s, uint64_t *out)
{
    uint64_t h;
    long long v;
    if ((s[0] == '0' && (s[1] == 'f' || s[1] == 'F')) && strlen(s) == 10 &&
        !tmu_cli_parse_hex64(s + 2, &h)) {
        *out = h;
        return 0;
    }
    if (strpbrk(s, ".eEnN") && !strchr(s, 'x')) { /* float (also nan / inf) */
        float f;
        if (tmu_cli_parse_float(s, -FLT_MAX, FLT_MAX, 1, &f))
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

static int option(run_state *st, const char *where, const char *key, const char *arg);

static int read_input(run_state *st, const char *path)
{
    size_t len;
    char *text = tmu_cli_read_file(path, &len);
    if (!text)
        return TMU_EXIT_FAIL;
    const char *name = strcmp(path, "-") ? path : "<stdin>";
    if (strlen(text) != len) {
        free(text);
        return tmu_cli_error(name, "contains a NUL byte");
    }
    int rc = 0, saved = st->bad;
    st->bad = TMU_EXIT_FAIL; /* a bad line in a file is bad input */
    unsigned lineno = 0;
    char where[1100];
    for (char *line = text, *next; line && !rc; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        lineno++;
        snprintf(where, sizeof where, "%s:%u", name, lineno);
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
            rc = tmu_cli_error(where, "expected 'OPTION ARGUMENT'");
            break;
        }
        *sp++ = 0;
        while (*sp == ' ' || *sp == '\t')
            sp++;
        if (!strcmp(line, "input")) {
            rc = tmu_cli_error(where, "input files do not nest");
            break;
        }
        rc = option(st, where, line, sp);
    }
    st->bad = saved;
    free(text);
    return rc;
}

static int option(run_state *st, const char *where, const char *key, const char *arg)
{
    if (!strcmp(key, "texture"))
        return add_texture(st, where, arg);
    if (!strcmp(key, "sampler"))
        return add_sampler(st, where, arg);
    if (!strcmp(key, "reg"))
        return add_reg(st, where, arg);
    if (!strcmp(key, "lanes")) {
        long long n;
        char echo[TMU_CLI_ECHO_BUF];
        if (tmu_cli_parse_int(arg, 1, TMU_PTX_WARP, &n))
            return tmu_cli_report(st->bad, where, "lanes is how many lanes run (lanes 0..N-1): 1..32, not '%s'",
                                  tmu_cli_shorten(echo, arg));
        st->lanes = (unsigned)n;
        return 0;
    }
    if (!strcmp(key, "input"))
        return read_input(st, arg);
    static const char *const keys[] = {"texture", "sampler", "reg", "lanes", "input"};
    return unknown(st, where, "option", key, keys, 5);
}

/* The registers the texture instructions use, taken from the module's declarations; names
 * are malloc'd copies (freed by the caller). */
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
                char *name = copy_n(e->name, e->name_len);
                if (!name)
                    return -2;
                const tmu_ptx_symbol *s = tmu_ptx_module_lookup(m, scope, name);
                if (!s || s->state != 0 || tmu_ptx_regfile_find(rf, name)) {
                    free(name);
                    continue;
                }
                if (rf->count >= cap) {
                    free(name);
                    return -1;
                }
                memset(&rf->regs[rf->count], 0, sizeof rf->regs[0]);
                rf->regs[rf->count].name = name;
                rf->count++;
            }
        }
    }
    return 0;
}

static void print_reg(const tmu_ptx_module *m, uint32_t scope, const tmu_ptx_elem *e,
                      const tmu_ptx_regfile *rf, unsigned lane)
{
    const tmu_ptx_reg *r = tmu_ptx_regfile_find_n(rf, e->name, e->name_len);
    if (!r)
        return;
    const char *name = r->name;
    uint64_t v = r->lane[lane];
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
    enum { O_TEXTURE, O_SAMPLER, O_REG, O_LANES, O_INPUT, O_JSON, O_COUNT };
    static const tmu_cli_option opts[O_COUNT] = {
        [O_JSON] = {"--json", NULL, TMU_CLI_FLAG},
        [O_TEXTURE] = {"--texture", NULL, TMU_CLI_REPEAT},
        [O_SAMPLER] = {"--sampler", NULL, TMU_CLI_REPEAT},
        [O_REG] = {"--reg", NULL, TMU_CLI_REPEAT},
        [O_LANES] = {"--lanes", NULL, TMU_CLI_VALUE},
        [O_INPUT] = {"--input", NULL, TMU_CLI_REPEAT},
    };
    tmu_cli_set_command("ptx run", run_usage);
    run_state *st = calloc(1, sizeof *st);
    tmu_ptx_reg *regs = calloc(MAX_REGS, sizeof *regs);
    tmu_ptx_regfile rf = {regs, 0};
    const char *file = NULL;
    int rc = 0, json = 0;
    tmu_ptx_module *m = NULL;
    char *text = NULL;
    if (!st || !regs) {
        rc = tmu_cli_error(NULL, "out of memory");
        goto out;
    }
    st->lanes = 1;
    st->bad = TMU_EXIT_USAGE;
    tmu_cli_args a;
    tmu_cli_args_init(&a, argc, argv, opts, O_COUNT);
    const char *v;
    for (int k; !rc && (k = tmu_cli_next(&a, &v)) != TMU_CLI_END;) {
        if (k == TMU_CLI_HELP) {
            run_usage(stdout);
            goto out;
        }
        if (k == TMU_CLI_ERROR) {
            rc = TMU_EXIT_USAGE;
        } else if (k == TMU_CLI_ARG) {
            if (file) {
                char echo[TMU_CLI_ECHO_BUF];
                rc = tmu_cli_usage_error("FILE", "give one FILE (got '%s' too)", tmu_cli_shorten(echo, v));
            }
            file = v;
        } else if (k == O_JSON) {
            json = 1;
        } else {
            rc = option(st, opts[k].name, opts[k].name + 2, v);
        }
    }
    if (rc)
        goto out;
    if (!file) {
        rc = tmu_cli_usage_error("FILE", "missing: give the PTX module to run ('-' = stdin)");
        goto out;
    }
    size_t len;
    text = tmu_cli_read_file(file, &len);
    if (!text) {
        rc = TMU_EXIT_FAIL;
        goto out;
    }
    const char *fname = strcmp(file, "-") ? file : "<stdin>";
    tmu_diag d;
    char where[1100];
    if (tmu_ptx_module_parse(text, len, &m, &d) != TMU_OK) {
        snprintf(where, sizeof where, "%s:%u:%u", fname, d.line, d.column);
        rc = tmu_cli_error(where, "%s", d.message);
        goto out;
    }
    /* a module ptxas rejects is not run (a destination of the wrong size, say): its problems
     * are reported as tmu ptx check reports them */
    tmu_cli_ptx_report chk = {fname, 0};
    tmu_ptx_module_check(m, NULL, tmu_cli_ptx_problem, &chk);
    if (chk.errors) {
        rc = TMU_EXIT_FAIL;
        goto out;
    }
    int cr = collect_regs(m, &rf, MAX_REGS);
    if (cr) {
        rc = tmu_cli_error(fname, cr == -1 ? "more than %d registers" : "out of memory", MAX_REGS);
        goto out;
    }
    for (size_t i = 0; i < st->nregset; i++) {
        char echo[TMU_CLI_ECHO_BUF];
        const char *rname = st->regset[i].name;
        tmu_ptx_reg *r = tmu_ptx_regfile_find(&rf, rname);
        if (!r) {
            rc = tmu_cli_error("--reg", "'%s' is not a register used by a texture instruction of %s",
                               tmu_cli_shorten(echo, rname), fname);
            goto out;
        }
        unsigned lane = 0;
        uint64_t val = 0;
        for (char *tok = strtok(st->regset[i].values, ","); tok; tok = strtok(NULL, ",")) {
            if (lane >= TMU_PTX_WARP) {
                rc = tmu_cli_error("--reg", "%s: more than 32 values", tmu_cli_shorten(echo, rname));
                goto out;
            }
            if (parse_value(tok, &val)) {
                char echo2[TMU_CLI_ECHO_BUF];
                rc = tmu_cli_error("--reg", "%s: bad value '%s'", tmu_cli_shorten(echo, rname),
                                   tmu_cli_shorten(echo2, tok));
                goto out;
            }
            r->lane[lane++] = val;
        }
        if (lane == 0) {
            rc = tmu_cli_error("--reg", "%s: no value", tmu_cli_shorten(echo, rname));
            goto out;
        }
        if (lane == 1)
            for (unsigned l = 1; l < TMU_PTX_WARP; l++)
                r->lane[l] = val;
    }
    /* parsed and checked: only now is texture memory allocated */
    if ((rc = check_dims(st, m, &rf, fname)) != 0)
        goto out;
    for (size_t k = 0; k < st->nbind; k++)
        if (st->pend[k].size && (rc = make_texture(st, k)) != 0)
            goto out;
    tmu_ptx_exec_env env = {tmu_ptx_module_independent(m), st->bind, st->nbind, m, 0};
    uint32_t active = st->lanes >= 32 ? 0xFFFFFFFFu : (1u << st->lanes) - 1;
    for (size_t i = 0; i < tmu_ptx_module_count(m); i++) {
        tmu_ptx_instr in;
        uint32_t scope;
        if (tmu_ptx_module_instr(m, i, &in, &scope) != TMU_OK || in.unknown_op)
            continue;
        env.scope = scope;
        size_t need = 0;
        char buf[4096];
        char *ptext = buf;
        if (tmu_ptx_print_instr(&in, buf, sizeof buf, &need) == TMU_ERR_BUFFER_TOO_SMALL) {
            ptext = malloc(need + 1);
            if (!ptext || tmu_ptx_print_instr(&in, ptext, need + 1, NULL) != TMU_OK) {
                free(ptext);
                rc = tmu_cli_error(NULL, "out of memory");
                goto out;
            }
        }
        if (json) {
            printf("{\"file\":");
            tmu_cli_json_string(stdout, fname);
            printf(",\"line\":%u,\"text\":", in.line);
            tmu_cli_json_string(stdout, ptext);
        } else {
            printf("%s:%u: %s\n", fname, in.line, ptext);
        }
        if (ptext != buf)
            free(ptext);
        if (tmu_ptx_exec_warp(&in, &env, active, &rf, &d) != TMU_OK) {
            snprintf(where, sizeof where, "%s:%u:%u", fname, d.line, d.column);
            rc = tmu_cli_error(where, "%s", d.message);
            goto out;
        }
        if (json) { /* the destination registers' and predicate's slots, lane by lane */
            printf(",\"registers\":{");
            int first = 1;
            for (unsigned c = 0; c <= in.dst.count; c++) {
                const tmu_ptx_elem *e = c < in.dst.count ? &in.dst.e[c] : &in.pred;
                const tmu_ptx_reg *r =
                    e->kind == TMU_PTX_E_NAME ? tmu_ptx_regfile_find_n(&rf, e->name, e->name_len) : NULL;
                if (!r)
                    continue;
                printf("%s", first ? "" : ",");
                tmu_cli_json_string(stdout, r->name);
                printf(":[");
                for (unsigned l = 0; l < st->lanes; l++)
                    printf("%s%llu", l ? "," : "", (unsigned long long)r->lane[l]);
                printf("]");
                first = 0;
            }
            printf("}}\n");
            continue;
        }
        for (unsigned l = 0; l < st->lanes; l++) {
            printf("  lane %u:", l);
            for (unsigned c = 0; c < in.dst.count; c++)
                if (in.dst.e[c].kind == TMU_PTX_E_NAME)
                    print_reg(m, scope, &in.dst.e[c], &rf, l);
            if (in.pred.kind == TMU_PTX_E_NAME)
                print_reg(m, scope, &in.pred, &rf, l);
            printf("\n");
        }
    }
out:
    if (st) {
        for (size_t i = 0; i < MAX_BIND; i++) {
            free(st->mem[i]);
            free(st->names[i]);
            free(st->pend[i].pixels);
            tmu_cli_sparse_free(&st->sparse[i]);
        }
        for (size_t i = 0; i < st->nregset; i++) {
            free(st->regset[i].name);
            free(st->regset[i].values);
        }
    }
    for (size_t i = 0; i < rf.count; i++)
        free((char *)regs[i].name);
    tmu_ptx_module_free(m);
    free(text);
    free(regs);
    free(st);
    return rc;
}
