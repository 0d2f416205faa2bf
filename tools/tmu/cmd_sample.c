/* tmu sample — print what the texture unit returns at given coordinates.
 *   tmu sample [texture and sampler options of tmu render] [--op sample|gather|fetch] [--comp N]
 *              [--lod L] COORD...
 * COORD is S,T (2D, normalised), X,Y,Z (cube direction) or, for --op fetch, integer X,Y. */
#include "cli.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/op.h"
#include "tmu/texture.h"
#include "tmu/unit.h"
#include "unit_cli.h"

static void sample_usage(void)
{
    printf("usage: tmu sample [OPTIONS] COORD...\n"
           "\n"
           "Runs one texture op for up to 128 coordinates (one lane each) and prints the results.\n"
           "The texture and sampler options are those of `tmu render` (--pattern, --tex-size,\n"
           "--address, --filter, --mip, --lod, --bias, --precision, --border, --no-seamless).\n"
           "  --op OP    sample (default), gather (tld4; --comp 0..3 picks the component) or fetch\n"
           "  --lod L    explicit LOD (sample) or level (fetch); default: level 0 (LEVEL_BASE)\n"
           "COORD: S,T normalised (2D patterns), X,Y,Z direction (--pattern cube), X,Y integers (fetch).\n"
           "example: tmu sample --pattern gradient --tex-size 4 --address clamp_to_edge 0.5,0.5 0,0 1.2,-3\n");
}

/* Parses "a,b[,c]" into up to three floats; returns the count or -1.  nan, inf and any value
 * within float's range are allowed (the unit defines their results); nothing is converted out
 * of range. */
static int parse_coord(const char *text, float v[3])
{
    const char *p = text;
    int n = 0;
    while (n < 3) {
        size_t len = strcspn(p, ",");
        char word[64];
        if (len == 0 || len >= sizeof word)
            return -1;
        memcpy(word, p, len);
        word[len] = 0;
        if (tmu_cli_parse_float(word, -FLT_MAX, FLT_MAX, 1, &v[n]))
            return -1;
        n++;
        p += len;
        if (*p == '\0')
            return n;
        p++;
    }
    return -1;
}

int tmu_cmd_sample(int argc, char **argv)
{
    if (argc > 1 && tmu_cli_is_help(argv[1])) {
        sample_usage();
        return TMU_EXIT_OK;
    }
    render_opts o;
    const char *pos[TMU_MAX_LANES];
    int npos = 0;
    int rc = tmu_unit_cli_parse(argc, argv, "sample", &o, pos, &npos, TMU_MAX_LANES);
    if (rc != TMU_EXIT_OK)
        return rc;
    if (npos == 0)
        return tmu_cli_usage_error("COORD", "missing: give coordinates such as 0.5,0.5");
    const char *opname = o.op ? o.op : "sample";
    tmu_op_kind kind;
    if (!strcmp(opname, "sample"))
        kind = TMU_OP_SAMPLE;
    else if (!strcmp(opname, "gather"))
        kind = TMU_OP_GATHER;
    else if (!strcmp(opname, "fetch"))
        kind = TMU_OP_FETCH;
    else {
        static const char *const ops[] = {"sample", "gather", "fetch"};
        return tmu_cli_unknown_name("--op", "op", opname, ops, 3);
    }
    /* a fetch takes an integer level: refuse what does not convert to one */
    if (kind == TMU_OP_FETCH && o.lod_mode && (o.lod != floorf(o.lod) || o.lod < 0 || o.lod > 15))
        return tmu_cli_usage_error("--lod", "a fetch takes an integer level in [0, 15], not %g",
                                   (double)o.lod);
    render_tex rt;
    memset(&rt, 0, sizeof rt);
    if ((rc = tmu_unit_cli_texture(&o, &rt)) != TMU_EXIT_OK) {
        free(rt.mem);
        return rc;
    }
    int cube = rt.tex.dim == TMU_DIM_CUBE;
    int want = kind == TMU_OP_FETCH ? 2 : cube ? 3 : 2;
    static float coord[3][TMU_MAX_LANES], lod[TMU_MAX_LANES];
    static int32_t icoord[2][TMU_MAX_LANES], ilod[TMU_MAX_LANES];
    static uint32_t data[4][TMU_MAX_LANES];
    for (int l = 0; l < npos; l++) {
        float v[3] = {0, 0, 0};
        if (parse_coord(pos[l], v) != want) {
            char where[32], echo[TMU_CLI_ECHO_BUF];
            snprintf(where, sizeof where, "coordinate %d", l + 1);
            free(rt.mem);
            return tmu_cli_usage_error(where, "'%s' is not %d comma-separated numbers", tmu_cli_shorten(echo, pos[l]),
                                       want);
        }
        for (int a = 0; a < 3; a++)
            coord[a][l] = v[a];
        for (int a = 0; a < 2; a++) {
            if (kind == TMU_OP_FETCH && !(v[a] == floorf(v[a]) && fabsf(v[a]) <= 1e9f)) {
                char where[32], echo[TMU_CLI_ECHO_BUF];
                snprintf(where, sizeof where, "coordinate %d", l + 1);
                free(rt.mem);
                return tmu_cli_usage_error(where, "'%s': a fetch takes integers within +-1e9",
                                           tmu_cli_shorten(echo, pos[l]));
            }
            icoord[a][l] = kind == TMU_OP_FETCH ? (int32_t)v[a] : 0;
        }
        lod[l] = o.lod;
        ilod[l] = kind == TMU_OP_FETCH ? (int32_t)o.lod : 0; /* checked above: an integer 0..15 */
    }
    tmu_op op;
    memset(&op, 0, sizeof op);
    op.kind = kind;
    op.dim = rt.tex.dim;
    op.level_mode = o.lod_mode ? TMU_LEVEL_LOD : TMU_LEVEL_BASE;
    op.result = TMU_RESULT_F32;
    op.component = (uint8_t)o.comp;
    tmu_wave_in in;
    memset(&in, 0, sizeof in);
    for (int a = 0; a < 3; a++)
        in.coord[a] = coord[a];
    in.icoord[0] = icoord[0], in.icoord[1] = icoord[1];
    in.lod = lod, in.ilod = ilod;
    tmu_wave_out out = {.data = {data[0], data[1], data[2], data[3]}, .resident = NULL};
    tmu_diag d;
    if (tmu_unit_execute(&rt.tex, &o.smp, &op, (uint32_t)npos, NULL, &in, &out, &d) != TMU_OK) {
        free(rt.mem);
        return tmu_cli_error("texture unit", "%s", d.message);
    }
    printf("# %s %s %ux%u, %s, %s filter, simd %s\n", opname, o.pattern, rt.tex.width, rt.tex.height,
           tmu_address_name(o.smp.address[0]), tmu_unit_cli_filter_name(o.smp.mag_filter),
           tmu_unit_simd_name());
    for (int l = 0; l < npos; l++) {
        float v[4];
        for (int c = 0; c < 4; c++)
            memcpy(&v[c], &data[c][l], 4);
        printf("%-20s -> %.6f %.6f %.6f %.6f\n", pos[l], (double)v[0], (double)v[1], (double)v[2], (double)v[3]);
    }
    free(rt.mem);
    return TMU_EXIT_OK;
}
