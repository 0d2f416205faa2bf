/* Raw Adreno texture descriptors written by Mesa's own fdl6_view_init (tests/tools/fdl_oracle.sh
 * views: Mesa's src/freedreno/fdl at commit 7d41cfa1 compiled unmodified), for the whole image of
 * surfaces Mesa's fdl6_layout laid out, read by tmu_ir3_tdesc_to_texture_tiled.
 *
 *   test_ir3_fdl_views [FILE] [--show N]
 *
 * FILE defaults to the data file adreno-fdl-views.tsv ($TMU_TEST_DATA, else tests/data).
 * FILE: 'D' rows (gpu fmt w h d layers levels samples tile ubwc is3d mutable size cpp last_size0
 * dw0..dw15 levels: the layout's cpp and last level's size0, the descriptor, and 'offset:pitch' of
 * every level, from fdl_surface_offset and fdl_pitch).
 * The descriptor's surface (size bytes at 0x100000000, Mesa's iova) is mapped.  tmu must:
 *   - refuse, with TMU_ERR_UNSUPPORTED, exactly the descriptors of kinds it documents as not
 *     modelled, told here from the descriptor's own fields: FLAG (UBWC), TILE_MODE 2, a FMT /
 *     SWAP / SRGB without a tmu format (tmu_ir3_fmt6_to_format), linear multisample memory,
 *     TILE_MODE 3 pixels (texel bytes x samples) over 16 bytes; and, refused with
 *     TMU_ERR_UNSUPPORTED or TMU_ERR_RANGE or accepted and placed as Mesa, TILE_MODE 3 with a FMT
 *     whose texel size is not the layout's
 *     (Z32_FLOAT_S8X24_UINT: Mesa samples its depth as FMT6_32_FLOAT, 4 bytes, on an 8-byte layout;
 *     drivers lay that format out as separate depth and stencil planes; tmu rebuilds the tiled
 *     layout from FMT, so PITCH / PITCHALIGN differ; a linear one is read as its PITCH says, and
 *     must be placed as Mesa placed it);
 *   - linear 3D mip chains whose layer size stops shrinking at 64 KiB or more are counted, not
 *     judged: Mesa's MIN_LAYERSZ holds bits 12..15 of that size only, so its descriptor does not
 *     describe its layout, and tmu reads the descriptor's own slices (docs/ir3-cat5.md §6.2);
 *   - accept every other one, with MIPLVLS + 1 levels, the descriptor's width / height, and every
 *     level where Mesa put it: a tiled level's surface offset and row pitch (tmu's layout rebuilt
 *     from the descriptor) or a linear level's data pointer and row pitch equal to Mesa's
 *     offset and pitch of that level.
 * Rows for GPUs without a tmu layout preset are counted and skipped.  Exit 0 only when every
 * row agrees and at least one descriptor was accepted. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_data.h"
#include "tmu/ir3_exec.h"
#include "tmu/layout.h"

#define VIEW_IOVA 0x100000000ull

static unsigned show_max = 20, shown;
static unsigned long rows, accepted, refused_ok, skipped_gpu, bad;
static unsigned long ovf_refused, ovf_same, ovf_elsewhere, ovf_shown;

static void report(const char *where, const char *fmt, const char *a, const char *b)
{
    bad++;
    if (shown++ < show_max)
        fprintf(stderr, "%s: %s%s%s\n", where, fmt, a ? a : "", b ? b : "");
}

/* refusals by kind */
static const char *reasons[8];
static unsigned long reason_n[8];
static void count_reason(const char *r)
{
    for (unsigned i = 0; i < 8; i++) {
        if (!reasons[i])
            reasons[i] = r;
        if (reasons[i] == r) {
            reason_n[i]++;
            return;
        }
    }
}

static unsigned split(char *line, char **f, unsigned max)
{
    unsigned n = 0;
    char *save = NULL;
    for (char *t = strtok_r(line, "\t\r\n", &save); t && n < max; t = strtok_r(NULL, "\t\r\n", &save))
        f[n++] = t;
    return n;
}

/* gpu ids of tmu's layout presets, by the vector files' names */
static uint32_t gpu_id_of(const char *name)
{
    static const char *const names[] = {"a610", "a630", "a660", "a730", "a750"};
    static const uint32_t ids[] = {610, 630, 660, 730, 750};
    for (unsigned i = 0; i < 5; i++)
        if (strcmp(names[i], name) == 0)
            return ids[i];
    return 0;
}

static void check_row(char **f, unsigned n, unsigned long lineno)
{
    char where[160];
    if (n != 33) {
        fprintf(stderr, "line %lu: D row with %u columns, want 33\n", lineno, n);
        exit(2);
    }
    snprintf(where, sizeof where, "line %lu: %s %s %sx%sx%s layers %s levels %s samples %s %s%s%s", lineno, f[1],
             f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9], strcmp(f[10], "1") == 0 ? " ubwc" : "",
             strcmp(f[11], "1") == 0 ? " 3d" : "");
    rows++;
    uint32_t gpu_id = gpu_id_of(f[1]);
    if (!gpu_id) {
        skipped_gpu++;
        return;
    }
    uint64_t size = strtoull(f[13], NULL, 10);
    uint32_t cpp = (uint32_t)strtoul(f[14], NULL, 10);
    uint64_t last_size0 = strtoull(f[15], NULL, 10);
    uint32_t dw[16];
    for (unsigned k = 0; k < 16; k++)
        dw[k] = (uint32_t)strtoul(f[16 + k], NULL, 16);
    uint32_t lv_off[16], lv_pitch[16];
    unsigned nlv = 0;
    for (char *p = f[32]; *p && nlv < 16;) {
        char *end;
        lv_off[nlv] = (uint32_t)strtoul(p, &end, 10);
        if (*end != ':') {
            fprintf(stderr, "line %lu: bad level column\n", lineno);
            exit(2);
        }
        lv_pitch[nlv++] = (uint32_t)strtoul(end + 1, &end, 10);
        p = *end == ',' ? end + 1 : end;
    }
    tmu_ir3_tdesc desc;
    tmu_diag diag;
    if (tmu_ir3_tdesc_decode(gpu_id, dw, TMU_IR3_TDESC_AUTO, &desc, &diag) != TMU_OK) {
        report(where, "decode refused: ", diag.message, NULL);
        return;
    }
    const uint32_t *t = desc.f;
    /* what tmu documents as not modelled, from the descriptor's own fields */
    const char *expect_refusal = NULL;
    tmu_format fmt = tmu_ir3_fmt6_to_format(t[TMU_IR3_T_FMT], t[TMU_IR3_T_SWAP], t[TMU_IR3_T_SRGB] != 0);
    const tmu_format_info *fi = fmt != TMU_FORMAT_INVALID ? tmu_format_get(fmt) : NULL;
    uint32_t samples = 1u << t[TMU_IR3_T_SAMPLES];
    if (t[TMU_IR3_T_FLAG])
        expect_refusal = "FLAG (UBWC)";
    else if (t[TMU_IR3_T_TILE_MODE] == 2)
        expect_refusal = "TILE_MODE 2";
    else if (!fi)
        expect_refusal = "FMT / SWAP / SRGB without a tmu format";
    else if (t[TMU_IR3_T_TILE_MODE] == 0 && samples > 1)
        expect_refusal = "linear multisample memory";
    else if (t[TMU_IR3_T_TILE_MODE] == 3 && fi->bytes * samples > 16)
        expect_refusal = "TILE_MODE 3 pixels over 16 bytes";
    int inconsistent = 0; /* Mesa's descriptor does not describe its layout: any refusal */
    int overflow = 0;     /* linear 3D, MIN_LAYERSZ cannot hold the layer size: counted */
    if (!expect_refusal && t[TMU_IR3_T_TILE_MODE] == 3 && fi->bytes * samples != cpp) {
        expect_refusal = "FMT texel size not the layout's";
        inconsistent = 1;
    } else if (!expect_refusal && t[TMU_IR3_T_TILE_MODE] == 0 && t[TMU_IR3_T_TYPE] == 3 && t[TMU_IR3_T_MIPLVLS] > 0 &&
               last_size0 >= 65536) {
        overflow = 1;
    }
    unsigned char *mem = calloc(1, (size_t)size ? (size_t)size : 1);
    if (!mem) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    tmu_ir3_memory map = {VIEW_IOVA, mem, (size_t)size};
    tmu_surface surf;
    tmu_texture tex;
    tmu_status st = tmu_ir3_tdesc_to_texture_tiled(&desc, NULL, &map, 1, &surf, &tex, &diag);
    if (expect_refusal && !(inconsistent && st == TMU_OK)) {
        if (st == TMU_ERR_UNSUPPORTED || (inconsistent && st == TMU_ERR_RANGE)) {
            refused_ok++;
            count_reason(expect_refusal);
        }
        else
            report(where, "not refused as documented: ", expect_refusal, st == TMU_OK ? " (accepted)" : diag.message);
        free(mem);
        return;
    }
    if (overflow && st != TMU_OK) {
        if (st == TMU_ERR_UNSUPPORTED || st == TMU_ERR_RANGE)
            ovf_refused++;
        else
            report(where, "MIN_LAYERSZ overflow: unexpected status: ", diag.message, NULL);
        free(mem);
        return;
    }
    if (st != TMU_OK) {
        report(where, "Mesa's descriptor refused: ", diag.message, NULL);
        free(mem);
        return;
    }
    if (!overflow)
        accepted++;
    char buf[200];
    if (tex.levels != t[TMU_IR3_T_MIPLVLS] + 1 || tex.levels != nlv) {
        snprintf(buf, sizeof buf, "%u levels, Mesa %u", tex.levels, nlv);
        report(where, buf, NULL, NULL);
    } else if (tex.width != t[TMU_IR3_T_WIDTH] || tex.height != t[TMU_IR3_T_HEIGHT]) {
        snprintf(buf, sizeof buf, "size %ux%u, descriptor %ux%u", tex.width, tex.height, t[TMU_IR3_T_WIDTH],
                 t[TMU_IR3_T_HEIGHT]);
        report(where, buf, NULL, NULL);
    } else {
        for (unsigned l = 0; l < nlv; l++) {
            const tmu_level *lv = &tex.level[l];
            uint64_t off, pitch;
            if (lv->surface) {
                off = lv->surface->level[lv->surface_level].offset + ((const unsigned char *)lv->data - mem);
                pitch = lv->surface->level[lv->surface_level].row_pitch;
            } else {
                off = (uint64_t)((const unsigned char *)lv->data - mem);
                pitch = lv->row_pitch;
            }
            if (off != lv_off[l] || pitch != lv_pitch[l]) {
                snprintf(buf, sizeof buf, "level %u: offset %" PRIu64 " pitch %" PRIu64 ", Mesa %u / %u", l, off,
                         pitch, lv_off[l], lv_pitch[l]);
                if (overflow) { /* the descriptor's own slices: documented, counted */
                    ovf_elsewhere++;
                    if (ovf_shown++ < 3)
                        printf("note: %s: MIN_LAYERSZ holds %u of Mesa's %" PRIu64 " bytes: %s\n", where,
                               t[TMU_IR3_T_MIN_LAYERSZ] << 12, last_size0, buf);
                    overflow = 2;
                } else {
                    report(where, buf, NULL, NULL);
                }
                break;
            }
        }
        if (overflow == 1)
            ovf_same++;
    }
    free(mem);
}

int main(int argc, char **argv)
{
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--show") == 0 && i + 1 < argc)
            show_max = (unsigned)strtoul(argv[++i], NULL, 10);
        else if (!path && argv[i][0] != '-')
            path = argv[i];
        else {
            fprintf(stderr, "usage: %s [FILE] [--show N]\n", argv[0]);
            return 2;
        }
    }
    char opened[4096];
    FILE *fp = tmu_test_file_open(path, "adreno-fdl-views.tsv", opened, sizeof opened);
    if (!fp) {
        perror(opened);
        return 2;
    }
    path = opened;
    char *line = NULL;
    size_t cap = 0;
    unsigned long lineno = 0;
    while (getline(&line, &cap, fp) > 0) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *f[40];
        unsigned n = split(line, f, 40);
        if (n == 0)
            continue;
        if (strcmp(f[0], "D") != 0) {
            fprintf(stderr, "%s:%lu: unknown record type %s\n", path, lineno, f[0]);
            return 2;
        }
        check_row(f, n, lineno);
    }
    free(line);
    fclose(fp);
    printf("%s: %lu descriptors: %lu accepted and placed as Mesa, %lu refused as documented, %lu linear 3D whose "
           "layer size MIN_LAYERSZ cannot hold (%lu refused, %lu placed as Mesa, %lu by the descriptor's own "
           "slices), %lu for GPUs without a preset, %lu differing\n",
           path, rows, accepted, refused_ok, ovf_refused + ovf_same + ovf_elsewhere, ovf_refused, ovf_same,
           ovf_elsewhere, skipped_gpu, bad);
    for (unsigned i = 0; i < 8 && reasons[i]; i++)
        printf("  refused: %-45s %lu\n", reasons[i], reason_n[i]);
    return bad == 0 && accepted > 0 ? 0 : 1;
}
