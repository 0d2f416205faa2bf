/* Adreno a6xx / a7xx conformance: every layout column and every address of a vector file made
 * from Mesa's own freedreno layout code (tests/data/adreno-tiling-a6xx.tsv; its header says
 * how) must agree with tmu_surface_init_adreno() and tmu_surface_address().
 *
 *   test_layout_adreno_vectors [FILE] [--gpu NAME] [--show N] [--convert]
 *
 * FILE defaults to the project's copy ($TMU_TEST_DATA/adreno-tiling-a6xx.tsv, else the path
 * compiled in).  The GPUs' facts come from the file's '#   gpuinfo' lines; a tmu preset of the
 * same name must hold the same facts.  Record types (see the file's header): S surface, L level,
 * A address.  Levels the file leaves unmapped (UBWC, TILE6_2, cpp 32) must be refused by
 * tmu_surface_address() with TMU_ERR_UNSUPPORTED, the others accepted.  Prints the mismatch
 * count of every column that differs and the pass counts per GPU; exit status 0 only when
 * every row and address agrees and at least one surface was checked.
 *
 * With --convert the surfaces check detile / retile instead: for rectangles of every
 * addressable level (whole small levels, random windows, a small rectangle at the far corner,
 * random slices and samples), elements written through tmu_surface_address() one by one must
 * come out of tmu_surface_detile() in their linear places, and tmu_surface_retile() must put a
 * linear pattern where tmu_surface_address() says, leaving the bytes around them alone. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/layout.h"

#ifndef TMU_ADRENO_VECTORS
#define TMU_ADRENO_VECTORS "tests/data/adreno-tiling-a6xx.tsv"
#endif

#define MAX_GPUS 32
#define MAX_COLS 64

#include "vectors_check.h"

typedef struct gpu_stats {
    tmu_adreno_gpu gpu;
    unsigned long surfaces, surfaces_failed, addrs, addrs_failed;
} gpu_stats;

static gpu_stats gpus[MAX_GPUS];
static unsigned ngpus;
static unsigned long convert_levels;

/* the surface being checked (the S row and the L / A rows after it) */
static tmu_surface surf;
static int surf_ok;
static long surf_sid = -1;
static int surf_bad;
static gpu_stats *surf_gpu;
static char surf_where[200];
static tmu_adreno_surface_desc surf_desc;

static uint32_t u32(const char *s) { return (uint32_t)strtoul(s, NULL, 0); }

/* '#   gpuinfo a630 gpu_id=630 chip_id=0x0 name=FD630 gen=6 highest_bank_bit=15 ...' */
static void parse_gpu(const char *line)
{
    if (ngpus == MAX_GPUS) {
        fprintf(stderr, "too many gpus\n");
        exit(2);
    }
    const char *p = strstr(line, "gpuinfo ") + 8;
    size_t l = strcspn(p, " \t");
    gpu_stats *g = &gpus[ngpus++];
    memset(g, 0, sizeof *g);
    tmu_adreno_gpu *d = &g->gpu;
    snprintf(d->name, sizeof d->name, "%.*s", (int)(l < 15 ? l : 15), p);
    char buf[64];
    const char *need[] = {"gpu_id", "chip_id", "gen", "highest_bank_bit", "ubwc_swizzle",
                          "macrotile_mode", "has_ubwc_linear_mipmap_fallback"};
    for (unsigned i = 0; i < sizeof need / sizeof need[0]; i++)
        if (!kv(line, need[i], buf, sizeof buf)) {
            fprintf(stderr, "gpuinfo %s: no %s\n", d->name, need[i]);
            exit(2);
        }
    d->gpu_id = u32(kv(line, "gpu_id", buf, sizeof buf));
    d->chip_id = u64(kv(line, "chip_id", buf, sizeof buf));
    d->gen = u32(kv(line, "gen", buf, sizeof buf));
    d->highest_bank_bit = u32(kv(line, "highest_bank_bit", buf, sizeof buf));
    d->ubwc_swizzle = u32(kv(line, "ubwc_swizzle", buf, sizeof buf));
    d->macrotile_mode = (tmu_adreno_macrotile_mode)u32(kv(line, "macrotile_mode", buf, sizeof buf));
    d->has_ubwc_linear_mipmap_fallback =
        u32(kv(line, "has_ubwc_linear_mipmap_fallback", buf, sizeof buf));
    const tmu_adreno_gpu *pr = tmu_adreno_gpu_find(d->name);
    if (pr) {
        int same = pr->gen == d->gen && pr->gpu_id == d->gpu_id && pr->chip_id == d->chip_id &&
                   pr->highest_bank_bit == d->highest_bank_bit &&
                   pr->ubwc_swizzle == d->ubwc_swizzle && pr->macrotile_mode == d->macrotile_mode &&
                   pr->has_ubwc_linear_mipmap_fallback == d->has_ubwc_linear_mipmap_fallback;
        check(d->name, "preset_facts", 1, (uint64_t)same);
    } else {
        fprintf(stderr, "note: gpu %s has no tmu preset; using the file's facts\n", d->name);
    }
}

static gpu_stats *gpu_named(const char *name)
{
    for (unsigned i = 0; i < ngpus; i++)
        if (strcmp(gpus[i].gpu.name, name) == 0)
            return &gpus[i];
    fprintf(stderr, "row names gpu %s with no gpuinfo line\n", name);
    exit(2);
}

/* What fdl6_layout asks of the format (Mesa util_format_is_depth_or_stencil,
 * util_format_get_nr_components, PIPE_FORMAT_Y8_UNORM), from the pipe_format name. */
static uint32_t format_flags(const char *fmt)
{
    uint32_t f = 0;
    /* Mesa's depth / stencil formats (u_format.yaml colorspace ZS) are those with a Z or S
     * channel in their first word: Z16, Z24X8, X8Z24, Z32_FLOAT_S8X24, S8, S8_UINT_Z24, X24S8,
     * X32_S8X24 ... ('X32_S8X24' names its S channel in the second word). */
    for (const char *p = fmt; *p && *p != '_'; p++)
        if ((*p == 'Z' || *p == 'S') && p[1] >= '0' && p[1] <= '9')
            f |= TMU_ADRENO_FMT_DEPTH_STENCIL;
    if (strncmp(fmt, "X32_S8", 6) == 0)
        f |= TMU_ADRENO_FMT_DEPTH_STENCIL;
    if (strcmp(fmt, "Y8_UNORM") == 0)
        f |= TMU_ADRENO_FMT_Y8;
    /* components of a plain format: channel letters of its first word (R8G8 -> 2) */
    unsigned n = 0;
    if (strncmp(fmt, "Z24_UNORM_S8", 12) == 0 || strncmp(fmt, "Z32_FLOAT_S8", 12) == 0 ||
        strncmp(fmt, "S8_UINT_Z24", 11) == 0)
        n = 2;
    else
        for (const char *p = fmt; *p && *p != '_'; p++)
            if (strchr("RGBAXLIZS", *p) && p[1] >= '0' && p[1] <= '9')
                n++;
    if (n == 2)
        f |= TMU_ADRENO_FMT_TWO_COMPONENTS;
    return f;
}

static int tile_from(const char *s)
{
    int m = tmu_adreno_tile_mode_from_name(s);
    if (m < 0) {
        fprintf(stderr, "unknown tile mode %s\n", s);
        exit(2);
    }
    return m;
}

/* ---- detile / retile ----------------------------------------------------------------- */

static int check_convert(const char *where, const tmu_surface *s)
{
    convert_reserve(s->size);
    int bad = 0;
    for (uint32_t lv = 0; lv < s->desc.levels && !bad; lv++) {
        uint64_t a;
        tmu_status st = tmu_surface_address(s, lv, 0, 0, 0, 0, &a);
        if (st == TMU_ERR_UNSUPPORTED) { /* detile / retile refuse such levels too */
            tmu_surface_rect r = {lv, 0, 0, 0, 0, 1, 1};
            tmu_diag diag;
            unsigned char one[16];
            if (tmu_surface_detile(s, &r, conv_mem, (size_t)s->size, one, 16, 16, &diag) !=
                TMU_ERR_UNSUPPORTED) {
                fprintf(stderr, "%s: detile of unaddressable level %u not refused\n", where, lv);
                bad = 1;
            }
            continue;
        }
        convert_levels++;
        bad |= convert_level(where, s, lv);
    }
    convert_failed += bad != 0;
    return bad;
}

/* ---- rows ------------------------------------------------------------------------------- */

static void finish_surface(void)
{
    if (surf_sid < 0)
        return;
    surf_gpu->surfaces_failed += surf_bad != 0;
    surf_sid = -1;
}

/* S sid gpu fmt cpp blockw blockh w h d layers levels samples tile_in ubwc_in is3d mutable size
 *   layer_size layer_first tile_mode ubwc tile_all base_align pitchalign pitch0 ubwc_width0
 *   ubwc_layer_size hbb swizzle macrotile unmapped */
static void row_s(char **f, unsigned n)
{
    if (n < 32) {
        fprintf(stderr, "S row with %u columns\n", n);
        exit(2);
    }
    surf_gpu = gpu_named(f[2]);
    surf_gpu->surfaces++;
    surf_sid = strtol(f[1], NULL, 10);
    surf_bad = 0;
    tmu_adreno_surface_desc d = {0};
    uint32_t cpp = u32(f[4]);
    d.samples = u32(f[12]);
    d.block_bytes = d.samples ? cpp / d.samples : 0;
    d.block_w = u32(f[5]);
    d.block_h = u32(f[6]);
    d.width = u32(f[7]);
    d.height = u32(f[8]);
    d.depth = u32(f[9]);
    d.layers = u32(f[10]);
    d.levels = u32(f[11]);
    d.tile_mode = (tmu_adreno_tile_mode)tile_from(f[13]);
    d.ubwc = u32(f[14]);
    d.is_3d = u32(f[15]);
    d.is_mutable = u32(f[16]);
    d.format_flags = format_flags(f[3]);
    surf_desc = d;
    snprintf(surf_where, sizeof surf_where, "sid %s %s %s cpp %u %ux%ux%u layers %u levels %u "
             "samples %u %s%s%s%s",
             f[1], f[2], f[3], cpp, d.width, d.height, d.depth, d.layers, d.levels, d.samples,
             f[13], d.ubwc ? " ubwc" : "", d.is_3d ? " 3d" : "", d.is_mutable ? " mutable" : "");
    const char *w = surf_where;
    tmu_diag diag;
    surf_ok = tmu_surface_init_adreno(&surf, &surf_gpu->gpu, &d, &diag) == TMU_OK;
    if (!surf_ok) {
        check(w, "init", TMU_OK, 1);
        fprintf(stderr, "%s: init refused: %s\n", w, diag.message);
        surf_bad = 1;
        return;
    }
    tmu_adreno_layout_info in;
    if (tmu_surface_adreno_info(&surf, &in) != TMU_OK) {
        check(w, "info", TMU_OK, 1);
        surf_bad = 1;
        return;
    }
    if (convert_mode) {
        surf_bad |= check_convert(w, &surf);
        return;
    }
    int bad = 0;
    bad |= check(w, "size", u64(f[17]), surf.size);
    bad |= check(w, "size_info", surf.size, in.size);
    bad |= check(w, "layer_size", u64(f[18]), in.layer_size);
    bad |= check(w, "layer_first", u64(f[19]), in.layer_first);
    bad |= check(w, "tile_mode", (uint64_t)tile_from(f[20]), (uint64_t)in.tile_mode);
    bad |= check(w, "ubwc", u64(f[21]), in.ubwc);
    bad |= check(w, "tile_all", u64(f[22]), in.tile_all);
    bad |= check(w, "base_align", u64(f[23]), in.base_align);
    bad |= check(w, "pitchalign", u64(f[24]), in.pitchalign);
    bad |= check(w, "pitch0", u64(f[25]), in.pitch0);
    bad |= check(w, "ubwc_width0", u64(f[26]), in.ubwc_width0);
    bad |= check(w, "ubwc_layer_size", u64(f[27]), in.ubwc_layer_size);
    bad |= check(w, "hbb", u64(f[28]), in.highest_bank_bit);
    bad |= check(w, "swizzle", u64(f[29]), in.ubwc_swizzle);
    bad |= check(w, "macrotile", u64(f[30]), (uint64_t)in.macrotile_mode);
    bad |= check(w, "cpp", cpp, in.cpp);
    bad |= check(w, "kind", TMU_LAYOUT_ADRENO6, surf.kind);
    bad |= check(w, "desc_levels", d.levels, surf.desc.levels);
    bad |= check(w, "desc_samples", d.samples, surf.desc.samples);
    surf_bad |= bad;
}

static uint32_t minify(uint32_t v, uint32_t l)
{
    uint32_t r = v >> l;
    return r ? r : 1;
}

/* L sid level w h d nbx nby tile ubwc offset pitch size0 layer_stride ubwc_offset ubwc_pitch
 *   ubwc_size0 */
static void row_l(char **f, unsigned n)
{
    if (n < 17) {
        fprintf(stderr, "L row with %u columns\n", n);
        exit(2);
    }
    if (strtol(f[1], NULL, 10) != surf_sid) {
        fprintf(stderr, "L row of surface %s outside its surface\n", f[1]);
        exit(2);
    }
    if (!surf_ok || convert_mode)
        return;
    uint32_t lv = u32(f[2]);
    char w[260];
    snprintf(w, sizeof w, "%s level %u", surf_where, lv);
    if (lv >= surf.desc.levels) {
        surf_bad |= check(w, "level_count", surf.desc.levels, lv + 1);
        return;
    }
    const tmu_surface_level *l = &surf.level[lv];
    const tmu_adreno_surface_desc *d = &surf_desc;
    int bad = 0;
    bad |= check(w, "level_w", u64(f[3]), minify(d->width, lv));
    bad |= check(w, "level_h", u64(f[4]), minify(d->height, lv));
    bad |= check(w, "level_d", u64(f[5]), d->is_3d ? l->depth : 1);
    bad |= check(w, "level_depth_layers", d->is_3d ? minify(d->depth, lv) : d->layers, l->depth);
    bad |= check(w, "nbx", u64(f[6]), l->width);
    bad |= check(w, "nby", u64(f[7]), l->height);
    int tile = tile_from(f[8]);
    bad |= check(w, "level_tile", (uint64_t)tile, l->adreno_tile_mode);
    bad |= check(w, "level_ubwc", u64(f[9]), l->ubwc);
    bad |= check(w, "offset", u64(f[10]), l->offset);
    bad |= check(w, "pitch", u64(f[11]), l->row_pitch);
    bad |= check(w, "size0", u64(f[12]), l->slice_size);
    bad |= check(w, "layer_stride", u64(f[13]), l->layer_stride);
    bad |= check(w, "ubwc_offset", u64(f[14]), l->ubwc_offset);
    bad |= check(w, "ubwc_pitch", u64(f[15]), l->ubwc_pitch);
    bad |= check(w, "ubwc_size0", u64(f[16]), l->ubwc_size);
    /* levels the file leaves unmapped are refused, the others addressed */
    int known = !u64(f[9]) && tile != TMU_TILE6_2 &&
                !(tile == TMU_TILE6_3 && d->block_bytes * d->samples > 16);
    uint64_t a;
    tmu_status st = tmu_surface_address(&surf, lv, 0, 0, 0, 0, &a);
    bad |= check(w, "level_addressable", known ? TMU_OK : TMU_ERR_UNSUPPORTED, st);
    /* the first element past the level, the layer / slice past the last, are refused */
    bad |= check(w, "x_past_level_refused", TMU_ERR_RANGE,
                 tmu_surface_address(&surf, lv, l->width, 0, 0, 0, &a));
    bad |= check(w, "y_past_level_refused", TMU_ERR_RANGE,
                 tmu_surface_address(&surf, lv, 0, l->height, 0, 0, &a));
    bad |= check(w, "z_past_level_refused", TMU_ERR_RANGE,
                 tmu_surface_address(&surf, lv, 0, 0, l->depth, 0, &a));
    bad |= check(w, "sample_past_refused", TMU_ERR_RANGE,
                 tmu_surface_address(&surf, lv, 0, 0, 0, d->samples, &a));
    surf_bad |= bad;
}

/* A sid level z x y offset */
static void row_a(char **f, unsigned n)
{
    if (n < 7) {
        fprintf(stderr, "A row with %u columns\n", n);
        exit(2);
    }
    if (strtol(f[1], NULL, 10) != surf_sid) {
        fprintf(stderr, "A row of surface %s outside its surface\n", f[1]);
        exit(2);
    }
    if (convert_mode)
        return;
    surf_gpu->addrs++;
    uint32_t lv = u32(f[2]), z = u32(f[3]), x = u32(f[4]), y = u32(f[5]);
    uint64_t want = u64(f[6]), got = UINT64_MAX;
    char w[300];
    snprintf(w, sizeof w, "%s (level %u z %u x %u y %u)", surf_where, lv, z, x, y);
    int bad = 0;
    if (!surf_ok) {
        bad = 1;
    } else {
        tmu_status st = tmu_surface_address(&surf, lv, x, y, z, 0, &got);
        if (st != TMU_OK)
            bad |= check(w, "address_status", TMU_OK, st);
        else {
            bad |= check(w, "address", want, got);
            bad |= check(w, "address_fast", got, tmu_surface_address_fast(&surf, lv, x, y, z, 0));
        }
    }
    surf_gpu->addrs_failed += bad != 0;
    surf_bad |= bad;
}

int main(int argc, char **argv)
{
    const char *path = NULL, *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--gpu") == 0 && i + 1 < argc)
            only = argv[++i];
        else if (strcmp(argv[i], "--convert") == 0)
            convert_mode = 1;
        else if (strcmp(argv[i], "--show") == 0 && i + 1 < argc)
            show_max = (unsigned)strtoul(argv[++i], NULL, 10);
        else if (!path && argv[i][0] != '-')
            path = argv[i];
        else {
            fprintf(stderr, "usage: %s [FILE] [--gpu NAME] [--show N] [--convert]\n", argv[0]);
            return 2;
        }
    }
    static char defpath[4096];
    if (!path) {
        const char *dir = getenv("TMU_TEST_DATA");
        if (dir && *dir) {
            snprintf(defpath, sizeof defpath, "%s/adreno-tiling-a6xx.tsv", dir);
            path = defpath;
        } else {
            path = TMU_ADRENO_VECTORS;
        }
    }
    FILE *fp = fopen(path, "r");
    if (!fp) {
        perror(path);
        return 2;
    }
    char *line = NULL;
    size_t cap = 0;
    int skipping = 0;
    while (getline(&line, &cap, fp) > 0) {
        line[strcspn(line, "\r\n")] = 0;
        if (line[0] == '#') {
            if (strncmp(line, "#   gpuinfo ", 12) == 0)
                parse_gpu(line);
            continue;
        }
        if (line[0] == 0)
            continue;
        char *f[MAX_COLS];
        unsigned n = split(line, f, MAX_COLS);
        if (strcmp(f[0], "S") == 0) {
            finish_surface();
            skipping = only && n > 2 && strcmp(f[2], only) != 0;
            if (!skipping)
                row_s(f, n);
        } else if (skipping) {
            continue;
        } else if (strcmp(f[0], "L") == 0) {
            row_l(f, n);
        } else if (strcmp(f[0], "A") == 0) {
            row_a(f, n);
        } else {
            fprintf(stderr, "%s: unknown record type %s\n", path, f[0]);
            return 2;
        }
    }
    finish_surface();
    free(line);
    fclose(fp);
    print_columns();
    unsigned long surfaces = 0, sfail = 0, addrs = 0, afail = 0;
    for (unsigned i = 0; i < ngpus; i++) {
        const gpu_stats *g = &gpus[i];
        if (!g->surfaces)
            continue;
        printf("%-6s surfaces %lu/%lu pass, addresses %lu/%lu pass\n", g->gpu.name,
               g->surfaces - g->surfaces_failed, g->surfaces, g->addrs - g->addrs_failed, g->addrs);
        surfaces += g->surfaces, sfail += g->surfaces_failed;
        addrs += g->addrs, afail += g->addrs_failed;
    }
    if (convert_mode)
        printf("detile/retile: %lu levels, %lu rectangles, %lu elements, %lu surfaces differing\n",
               convert_levels, convert_rects, convert_elements, convert_failed);
    free(conv_mem);
    unsigned long colfail = 0;
    for (unsigned i = 0; i < ncols; i++)
        colfail += cols[i].failed;
    printf("%s: %lu surfaces (%lu differing), %lu addresses (%lu differing)\n", path, surfaces,
           sfail, addrs, afail);
    return surfaces > 0 && sfail == 0 && afail == 0 && colfail == 0 ? 0 : 1;
}
