/* The run commands' shared texture and sampler specs, register values, lane lists and option
 * files (cli_common.h). */
#include "cli_common.h"

#include "cli.h"

#include <ctype.h>
#include <float.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#ifdef TMU_HAVE_PNG
#include <png.h>
#endif

#include "tmu/format.h"
#include "tmu/layout.h"

/* ---- KEY=VALUE lists ------------------------------------------------------------------- */

int tmu_cli_each_kv(char *list, const char *where, int code, tmu_cli_kv_fn fn, void *ctx)
{
    char echo[TMU_CLI_ECHO_BUF];
    for (char *o = list; o && *o;) {
        size_t len = strcspn(o, ",");
        int last = !o[len];
        o[len] = 0;
        char *v = strchr(o, '=');
        if (!v)
            return tmu_cli_report(code, where, "expected KEY=VALUE, got '%s'", tmu_cli_shorten(echo, o));
        *v++ = 0;
        int rc = fn(ctx, o, v);
        if (rc)
            return rc;
        o += len + !last;
    }
    return 0;
}

/* Index of `v` in names[n], or -1. */
static int pick(const char *v, const char *const *names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(v, names[i]))
            return (int)i;
    return -1;
}

static int unknown_value(const char *where, int code, const char *kind, const char *v, const char *const *names,
                         size_t n)
{
    char msg[512];
    return tmu_cli_report(code, where, "%s", tmu_cli_unknown_text(msg, sizeof msg, kind, v, names, n));
}

/* ---- samplers -------------------------------------------------------------------------- */

const char *const tmu_cli_sampler_keys[TMU_CLI_SAMPLER_NKEYS] = {
    "filter", "mip",     "address", "normalized", "compare", "precision", "lod_bias",
    "min_lod", "max_lod", "border",  "aniso",      "reduction", "clamp",   "unnormalized"};

int tmu_cli_sampler_key(tmu_sampler *s, const char *k, const char *v, const char *where, int code, int *field)
{
    char echo[TMU_CLI_ECHO_BUF];
    int i;
    if (!strcmp(k, "filter")) {
        /* the GCN S# names (point, bilinear) are accepted too */
        static const char *const m[] = {"nearest", "linear", "point", "bilinear"};
        if ((i = pick(v, m, 4)) < 0)
            return unknown_value(where, code, "filter", v, m, 2);
        s->mag_filter = s->min_filter = (i & 1) ? TMU_FILTER_LINEAR : TMU_FILTER_NEAREST;
        *field = TMU_CLI_SMP_FILTER;
    } else if (!strcmp(k, "mip")) {
        static const char *const m[] = {"none", "nearest", "linear", "point"};
        if ((i = pick(v, m, 4)) < 0)
            return unknown_value(where, code, "mip filter", v, m, 3);
        s->mip_filter = i == 3 ? TMU_MIP_NEAREST : (tmu_mip_filter)i;
        *field = TMU_CLI_SMP_MIP;
    } else if (!strcmp(k, "address") || !strcmp(k, "clamp")) {
        /* indexes 0-7 are the tmu_address values (= the GCN CLAMP_* codes); then the GCN names */
        static const char *const m[] = {"repeat",
                                        "mirror",
                                        "clamp",
                                        "mirror_clamp",
                                        "clamp_half_border",
                                        "mirror_once_half_border",
                                        "border",
                                        "mirror_once_border",
                                        "wrap",
                                        "clamp_last_texel",
                                        "mirror_once_last_texel",
                                        "clamp_border"};
        static const tmu_address alias[4] = {TMU_ADDRESS_REPEAT, TMU_ADDRESS_CLAMP_TO_EDGE,
                                             TMU_ADDRESS_MIRROR_CLAMP_TO_EDGE, TMU_ADDRESS_CLAMP_TO_BORDER};
        if ((i = pick(v, m, 12)) < 0)
            return unknown_value(where, code, "address mode", v, m, 8);
        s->address[0] = s->address[1] = s->address[2] = i < 8 ? (tmu_address)i : alias[i - 8];
        *field = TMU_CLI_SMP_ADDRESS;
    } else if (!strcmp(k, "normalized") || !strcmp(k, "unnormalized")) {
        if (strcmp(v, "0") && strcmp(v, "1"))
            return tmu_cli_report(code, where, "%s must be 0 or 1, not '%s'", k, tmu_cli_shorten(echo, v));
        s->normalized = (uint8_t)((v[0] == '1') == !strcmp(k, "normalized"));
        *field = TMU_CLI_SMP_NORMALIZED;
    } else if (!strcmp(k, "compare")) {
        static const char *const m[] = {"never",   "less",     "equal",  "lequal",
                                        "greater", "notequal", "gequal", "always"};
        if ((i = pick(v, m, 8)) < 0)
            return unknown_value(where, code, "compare function", v, m, 8);
        s->compare_op = (tmu_compare)i;
        *field = TMU_CLI_SMP_COMPARE;
    } else if (!strcmp(k, "precision")) {
        static const char *const m[] = {"exact", "nvidia", "nvidia_trunc"};
        if ((i = pick(v, m, 3)) < 0)
            return unknown_value(where, code, "precision model", v, m, 3);
        s->precision = (tmu_precision)i;
        *field = TMU_CLI_SMP_PRECISION;
    } else if (!strcmp(k, "lod_bias") || !strcmp(k, "min_lod") || !strcmp(k, "max_lod")) {
        float f;
        if (tmu_cli_parse_float(v, -1000, 1000, 0, &f))
            return tmu_cli_report(code, where, "%s must be a number in -1000..1000, not '%s'", k,
                                  tmu_cli_shorten(echo, v));
        if (!strcmp(k, "lod_bias"))
            s->lod_bias = f, *field = TMU_CLI_SMP_LOD_BIAS;
        else if (!strcmp(k, "min_lod"))
            s->min_lod = f, *field = TMU_CLI_SMP_MIN_LOD;
        else
            s->max_lod = f, *field = TMU_CLI_SMP_MAX_LOD;
    } else if (!strcmp(k, "border")) {
        char list[128];
        float c[4];
        if (strlen(v) >= sizeof list)
            return tmu_cli_report(code, where, "border must be R/G/B/A (four numbers)");
        memcpy(list, v, strlen(v) + 1);
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
        *field = TMU_CLI_SMP_BORDER;
    } else if (!strcmp(k, "aniso")) {
        static const char *const m[] = {"1", "2", "4", "8", "16"};
        if ((i = pick(v, m, 5)) < 0)
            return tmu_cli_report(code, where, "aniso must be 1, 2, 4, 8 or 16, not '%s'", tmu_cli_shorten(echo, v));
        s->max_anisotropy = (float)(1 << i);
        *field = TMU_CLI_SMP_ANISO;
    } else if (!strcmp(k, "reduction")) {
        static const char *const m[] = {"average", "min", "max"};
        if ((i = pick(v, m, 3)) < 0)
            return unknown_value(where, code, "reduction", v, m, 3);
        s->reduction = (tmu_reduction)i;
        *field = TMU_CLI_SMP_REDUCTION;
    } else {
        return -1;
    }
    return 0;
}

typedef struct kv_ctx {
    const char *where;
    int code;
    /* samplers */
    tmu_sampler *smp;
    int smp_given;
    /* ISA keys */
    tmu_cli_key_fn isa;
    void *isa_ctx;
    const char *const *isa_keys;
    size_t n_isa;
    /* textures */
    tmu_cli_texspec *tex;
    unsigned allow;
    const char *sparse, *levels;
    int dim_set;
    long long tiling, swizzle, xor_bits, tile; /* the shared tiling keys (-1: not given) */
} kv_ctx;

/* "did you mean" over the shared keys `base` and the ISA's */
static int unknown_key(const kv_ctx *c, const char *key, const char *const *base, size_t nbase)
{
    const char *names[64];
    size_t n = 0;
    for (size_t i = 0; i < nbase && n < 64; i++)
        names[n++] = base[i];
    for (size_t i = 0; i < c->n_isa && n < 64; i++)
        names[n++] = c->isa_keys[i];
    char msg[512];
    return tmu_cli_report(c->code, c->where, "%s", tmu_cli_unknown_text(msg, sizeof msg, "key", key, names, n));
}

static int sampler_kv(void *ctx, char *k, char *v)
{
    kv_ctx *c = ctx;
    int rc, field;
    if (c->isa && (rc = c->isa(c->isa_ctx, k, v, c->where, c->code)) != -1)
        return rc;
    if ((rc = tmu_cli_sampler_key(c->smp, k, v, c->where, c->code, &field)) != -1)
        return rc;
    return unknown_key(c, k, tmu_cli_sampler_keys, TMU_CLI_SAMPLER_NKEYS);
}

int tmu_cli_sampler_parse(char *opts, tmu_sampler *s, tmu_cli_key_fn isa, void *ctx, const char *const *isa_keys,
                          size_t n_isa, const char *where, int code)
{
    kv_ctx c;
    memset(&c, 0, sizeof c);
    c.where = where, c.code = code, c.smp = s;
    c.isa = isa, c.isa_ctx = ctx, c.isa_keys = isa_keys, c.n_isa = n_isa;
    return tmu_cli_each_kv(opts, where, code, sampler_kv, &c);
}

/* ---- textures -------------------------------------------------------------------------- */

static const char *const pattern_names[TMU_CLI_PAT_COUNT] = {"coords", "checker", "depth", "index", "mips", "png"};

const char *tmu_cli_pattern_name(int pattern)
{
    return pattern >= 0 && pattern < TMU_CLI_PAT_COUNT ? pattern_names[pattern] : "?";
}

static const char *const tex_keys[] = {"dim",    "layers",  "levels", "samples", "srgb",
                                       "sparse", "tiling", "swizzle", "xor",   "tile"};
#define NTEX_KEYS 10

static int tex_kv(void *ctx, char *k, char *v)
{
    kv_ctx *c = ctx;
    tmu_cli_texspec *t = c->tex;
    char echo[TMU_CLI_ECHO_BUF];
    long long n;
    int rc, field;
    if (c->isa && (rc = c->isa(c->isa_ctx, k, v, c->where, c->code)) != -1)
        return rc;
    if (!strcmp(k, "dim")) {
        static const char *const dn[] = {"1d", "2d", "3d", "cube", "a1d", "a2d", "acube", "ms", "ams"};
        static const tmu_dim dv[] = {TMU_DIM_1D,       TMU_DIM_2D,       TMU_DIM_3D,         TMU_DIM_CUBE,
                                     TMU_DIM_1D_ARRAY, TMU_DIM_2D_ARRAY, TMU_DIM_CUBE_ARRAY, TMU_DIM_2D_MS,
                                     TMU_DIM_2D_MS_ARRAY};
        size_t nd = (c->allow & TMU_CLI_TEX_MS) ? 9 : 7;
        int i = pick(v, dn, nd);
        if (i < 0) {
            if (pick(v, dn, 9) >= 0)
                return tmu_cli_report(c->code, c->where, "dim=%s: %s runs no multisampled textures", v,
                                      tmu_cli_command());
            return unknown_value(c->where, c->code, "dim", v, dn, nd);
        }
        t->shape.dim = dv[i];
        c->dim_set = 1;
    } else if (!strcmp(k, "levels")) {
        c->levels = v; /* checked once the size is known ("full": the whole chain) */
    } else if (!strcmp(k, "layers") || !strcmp(k, "samples")) {
        int layers = !strcmp(k, "layers");
        long long max = layers ? TMU_CLI_TEX_MAX_LAYERS : 64;
        if (!layers && !(c->allow & TMU_CLI_TEX_MS))
            return tmu_cli_report(c->code, c->where, "samples=: %s runs no multisampled textures", tmu_cli_command());
        if (tmu_cli_parse_int(v, 1, max, &n) || (!layers && (n & (n - 1))))
            return tmu_cli_report(c->code, c->where, "%s must be %s, not '%s'", k,
                                  layers ? "1..2048" : "1, 2, 4, 8, 16, 32 or 64", tmu_cli_shorten(echo, v));
        *(layers ? &t->shape.layers : &t->shape.samples) = (uint32_t)n;
    } else if (!strcmp(k, "srgb")) {
        if (strcmp(v, "0") && strcmp(v, "1"))
            return tmu_cli_report(c->code, c->where, "srgb must be 0 or 1, not '%s'", tmu_cli_shorten(echo, v));
        t->srgb = v[0] == '1';
    } else if (!strcmp(k, "sparse")) {
        c->sparse = v;
    } else if (!strcmp(k, "tiling") || !strcmp(k, "xor")) {
        int tiling = k[0] == 't';
        if (tmu_cli_parse_int(v, 0, tiling ? 31 : 1023, tiling ? &c->tiling : &c->xor_bits)) /* gfx11: 10 bits */
            return tmu_cli_report(c->code, c->where, "%s must be %s, not '%s'", k,
                                  tiling ? "a TILING_INDEX 0..31" : "a pipe/bank XOR 0..1023", tmu_cli_shorten(echo, v));
    } else if (!strcmp(k, "swizzle")) {
        int m = tmu_amd_swizzle_mode_from_name(v);
        if (m < 0 && tmu_cli_parse_int(v, 0, 31, &c->swizzle))
            return tmu_cli_report(c->code, c->where, "swizzle must be a SW_MODE 0..31 or a name such as 64KB_S_X, "
                                                     "not '%s'", tmu_cli_shorten(echo, v));
        if (m >= 0)
            c->swizzle = m;
    } else if (!strcmp(k, "tile")) {
        int m = tmu_adreno_tile_mode_from_name(v);
        if (m < 0 && (!strcmp(v, "3") || !strcmp(v, "0")))
            m = v[0] - '0';
        if (m != TMU_TILE6_3 && m != TMU_TILE6_LINEAR)
            return tmu_cli_report(c->code, c->where, "tile must be TILE6_3 or TILE6_LINEAR (3 or 0), not '%s' "
                                                     "(TILE6_2 has no known element order)", tmu_cli_shorten(echo, v));
        c->tile = m;
    } else if ((c->allow & TMU_CLI_TEX_SAMPLER) &&
               (rc = tmu_cli_sampler_key(&t->sampler, k, v, c->where, c->code, &field)) != -1) {
        t->has_sampler = 1;
        return rc;
    } else {
        const char *names[NTEX_KEYS + TMU_CLI_SAMPLER_NKEYS];
        size_t nn = 0;
        for (size_t i = 0; i < NTEX_KEYS; i++)
            names[nn++] = tex_keys[i];
        for (size_t i = 0; (c->allow & TMU_CLI_TEX_SAMPLER) && i < TMU_CLI_SAMPLER_NKEYS; i++)
            names[nn++] = tmu_cli_sampler_keys[i];
        return unknown_key(c, k, names, nn);
    }
    return 0;
}

#ifdef TMU_HAVE_PNG
/* Opens png:PATH and reads its header: the image is checked (size, pixel limit) and the
 * decoding buffer reserved before anything is decoded; decoding waits for the fill. */
static int png_open(tmu_cli_texspec *t, const char *path, const char *where, int code)
{
    (void)where, (void)code;
    png_image *img = calloc(1, sizeof *img);
    if (!img)
        return tmu_cli_error(where, "out of memory");
    img->version = PNG_IMAGE_VERSION;
    int from_stdin = !strcmp(path, "-");
    const char *name = from_stdin ? "<stdin>" : path;
    if (!(from_stdin ? png_image_begin_read_from_stdio(img, stdin) : png_image_begin_read_from_file(img, path))) {
        int rc = tmu_cli_error(name, "cannot read PNG: %s", img->message);
        free(img);
        return rc;
    }
    t->png = img;
    img->format = PNG_FORMAT_RGBA;
    if (!from_stdin)
        tmu_cli_note_input(path);
    if (img->width > TMU_CLI_TEX_MAX_SIZE || img->height > TMU_CLI_TEX_MAX_SIZE)
        return tmu_cli_error(name, "image %ux%u is larger than %ux%u", img->width, img->height,
                             TMU_CLI_TEX_MAX_SIZE, TMU_CLI_TEX_MAX_SIZE);
    if (tmu_cli_check_pixels(name, img->width, img->height) ||
        tmu_cli_reserve(name, "decoding the PNG", (uint64_t)PNG_IMAGE_SIZE(*img)))
        return TMU_EXIT_FAIL;
    t->png_bytes = PNG_IMAGE_SIZE(*img);
    snprintf(t->png_name, sizeof t->png_name, "%s", name);
    t->shape.width = img->width, t->shape.height = img->height;
    return 0;
}
#endif

/* The shared tiling keys: the texture laid out as the chip's layout lays it out (the texture
 * unit reads tiled levels through the surface, include/tmu/texture.h). */
static int lay_out(tmu_cli_texspec *t, const kv_ctx *c, const tmu_cli_texrules *r)
{
    const tmu_texture *sh = &t->shape;
    const char *where = c->where;
    int code = c->code;
    int amd_keys = c->tiling >= 0 || c->swizzle >= 0 || c->xor_bits >= 0;
    const tmu_amd_chip *amd = r ? r->amd : NULL;
    const tmu_adreno_gpu *adreno = r ? r->adreno : NULL;
    const char *hint = r && r->chip_hint ? r->chip_hint : "this command lays out no tiled textures";
    if (amd_keys && c->tile >= 0)
        return tmu_cli_report(code, where, "tile= is Adreno's, tiling=/swizzle=/xor= AMD's: not both");
    if (amd_keys ? !amd : !adreno)
        return tmu_cli_report(code, where, "%s needs %s chip: %s", amd_keys ? "tiling=/swizzle=/xor=" : "tile=",
                              amd_keys ? "an AMD" : "an Adreno", hint);
    const tmu_format_info *fi = tmu_format_get(sh->format);
    int ms = sh->dim == TMU_DIM_2D_MS || sh->dim == TMU_DIM_2D_MS_ARRAY, vol = sh->dim == TMU_DIM_3D;
    tmu_diag d;
    tmu_status st;
    t->surf = malloc(sizeof *t->surf);
    if (!t->surf)
        return tmu_cli_error(where, "out of memory");
    if (amd_keys) {
        int gfx9 = amd->gen >= TMU_AMD_GFX9;
        if (gfx9 ? c->tiling >= 0 : c->swizzle >= 0 || c->xor_bits >= 0)
            return tmu_cli_report(code, where, "%s is %s: %s", amd->name, tmu_amd_gen_name(amd->gen),
                                  gfx9 ? "give swizzle=MODE (tiling= is gfx6-8's)"
                                       : "give tiling=N (swizzle= and xor= are gfx9+'s)");
        if (gfx9 && c->swizzle < 0)
            return tmu_cli_report(code, where, "xor= needs swizzle=MODE");
        tmu_surface_desc sd;
        memset(&sd, 0, sizeof sd);
        sd.bpp = fi->bytes * 8u;
        sd.width = sh->width, sd.height = sh->height;
        sd.slices = vol ? sh->depth : sh->layers;
        sd.samples = sh->samples;
        sd.levels = sh->levels;
        sd.tile_index = gfx9 ? -1 : (int32_t)c->tiling;
        if (gfx9) { /* as the GCN executor asks for a T#'s surface (src/gcn/tiled.c) */
            sd.rsrc = vol ? TMU_SURF_3D : TMU_SURF_2D;
            sd.swizzle_mode = (uint32_t)c->swizzle;
            sd.pipe_bank_xor = c->xor_bits > 0 ? (uint32_t)c->xor_bits : 0;
            sd.flags = ms ? TMU_SURF_COLOR : TMU_SURF_TEXTURE;
            sd.fragments = sd.samples;
        } else {
            sd.flags = ms ? TMU_SURF_COLOR : TMU_SURF_TEXTURE;
            if (sh->dim == TMU_DIM_CUBE || sh->dim == TMU_DIM_CUBE_ARRAY)
                sd.flags |= TMU_SURF_CUBE;
            if (vol)
                sd.flags |= TMU_SURF_VOLUME | TMU_SURF_NO_LARGE_THICK_DEGRADE;
        }
        st = tmu_surface_init_amd(t->surf, amd, &sd, &d);
    } else {
        tmu_adreno_surface_desc ad;
        memset(&ad, 0, sizeof ad);
        ad.block_bytes = fi->bytes;
        ad.block_w = ad.block_h = 1;
        ad.width = sh->width, ad.height = sh->height;
        ad.depth = vol ? sh->depth : 1;
        ad.layers = vol ? 1 : sh->layers;
        ad.levels = sh->levels;
        ad.samples = sh->samples;
        ad.is_3d = (uint32_t)vol;
        ad.tile_mode = (tmu_adreno_tile_mode)c->tile;
        ad.format_flags = sh->format == TMU_FORMAT_D32_FLOAT ? TMU_ADRENO_FMT_DEPTH_STENCIL : 0;
        st = tmu_surface_init_adreno(t->surf, adreno, &ad, &d);
    }
    if (st != TMU_OK)
        return tmu_cli_report(code, where, "%s on %s: %s", amd_keys ? "the AMD layout" : "the Adreno layout",
                              amd_keys ? amd->name : adreno->name, d.message);
    return 0;
}

int tmu_cli_texspec_parse(const char *text, const tmu_cli_texrules *r, const char *where, int code,
                          tmu_cli_texspec *out)
{
    char echo[TMU_CLI_ECHO_BUF], buf[1024];
    memset(out, 0, sizeof *out);
    out->sampler = tmu_sampler_default();
    snprintf(out->where, sizeof out->where, "%s", where);
    tmu_texture *sh = &out->shape;
    sh->dim = TMU_DIM_2D;
    sh->width = sh->height = sh->depth = sh->layers = sh->levels = sh->samples = 1;
    for (int c = 0; c < 4; c++)
        sh->swizzle[c] = (tmu_swizzle)c;
    if (strlen(text) >= sizeof buf)
        return tmu_cli_report(code, where, "texture spec longer than %zu characters", sizeof buf - 1);
    memcpy(buf, text, strlen(text) + 1);
    char *colon = strchr(buf, ':');
    if (!colon)
        return tmu_cli_report(code, where, "expected PATTERN:WxH[xD][,KEY=VALUE...] or png:PATH, got '%s'",
                              tmu_cli_shorten(echo, text));
    *colon = 0;
    char *rest = colon + 1, *opts = strchr(rest, ',');
    if (opts)
        *opts++ = 0;
    if (!strcmp(buf, "gradient"))
        return tmu_cli_report(code, where, TMU_CLI_GRADIENT_IS_COORDS);
    int p = pick(buf, pattern_names, TMU_CLI_PAT_COUNT);
    if (p < 0)
        return unknown_value(where, code, "pattern", buf, pattern_names, TMU_CLI_PAT_COUNT);
    out->pattern = p;
    kv_ctx c;
    memset(&c, 0, sizeof c);
    c.where = where, c.code = code, c.tex = out, c.allow = r ? r->allow : 0;
    c.tiling = c.swizzle = c.xor_bits = c.tile = -1;
    if (r)
        c.isa = r->key, c.isa_ctx = r->ctx, c.isa_keys = r->keys, c.n_isa = r->nkeys;
    int rc = tmu_cli_each_kv(opts, where, code, tex_kv, &c);
    if (rc)
        return rc;
    int nd = 2;
    if (p == TMU_CLI_PAT_PNG) {
        if (sh->layers != 1 || (c.dim_set && sh->dim != TMU_DIM_2D))
            return tmu_cli_report(code, where, "a PNG texture is 2d (one layer)");
        if (!*rest)
            return tmu_cli_report(code, where, "png: give the PNG file's PATH ('-' = stdin)");
#ifdef TMU_HAVE_PNG
        if ((rc = png_open(out, rest, where, code)) != 0) {
            tmu_cli_texspec_free(out);
            return rc;
        }
#else
        return tmu_cli_report(code, where, "this tmu was built without libpng");
#endif
    } else {
        uint32_t whd[3];
        if (tmu_cli_parse_dims(rest, 1, 3, TMU_CLI_TEX_MAX_SIZE, whd, &nd))
            return tmu_cli_report(code, where, "bad size '%s' (W, WxH or WxHxD, each 1..%u)",
                                  tmu_cli_shorten(echo, rest), TMU_CLI_TEX_MAX_SIZE);
        sh->width = whd[0], sh->height = whd[1], sh->depth = whd[2];
        /* without dim=, the number of sizes given decides: W 1d, WxH 2d, WxHxD 3d */
        if (!c.dim_set)
            sh->dim = nd == 1 ? TMU_DIM_1D : nd == 2 ? TMU_DIM_2D : TMU_DIM_3D;
    }
    static const tmu_format fmts[TMU_CLI_PAT_COUNT] = {
        TMU_FORMAT_R32G32B32A32_FLOAT, TMU_FORMAT_R8G8B8A8_UNORM, TMU_FORMAT_D32_FLOAT,
        TMU_FORMAT_R32_UINT,           TMU_FORMAT_R8G8B8A8_UNORM, TMU_FORMAT_R8G8B8A8_UNORM};
    sh->format = fmts[p];
    if (out->srgb) {
        if (sh->format != TMU_FORMAT_R8G8B8A8_UNORM) {
            rc = tmu_cli_report(code, where, "srgb=1: the %s pattern is not r8g8b8a8", pattern_names[p]);
            goto fail;
        }
        sh->format = TMU_FORMAT_R8G8B8A8_SRGB;
    }
    tmu_dim dim = sh->dim;
    if (dim == TMU_DIM_CUBE)
        sh->layers = 6;
    else if (dim == TMU_DIM_CUBE_ARRAY)
        sh->layers *= 6;
    else if (dim != TMU_DIM_1D_ARRAY && dim != TMU_DIM_2D_ARRAY && dim != TMU_DIM_2D_MS_ARRAY)
        sh->layers = 1;
    if (dim != TMU_DIM_3D)
        sh->depth = 1;
    if (dim == TMU_DIM_1D || dim == TMU_DIM_1D_ARRAY)
        sh->height = 1;
    if (dim != TMU_DIM_2D_MS && dim != TMU_DIM_2D_MS_ARRAY && sh->samples > 1) {
        rc = tmu_cli_report(code, where, "samples=%u needs dim=ms or dim=ams", sh->samples);
        goto fail;
    }
    uint32_t m = sh->width > sh->height ? sh->width : sh->height, full = 1;
    if (dim == TMU_DIM_3D && sh->depth > m)
        m = sh->depth;
    while (m > 1)
        m >>= 1, full++;
    if (c.levels) {
        long long n;
        if (!strcmp(c.levels, "full")) {
            n = full;
        } else if (tmu_cli_parse_int(c.levels, 1, TMU_MAX_LEVELS, &n)) {
            rc = tmu_cli_report(code, where, "levels must be 1..%d or full, not '%s'", TMU_MAX_LEVELS,
                                tmu_cli_shorten(echo, c.levels));
            goto fail;
        }
        if ((uint32_t)n > full) {
            rc = tmu_cli_report(code, where, "levels=%lld: a %ux%ux%u texture has %u", n, sh->width, sh->height,
                                sh->depth, full);
            goto fail;
        }
        sh->levels = (uint32_t)n;
    }
    /* the shape and its bytes are checked before anything is allocated */
    out->packed_size = tmu_texture_packed_size(dim, sh->format, sh->width, sh->height, sh->depth, sh->layers,
                                               sh->levels, sh->samples);
    if (!out->packed_size) {
        rc = tmu_cli_report(code, where, "impossible texture shape (%s %ux%ux%u, %u layers, %u levels, %u samples)",
                            tmu_dim_name(dim), sh->width, sh->height, sh->depth, sh->layers, sh->levels,
                            sh->samples);
        goto fail;
    }
    if (c.tiling >= 0 || c.swizzle >= 0 || c.xor_bits >= 0 || c.tile >= 0) {
        if ((rc = lay_out(out, &c, r)) != 0)
            goto fail;
    }
    if (r && r->reserve) {
        uint64_t bytes = out->surf ? out->surf->size : out->packed_size;
        if (tmu_cli_reserve(where, "the texture", bytes)) {
            rc = TMU_EXIT_FAIL;
            goto fail;
        }
        out->reserved = bytes;
    }
    if (c.sparse && tmu_cli_sparse_parse(where, c.sparse, sh, &out->sparse)) {
        rc = TMU_EXIT_FAIL;
        goto fail;
    }
    return 0;
fail:
    tmu_cli_texspec_free(out);
    return rc;
}

void tmu_cli_downsample_rgba8(const tmu_texture *t, uint32_t l, uint32_t layer)
{
    uint32_t w = tmu_level_size(t->width, l), h = tmu_level_size(t->height, l);
    uint32_t w2 = tmu_level_size(t->width, l + 1), h2 = tmu_level_size(t->height, l + 1);
    for (uint32_t y = 0; y < h2; y++)
        for (uint32_t x = 0; x < w2; x++) {
            unsigned sum[4] = {0, 0, 0, 0};
            for (uint32_t k = 0; k < 4; k++) {
                uint32_t sx = 2 * x + (k & 1), sy = 2 * y + (k >> 1);
                const unsigned char *p =
                    tmu_texel_address(t, l, sx < w ? sx : w - 1, sy < h ? sy : h - 1, layer, 0);
                for (int c = 0; p && c < 4; c++)
                    sum[c] += p[c];
            }
            unsigned char *d = (unsigned char *)(uintptr_t)tmu_texel_address(t, l + 1, x, y, layer, 0);
            for (int c = 0; d && c < 4; c++)
                d[c] = (unsigned char)((sum[c] + 2) / 4);
        }
}

int tmu_cli_texspec_fill(tmu_cli_texspec *s, const tmu_texture *t)
{
    static const float level_colour[8][3] = {{1, 0, 0}, {1, 0.5f, 0}, {1, 1, 0}, {0, 1, 0},
                                             {0, 1, 1}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}};
    unsigned char *pixels = NULL;
    uint32_t levels = t->levels;
#ifdef TMU_HAVE_PNG
    if (s->png) {
        png_image *img = s->png;
        pixels = malloc(PNG_IMAGE_SIZE(*img));
        if (!pixels || !png_image_finish_read(img, NULL, pixels, 0, NULL)) {
            free(pixels);
            return tmu_cli_error(s->png_name, "cannot decode PNG: %s", img->message);
        }
        levels = 1; /* the others are filtered from it */
    }
#endif
    uint64_t rows = 0, done = 0;
    for (uint32_t lv = 0; lv < levels; lv++)
        rows += (uint64_t)tmu_level_size(t->height, lv) *
                (t->dim == TMU_DIM_3D ? tmu_level_size(t->depth, lv) : t->layers) * t->samples;
    tmu_cli_progress prog;
    tmu_cli_progress_start(&prog, "filling the texture");
    for (uint32_t lv = 0; lv < levels; lv++) {
        uint32_t lw = tmu_level_size(t->width, lv), lh = tmu_level_size(t->height, lv);
        uint32_t lz = t->dim == TMU_DIM_3D ? tmu_level_size(t->depth, lv) : t->layers;
        for (uint32_t sm = 0; sm < t->samples; sm++)
            for (uint32_t z = 0; z < lz; z++)
                for (uint32_t y = 0; y < lh; y++, done++) {
                    tmu_cli_progress_update(&prog, done, rows);
                    for (uint32_t x = 0; x < lw; x++) {
                        tmu_texel v;
                        memset(&v, 0, sizeof v);
                        switch (s->pattern) {
                        case TMU_CLI_PAT_COORDS:
                            v.f[0] = (float)x, v.f[1] = (float)y, v.f[2] = (float)z, v.f[3] = (float)lv;
                            break;
                        case TMU_CLI_PAT_CHECKER:
                            v.f[0] = v.f[1] = v.f[2] = ((x + y) & 1) ? 0.0f : 1.0f;
                            v.f[3] = 1.0f;
                            break;
                        case TMU_CLI_PAT_DEPTH:
                            v.f[0] = ((float)x + 0.5f) / (float)lw;
                            break;
                        case TMU_CLI_PAT_INDEX:
                            v.u[0] = x + 100 * y + 10000 * z + 1000000 * lv + 10000000 * sm;
                            break;
                        case TMU_CLI_PAT_MIPS:
                            for (int c = 0; c < 3; c++)
                                v.f[c] = level_colour[lv % 8][c];
                            v.f[3] = 1.0f;
                            break;
                        default: /* png: RGBA8 bytes as they are (sRGB-encoded with srgb=1) */
                            if (pixels) {
                                unsigned char *dst = (unsigned char *)(uintptr_t)tmu_texel_address(t, lv, x, y, z, sm);
                                if (dst)
                                    memcpy(dst, pixels + ((size_t)y * lw + x) * 4, 4);
                            }
                            continue;
                        }
                        void *dst = (void *)(uintptr_t)tmu_texel_address(t, lv, x, y, z, sm);
                        if (dst)
                            tmu_format_encode(t->format, &v, dst);
                    }
                }
    }
    tmu_cli_progress_end(&prog);
    if (pixels) {
        for (uint32_t lv = 0; lv + 1 < t->levels; lv++)
            tmu_cli_downsample_rgba8(t, lv, 0);
        free(pixels);
    }
#ifdef TMU_HAVE_PNG
    if (s->png) {
        png_image_free(s->png);
        free(s->png);
        s->png = NULL;
        tmu_cli_release(s->png_bytes);
        s->png_bytes = 0;
    }
#endif
    return 0;
}

int tmu_cli_texspec_alloc(tmu_cli_texspec *s, tmu_texture *t)
{
    const tmu_texture *sh = &s->shape;
    uint64_t bytes = s->surf ? s->surf->size : s->packed_size;
    if (bytes > SIZE_MAX)
        return tmu_cli_error(s->where, "%llu bytes do not fit this machine's memory", (unsigned long long)bytes);
    if (s->reserved < bytes) {
        if (tmu_cli_reserve(s->where, "the texture", bytes - s->reserved))
            return TMU_EXIT_FAIL;
        s->reserved = bytes;
    }
    s->mem = calloc(1, bytes ? (size_t)bytes : 1);
    if (!s->mem)
        return tmu_cli_error(s->where, "out of memory for %llu bytes", (unsigned long long)bytes);
    tmu_diag d;
    tmu_status st;
    if (s->surf) { /* every level in the surface (include/tmu/texture.h, "Tiled levels") */
        *t = *sh;
        for (uint32_t l = 0; l < sh->levels; l++) {
            tmu_level *lv = &t->level[l];
            memset(lv, 0, sizeof *lv);
            lv->data = s->mem;
            lv->size = (size_t)bytes;
            lv->surface = s->surf;
            lv->surface_level = l;
        }
        st = tmu_texture_validate(t, &d);
    } else {
        st = tmu_texture_init_packed(t, sh->dim, sh->format, sh->width, sh->height, sh->depth, sh->layers,
                                     sh->levels, sh->samples, s->mem, s->packed_size, &d);
    }
    if (st != TMU_OK)
        return tmu_cli_error(s->where, "%s", d.message);
    if (s->sparse.maps)
        t->residency = &s->sparse.res;
    return tmu_cli_texspec_fill(s, t);
}

void tmu_cli_texspec_free(tmu_cli_texspec *s)
{
#ifdef TMU_HAVE_PNG
    if (s->png) {
        png_image_free(s->png);
        free(s->png);
    }
#endif
    tmu_cli_release(s->png_bytes);
    free(s->mem);
    tmu_cli_release(s->reserved);
    tmu_cli_sparse_free(&s->sparse);
    free(s->surf);
    s->png = NULL, s->mem = NULL, s->surf = NULL, s->png_bytes = 0, s->reserved = 0;
}

/* ---- register values and lane lists ---------------------------------------------------- */

int tmu_cli_parse_value(const char *v, unsigned lane, unsigned bits, uint64_t *out)
{
    uint64_t h;
    long long i;
    if (!strncmp(v, "lane", 4) || !strncmp(v, "fiber", 5)) {
        /* lane[*K][+C] (fiber = lane): K and C floats or integers; a float when either is */
        const char *p = v + (v[0] == 'l' ? 4 : 5);
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
        double r = (double)lane * k + c;
        if (is_float) {
            float fl = (float)r;
            uint32_t u;
            memcpy(&u, &fl, 4);
            *out = bits == 16 ? tmu_float_to_half(fl) : u;
            return 0;
        }
        if (r < (bits == 16 ? -32768.0 : -2147483648.0) || r > (bits == 16 ? 65535.0 : 4294967295.0))
            return -1;
        *out = (uint64_t)(int64_t)r & (bits == 16 ? 0xffffu : bits == 32 ? 0xffffffffu : UINT64_MAX);
        return 0;
    }
    if (v[0] == '0' && (v[1] == 'f' || v[1] == 'F') && strlen(v) == 10 && bits >= 32 &&
        !tmu_cli_parse_hex64(v + 2, &h)) { /* 0fXXXXXXXX: a float's bits, as PTX writes them */
        *out = h;
        return 0;
    }
    if (!strncmp(v, "0x", 2) || !strncmp(v, "0X", 2)) {
        if (tmu_cli_parse_hex64(v, &h) || (bits < 64 && h >> bits))
            return -1;
        *out = h;
        return 0;
    }
    if (strpbrk(v, ".eEnNiI")) { /* a float: 1.5, 1e3, inf, nan */
        float fl;
        if (tmu_cli_parse_float(v, -FLT_MAX, FLT_MAX, 1, &fl))
            return -1;
        uint32_t u;
        memcpy(&u, &fl, 4);
        *out = bits == 16 ? tmu_float_to_half(fl) : u;
        return 0;
    }
    long long lo = bits == 16 ? -32768 : bits == 32 ? INT32_MIN : INT64_MIN;
    long long hi = bits == 16 ? 65535 : bits == 32 ? (long long)UINT32_MAX : INT64_MAX;
    if (tmu_cli_parse_int(v, lo, hi, &i))
        return -1;
    *out = (uint64_t)i & (bits == 16 ? 0xffffu : bits == 32 ? 0xffffffffu : UINT64_MAX);
    return 0;
}

int tmu_cli_parse_lanes(const char *s, unsigned count, uint64_t out[2])
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
        if (count < 128)
            out[1] = 0, out[0] &= count < 64 ? (UINT64_C(1) << count) - 1 : ~UINT64_C(0);
        return 0;
    }
    if (!strcmp(s, "all")) {
        for (unsigned f = 0; f < count && f < 128; f++)
            out[f >> 6] |= UINT64_C(1) << (f & 63);
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
        if (tmu_cli_parse_int(num, 0, (long long)count - 1, &a))
            return -1;
        b = a;
        p += n;
        if (*p == '-') {
            n = strspn(p + 1, "0123456789");
            if (!n || n >= sizeof num)
                return -1;
            memcpy(num, p + 1, n), num[n] = 0;
            if (tmu_cli_parse_int(num, a, (long long)count - 1, &b))
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

/* ---- option files ---------------------------------------------------------------------- */

/* True when the space-separated list `aliases` (may be NULL) holds `name`. */
static int has_alias(const char *aliases, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = aliases; p && *p;) {
        size_t len = strcspn(p, " ");
        if (len == n && !strncmp(p, name, n))
            return 1;
        p += len;
        p += strspn(p, " ");
    }
    return 0;
}

int tmu_cli_read_options(const char *path, const tmu_cli_option *opts, size_t nopts, uint64_t not_in_file,
                         unsigned char *seen, unsigned depth, tmu_cli_option_fn fn, void *ctx)
{
    if (depth >= TMU_CLI_INPUT_DEPTH)
        return tmu_cli_error(path, "--input files nest more than %d deep", TMU_CLI_INPUT_DEPTH);
    size_t len;
    char *text = tmu_cli_read_file(path, &len);
    if (!text)
        return TMU_EXIT_FAIL;
    const char *name = strcmp(path, "-") ? path : "<stdin>";
    if (strlen(text) != len) {
        free(text);
        return tmu_cli_error(name, "contains a NUL byte");
    }
    int rc = 0;
    unsigned lineno = 0;
    for (char *line = text, *next; line && !rc; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        lineno++;
        /* '#' starts a comment at the start of a line or after a blank (s#0, t#0 are text) */
        for (char *hash = strchr(line, '#'); hash; hash = strchr(hash + 1, '#'))
            if (hash == line || isspace((unsigned char)hash[-1])) {
                *hash = 0;
                break;
            }
        while (isspace((unsigned char)*line))
            line++;
        size_t n = strlen(line);
        while (n && isspace((unsigned char)line[n - 1]))
            line[--n] = 0;
        if (!n)
            continue;
        char where[TMU_CLI_ECHO_BUF + 32], echo[TMU_CLI_ECHO_BUF], opt[48], msg[512];
        snprintf(where, sizeof where, "%.80s:%u", name, lineno);
        char *arg = line + strcspn(line, " \t");
        if (*arg)
            *arg++ = 0;
        while (isspace((unsigned char)*arg))
            arg++;
        snprintf(opt, sizeof opt, "--%.40s", line);
        size_t k = nopts;
        for (size_t i = 0; i < nopts && k == nopts; i++)
            if (!((not_in_file >> i) & 1) && (!strcmp(opts[i].name, opt) || has_alias(opts[i].alias, opt)))
                k = i;
        if (k == nopts) {
            const char *names[64];
            size_t nn = 0;
            for (size_t i = 0; i < nopts && nn < 64; i++)
                if (!strncmp(opts[i].name, "--", 2) && !((not_in_file >> i) & 1))
                    names[nn++] = opts[i].name + 2;
            rc = tmu_cli_error(where, "%s", tmu_cli_unknown_text(msg, sizeof msg, "option", line, names, nn));
        } else if (opts[k].kind == TMU_CLI_FLAG && *arg) {
            rc = tmu_cli_error(where, "%s takes no value (got '%s')", line, tmu_cli_shorten(echo, arg));
        } else if (opts[k].kind != TMU_CLI_FLAG && !*arg) {
            rc = tmu_cli_error(where, "%s needs a value", line);
        } else if (opts[k].kind == TMU_CLI_VALUE && seen && seen[k]) {
            rc = tmu_cli_error(where, "%s given twice", line);
        } else {
            if (seen)
                seen[k] = 1;
            rc = fn(ctx, (int)k, arg, where, TMU_EXIT_FAIL, depth + 1);
        }
    }
    free(text);
    return rc;
}

void tmu_cli_origin_set(tmu_cli_origin *o, const char *where, int code)
{
    snprintf(o->where, sizeof o->where, "%s", where);
    o->code = code;
}

int tmu_cli_origin_report(const tmu_cli_origin *o, const char *option, const char *fmt, ...)
{
    char msg[TMU_CLI_LINE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (!o->code)
        return tmu_cli_report(TMU_EXIT_USAGE, option, "%s", msg);
    return tmu_cli_report(o->code, o->where, "%s", msg);
}

const char *tmu_cli_origin_text(const tmu_cli_origin *o, char *buf, size_t size)
{
    if (o->code == TMU_EXIT_FAIL)
        snprintf(buf, size, "at %s", o->where);
    else if (o->where[0])
        snprintf(buf, size, "by %s on the command line", o->where);
    else
        snprintf(buf, size, "on the command line");
    return buf;
}

int tmu_cli_claims_init(tmu_cli_claims *c, unsigned n)
{
    memset(c, 0, sizeof *c);
    if (n > UINT16_MAX)
        return tmu_cli_error(NULL, "internal: %u things to claim", n);
    c->by = calloc(n ? n : 1, sizeof *c->by);
    c->at = calloc(n ? n : 1, sizeof *c->at);
    if (!c->by || !c->at) {
        tmu_cli_claims_free(c);
        return tmu_cli_error(NULL, "out of memory");
    }
    c->n = n;
    return 0;
}

void tmu_cli_claims_free(tmu_cli_claims *c)
{
    free(c->by);
    free(c->at);
    memset(c, 0, sizeof *c);
}

const tmu_cli_origin *tmu_cli_claim(tmu_cli_claims *c, unsigned first, unsigned count, const char *where, int code,
                                    unsigned *clash)
{
    for (unsigned i = first; i - first < count && i < c->n; i++)
        if (c->by[i]) {
            *clash = i;
            return &c->at[c->by[i] - 1];
        }
    if (c->nat >= c->n) /* cannot happen: every claim took a free thing */
        return NULL;
    tmu_cli_origin_set(&c->at[c->nat], where, code);
    c->nat++;
    for (unsigned i = first; i - first < count && i < c->n; i++)
        c->by[i] = (uint16_t)c->nat;
    return NULL;
}

int tmu_cli_report_twice(const tmu_cli_origin *first, const char *where, int code, const char *what)
{
    char text[TMU_CLI_ECHO_BUF + 160];
    return tmu_cli_report(code, where, "%s is given twice (first %s)", what,
                          tmu_cli_origin_text(first, text, sizeof text));
}

/* ---- help ------------------------------------------------------------------------------ */

void tmu_cli_texspec_help(FILE *out, unsigned allow)
{
    fprintf(out,
            "SPEC = PATTERN:WxH[xD][,KEY=VALUE...] or png:PATH[,KEY=VALUE...], PATTERN one of\n"
            "  coords    r32g32b32a32_float, texel (x, y, z or layer, level) = (x, y, z, level)\n"
            "  checker   r8g8b8a8_unorm, white where x + y is even, else black\n"
            "  depth     d32_float, depth = (x + 0.5) / level width\n"
            "  index     r32_uint, x + 100 y + 10000 z + 1000000 level + 10000000 sample\n"
            "  mips      r8g8b8a8_unorm, each level its own colour\n"
            "  png       r8g8b8a8_unorm from a PNG file ('-' = stdin; at most tmu --max-pixels\n"
            "            pixels), 2d; its levels are 2x2 box-filtered from it%s\n"
            "KEYs: dim=1d|2d|3d|cube|a1d|a2d|acube%s (default: W 1d, WxH 2d, WxHxD 3d)\n"
            "  layers=N (1..2048)  levels=N|full (1..16; default 1)  srgb=0|1 (r8g8b8a8)\n%s"
            "  sparse=TWxTH[xTD][:L/X/Y[/Z]+...] a partially resident texture: tiles of TWxTH\n"
            "  texels, all resident but the listed ones (level L, tile X, Y, layer or depth tile Z)\n"
            "  Sizes up to 16384; everything the command allocates (textures, decoded PNGs,\n"
            "  residency maps, memory) counts against tmu --max-bytes, checked before allocating.\n",
#ifdef TMU_HAVE_PNG
            "",
#else
            " (not in this build)",
#endif
            (allow & TMU_CLI_TEX_MS) ? "|ms|ams" : "", (allow & TMU_CLI_TEX_MS) ? "  samples=N (1..64, dim=ms and ams)\n" : "");
}

void tmu_cli_sampler_help(FILE *out)
{
    fprintf(out, "OPTS (comma-separated KEY=VALUE, the same in every run command):\n"
                 "  filter=nearest|linear  mip=none|nearest|linear  normalized=0|1\n"
                 "  address=repeat|mirror|clamp|mirror_clamp|border|clamp_half_border|\n"
                 "          mirror_once_half_border|mirror_once_border\n"
                 "  compare=never|less|equal|lequal|greater|notequal|gequal|always\n"
                 "  lod_bias=F  min_lod=F  max_lod=F  border=R/G/B/A  aniso=1|2|4|8|16\n"
                 "  reduction=average|min|max  precision=exact|nvidia|nvidia_trunc\n"
                 "  (GCN spellings too: filter=point|bilinear, mip=point, clamp= for address=,\n"
                 "  wrap, clamp_last_texel, mirror_once_last_texel, clamp_border, unnormalized=0|1)\n");
}

/* ---- descriptor dwords ----------------------------------------------------------------- */

int tmu_cli_parse_dword(const char *where, const char *text, size_t len, uint32_t *out)
{
    char word[32], echo[TMU_CLI_ECHO_BUF];
    uint64_t v = 0;
    int ok = len < sizeof word;
    if (ok) {
        memcpy(word, text, len);
        word[len] = 0;
        ok = tmu_cli_parse_hex64(word, &v) == 0 && v <= 0xffffffffu;
    }
    if (!ok)
        return tmu_cli_error(where, "'%s' is not a 32-bit hex dword", tmu_cli_shorten_n(echo, text, len));
    *out = (uint32_t)v;
    return 0;
}

int tmu_cli_read_dwords(uint32_t *dw, int max, const char *what)
{
    size_t len;
    char *text = tmu_cli_read_file("-", &len);
    if (!text)
        return -1;
    int n = 0;
    unsigned line = 1;
    for (char *p = text; *p;) {
        if (*p == '\n') {
            line++;
            p++;
        } else if (*p == ' ' || *p == '\t' || *p == '\r' || *p == ',') {
            p++;
        } else if (*p == '#' || *p == ';') {
            while (*p && *p != '\n')
                p++;
        } else {
            size_t k = strcspn(p, " \t\r\n,#;");
            char where[32];
            snprintf(where, sizeof where, "<stdin>:%u", line);
            if (n >= max) {
                tmu_cli_error(where, "more than %d dwords (%s)", max, what);
                free(text);
                return -1;
            }
            if (tmu_cli_parse_dword(where, p, k, &dw[n])) {
                free(text);
                return -1;
            }
            n++;
            p += k;
        }
    }
    free(text);
    return n;
}

/* ---- the command line ------------------------------------------------------------------ */

int tmu_cli_run_args(tmu_cli_args *a, int argc, char **argv, const tmu_cli_option *opts, size_t nopts,
                     void (*usage)(FILE *out), tmu_cli_option_fn fn, void *ctx, const char *what,
                     const char **positional)
{
    const char *v;
    int k, rc = 0;
    *positional = NULL;
    tmu_cli_args_init(a, argc, argv, opts, nopts);
    while (!rc && (k = tmu_cli_next(a, &v)) != TMU_CLI_END) {
        if (k == TMU_CLI_HELP) {
            usage(stdout);
            return -1;
        }
        if (k == TMU_CLI_ERROR) {
            rc = TMU_EXIT_USAGE;
        } else if (k == TMU_CLI_ARG) {
            char echo[TMU_CLI_ECHO_BUF];
            if (*positional)
                rc = tmu_cli_usage_error(what, "give one %s (got '%s' too)", what, tmu_cli_shorten(echo, v));
            *positional = v;
        } else if ((size_t)k < nopts) {
            rc = fn(ctx, k, v, opts[k].name, TMU_EXIT_USAGE, 0);
        }
    }
    return rc;
}
