/* AMD addrlib conformance: every surface-info column and every sampled address of a vector
 * file made by AMD's own address library (tests/data/amd-tiling-gfx6-8.tsv,
 * amd-tiling-gfx9-10.tsv and amd-tiling-gfx11.tsv; their headers say how they were made) must
 * agree with tmu's layout.
 *
 *   test_layout_amd_vectors FILE [--chip NAME] [--show N]
 *
 * The chips' registers come from the file's own '#chip' rows (so a file made for other chips
 * is checked the same way); a tmu preset of the same name must hold the same registers.  The
 * file's format (gfx6-8 tile-index rows or gfx9+ swizzle rows) is told by its column header.
 * Exit status 0 only when every row and address agrees and at least one row was checked.
 *
 * With --convert the rows' surfaces check detile / retile instead: for random rectangles of
 * every level a row describes (whole small levels, clipped edges, random slices and samples),
 * elements written through tmu_surface_address() one by one must come out of
 * tmu_surface_detile() in their linear places, and tmu_surface_retile() must put a linear
 * pattern where tmu_surface_address() says, leaving the bytes around them alone; a level whose
 * addresses are not one-to-one (tmu_surface_level_one_to_one: gfx6-8 THICK order on a thinned
 * mode, addrlib's addresses overlapping) must be refused by both instead. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/layout.h"

#define MAX_CHIPS 64
#define MAX_COLS 40

#include "vectors_check.h"

typedef struct chip_entry {
    tmu_amd_chip chip;
} chip_entry;

static chip_entry chips[MAX_CHIPS];
static unsigned nchips;
static unsigned long convert_skipped, convert_overlap;
static unsigned long rows_checked, rows_failed, addrs_checked, addrs_failed, init_failed;

static int check_s(const char *where, const char *name, int64_t want, int64_t got)
{
    return check(where, name, (uint64_t)want, (uint64_t)got);
}

static tmu_amd_gen gen_from(const char *s)
{
    if (strcmp(s, "gfx6") == 0) return TMU_AMD_GFX6;
    if (strcmp(s, "gfx7") == 0) return TMU_AMD_GFX7;
    if (strcmp(s, "gfx8") == 0) return TMU_AMD_GFX8;
    if (strcmp(s, "gfx9") == 0) return TMU_AMD_GFX9;
    if (strcmp(s, "gfx10") == 0) return TMU_AMD_GFX10;
    if (strcmp(s, "gfx10.3") == 0) return TMU_AMD_GFX10_3;
    if (strcmp(s, "gfx11") == 0) return TMU_AMD_GFX11;
    fprintf(stderr, "unknown generation %s\n", s);
    exit(2);
}

static void parse_list(const char *s, uint32_t *out, unsigned n, const char *what)
{
    char *end;
    for (unsigned i = 0; i < n; i++) {
        out[i] = (uint32_t)strtoul(s, &end, 0);
        if (end == s) {
            fprintf(stderr, "bad %s list\n", what);
            exit(2);
        }
        s = *end == ',' ? end + 1 : end;
    }
}

/* '#chip NAME GFX chipN name=... family=... rev=... gb_addr_config=... [tile=... macro=...]' */
static void parse_chip(char *line)
{
    if (nchips == MAX_CHIPS) {
        fprintf(stderr, "too many chips\n");
        exit(2);
    }
    char *save = NULL;
    strtok_r(line, "\t", &save);
    char *name = strtok_r(NULL, "\t", &save);
    char *gen = strtok_r(NULL, "\t", &save);
    char *rest = strtok_r(NULL, "\n", &save);
    if (!name || !gen || !rest) {
        fprintf(stderr, "bad #chip row\n");
        exit(2);
    }
    tmu_amd_chip *c = &chips[nchips++].chip;
    memset(c, 0, sizeof *c);
    snprintf(c->name, sizeof c->name, "%s", name);
    c->gen = gen_from(gen);
    char buf[1024];
    if (kv(rest, "family", buf, sizeof buf)) c->family = (uint32_t)strtoul(buf, NULL, 0);
    if (kv(rest, "rev", buf, sizeof buf)) c->revision = (uint32_t)strtoul(buf, NULL, 0);
    if (kv(rest, "gb_addr_config", buf, sizeof buf)) c->gb_addr_config = (uint32_t)strtoul(buf, NULL, 0);
    if (kv(rest, "mc_banks", buf, sizeof buf)) c->mc_banks = (uint32_t)strtoul(buf, NULL, 0);
    if (kv(rest, "mc_ranks", buf, sizeof buf)) c->mc_ranks = (uint32_t)strtoul(buf, NULL, 0);
    if (kv(rest, "tile", buf, sizeof buf)) parse_list(buf, c->tile_mode, 32, "tile");
    if (kv(rest, "macro", buf, sizeof buf)) parse_list(buf, c->macrotile_mode, 16, "macro");
    const tmu_amd_chip *p = tmu_amd_chip_find(name);
    if (p) {
        int same = p->gen == c->gen && p->family == c->family && p->revision == c->revision &&
                   p->gb_addr_config == c->gb_addr_config &&
                   memcmp(p->tile_mode, c->tile_mode, sizeof c->tile_mode) == 0 &&
                   memcmp(p->macrotile_mode, c->macrotile_mode, sizeof c->macrotile_mode) == 0;
        if (c->gen <= TMU_AMD_GFX8)
            same = same && p->mc_banks == c->mc_banks && p->mc_ranks == c->mc_ranks;
        check(name, "preset_registers", 1, (uint64_t)same);
    }
}

static const tmu_amd_chip *chip_named(const char *name)
{
    for (unsigned i = 0; i < nchips; i++)
        if (strcmp(chips[i].chip.name, name) == 0)
            return &chips[i].chip;
    fprintf(stderr, "row names chip %s with no #chip row\n", name);
    exit(2);
}

static uint32_t parse_flags(const char *s)
{
    static const struct { const char *n; uint32_t f; } names[] = {
        {"texture", TMU_SURF_TEXTURE}, {"depth", TMU_SURF_DEPTH}, {"color", TMU_SURF_COLOR},
        {"display", TMU_SURF_DISPLAY}, {"cube", TMU_SURF_CUBE}, {"volume", TMU_SURF_VOLUME},
        {"prt", TMU_SURF_PRT}, {"pow2Pad", TMU_SURF_POW2_PAD}, {"stencil", TMU_SURF_STENCIL},
        {"disallowLargeThickDegrade", TMU_SURF_NO_LARGE_THICK_DEGRADE},
    };
    uint32_t f = 0;
    while (*s && strcmp(s, "-") != 0) {
        size_t l = strcspn(s, ",");
        unsigned i;
        for (i = 0; i < sizeof names / sizeof names[0]; i++)
            if (strlen(names[i].n) == l && strncmp(names[i].n, s, l) == 0)
                break;
        if (i == sizeof names / sizeof names[0]) {
            fprintf(stderr, "unknown flag %.*s\n", (int)l, s);
            exit(2);
        }
        f |= names[i].f;
        s += l;
        if (*s == ',')
            s++;
    }
    return f;
}

static int tile_mode_from(const char *s)
{
    for (int m = 0; m < TMU_AMD_TILE_MODE_COUNT; m++)
        if (strcmp(tmu_amd_tile_mode_name((tmu_amd_tile_mode)m), s) == 0)
            return m;
    fprintf(stderr, "unknown tile mode %s\n", s);
    exit(2);
}

static int tile_type_from(const char *s)
{
    for (int m = 0; m < TMU_AMD_TILE_TYPE_COUNT; m++)
        if (strcmp(tmu_amd_tile_type_name((tmu_amd_tile_type)m), s) == 0)
            return m;
    fprintf(stderr, "unknown tile type %s\n", s);
    exit(2);
}

/* Checks the 'x,y,slice,sample[,mip]:addr' list; `level` < 0 means the mip is in the list. */
static int check_addresses(const char *where, const tmu_surface *s, int level, uint64_t base,
                           const char *list)
{
    int bad = 0;
    const char *p = list;
    while (*p) {
        unsigned long v[5] = {0};
        unsigned nv = 0;
        char *end;
        while (nv < 5) {
            v[nv++] = strtoul(p, &end, 10);
            p = end;
            if (*p != ',')
                break;
            p++;
        }
        if (*p != ':') {
            fprintf(stderr, "%s: bad sample list\n", where);
            exit(2);
        }
        uint64_t want = strtoull(p + 1, &end, 10);
        p = end;
        while (*p == ' ')
            p++;
        uint32_t lv = level >= 0 ? (uint32_t)level : (uint32_t)v[4];
        uint64_t got = UINT64_MAX;
        tmu_status st = tmu_surface_address(s, lv, (uint32_t)v[0], (uint32_t)v[1],
                                            (uint32_t)v[2], (uint32_t)v[3], &got);
        addrs_checked++;
        char w[300];
        snprintf(w, sizeof w, "%s (%lu,%lu,%lu,%lu mip %u)", where, v[0], v[1], v[2], v[3], lv);
        if (st != TMU_OK || check(w, "address", base + want, got)) {
            if (st != TMU_OK)
                check(w, "address_status", TMU_OK, st);
            addrs_failed++;
            bad = 1;
        }
        if (got != UINT64_MAX && st == TMU_OK)
            check(w, "address_fast", got,
                  tmu_surface_address_fast(s, lv, (uint32_t)v[0], (uint32_t)v[1],
                                           (uint32_t)v[2], (uint32_t)v[3]));
    }
    return bad;
}

/* The --convert check of a row's surface: one level, or all when `only_level` < 0. */
static int check_convert(const char *where, const tmu_surface *s, int only_level)
{
    if (s->size > ((uint64_t)1 << 30)) {
        convert_skipped++;
        return 0;
    }
    convert_reserve(s->size);
    int bad = 0;
    for (uint32_t lv = 0; lv < s->desc.levels && !bad; lv++) {
        if (only_level >= 0 && lv != (uint32_t)only_level)
            continue;
        if (!tmu_surface_level_one_to_one(s, lv)) {
            /* addrlib's THICK element order on a thinned mode (tile_type THICK on a THIN1 mode,
             * checked against the file by the address rows): its addresses overlap and pass the
             * level's end, so detile and retile must refuse the level and write nothing */
            const tmu_surface_level *l = &s->level[lv];
            tmu_surface_rect r = {lv, 0, 0, 0, 0, l->width, l->height};
            tmu_diag diag;
            unsigned char one[16] = {0};
            convert_overlap++;
            if (l->tile_type != TMU_AMD_THICK ||
                tmu_surface_detile(s, &r, conv_mem, (size_t)s->size, one, 16, 16, &diag) !=
                    TMU_ERR_UNSUPPORTED ||
                tmu_surface_retile(s, &r, one, 16, 16, conv_mem, (size_t)s->size, &diag) !=
                    TMU_ERR_UNSUPPORTED) {
                fprintf(stderr, "%s: level %u: not one-to-one (type %s) but detile / retile "
                                "not refused\n", where, lv, tmu_amd_tile_type_name(l->tile_type));
                bad = 1;
            }
            continue;
        }
        bad |= convert_level(where, s, lv);
    }
    convert_failed += bad != 0;
    rows_failed += bad != 0;
    return bad;
}

/* Counts a row and makes its surface; nonzero (the row failed) when init refuses it. */
static int init_row(const char *where, const tmu_amd_chip *chip, const tmu_surface_desc *d,
                    tmu_surface *s)
{
    tmu_diag diag;
    rows_checked++;
    if (tmu_surface_init_amd(s, chip, d, &diag) == TMU_OK)
        return 0;
    if (init_failed++ < show_max)
        fprintf(stderr, "%s: init failed: %s\n", where, diag.message);
    rows_failed++;
    return 1;
}

static int row_gfx6(char **f, unsigned n, const char *only)
{
    if (n < 29) {
        fprintf(stderr, "gfx6-8 row with %u columns\n", n);
        exit(2);
    }
    if (only && strcmp(only, f[0]) != 0)
        return 0;
    const tmu_amd_chip *chip = chip_named(f[0]);
    tmu_surface_desc d = {0};
    d.bpp = (uint32_t)u64(f[2]);
    d.width = (uint32_t)u64(f[3]);
    d.height = (uint32_t)u64(f[4]);
    d.slices = (uint32_t)u64(f[5]);
    d.levels = (uint32_t)u64(f[6]);
    uint32_t level = (uint32_t)u64(f[7]);
    d.samples = (uint32_t)u64(f[8]);
    d.tile_index = (int32_t)strtol(f[9], NULL, 10);
    d.flags = parse_flags(f[10]);
    d.rsrc = (d.flags & TMU_SURF_VOLUME) ? TMU_SURF_3D : TMU_SURF_2D;
    char where[200];
    snprintf(where, sizeof where, "%s bpp %u %ux%ux%u mips %u level %u samples %u index %d %s",
             f[0], d.bpp, d.width, d.height, d.slices, d.levels, level, d.samples, d.tile_index,
             f[10]);
    static tmu_surface s;
    if (init_row(where, chip, &d, &s))
        return 1;
    if (level >= d.levels) {
        fprintf(stderr, "%s: level out of range\n", where);
        exit(2);
    }
    if (convert_mode)
        return check_convert(where, &s, (int)level);
    const tmu_surface_level *l = &s.level[level];
    int bad = 0;
    bad |= check(where, "out_pitch", u64(f[11]), l->pitch);
    bad |= check(where, "out_height", u64(f[12]), l->padded_height);
    bad |= check(where, "out_depth", u64(f[13]), l->padded_depth);
    bad |= check(where, "level_size", u64(f[14]), l->size);
    bad |= check(where, "slice_size", u64(f[15]), l->slice_size);
    bad |= check(where, "base_align", u64(f[16]), l->base_align);
    bad |= check(where, "tile_mode", (uint64_t)tile_mode_from(f[17]), l->tile_mode);
    bad |= check(where, "tile_type", (uint64_t)tile_type_from(f[18]), l->tile_type);
    bad |= check_s(where, "out_tile_index", strtol(f[19], NULL, 10), l->tile_index);
    bad |= check_s(where, "macro_index", strtol(f[20], NULL, 10), l->macro_index);
    bad |= check(where, "banks", u64(f[21]), l->banks);
    bad |= check(where, "bank_w", u64(f[22]), l->bank_width);
    bad |= check(where, "bank_h", u64(f[23]), l->bank_height);
    bad |= check(where, "macro_aspect", u64(f[24]), l->macro_aspect);
    bad |= check(where, "tile_split", u64(f[25]), l->tile_split);
    bad |= check(where, "pipe_config", u64(f[26]), l->pipe_config);
    uint64_t off = u64(f[27]);
    bad |= check(where, "level_offset", off, l->offset);
    bad |= check_addresses(where, &s, (int)level, off, f[28]);
    /* the level's real extent, and the first element past it refused */
    uint32_t w = d.width >> level ? d.width >> level : 1, h = d.height >> level ? d.height >> level : 1;
    uint32_t dep = (d.flags & TMU_SURF_VOLUME) ? (d.slices >> level ? d.slices >> level : 1) : d.slices;
    bad |= check(where, "level_width", w, l->width);
    bad |= check(where, "level_height", h, l->height);
    bad |= check(where, "level_depth", dep, l->depth);
    uint64_t a;
    bad |= check(where, "x_past_level_refused", TMU_ERR_RANGE,
                 tmu_surface_address(&s, level, w, 0, 0, 0, &a));
    rows_failed += bad != 0;
    return bad;
}

static void split_list(const char *s, uint64_t *out, unsigned max, unsigned *n)
{
    *n = 0;
    while (*s && *n < max) {
        char *end;
        out[(*n)++] = strtoull(s, &end, 10);
        s = *end == ',' ? end + 1 : end;
        if (end == s && *s != ',')
            break;
    }
}

static int row_gfx9(char **f, unsigned n, const char *only)
{
    if (n < 29) {
        fprintf(stderr, "gfx9+ row with %u columns\n", n);
        exit(2);
    }
    if (only && strcmp(only, f[0]) != 0)
        return 0;
    const tmu_amd_chip *chip = chip_named(f[0]);
    tmu_surface_desc d = {0};
    d.rsrc = strcmp(f[2], "1d") == 0 ? TMU_SURF_1D : strcmp(f[2], "3d") == 0 ? TMU_SURF_3D
                                                                              : TMU_SURF_2D;
    int sw = tmu_amd_swizzle_mode_from_name(f[3]);
    if (sw < 0) {
        fprintf(stderr, "unknown swizzle mode %s\n", f[3]);
        exit(2);
    }
    d.swizzle_mode = (uint32_t)sw;
    d.bpp = (uint32_t)u64(f[4]);
    d.width = (uint32_t)u64(f[5]);
    d.height = (uint32_t)u64(f[6]);
    d.slices = (uint32_t)u64(f[7]);
    d.levels = (uint32_t)u64(f[8]);
    d.samples = (uint32_t)u64(f[9]);
    d.flags = parse_flags(f[10]);
    d.pipe_bank_xor = (uint32_t)u64(f[11]);
    /* the vectors' MSAA addresses are addrlib's with numFrags left 0 (samples share sample 0's
     * address); detile / retile need one address per sample: the hardware's fragments */
    if (convert_mode)
        d.fragments = d.samples;
    char where[200];
    snprintf(where, sizeof where, "%s %s %s bpp %u %ux%ux%u mips %u samples %u xor %u", f[0],
             f[2], f[3], d.bpp, d.width, d.height, d.slices, d.levels, d.samples,
             d.pipe_bank_xor);
    static tmu_surface s;
    if (init_row(where, chip, &d, &s))
        return 1;
    if (convert_mode)
        return check_convert(where, &s, -1);
    int bad = 0;
    bad |= check(where, "out_pitch", u64(f[12]), s.pitch);
    bad |= check(where, "out_height", u64(f[13]), s.height);
    bad |= check(where, "out_slices", u64(f[14]), s.depth);
    bad |= check(where, "size", u64(f[15]), s.size);
    bad |= check(where, "slice_size", u64(f[16]), s.slice_size);
    bad |= check(where, "base_align", u64(f[17]), s.base_align);
    bad |= check(where, "block_w", u64(f[18]), s.block_w);
    bad |= check(where, "block_h", u64(f[19]), s.block_h);
    bad |= check(where, "block_d", u64(f[20]), s.block_d);
    bad |= check(where, "mip_chain_in_tail", u64(f[21]), s.mip_chain_in_tail);
    bad |= check(where, "first_tail_mip", u64(f[22]), s.first_tail_mip);
    static const char *const mip_cols[5] = {"mip_offset", "mip_pitch", "mip_height",
                                            "mip_depth", "mip_tail_offset"};
    for (unsigned c = 0; c < 5; c++) {
        uint64_t v[TMU_SURFACE_MAX_LEVELS];
        unsigned nv;
        split_list(f[23 + c], v, TMU_SURFACE_MAX_LEVELS, &nv);
        bad |= check(where, "mip_list_length", d.levels, nv);
        for (unsigned m = 0; m < nv && m < d.levels; m++) {
            const tmu_surface_level *l = &s.level[m];
            uint64_t got = c == 0 ? l->offset : c == 1 ? l->pitch : c == 2 ? l->padded_height
                         : c == 3 ? l->padded_depth : l->mip_tail_offset;
            bad |= check(where, mip_cols[c], v[m], got);
        }
    }
    for (unsigned m = 0; m < d.levels; m++) {
        const tmu_surface_level *l = &s.level[m];
        uint32_t w = d.width >> m ? d.width >> m : 1, h = d.height >> m ? d.height >> m : 1;
        uint32_t dep = d.rsrc == TMU_SURF_3D ? (d.slices >> m ? d.slices >> m : 1) : d.slices;
        bad |= check(where, "level_width", w, l->width);
        bad |= check(where, "level_height", h, l->height);
        bad |= check(where, "level_depth", dep, l->depth);
    }
    bad |= check_addresses(where, &s, -1, 0, f[28]);
    rows_failed += bad != 0;
    return bad;
}

int main(int argc, char **argv)
{
    const char *path = NULL, *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--chip") == 0 && i + 1 < argc)
            only = argv[++i];
        else if (strcmp(argv[i], "--convert") == 0)
            convert_mode = 1;
        else if (strcmp(argv[i], "--show") == 0 && i + 1 < argc)
            show_max = (unsigned)strtoul(argv[++i], NULL, 10);
        else if (!path)
            path = argv[i];
        else {
            fprintf(stderr, "usage: %s FILE [--chip NAME] [--show N] [--convert]\n", argv[0]);
            return 2;
        }
    }
    if (!path) {
        fprintf(stderr, "usage: %s FILE [--chip NAME] [--show N] [--convert]\n", argv[0]);
        return 2;
    }
    FILE *fp = fopen(path, "r");
    if (!fp) {
        perror(path);
        return 2;
    }
    char *line = NULL;
    size_t cap = 0;
    int format = 0; /* 6: gfx6-8 rows, 9: gfx9+ rows */
    while (getline(&line, &cap, fp) > 0) {
        line[strcspn(line, "\r\n")] = 0;
        if (strncmp(line, "#chip\t", 6) == 0) {
            parse_chip(line);
            continue;
        }
        if (line[0] == '#' || line[0] == 0)
            continue;
        if (strncmp(line, "chip\t", 5) == 0) {
            format = strstr(line, "\ttile_index\t") ? 6 : strstr(line, "\tswizzle\t") ? 9 : 0;
            if (!format) {
                fprintf(stderr, "%s: unknown column header\n", path);
                return 2;
            }
            continue;
        }
        if (!format) {
            fprintf(stderr, "%s: data row before the column header\n", path);
            return 2;
        }
        char *f[MAX_COLS];
        unsigned n = split(line, f, MAX_COLS);
        if (format == 6)
            row_gfx6(f, n, only);
        else
            row_gfx9(f, n, only);
    }
    free(line);
    fclose(fp);
    print_columns();
    if (convert_mode)
        printf("detile/retile: %lu rectangles, %lu elements, %lu surfaces differing, %lu over 1 GiB "
               "skipped, %lu levels refused as not one-to-one (addrlib's THICK order on a thinned "
               "mode)\n",
               convert_rects, convert_elements, convert_failed, convert_skipped, convert_overlap);
    free(conv_mem);
    printf("%s: %lu surface rows (%lu refused by init), %lu addresses; rows differing %lu, "
           "addresses differing %lu\n",
           path, rows_checked, init_failed, addrs_checked, rows_failed, addrs_failed);
    printf("%lu passed, %lu failed\n", rows_checked - rows_failed, rows_failed);
    return rows_checked > 0 && rows_failed == 0 ? 0 : 1;
}
