/* tmu layout / detile / retile: what the AMD and Adreno surface families share (layout_cli.h).
 * PNG images (8, 16 and 32-bit elements) use libpng. */
#include "layout_cli.h"

#include "cli_common.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#ifdef TMU_HAVE_PNG
#include <png.h>
#endif

/* ---- the command line ------------------------------------------------------------------- */

/* The options every family takes, after the family's own. */
enum { C_AT, C_JSON, C_LEVEL, C_SLICE, C_SAMPLE, C_RECT, C_PNG, C_INTO, C_OUT, C_COUNT };

static const layout_cli_opt common_opts[C_COUNT] = {
    [C_AT] = {{"--at", NULL, TMU_CLI_REPEAT}, LCLI_LAYOUT},
    [C_JSON] = {{"--json", NULL, TMU_CLI_FLAG}, LCLI_LAYOUT},
    [C_LEVEL] = {{"--level", NULL, TMU_CLI_VALUE}, LCLI_CONVERT},
    [C_SLICE] = {{"--slice", NULL, TMU_CLI_VALUE}, LCLI_CONVERT},
    [C_SAMPLE] = {{"--sample", NULL, TMU_CLI_VALUE}, LCLI_CONVERT},
    [C_RECT] = {{"--rect", NULL, TMU_CLI_VALUE}, LCLI_CONVERT},
    [C_PNG] = {{"--png", NULL, TMU_CLI_FLAG}, LCLI_CONVERT},
    [C_INTO] = {{"--into", NULL, TMU_CLI_VALUE}, LCLI_RETILE},
    [C_OUT] = {{"-o", "--output", TMU_CLI_VALUE}, LCLI_CONVERT},
};

#define MAX_OPTS 64 /* tmu_cli_args holds at most 64 */

int layout_cli_list(const char *text, uint32_t *out, int max, long long limit)
{
    const char *p = text;
    int n = 0;
    for (;;) {
        size_t len = strcspn(p, ",");
        char word[32];
        long long v;
        if (n == max || len == 0 || len >= sizeof word)
            return -1;
        memcpy(word, p, len);
        word[len] = 0;
        if (tmu_cli_parse_int(word, 0, limit, &v))
            return -1;
        out[n++] = (uint32_t)v;
        p += len;
        if (!*p)
            return n;
        p++;
    }
}

/* Takes common option k (value v) into *c: 0 or an exit code. */
static int common_option(const layout_cli_family *f, layout_cli_common *c, size_t k,
                         const char *v)
{
    const char *name = common_opts[k].opt.name;
    char echo[TMU_CLI_ECHO_BUF];
    long long n;
    int rc = 0;
    switch (k) {
    case C_AT: {
        layout_cli_at *at = &c->at[c->nat];
        if (layout_cli_list(v, at->v, 5, 0xffffffffLL) < 2)
            return tmu_cli_usage_error(name, "'%s' is not %s (integers 0..4294967295)",
                                       tmu_cli_shorten(echo, v), f->at_form);
        at->text = v;
        c->nat++;
        break;
    }
    case C_JSON: c->json = 1; break;
    case C_PNG: c->png = 1; break;
    case C_LEVEL:
        rc = tmu_cli_opt_int(name, v, 0, f->max_level, &n);
        c->level = (uint32_t)n;
        break;
    case C_SLICE:
        rc = tmu_cli_opt_int(name, v, 0, 16383, &n);
        c->slice = (uint32_t)n;
        break;
    case C_SAMPLE:
        rc = tmu_cli_opt_int(name, v, 0, f->max_sample, &n);
        c->sample = (uint32_t)n;
        break;
    case C_RECT:
        if (layout_cli_list(v, c->rect, 4, 16384) != 4 || !c->rect[2] || !c->rect[3])
            return tmu_cli_usage_error(name, "'%s' is not X,Y,W,H (X, Y 0..16384; W, H "
                                             "1..16384)",
                                       tmu_cli_shorten(echo, v));
        c->have_rect = 1;
        break;
    case C_INTO: c->into = v; break;
    case C_OUT: c->out = v; break;
    default: break;
    }
    return rc;
}

/* Parses the command line of `cmd` into *c and the family's ctx.  Returns TMU_EXIT_OK,
 * TMU_EXIT_USAGE after a usage error (TMU_EXIT_FAIL out of memory), or -1 after printing
 * the help.  c->at is malloc'd (or NULL) whatever it returns. */
static int parse(const layout_cli_family *f, void *ctx, layout_cli_common *c, unsigned cmd,
                 int argc, char **argv, void (*usage)(FILE *))
{
    /* map: family index k, f->nopts + common index, or f->nopts + C_COUNT + foreign index */
    tmu_cli_option opts[MAX_OPTS];
    size_t map[MAX_OPTS], nopts = 0, nall = f->nopts + C_COUNT + f->nforeign;
    for (size_t k = 0; k < nall && nopts < MAX_OPTS; k++) {
        const layout_cli_opt *o = k < f->nopts            ? &f->opts[k]
                                  : k < f->nopts + C_COUNT ? &common_opts[k - f->nopts]
                                                           : &f->foreign[k - f->nopts - C_COUNT];
        int named = 0; /* a foreign option named like one of ours */
        for (size_t i = 0; k >= f->nopts + C_COUNT && i < f->nopts + C_COUNT; i++)
            named |= !strcmp(o->opt.name, i < f->nopts ? f->opts[i].opt.name
                                                       : common_opts[i - f->nopts].opt.name);
        if ((o->for_cmd & cmd) && !named) {
            map[nopts] = k;
            opts[nopts++] = o->opt;
        }
    }
    memset(c, 0, sizeof *c);
    c->at = calloc((size_t)(argc > 0 ? argc : 1), sizeof *c->at);
    if (!c->at) {
        tmu_cli_error(NULL, "out of memory");
        return TMU_EXIT_FAIL;
    }
    tmu_cli_args a;
    tmu_cli_args_init(&a, argc, argv, opts, nopts);
    const char *v;
    int r;
    char echo[TMU_CLI_ECHO_BUF];
    while ((r = tmu_cli_next(&a, &v)) != TMU_CLI_END) {
        if (r == TMU_CLI_HELP) {
            usage(stdout);
            return -1;
        }
        if (r == TMU_CLI_ERROR)
            return TMU_EXIT_USAGE;
        if (r == TMU_CLI_ARG) {
            char where[32];
            snprintf(where, sizeof where, "argument %d", a.i - 1);
            if (cmd == LCLI_LAYOUT)
                return tmu_cli_usage_error(where, "unexpected '%s' (every input is an option)",
                                           tmu_cli_shorten(echo, v));
            if (c->input)
                return tmu_cli_usage_error(where, "unexpected '%s': give one input file",
                                           tmu_cli_shorten(echo, v));
            c->input = v;
            continue;
        }
        size_t k = map[r];
        int rc;
        if (k < f->nopts) {
            if (k == f->list_opt)
                c->list = 1;
            rc = f->option(ctx, c, k, f->opts[k].opt.name, v);
        } else if (k < f->nopts + C_COUNT) {
            rc = common_option(f, c, k - f->nopts, v);
        } else {
            rc = f->refuse(c, opts[r].name);
        }
        if (rc)
            return rc;
    }
    if (c->list) {
        const char *list_name = f->opts[f->list_opt].opt.name;
        for (size_t i = 0; i < nopts; i++)
            if (a.seen[i] && map[i] != f->list_opt && map[i] != f->nopts + C_JSON)
                return tmu_cli_usage_error(list_name, "takes no other option than --json (got %s)",
                                           opts[i].name);
        return TMU_EXIT_OK;
    }
    int rc = f->finish(ctx);
    if (rc)
        return rc;
    if (cmd != LCLI_LAYOUT) {
        if (!c->input)
            return tmu_cli_usage_error(NULL, "missing: the input file (%s)",
                                       cmd == LCLI_DETILE ? "the tiled surface"
                                                          : "the linear image");
        if (!c->out)
            return tmu_cli_usage_error("-o", "missing: give the output file (-o OUT, or -o - for "
                                             "stdout)");
        if (c->into && !strcmp(c->into, "-") && !strcmp(c->input, "-"))
            return tmu_cli_usage_error("--into", "standard input is already LINEAR");
    }
    return TMU_EXIT_OK;
}

/* ---- tmu layout ------------------------------------------------------------------------ */

/* "slice" / "slices" */
static const char *plural(const char *noun, uint32_t n, char buf[16])
{
    snprintf(buf, 16, "%s%s", noun, n == 1 ? "" : "s");
    return buf;
}

/* The address of --at element i, or an error naming it (returns TMU_EXIT_FAIL). */
static int at_address(const layout_cli_family *f, const layout_cli_common *c,
                      const layout_cli_shape *sh, const tmu_surface *s, size_t i, uint64_t *addr)
{
    const uint32_t *v = c->at[i].v;
    char echo[TMU_CLI_ECHO_BUF], noun[16];
    tmu_cli_shorten(echo, c->at[i].text);
    if (v[4] >= s->desc.levels)
        return tmu_cli_error("--at", "%s: level %u, but the surface has %u level%s", echo, v[4],
                             s->desc.levels, s->desc.levels == 1 ? "" : "s");
    if (!tmu_surface_level_addressable(s, v[4]))
        return tmu_cli_error("--at", "%s: level %u has no known element order: %s", echo, v[4],
                             f->why_unaddressable ? f->why_unaddressable(s, v[4]) : "?");
    if (tmu_surface_address(s, v[4], v[0], v[1], v[2], v[3], addr) != TMU_OK) {
        const tmu_surface_level *l = &s->level[v[4]];
        return tmu_cli_error("--at", "%s: outside level %u (%ux%u%s, %u %s, %u sample%s)", echo,
                             v[4], l->width, l->height, sh->rect_unit, l->depth,
                             plural(sh->slice_noun, l->depth, noun), s->desc.samples,
                             s->desc.samples == 1 ? "" : "s");
    }
    return TMU_EXIT_OK;
}

static int print_layout(const layout_cli_family *f, const void *ctx, const layout_cli_common *c,
                        const tmu_surface *s, const uint64_t *addr)
{
    int rc = f->print_head(ctx, s, c->json);
    if (rc != TMU_EXIT_OK)
        return rc;
    if (c->json) {
        fputs(", \"levels\": [", stdout);
        for (uint32_t i = 0; i < s->desc.levels; i++) {
            fputs(i ? ", " : "", stdout);
            f->print_level(s, i, 1);
        }
        fputs("], \"at\": [", stdout);
        for (size_t i = 0; i < c->nat; i++) {
            const uint32_t *v = c->at[i].v;
            printf("%s{\"x\": %u, \"y\": %u, \"slice\": %u, \"sample\": %u, \"level\": %u, "
                   "\"address\": %llu}",
                   i ? ", " : "", v[0], v[1], v[2], v[3], v[4], (unsigned long long)addr[i]);
        }
        fputs("]}\n", stdout);
        return TMU_EXIT_OK;
    }
    for (uint32_t i = 0; i < s->desc.levels; i++)
        f->print_level(s, i, 0);
    for (size_t i = 0; i < c->nat; i++) {
        const uint32_t *v = c->at[i].v;
        printf("at %u,%u,%u,%u,%u: %llu (0x%llx)\n", v[0], v[1], v[2], v[3], v[4],
               (unsigned long long)addr[i], (unsigned long long)addr[i]);
    }
    return TMU_EXIT_OK;
}

void layout_cli_put_u(int json, const char *name, unsigned long long value)
{
    printf(json ? ", \"%s\": %llu" : " %s=%llu", name, value);
}

void layout_cli_put_i(int json, const char *name, long long value)
{
    printf(json ? ", \"%s\": %lld" : " %s=%lld", name, value);
}

void layout_cli_put_s(int json, const char *name, const char *value)
{
    printf(json ? ", \"%s\": \"%s\"" : " %s=%s", name, value);
}

static int layout(const layout_cli_family *f, const void *ctx, const layout_cli_common *c)
{
    tmu_surface *s = malloc(sizeof *s);
    uint64_t *addr = malloc((c->nat ? c->nat : 1) * sizeof *addr);
    int rc;
    if (!s || !addr)
        rc = tmu_cli_error(NULL, "out of memory");
    else
        rc = f->make_surface(ctx, s);
    layout_cli_shape sh;
    if (rc == TMU_EXIT_OK)
        f->shape(ctx, &sh);
    /* every address first (each bad one reported): nothing is printed unless all are good */
    int bad = 0;
    for (size_t i = 0; rc == TMU_EXIT_OK && i < c->nat; i++)
        if (at_address(f, c, &sh, s, i, &addr[i]) != TMU_EXIT_OK)
            bad = 1;
    if (rc == TMU_EXIT_OK && bad)
        rc = TMU_EXIT_FAIL;
    if (rc == TMU_EXIT_OK)
        rc = print_layout(f, ctx, c, s, addr);
    free(addr);
    free(s);
    return rc;
}

/* ---- tmu detile / retile ---------------------------------------------------------------- */

static int png_name(const char *path)
{
    size_t n = strlen(path);
    return n >= 4 && !strcasecmp(path + n - 4, ".png");
}

static const char *input_name(const char *path)
{
    return strcmp(path, "-") ? path : "<stdin>";
}

/* "32-bit" or "4-byte" */
static const char *elem_size(const layout_cli_shape *sh, char buf[24])
{
    snprintf(buf, 24, "%u-%s", sh->in_bytes ? sh->elem_bits / 8 : sh->elem_bits,
             sh->in_bytes ? "byte" : "bit");
    return buf;
}

#ifdef TMU_HAVE_PNG
/* The PNG pixel format of png_check's elements. */
static uint32_t png_format(uint32_t bits)
{
    return bits == 8 ? PNG_FORMAT_GRAY : bits == 16 ? PNG_FORMAT_GA : PNG_FORMAT_RGBA;
}
#endif

/* TMU_EXIT_OK when the elements can be a PNG's pixels, else prints why not. */
static int png_check(const char *where, const layout_cli_shape *sh)
{
#ifdef TMU_HAVE_PNG
    if (sh->elem_bits == 8 || sh->elem_bits == 16 || sh->elem_bits == 32)
        return TMU_EXIT_OK;
    char size[24];
    return tmu_cli_error(where, "a PNG holds %s elements, not %s ones; use raw files",
                         sh->in_bytes ? "1, 2 or 4-byte" : "8, 16 or 32-bit", elem_size(sh, size));
#else
    (void)sh;
    return tmu_cli_error(where, "this tmu was built without libpng; use raw files");
#endif
}

/* Fills *r with the rectangle of the arguments (default: the whole level) and checks it. */
static int make_rect(const layout_cli_family *f, const layout_cli_common *c,
                     const layout_cli_shape *sh, const tmu_surface *s, tmu_surface_rect *r)
{
    memset(r, 0, sizeof *r);
    if (c->level >= s->desc.levels)
        return tmu_cli_error("--level", "%u: the surface has %u level%s", c->level,
                             s->desc.levels, s->desc.levels == 1 ? "" : "s");
    const tmu_surface_level *l = &s->level[c->level];
    if (!tmu_surface_level_addressable(s, c->level))
        return tmu_cli_error(c->level ? "--level" : "surface",
                             "level %u has no known element order: %s", c->level,
                             f->why_unaddressable ? f->why_unaddressable(s, c->level) : "?");
    r->level = c->level, r->slice = c->slice, r->sample = c->sample;
    char noun[16];
    if (c->slice >= l->depth)
        return tmu_cli_error("--slice", "%u: level %u has %u %s", c->slice, c->level, l->depth,
                             plural(sh->slice_noun, l->depth, noun));
    if (c->sample >= s->desc.samples)
        return tmu_cli_error("--sample", "%u: the surface has %u sample%s", c->sample,
                             s->desc.samples, s->desc.samples == 1 ? "" : "s");
    if (c->have_rect) {
        r->x = c->rect[0], r->y = c->rect[1], r->w = c->rect[2], r->h = c->rect[3];
        if (r->x > l->width || r->w > l->width - r->x || r->y > l->height ||
            r->h > l->height - r->y)
            return tmu_cli_error("--rect", "%ux%u at (%u, %u) lies outside level %u (%ux%u%s)",
                                 r->w, r->h, r->x, r->y, c->level, l->width, l->height,
                                 sh->rect_unit);
    } else {
        r->w = l->width, r->h = l->height;
    }
    return TMU_EXIT_OK;
}

/* Writes `size` bytes (or, with png, a w x h image of the elements) to c->out. */
static int write_output(const layout_cli_common *c, const layout_cli_shape *sh,
                        const char *const *inputs, size_t ninputs, const unsigned char *data,
                        size_t size, int png, uint32_t w, uint32_t h)
{
    tmu_cli_output out;
    int rc = tmu_cli_output_open(&out, c->out, 1, inputs, ninputs);
    if (rc != TMU_EXIT_OK)
        return rc;
    int ok;
#ifdef TMU_HAVE_PNG
    png_image img;
    memset(&img, 0, sizeof img);
    if (png) {
        img.version = PNG_IMAGE_VERSION;
        img.width = w, img.height = h;
        img.format = png_format(sh->elem_bits);
        ok = png_image_write_to_stdio(&img, out.f, 0, data, 0, NULL) != 0;
    } else
#endif
    {
        (void)sh, (void)png, (void)w, (void)h;
        ok = size == 0 || fwrite(data, 1, size, out.f) == size;
    }
    rc = tmu_cli_output_close(&out, ok);
#ifdef TMU_HAVE_PNG
    if (!ok && rc == TMU_EXIT_OK && png)
        rc = tmu_cli_error(c->out, "cannot write PNG: %s", img.message);
#endif
    if (!ok && rc == TMU_EXIT_OK)
        rc = tmu_cli_error(c->out, "cannot write");
    return rc;
}

/* Reads retile's linear image into a malloc'd buffer of exactly lsize bytes. */
static unsigned char *read_linear(const layout_cli_common *c, const layout_cli_shape *sh, int png,
                                  const tmu_surface_rect *r, size_t lsize)
{
    const char *where = input_name(c->input);
    size_t n;
    unsigned char *data = (unsigned char *)tmu_cli_read_file(c->input, &n);
    if (!data)
        return NULL;
    if (!png) {
        if (n != lsize) {
            char size[24];
            tmu_cli_error(where, "%zu bytes, but a %ux%u rectangle of %s elements is %zu", n,
                          r->w, r->h, elem_size(sh, size), lsize);
            free(data);
            return NULL;
        }
        return data;
    }
#ifdef TMU_HAVE_PNG
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&img, data, n)) {
        tmu_cli_error(where, "not a readable PNG: %s", img.message);
        free(data);
        return NULL;
    }
    if (img.width != r->w || img.height != r->h) {
        tmu_cli_error(where, "the PNG is %ux%u, but the rectangle is %ux%u", img.width,
                      img.height, r->w, r->h);
        png_image_free(&img);
        free(data);
        return NULL;
    }
    img.format = png_format(sh->elem_bits);
    unsigned char *px = malloc(lsize ? lsize : 1);
    if (!px || PNG_IMAGE_SIZE(img) != lsize || !png_image_finish_read(&img, NULL, px, 0, NULL)) {
        tmu_cli_error(where, "cannot read PNG: %s", px ? img.message : "out of memory");
        png_image_free(&img);
        free(px);
        free(data);
        return NULL;
    }
    free(data);
    return px;
#else
    (void)r;
    free(data);
    png_check(where, sh);
    return NULL;
#endif
}

static int detile(const layout_cli_common *c, const layout_cli_shape *sh, const tmu_surface *s,
                  const tmu_surface_rect *r, int png, size_t pitch, size_t lsize)
{
    size_t tsize;
    unsigned char *tiled = (unsigned char *)tmu_cli_read_file(c->input, &tsize);
    if (!tiled)
        return TMU_EXIT_FAIL;
    int rc;
    unsigned char *linear = NULL;
    tmu_diag d;
    if (tsize < s->size)
        rc = tmu_cli_error(input_name(c->input), "%zu bytes, but the surface needs %llu %s",
                           tsize, (unsigned long long)s->size, sh->what);
    else if (!(linear = malloc(lsize ? lsize : 1)))
        rc = tmu_cli_error("--rect", "out of memory for %zu bytes", lsize);
    else if (tmu_surface_detile(s, r, tiled, tsize, linear, pitch, lsize, &d) != TMU_OK)
        rc = tmu_cli_error("surface", "%s", d.message);
    else {
        const char *inputs[1] = {c->input};
        rc = write_output(c, sh, inputs, 1, linear, lsize, png, r->w, r->h);
    }
    free(linear);
    free(tiled);
    return rc;
}

static int retile(const layout_cli_common *c, const layout_cli_shape *sh, const tmu_surface *s,
                  const tmu_surface_rect *r, int png, size_t pitch, size_t lsize)
{
    unsigned char *linear = read_linear(c, sh, png, r, lsize);
    if (!linear)
        return TMU_EXIT_FAIL;
    int rc = TMU_EXIT_OK;
    unsigned char *tiled = NULL;
    size_t tsize = (size_t)s->size;
    if (c->into) {
        if (!(tiled = (unsigned char *)tmu_cli_read_file(c->into, &tsize)))
            rc = TMU_EXIT_FAIL;
        else if (tsize < s->size)
            rc = tmu_cli_error(input_name(c->into), "%zu bytes, but the surface needs %llu",
                               tsize, (unsigned long long)s->size);
    } else if (!(tiled = calloc(1, tsize ? tsize : 1))) {
        rc = tmu_cli_error("-o", "out of memory for %zu bytes", tsize);
    }
    tmu_diag d;
    if (rc == TMU_EXIT_OK) {
        if (tmu_surface_retile(s, r, linear, pitch, lsize, tiled, tsize, &d) != TMU_OK)
            rc = tmu_cli_error("surface", "%s", d.message);
        else {
            const char *inputs[2] = {c->input, c->into};
            rc = write_output(c, sh, inputs, 2, tiled, tsize, 0, 0, 0);
        }
    }
    free(tiled);
    free(linear);
    return rc;
}

/* detile or retile (`cmd`): the surface, the rectangle, whether the linear image (detile's
 * -o, retile's input) is a PNG (--png or a .png name), the byte budget, then the work. */
static int convert(const layout_cli_family *f, const void *ctx, const layout_cli_common *c,
                   unsigned cmd)
{
    const char *linear = cmd == LCLI_DETILE ? c->out : c->input;
    int png = c->png || png_name(linear);
    tmu_surface *s = malloc(sizeof *s);
    if (!s)
        return tmu_cli_error(NULL, "out of memory");
    layout_cli_shape sh;
    tmu_surface_rect r;
    int rc = f->make_surface(ctx, s);
    if (rc == TMU_EXIT_OK) {
        f->shape(ctx, &sh);
        rc = make_rect(f, c, &sh, s, &r);
    }
    if (rc == TMU_EXIT_OK && png)
        rc = png_check(cmd == LCLI_DETILE ? "-o" : input_name(linear), &sh);
    size_t pitch = 0, lsize = 0;
    if (rc == TMU_EXIT_OK) {
        pitch = (size_t)r.w * (sh.elem_bits / 8), lsize = pitch * r.h;
        /* the budget: detile reads the tiled surface first, retile the linear image */
        const char *tiled_where = cmd == LCLI_DETILE ? input_name(c->input) : "-o";
        if ((png && tmu_cli_check_pixels(cmd == LCLI_DETILE ? "--rect" : input_name(linear),
                                         r.w, r.h)) ||
            (cmd == LCLI_DETILE && tmu_cli_reserve(tiled_where, "the tiled surface", s->size)) ||
            tmu_cli_reserve("--rect", "the linear image", lsize) ||
            (cmd == LCLI_RETILE && tmu_cli_reserve(tiled_where, "the tiled surface", s->size)))
            rc = TMU_EXIT_FAIL;
    }
    if (rc == TMU_EXIT_OK)
        rc = cmd == LCLI_DETILE ? detile(c, &sh, s, &r, png, pitch, lsize)
                                : retile(c, &sh, s, &r, png, pitch, lsize);
    free(s);
    return rc;
}

int layout_cli_run(const layout_cli_family *f, void *ctx, unsigned cmd, int argc, char **argv,
                   void (*usage)(FILE *))
{
    layout_cli_common c;
    int rc = parse(f, ctx, &c, cmd, argc, argv, usage);
    if (rc < 0)
        rc = TMU_EXIT_OK;
    else if (rc == TMU_EXIT_OK && c.list) {
        if (c.json)
            fputs("[", stdout);
        rc = f->list(c.json);
        if (c.json)
            fputs("]\n", stdout);
    }
    else if (rc == TMU_EXIT_OK)
        rc = cmd == LCLI_LAYOUT ? layout(f, ctx, &c) : convert(f, ctx, &c, cmd);
    free(c.at);
    return rc;
}
