/* What the layout conformance tests (test_layout_amd_vectors.c, test_layout_adreno_vectors.c)
 * share: per-column value checks and their summary, TAB rows and key=value fields, and the
 * --convert check of detile / retile against one tmu_surface_address() per element.
 *
 * Each test includes it once, after defining MAX_COLS (the most columns of a row, and of
 * differently named checks). */
#ifndef TMU_TESTS_LAYOUT_VECTORS_CHECK_H
#define TMU_TESTS_LAYOUT_VECTORS_CHECK_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/layout.h"

#ifndef MAX_COLS
#error "define MAX_COLS before including vectors_check.h"
#endif

typedef struct column_stats {
    const char *name;
    unsigned long checked, failed;
} column_stats;

static column_stats cols[MAX_COLS];
static unsigned ncols;
static unsigned show_max = 5;
static int convert_mode;
static unsigned long convert_rects, convert_elements, convert_failed;
static unsigned char *conv_mem;
static size_t conv_cap;
static uint64_t conv_rng = 88172645463325252ull;

static column_stats *col(const char *name)
{
    for (unsigned i = 0; i < ncols; i++)
        if (strcmp(cols[i].name, name) == 0)
            return &cols[i];
    if (ncols == MAX_COLS) {
        fprintf(stderr, "too many columns\n");
        exit(2);
    }
    cols[ncols].name = name;
    return &cols[ncols++];
}

/* Compares one value; prints the first few mismatches of each column. */
static int check(const char *where, const char *name, uint64_t want, uint64_t got)
{
    column_stats *c = col(name);
    c->checked++;
    if (want == got)
        return 0;
    if (c->failed++ < show_max)
        fprintf(stderr, "%s: %s want %" PRIu64 " got %" PRIu64 "\n", where, name, want, got);
    return 1;
}

/* Prints the mismatch count of every column that differs. */
static void print_columns(void)
{
    for (unsigned i = 0; i < ncols; i++)
        if (cols[i].failed)
            printf("column %-22s %lu of %lu differ\n", cols[i].name, cols[i].failed,
                   cols[i].checked);
}

static uint64_t u64(const char *s) { return strtoull(s, NULL, 0); }

/* The value of ' key=value' in `line`, copied to buf; NULL when the key is absent. */
static const char *kv(const char *line, const char *key, char *buf, size_t n)
{
    size_t kl = strlen(key);
    for (const char *p = line; (p = strstr(p, key)) != NULL; p++) {
        if ((p == line || p[-1] == ' ' || p[-1] == '\t') && p[kl] == '=') {
            const char *v = p + kl + 1;
            size_t l = strcspn(v, " \t\r\n");
            if (l >= n)
                l = n - 1;
            memcpy(buf, v, l);
            buf[l] = 0;
            return buf;
        }
    }
    return NULL;
}

/* Splits a TAB-separated row in place. */
static unsigned split(char *line, char **f, unsigned max)
{
    unsigned n = 0;
    char *p = line;
    while (n < max) {
        f[n++] = p;
        char *t = strchr(p, '\t');
        if (!t)
            break;
        *t = 0;
        p = t + 1;
    }
    return n;
}

/* ---- detile / retile ----------------------------------------------------------------- */

static uint32_t conv_rnd(uint32_t n)
{
    conv_rng ^= conv_rng << 13;
    conv_rng ^= conv_rng >> 7;
    conv_rng ^= conv_rng << 17;
    return n ? (uint32_t)((conv_rng >> 16) % n) : 0;
}

static unsigned char pattern(uint32_t x, uint32_t y, unsigned k, unsigned salt)
{
    uint32_t v = x * 0x9E3779B1u ^ y * 0x85EBCA77u ^ k * 0xC2B2AE3Du ^ salt * 0x27D4EB2Fu;
    v ^= v >> 15;
    return (unsigned char)(v * 0x2C1B3C6Du >> 24);
}

/* Detile and retile of one rectangle against per-element addresses. */
static int convert_rect(const char *where, const tmu_surface *s, const tmu_surface_rect *r)
{
    size_t bytes = s->desc.bpp / 8, pitch = (size_t)r->w * bytes + 8 * conv_rnd(3);
    size_t lsize = (size_t)(r->h - 1) * pitch + (size_t)r->w * bytes;
    unsigned char *lin = malloc(lsize);
    if (!lin) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    int bad = 0;
    unsigned salt = (unsigned)convert_rects++;
    for (uint32_t y = r->y; y < r->y + r->h; y++)
        for (uint32_t x = r->x; x < r->x + r->w; x++) {
            uint64_t a;
            if (tmu_surface_address(s, r->level, x, y, r->slice, r->sample, &a) != TMU_OK ||
                a + bytes > s->size) {
                fprintf(stderr, "%s: element (%u,%u) address outside the surface\n", where, x, y);
                free(lin);
                return 1;
            }
            for (unsigned k = 0; k < bytes; k++)
                conv_mem[a + k] = pattern(x, y, k, salt);
        }
    tmu_diag diag;
    if (tmu_surface_detile(s, r, conv_mem, (size_t)s->size, lin, pitch, lsize, &diag) != TMU_OK) {
        fprintf(stderr, "%s: detile refused: %s\n", where, diag.message);
        free(lin);
        return 1;
    }
    for (uint32_t y = 0; y < r->h && !bad; y++)
        for (uint32_t x = 0; x < r->w && !bad; x++)
            for (unsigned k = 0; k < bytes; k++)
                if (lin[y * pitch + x * bytes + k] != pattern(r->x + x, r->y + y, k, salt)) {
                    fprintf(stderr, "%s: detile level %u slice %u sample %u: element (%u,%u) "
                                    "byte %u wrong\n",
                            where, r->level, r->slice, r->sample, r->x + x, r->y + y, k);
                    bad = 1;
                    break;
                }
    /* retile a second pattern; the element just past each row keeps its first-pattern bytes */
    for (uint32_t y = 0; y < r->h; y++)
        for (uint32_t x = 0; x < r->w; x++)
            for (unsigned k = 0; k < bytes; k++)
                lin[y * pitch + x * bytes + k] = pattern(r->x + x, r->y + y, k, salt + 1);
    if (!bad &&
        tmu_surface_retile(s, r, lin, pitch, lsize, conv_mem, (size_t)s->size, &diag) != TMU_OK) {
        fprintf(stderr, "%s: retile refused: %s\n", where, diag.message);
        bad = 1;
    }
    for (uint32_t y = r->y; y < r->y + r->h && !bad; y++)
        for (uint32_t x = r->x; x < r->x + r->w && !bad; x++) {
            uint64_t a = tmu_surface_address_fast(s, r->level, x, y, r->slice, r->sample);
            convert_elements++;
            for (unsigned k = 0; k < bytes; k++)
                if (conv_mem[a + k] != pattern(x, y, k, salt + 1)) {
                    fprintf(stderr, "%s: retile level %u: element (%u,%u) byte %u wrong\n", where,
                            r->level, x, y, k);
                    bad = 1;
                    break;
                }
        }
    const tmu_surface_level *l = &s->level[r->level];
    if (!bad && r->x + r->w < l->width) { /* the neighbour of the first row stays */
        uint32_t x = r->x + r->w, y = r->y;
        uint64_t a = tmu_surface_address_fast(s, r->level, x, y, r->slice, r->sample);
        for (unsigned k = 0; k < bytes; k++)
            conv_mem[a + k] = pattern(x, y, k, salt);
        tmu_surface_retile(s, r, lin, pitch, lsize, conv_mem, (size_t)s->size, &diag);
        for (unsigned k = 0; k < bytes; k++)
            if (conv_mem[a + k] != pattern(x, y, k, salt)) {
                fprintf(stderr, "%s: retile wrote outside its rectangle at (%u,%u)\n", where, x, y);
                bad = 1;
                break;
            }
    }
    free(lin);
    return bad;
}

/* Makes conv_mem (the tiled surface's bytes) at least `size` bytes. */
static void convert_reserve(uint64_t size)
{
    if (size <= conv_cap)
        return;
    free(conv_mem);
    conv_cap = (size_t)size;
    conv_mem = calloc(1, conv_cap); /* untouched pages stay unmapped */
    if (!conv_mem) {
        fprintf(stderr, "out of memory (%zu bytes)\n", conv_cap);
        exit(2);
    }
}

/* Detile / retile of one level: the whole level when small, else a random window (edges
 * clipped) of a random slice and sample, then a small unaligned rectangle reaching the level's
 * far corner in its last slice.  Nonzero when either differs. */
static int convert_level(const char *where, const tmu_surface *s, uint32_t lv)
{
    const tmu_surface_level *l = &s->level[lv];
    tmu_surface_rect r = {lv, 0, 0, conv_rnd(l->depth), conv_rnd(s->desc.samples), l->width,
                          l->height};
    if ((uint64_t)l->width * l->height > 128 * 128) {
        r.w = 1 + conv_rnd(l->width < 80 ? l->width : 80);
        r.h = 1 + conv_rnd(l->height < 80 ? l->height : 80);
        r.x = conv_rnd(l->width - r.w + 1);
        r.y = conv_rnd(l->height - r.h + 1);
    }
    if (convert_rect(where, s, &r))
        return 1;
    tmu_surface_rect e = r;
    e.w = 1 + conv_rnd(l->width < 13 ? l->width : 13);
    e.h = 1 + conv_rnd(l->height < 11 ? l->height : 11);
    e.x = l->width - e.w, e.y = l->height - e.h;
    e.slice = l->depth - 1;
    return convert_rect(where, s, &e);
}

#endif
