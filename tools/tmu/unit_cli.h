/* Shared by the texture-unit commands (cmd_render.c, cmd_sample.c): sampler/texture options
 * and the built-in textures.  CLI only. */
#ifndef TMU_UNIT_CLI_H
#define TMU_UNIT_CLI_H

#include "tmu/texture.h"

typedef struct render_opts {
    const char *pattern, *out;
    uint32_t tex_size, width, height;
    float x0, y0, x1, y1; /* coordinate range over the image (normalised, or texel units) */
    tmu_sampler smp;
    int lod_mode; /* 0 implicit (quads), 1 explicit lod */
    float lod;
    int perspective; /* 2D: a ground plane seen in perspective (LOD grows towards the horizon) */
    const char *op;  /* tmu sample: sample, gather, fetch or lod */
    int comp;        /* tmu sample: gather component */
} render_opts;

typedef struct render_tex {
    tmu_texture tex;
    unsigned char *mem;
} render_tex;

/* Parses the options common to `tmu render` and `tmu sample` (see `tmu render --help`) into `o`
 * (defaults first); arguments that are not options (or start with "-<digit>") go to pos[]
 * (at most maxpos).  `cmd` names the command in errors.  Returns an exit code. */
int tmu_unit_cli_parse(int argc, char **argv, const char *cmd, render_opts *o, const char **pos, int *npos,
                       int maxpos);

/* Name of a filter as the options spell it ("nearest", "linear", "cubic"). */
const char *tmu_unit_cli_filter_name(tmu_filter f);

/* Builds the texture the options name (built-in pattern or PNG file) into `rt` (rt->mem is
 * malloc'd; free it).  Returns an exit code, having printed any error. */
int tmu_unit_cli_texture(const render_opts *o, render_tex *rt);

#endif
