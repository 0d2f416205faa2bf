/* tmu render — a picture in which every pixel is one sample of a texture through a sampler,
 * so wrap modes, filtering, mip selection and cube seams can be seen.
 *   tmu render [--pattern checker|gradient|mips|cube|FILE.png] [options] -o OUT.png
 * The library stays dependency-free; the PNG reading and writing here uses libpng. */
#include "cli.h"
#include "cli_common.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/op.h"
#include "tmu/texture.h"
#include "tmu/unit.h"
#include "unit_cli.h"

#ifdef TMU_HAVE_PNG
#include <png.h>
#endif

#define RENDER_PI 3.14159265358979323846

/* ---- options ------------------------------------------------------------------------ */




static void render_usage(void)
{
    printf("usage: tmu render [OPTIONS] -o OUT.png\n"
           "\n"
           "Writes a PNG in which each pixel is one sample (tmu_unit_execute, 2x2 quads for the\n"
           "implicit LOD) of a built-in or PNG texture over a coordinate range.\n"
           "  --pattern P      checker (default), gradient, mips (each level its own colour),\n"
           "                   cube (labelled faces; the image is a longitude/latitude panorama),\n"
           "                   or a PNG file (RGBA8, mip chain built by 2x2 box filtering)\n"
           "  --tex-size N     size of the built-in texture (default 16; cube faces 64)\n"
           "  --size WxH       output size (default 256x256)\n"
           "  --range X0,Y0,X1,Y1  normalised coordinates across the image (default -0.5,-0.5,1.5,1.5)\n"
           "  --address MODE   repeat, mirrored_repeat, clamp_to_edge, mirror_clamp_to_edge,\n"
           "                   clamp_half_border, mirror_once_half_border, clamp_to_border,\n"
           "                   mirror_once_border (both axes; --address-u / --address-v for one)\n"
           "  --filter F       nearest, linear or cubic (mag and min; default linear)\n"
           "  --aniso N        anisotropic filtering, max anisotropy N (1..16; default 1 = off)\n"
           "  --mip M          none, nearest or linear (default linear)\n"
           "  --lod L          explicit LOD instead of the implicit one\n"
           "  --bias B         sampler LOD bias\n"
           "  --precision P    exact, nvidia or nvidia_trunc (filter weights, docs/texture-unit.md §6.2)\n"
           "  --border R,G,B,A border colour (default 1,0,1,1)\n"
           "  --no-seamless    cube maps: no filtering across faces\n"
           "  --perspective    2D: view the range as a floor receding to the horizon (mip selection)\n"
           "example: tmu render --pattern checker --address mirrored_repeat --filter nearest -o wrap.png\n"
           "         tmu render --pattern mips --perspective --aniso 16 -o floor.png\n");
}

static int parse_floats(const char *text, float *out, int n)
{
    return tmu_cli_parse_floats(text, n, -1e30, 1e30, out);
}

const char *tmu_unit_cli_filter_name(tmu_filter f)
{
    return f == TMU_FILTER_LINEAR ? "linear" : f == TMU_FILTER_CUBIC ? "cubic" : "nearest";
}

static int parse_address(const char *text, tmu_address *out)
{
    const char *names[8];
    for (int i = 0; i < 8; i++) { /* the tmu_address values 0..7 */
        names[i] = tmu_address_name((tmu_address)i);
        if (!strcmp(text, names[i])) {
            *out = (tmu_address)i;
            return 0;
        }
    }
    return tmu_cli_unknown_name("--address", "address mode", text, names, 8);
}

int tmu_unit_cli_parse(int argc, char **argv, const char *cmd, render_opts *o, const char **pos, int *npos,
                       int maxpos)
{
    *npos = 0;
    memset(o, 0, sizeof *o);
    o->pattern = "checker";
    o->width = o->height = 256;
    o->x0 = o->y0 = -0.5f, o->x1 = o->y1 = 1.5f;
    o->smp = tmu_sampler_default();
    o->smp.mip_filter = TMU_MIP_LINEAR;
    o->smp.border_f[0] = 1, o->smp.border_f[1] = 0, o->smp.border_f[2] = 1, o->smp.border_f[3] = 1;
    tmu_cli_seen seen = {{0}, 0};
    int only_positional = 0;
    char echo[TMU_CLI_ECHO_BUF];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        long long n;
        int rc;
        if (!only_positional && !strcmp(a, "--")) { /* the rest are positional */
            only_positional = 1;
            continue;
        }
        if (only_positional || a[0] != '-' || !a[1] || (a[1] >= '0' && a[1] <= '9') || a[1] == '.') {
            if (*npos >= maxpos) {
                char where[32];
                snprintf(where, sizeof where, "argument %d", i);
                if (maxpos)
                    return tmu_cli_usage_error(where, "more than %d coordinates", maxpos);
                return tmu_cli_usage_error(where, "unexpected '%s'", tmu_cli_shorten(echo, a));
            }
            pos[(*npos)++] = a;
            continue;
        }
        if (tmu_cli_is_help(a))
            continue; /* handled by the caller */
        if (v && (rc = tmu_cli_once(&seen, a)) != 0)
            return rc;
        if (!strcmp(a, "--op") || !strcmp(a, "--comp")) {
            if (!v || strcmp(cmd, "sample"))
                return tmu_cli_usage_error(a, "%s", v ? "this option is for 'tmu sample'" : "this option needs a value");
            i++;
            if (!strcmp(a, "--op")) {
                o->op = v;
            } else if ((rc = tmu_cli_opt_int(a, v, 0, 3, &n)) != 0) {
                return rc;
            } else {
                o->comp = (int)n;
            }
            continue;
        }
        if (!strcmp(a, "--no-seamless")) {
            o->smp.seamless_cube = 0;
            continue;
        }
        if (!strcmp(a, "--perspective")) {
            o->perspective = 1;
            continue;
        }
        if (!v)
            return tmu_cli_usage_error(a, "this option needs a value (or is unknown)");
        i++;
        if (!strcmp(a, "-o") || !strcmp(a, "--output")) {
            if (strcmp(cmd, "render"))
                return tmu_cli_usage_error(a, "'tmu %s' prints its results; -o is for 'tmu render'", cmd);
            o->out = v;
        } else if (!strcmp(a, "--pattern")) {
            o->pattern = v;
        } else if (!strcmp(a, "--tex-size")) {
            if ((rc = tmu_cli_opt_int(a, v, 1, 4096, &n)) != 0)
                return rc;
            o->tex_size = (uint32_t)n;
        } else if (!strcmp(a, "--size")) {
            uint32_t wh[3];
            if (tmu_cli_parse_dims(v, 2, 2, 8192, wh, NULL) != 0)
                return tmu_cli_usage_error(a, "'%s' is not WxH with W and H in [1, 8192]", tmu_cli_shorten(echo, v));
            o->width = wh[0], o->height = wh[1];
        } else if (!strcmp(a, "--range")) {
            float r[4];
            if (parse_floats(v, r, 4) != 0)
                return tmu_cli_usage_error(a, "'%s' is not X0,Y0,X1,Y1 (numbers within +-1e30)", tmu_cli_shorten(echo, v));
            o->x0 = r[0], o->y0 = r[1], o->x1 = r[2], o->y1 = r[3];
        } else if (!strcmp(a, "--address") || !strcmp(a, "--address-u") || !strcmp(a, "--address-v")) {
            tmu_address m = TMU_ADDRESS_REPEAT;
            if (parse_address(v, &m) != 0)
                return TMU_EXIT_USAGE;
            if (strcmp(a, "--address-v"))
                o->smp.address[0] = m;
            if (strcmp(a, "--address-u"))
                o->smp.address[1] = o->smp.address[2] = m;
        } else if (!strcmp(a, "--filter")) {
            if (strcmp(v, "nearest") && strcmp(v, "linear") && strcmp(v, "cubic"))
                return tmu_cli_usage_error(a, "is nearest, linear or cubic, not '%s'", tmu_cli_shorten(echo, v));
            o->smp.mag_filter = o->smp.min_filter = !strcmp(v, "linear")  ? TMU_FILTER_LINEAR
                                                    : !strcmp(v, "cubic") ? TMU_FILTER_CUBIC
                                                                          : TMU_FILTER_NEAREST;
        } else if (!strcmp(a, "--aniso")) {
            if ((rc = tmu_cli_opt_int(a, v, 1, TMU_MAX_ANISOTROPY, &n)) != 0)
                return rc;
            o->smp.max_anisotropy = (float)n;
        } else if (!strcmp(a, "--mip")) {
            if (!strcmp(v, "none"))
                o->smp.mip_filter = TMU_MIP_NONE;
            else if (!strcmp(v, "nearest"))
                o->smp.mip_filter = TMU_MIP_NEAREST;
            else if (!strcmp(v, "linear"))
                o->smp.mip_filter = TMU_MIP_LINEAR;
            else
                return tmu_cli_usage_error(a, "is none, nearest or linear, not '%s'", tmu_cli_shorten(echo, v));
        } else if (!strcmp(a, "--lod") || !strcmp(a, "--bias")) {
            float f;
            if ((rc = tmu_cli_opt_float(a, v, -128, 128, &f)) != 0)
                return rc;
            if (!strcmp(a, "--lod"))
                o->lod_mode = 1, o->lod = f;
            else
                o->smp.lod_bias = f;
        } else if (!strcmp(a, "--precision")) {
            if (!strcmp(v, "exact"))
                o->smp.precision = TMU_PRECISION_EXACT;
            else if (!strcmp(v, "nvidia"))
                o->smp.precision = TMU_PRECISION_NVIDIA;
            else if (!strcmp(v, "nvidia_trunc"))
                o->smp.precision = TMU_PRECISION_NVIDIA_TRUNC;
            else
                return tmu_cli_usage_error(a, "is exact, nvidia or nvidia_trunc, not '%s'", tmu_cli_shorten(echo, v));
        } else if (!strcmp(a, "--border")) {
            if (parse_floats(v, o->smp.border_f, 4) != 0)
                return tmu_cli_usage_error(a, "'%s' is not R,G,B,A (numbers within +-1e30)", tmu_cli_shorten(echo, v));
        } else {
            char where[32];
            snprintf(where, sizeof where, "argument %d", i - 1);
            return tmu_cli_usage_error(where, "unknown option '%s'", tmu_cli_shorten(echo, a));
        }
    }
    if (!o->out && !strcmp(cmd, "render"))
        return tmu_cli_usage_error("-o", "missing: give the output file (-o OUT.png, or -o - for stdout)");
    return TMU_EXIT_OK;
}

/* ---- built-in textures (RGBA8, full mip chain, packed) ------------------------------- */



static void put(unsigned char *p, unsigned r, unsigned g, unsigned b)
{
    p[0] = (unsigned char)r, p[1] = (unsigned char)g, p[2] = (unsigned char)b, p[3] = 255;
}

/* 5x7 glyphs for cube face labels: '+', '-', 'X', 'Y', 'Z'. */
static int glyph_bit(char ch, int x, int y)
{
    static const char *const plus[7] = {".....", "..#..", "..#..", "#####", "..#..", "..#..", "....."};
    static const char *const minus[7] = {".....", ".....", ".....", "#####", ".....", ".....", "....."};
    static const char *const gx[7] = {"#...#", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "#...#"};
    static const char *const gy[7] = {"#...#", "#...#", ".#.#.", "..#..", "..#..", "..#..", "..#.."};
    static const char *const gz[7] = {"#####", "....#", "...#.", "..#..", ".#...", "#....", "#####"};
    const char *const *g = ch == '+' ? plus : ch == '-' ? minus : ch == 'X' ? gx : ch == 'Y' ? gy : gz;
    return g[y][x] == '#';
}

int tmu_unit_cli_texture(const render_opts *o, render_tex *rt)
{
    int cube = !strcmp(o->pattern, "cube");
    uint32_t n = o->tex_size ? o->tex_size : cube ? 64 : 16;
    uint32_t w = n, h = n;
    unsigned char *png_pixels = NULL;
    int builtin = cube || !strcmp(o->pattern, "checker") || !strcmp(o->pattern, "gradient") ||
                  !strcmp(o->pattern, "mips");
    if (!builtin) {
#ifdef TMU_HAVE_PNG
        png_image img;
        memset(&img, 0, sizeof img);
        img.version = PNG_IMAGE_VERSION;
        int from_stdin = !strcmp(o->pattern, "-");
        const char *where = from_stdin ? "<stdin>" : o->pattern;
        if (!(from_stdin ? png_image_begin_read_from_stdio(&img, stdin)
                         : png_image_begin_read_from_file(&img, o->pattern)))
            return tmu_cli_error(where, "not a built-in pattern (checker, gradient, mips, cube) "
                                        "and not a readable PNG: %s", img.message);
        img.format = PNG_FORMAT_RGBA;
        /* refuse huge images from their header, before decoding anything */
        if (img.width > TMU_MAX_SIZE || img.height > TMU_MAX_SIZE) {
            png_image_free(&img);
            return tmu_cli_error(where, "image %ux%u is larger than %u", img.width, img.height, TMU_MAX_SIZE);
        }
        if (!from_stdin)
            tmu_cli_note_input(o->pattern);
        if (tmu_cli_check_pixels(where, img.width, img.height) ||
            tmu_cli_check_bytes(where, "decoding the PNG", (uint64_t)PNG_IMAGE_SIZE(img))) {
            png_image_free(&img);
            return TMU_EXIT_FAIL;
        }
        png_pixels = malloc(PNG_IMAGE_SIZE(img));
        if (!png_pixels || !png_image_finish_read(&img, NULL, png_pixels, 0, NULL)) {
            free(png_pixels);
            png_image_free(&img);
            return tmu_cli_error(where, "cannot read PNG: %s", img.message);
        }
        w = img.width, h = img.height;
#else
        return tmu_cli_error("--pattern", "'%s' is not built in, and this tmu has no libpng", o->pattern);
#endif
    }
    uint32_t levels = 1, m = w > h ? w : h;
    while (m > 1)
        m >>= 1, levels++;
    if (levels > TMU_MAX_LEVELS)
        levels = TMU_MAX_LEVELS;
    tmu_dim dim = cube ? TMU_DIM_CUBE : TMU_DIM_2D;
    uint32_t layers = cube ? 6 : 1;
    size_t size = tmu_texture_packed_size(dim, TMU_FORMAT_R8G8B8A8_UNORM, w, h, 1, layers, levels, 1);
    /* named by what decided the size: --tex-size, the PNG, or the built-in pattern's default */
    char where[TMU_CLI_ECHO_BUF + 32];
    if (o->tex_size)
        snprintf(where, sizeof where, "--tex-size");
    else if (!builtin)
        snprintf(where, sizeof where, "%s", !strcmp(o->pattern, "-") ? "<stdin>" : o->pattern);
    else
        snprintf(where, sizeof where, "pattern %s (%ux%u)", o->pattern, w, h);
    if (tmu_cli_reserve(where, "the texture", size)) {
        free(png_pixels);
        return TMU_EXIT_FAIL;
    }
    rt->mem = calloc(1, size ? size : 1);
    tmu_diag d;
    if (!rt->mem || tmu_texture_init_packed(&rt->tex, dim, TMU_FORMAT_R8G8B8A8_UNORM, w, h, 1, layers, levels, 1,
                                            rt->mem, size, &d) != TMU_OK) {
        free(png_pixels);
        return tmu_cli_error("--pattern", "cannot build the texture: %s", rt->mem ? d.message : "out of memory");
    }
    static const unsigned face_rgb[6][3] = {{220, 60, 60}, {110, 30, 30}, {60, 200, 60},
                                            {30, 100, 30}, {70, 90, 230}, {35, 45, 115}};
    static const unsigned mip_rgb[8][3] = {{255, 255, 255}, {255, 60, 60}, {60, 220, 60}, {70, 90, 255},
                                           {255, 220, 40}, {230, 60, 230}, {40, 220, 230}, {128, 128, 128}};
    for (uint32_t layer = 0; layer < layers; layer++)
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++) {
                unsigned char *p = (unsigned char *)tmu_texel_address(&rt->tex, 0, x, y, layer, 0);
                if (png_pixels) {
                    memcpy(p, png_pixels + ((size_t)y * w + x) * 4, 4);
                } else if (cube) {
                    /* face colour, a border line, and the face's label (+X ...) in the middle */
                    static const char *const labels[6] = {"+X", "-X", "+Y", "-Y", "+Z", "-Z"};
                    int edge = x == 0 || y == 0 || x == w - 1 || y == h - 1;
                    int cell = (int)(w / 16 ? w / 16 : 1), gx = (int)x / cell - 3, gy = (int)y / cell - 4;
                    int ink = 0;
                    for (int c = 0; c < 2; c++)
                        if (gx >= c * 6 && gx < c * 6 + 5 && gy >= 0 && gy < 7)
                            ink |= glyph_bit(labels[layer][c], gx - c * 6, gy);
                    const unsigned *rgb = face_rgb[layer];
                    if (ink)
                        put(p, 255, 255, 255);
                    else if (edge)
                        put(p, 0, 0, 0);
                    else
                        put(p, rgb[0], rgb[1], rgb[2]);
                } else if (!strcmp(o->pattern, "gradient")) {
                    put(p, (x * 255) / (w > 1 ? w - 1 : 1), (y * 255) / (h > 1 ? h - 1 : 1),
                        ((x / 4 + y / 4) & 1) ? 160 : 60);
                } else { /* 4x4 checker; the cell at the origin is red so mirroring shows */
                    uint32_t cw = w / 4 ? w / 4 : 1, ch = h / 4 ? h / 4 : 1;
                    int on = ((x / cw + y / ch) & 1) != 0;
                    if (x < cw && y < ch)
                        put(p, 230, 40, 40);
                    else
                        put(p, on ? 240 : 20, on ? 240 : 20, on ? 240 : 40);
                }
            }
    for (uint32_t l = 0; l + 1 < levels; l++)
        for (uint32_t layer = 0; layer < layers; layer++)
            tmu_cli_downsample_rgba8(&rt->tex, l, layer); /* cli_common.h */
    if (!strcmp(o->pattern, "mips")) /* each level its own colour, with a checker on top */
        for (uint32_t l = 0; l < levels; l++)
            for (uint32_t y = 0; y < tmu_level_size(h, l); y++)
                for (uint32_t x = 0; x < tmu_level_size(w, l); x++) {
                    const unsigned *rgb = mip_rgb[l < 8 ? l : 7];
                    unsigned k = ((x + y) & 1) ? 4 : 5;
                    put((unsigned char *)tmu_texel_address(&rt->tex, l, x, y, 0, 0), rgb[0] * k / 5,
                        rgb[1] * k / 5, rgb[2] * k / 5);
                }
    free(png_pixels);
    return TMU_EXIT_OK;
}

/* ---- rendering ------------------------------------------------------------------------ */

#ifdef TMU_HAVE_PNG
/* Coordinates of pixel (x, y): 2D = a point of the range; cube = direction of a longitude /
 * latitude panorama (x -> longitude -pi..pi, y -> latitude pi/2..-pi/2). */
static void pixel_coord(const render_opts *o, int cube, double x, double y, float c[3])
{
    double fx = (x + 0.5) / o->width, fy = (y + 0.5) / o->height;
    if (cube) {
        double lon = (fx * 2.0 - 1.0) * RENDER_PI, lat = (0.5 - fy) * RENDER_PI;
        c[0] = (float)(cos(lat) * sin(lon));
        c[1] = (float)sin(lat);
        c[2] = (float)(cos(lat) * cos(lon));
        return;
    }
    if (o->perspective) { /* floor plane: depth 1/(fy + 0.02): the top row is the far horizon */
        double depth = 1.0 / (fy + 0.02);
        fx = 0.5 + (fx - 0.5) * depth * 0.25;
        fy = depth * 0.1;
    }
    c[0] = (float)(o->x0 + (o->x1 - o->x0) * fx);
    c[1] = (float)(o->y0 + (o->y1 - o->y0) * fy);
    c[2] = 0.0f;
}

static int render(const render_opts *o, const render_tex *rt, unsigned char *rgba)
{
    int cube = rt->tex.dim == TMU_DIM_CUBE;
    tmu_op op;
    memset(&op, 0, sizeof op);
    op.kind = TMU_OP_SAMPLE;
    op.dim = rt->tex.dim;
    op.level_mode = o->lod_mode ? TMU_LEVEL_LOD : TMU_LEVEL_IMPLICIT;
    op.result = TMU_RESULT_F32;
    float coord[3][TMU_MAX_LANES], lod[TMU_MAX_LANES];
    uint32_t data[4][TMU_MAX_LANES], px[TMU_MAX_LANES], py[TMU_MAX_LANES];
    tmu_wave_in in;
    memset(&in, 0, sizeof in);
    for (int a = 0; a < 3; a++)
        in.coord[a] = coord[a];
    in.lod = lod;
    tmu_wave_out out = {.data = {data[0], data[1], data[2], data[3]}, .resident = NULL};
    uint32_t lanes = 0;
    tmu_cli_progress prog;
    tmu_cli_progress_start(&prog, "rendering");
    /* quads: lanes 4k..4k+3 = (x, y), (x+1, y), (x, y+1), (x+1, y+1); pixels past the image
     * edge still give their coordinates (helper lanes) but are not written */
    for (uint32_t qy = 0; qy < o->height; qy += 2)
        for (uint32_t qx = 0; qx < o->width; qx += 2) {
            for (uint32_t k = 0; k < 4; k++) {
                uint32_t x = qx + (k & 1), y = qy + (k >> 1);
                float c[3];
                pixel_coord(o, cube, x, y, c);
                for (int a = 0; a < 3; a++)
                    coord[a][lanes] = c[a];
                lod[lanes] = o->lod;
                px[lanes] = x, py[lanes] = y;
                lanes++;
            }
            int last = qy + 2 >= o->height && qx + 2 >= o->width;
            if (lanes < TMU_MAX_LANES && !last)
                continue;
            tmu_diag d;
            tmu_cli_progress_update(&prog, qy, o->height);
            if (tmu_unit_execute(&rt->tex, &o->smp, &op, lanes, NULL, &in, &out, &d) != TMU_OK) {
                tmu_cli_progress_end(&prog);
                return tmu_cli_error("texture unit", "%s", d.message);
            }
            for (uint32_t l = 0; l < lanes; l++) {
                if (px[l] >= o->width || py[l] >= o->height)
                    continue;
                unsigned char *p = rgba + ((size_t)py[l] * o->width + px[l]) * 4;
                for (int c = 0; c < 4; c++) {
                    float f;
                    memcpy(&f, &data[c][l], 4);
                    f = f != f ? 0.0f : f < 0 ? 0.0f : f > 1 ? 1.0f : f;
                    p[c] = (unsigned char)lrintf(f * 255.0f);
                }
            }
            lanes = 0;
        }
    tmu_cli_progress_end(&prog);
    return TMU_EXIT_OK;
}

#endif /* TMU_HAVE_PNG */

int tmu_cmd_render(int argc, char **argv)
{
    if (argc > 1 && tmu_cli_is_help(argv[1])) {
        render_usage();
        return TMU_EXIT_OK;
    }
    render_opts o;
    const char *pos[1];
    int npos;
    int rc = tmu_unit_cli_parse(argc, argv, "render", &o, pos, &npos, 0);
    if (rc != TMU_EXIT_OK)
        return rc;
#ifndef TMU_HAVE_PNG
    return tmu_cli_error("-o", "this tmu was built without libpng; cannot write '%s'", o.out);
#else
    /* check everything before allocating: the picture's size (tmu --max-pixels, and its bytes
     * with the texture's against tmu --max-bytes), then the texture's */
    if (tmu_cli_check_pixels("--size", o.width, o.height) ||
        tmu_cli_reserve("--size", "the picture", (uint64_t)o.width * o.height * 4))
        return TMU_EXIT_FAIL;
    render_tex rt;
    memset(&rt, 0, sizeof rt);
    if ((rc = tmu_unit_cli_texture(&o, &rt)) != TMU_EXIT_OK) {
        free(rt.mem);
        return rc;
    }
    unsigned char *rgba = calloc((size_t)o.width * o.height, 4);
    if (!rgba) {
        free(rt.mem);
        return tmu_cli_error("--size", "out of memory for a %ux%u image", o.width, o.height);
    }
    rc = render(&o, &rt, rgba);
    if (rc == TMU_EXIT_OK) {
        /* the whole picture is ready: write it through a temporary file (or stdout) */
        tmu_cli_output out;
        const char *inputs[1] = {o.pattern};
        rc = tmu_cli_output_open(&out, o.out, 1, inputs, 1);
        if (rc == TMU_EXIT_OK) {
            png_image img;
            memset(&img, 0, sizeof img);
            img.version = PNG_IMAGE_VERSION;
            img.width = o.width, img.height = o.height;
            img.format = PNG_FORMAT_RGBA;
            int ok = png_image_write_to_stdio(&img, out.f, 0, rgba, 0, NULL) != 0;
            /* the status line (on stderr: never in a PNG written to stdout) */
            snprintf(out.note, sizeof out.note, "%ux%u, %s %s, %s filter, %s mips", o.width, o.height,
                     o.pattern, tmu_dim_name(rt.tex.dim), tmu_unit_cli_filter_name(o.smp.mag_filter),
                     o.smp.mip_filter == TMU_MIP_NONE      ? "no"
                     : o.smp.mip_filter == TMU_MIP_NEAREST ? "nearest"
                                                           : "linear");
            int to_stdout = tmu_cli_output_is_stdout(&out);
            rc = tmu_cli_output_close(&out, ok); /* one message: the stream's error, or libpng's */
            if (!ok && rc == TMU_EXIT_OK)
                rc = tmu_cli_error(o.out, "cannot write PNG: %s", img.message);
            if (ok && rc == TMU_EXIT_OK && to_stdout) /* a file says so in tmu_cli_output_close */
                fprintf(stderr, "tmu: render: wrote <stdout> (%s)\n", out.note);
            else if (!ok)
                rc = TMU_EXIT_FAIL;
        }
    }
    free(rgba);
    free(rt.mem);
    return rc;
#endif
}

/* ---- for `tmu demo` ---------------------------------------------------------------------- */

/* tmu_render_demo (declared in cli.h): a few samples, a gather and one picture for `tmu demo`. */
int tmu_render_demo(FILE *out, const char *png_path)
{
    /* 2x2 RGBA8: red, green / blue, white */
    static const unsigned char px[16] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255};
    tmu_texture tex;
    if (tmu_texture_init_packed(&tex, TMU_DIM_2D, TMU_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 1, 1, 1, px, sizeof px,
                                NULL) != TMU_OK)
        return tmu_cli_error("demo", "cannot build the demo texture");
    tmu_sampler smp = tmu_sampler_default();
    smp.address[0] = smp.address[1] = TMU_ADDRESS_CLAMP_TO_EDGE;
    static const float s[4] = {0.25f, 0.5f, 0.375f, 0.5f}, t[4] = {0.25f, 0.5f, 0.625f, 0.5f};
    uint32_t d[4][4];
    tmu_wave_in in;
    memset(&in, 0, sizeof in);
    in.coord[0] = s, in.coord[1] = t;
    tmu_wave_out o = {.data = {d[0], d[1], d[2], d[3]}, .resident = NULL};
    tmu_op op;
    memset(&op, 0, sizeof op);
    op.kind = TMU_OP_SAMPLE, op.dim = TMU_DIM_2D, op.level_mode = TMU_LEVEL_BASE, op.result = TMU_RESULT_F32;
    fprintf(out, "== texture unit: 2x2 rgba8 (red green / blue white), bilinear, clamp to edge ==\n");
    if (tmu_unit_execute(&tex, &smp, &op, 3, NULL, &in, &o, NULL) != TMU_OK)
        return tmu_cli_error("demo", "sampling failed");
    for (int l = 0; l < 3; l++) {
        float v[4];
        for (int c = 0; c < 4; c++)
            memcpy(&v[c], &d[c][l], 4);
        fprintf(out, "  sample (%.3f, %.3f) -> (%.4f, %.4f, %.4f, %.4f)\n", (double)s[l], (double)t[l], (double)v[0],
                (double)v[1], (double)v[2], (double)v[3]);
    }
    op.kind = TMU_OP_GATHER, op.component = 0;
    if (tmu_unit_execute(&tex, &smp, &op, 4, NULL, &in, &o, NULL) != TMU_OK)
        return tmu_cli_error("demo", "gather failed");
    float g[4];
    for (int c = 0; c < 4; c++)
        memcpy(&g[c], &d[c][3], 4);
    fprintf(out, "  gather R at (0.5, 0.5) -> (%.0f, %.0f, %.0f, %.0f)  [(i0,j1) (i1,j1) (i1,j0) (i0,j0)]\n",
            (double)g[0], (double)g[1], (double)g[2], (double)g[3]);
    if (!png_path)
        return TMU_EXIT_OK;
    char *argv[] = {"render", "--pattern", "checker", "--address", "mirrored_repeat", "--size", "256x256",
                    "-o", (char *)png_path, NULL};
    return tmu_cmd_render(9, argv);
}
