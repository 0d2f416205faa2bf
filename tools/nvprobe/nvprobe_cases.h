/* The textures and samplers of the NVIDIA texture-unit probe (tools/nvprobe/nvprobe.cu), shared
 * by the probe, which builds them as CUDA texture objects on a GPU, and by
 * tests/unit/test_unit_nvidia.c, which builds the same ones as tmu textures and samplers and replays
 * the recorded lookups (tests/data/nvidia-*.tsv).  Plain C (the CUDA host compiler reads it as
 * C++).  Texel contents are a pure function of the texture's seed and the texel's position, so the
 * data file holds only the lookups and the GPU's answers. */
#ifndef TMU_NVPROBE_CASES_H
#define TMU_NVPROBE_CASES_H

#include <stdint.h>

/* Texel formats (CUDA channel descriptor; integer formats read as normalised floats). */
typedef enum nvp_format {
    NVP_RGBA8 = 0, /* uchar4, cudaReadModeNormalizedFloat */
    NVP_SRGB8,     /* uchar4, normalised, cudaTextureDesc.sRGB = 1 */
    NVP_SNORM8,    /* char4, normalised */
    NVP_RGBA16,    /* ushort4, normalised */
    NVP_RGBA16F,   /* 4 x 16-bit float */
    NVP_RGBA32F,   /* float4 */
} nvp_format;

/* Texel contents. */
typedef enum nvp_content {
    NVP_RANDOM = 0, /* hash of (seed, level, x, y, z, channel); floats in [0, 1) */
    NVP_RAMP,       /* RGBA32F only: R = x, G = y, B = z (cube: face), A = level, exact integers */
    NVP_PAIRS,      /* 8-bit formats, 2 x 256: texel (0, y) = bytes (0, 127 or 255, 128, y), texel
                       (1, y) = (y, y, y, y) ("127" for SNORM8, "255" otherwise); 16-bit float: texel (0,
                       y) = (0.5, 2^-10, 1.0, h), texel (1, y) = four hashed halves of varied magnitude */
    NVP_LEVELCONST, /* every texel of a level alike: R = level & 1 (0 or the format's 1), G, B, A hashed
                       from (seed, level, channel) */
    NVP_CORNER,     /* RGBA32F: R = x & 1, G = y & 1, B = z & 1 (2D: x & y & 1), A = the product of the
                       axes in seed's bits (1 x, 2 y, 4 z) of their low bits (seed 0: 1) */
    NVP_LEVELCORNER,/* RGBA32F mip chain: on level `seed` R = x & 1, G = y & 1, B = x & y & 1, A = 1
                       (3D: B = z & 1, A = x & y & 1); 0 on the other levels */
} nvp_content;

/* Shapes. */
enum { NVP_2D = 2, NVP_3D = 3, NVP_CUBE = 6 };

typedef struct nvp_texture {
    const char *name;
    int dim;             /* NVP_2D, NVP_3D, NVP_CUBE (faces +X -X +Y -Y +Z -Z) */
    nvp_format format;
    uint32_t width, height, depth; /* cube: width = height, depth 6 (faces) */
    uint32_t levels;     /* > 1: a CUDA mipmapped array, sampled with .level / .grad only */
    nvp_content content;
    uint32_t seed;
} nvp_texture;

/* CUDA address modes (cudaTextureAddressMode values). */
enum { NVP_WRAP = 0, NVP_CLAMP = 1, NVP_MIRROR = 2, NVP_BORDER = 3 };

typedef struct nvp_sampler {
    const char *name;
    int texture;     /* index into nvp_textures */
    int linear;      /* filterMode: 0 point, 1 linear */
    int mip_linear;  /* mipmapFilterMode (mipmapped textures): 0 point, 1 linear */
    int address;     /* NVP_WRAP ... for every axis */
    int normalized;  /* normalizedCoords */
    int seamless;    /* seamlessCubemap */
    int border;      /* index into nvp_borders (NVP_BORDER samplers) */
} nvp_sampler;

/* Border colours of NVP_BORDER samplers: 0 the first run's; the others probe the conversion of a
 * border colour to each format (halfway points between 8-bit steps, values near them, out of range). */
static const float nvp_borders[][4] = {
    {0.25f, 0.5f, 0.75f, 1.0f},
    {0.5f / 255.0f, 1.5f / 255.0f, 2.5f / 255.0f, 3.5f / 255.0f},
    {126.5f / 255.0f, 127.5f / 255.0f, 128.5f / 255.0f, 254.5f / 255.0f},
    {0.1f, 0.2f, 0.3f, 0.4f},
    {0.6f, 0.7f, 0.8f, 0.9f},
    {0.333333343f, 0.666666687f, 0.00392156886f, 0.996078432f},
    {-0.25f, 1.5f, -1.0f, 2.0f},
    {0.501960814f, 0.498039216f, 0.5f, 0.502f},
    {1.0e-5f, 3.0e-3f, 0.123456789f, 65504.0f},
    {0.00196078443f, 0.00588235306f, 0.01f, 0.0196078438f},
};
#define NVP_BORDERS ((int)(sizeof nvp_borders / sizeof nvp_borders[0]))

static const nvp_texture nvp_textures[] = {
    /* 0 */ {"ramp_4096x4", NVP_2D, NVP_RGBA32F, 4096, 4, 1, 1, NVP_RAMP, 0},
    /* 1 */ {"ramp_3x5", NVP_2D, NVP_RGBA32F, 3, 5, 1, 1, NVP_RAMP, 0},
    /* 2 */ {"ramp_1000x7", NVP_2D, NVP_RGBA32F, 1000, 7, 1, 1, NVP_RAMP, 0},
    /* 3 */ {"rgba8_16", NVP_2D, NVP_RGBA8, 16, 16, 1, 1, NVP_RANDOM, 11},
    /* 4 */ {"srgb8_16", NVP_2D, NVP_SRGB8, 16, 16, 1, 1, NVP_RANDOM, 12},
    /* 5 */ {"snorm8_16", NVP_2D, NVP_SNORM8, 16, 16, 1, 1, NVP_RANDOM, 13},
    /* 6 */ {"rgba16_16", NVP_2D, NVP_RGBA16, 16, 16, 1, 1, NVP_RANDOM, 14},
    /* 7 */ {"rgba16f_16", NVP_2D, NVP_RGBA16F, 16, 16, 1, 1, NVP_RANDOM, 15},
    /* 8 */ {"rgba32f_16", NVP_2D, NVP_RGBA32F, 16, 16, 1, 1, NVP_RANDOM, 16},
    /* 9 */ {"rgba8_5x3", NVP_2D, NVP_RGBA8, 5, 3, 1, 1, NVP_RANDOM, 17},
    /* 10 */ {"ramp_mip_64", NVP_2D, NVP_RGBA32F, 64, 64, 1, 7, NVP_RAMP, 0},
    /* 11 */ {"rgba32f_cube8", NVP_CUBE, NVP_RGBA32F, 8, 8, 6, 1, NVP_RANDOM, 18},
    /* 12 */ {"rgba8_8", NVP_2D, NVP_RGBA8, 8, 8, 1, 1, NVP_RANDOM, 19},
    /* 13 */ {"rgba32f_3d8", NVP_3D, NVP_RGBA32F, 8, 8, 8, 1, NVP_RANDOM, 20},
    /* 14 */ {"ramp_64", NVP_2D, NVP_RGBA32F, 64, 64, 1, 1, NVP_RAMP, 0},
    /* 15 */ {"rgba8_mip_32", NVP_2D, NVP_RGBA8, 32, 32, 1, 6, NVP_RANDOM, 21},
    /* second run */
    /* 16 */ {"srgb8_pairs", NVP_2D, NVP_SRGB8, 2, 256, 1, 1, NVP_PAIRS, 0},
    /* 17 */ {"snorm8_pairs", NVP_2D, NVP_SNORM8, 2, 256, 1, 1, NVP_PAIRS, 0},
    /* 18 */ {"rgba8_pairs", NVP_2D, NVP_RGBA8, 2, 256, 1, 1, NVP_PAIRS, 0},
    /* 19 */ {"rgba16f_pairs", NVP_2D, NVP_RGBA16F, 2, 256, 1, 1, NVP_PAIRS, 22},
    /* 20 */ {"rgba8_4", NVP_2D, NVP_RGBA8, 4, 4, 1, 1, NVP_RANDOM, 23},
    /* 21 */ {"rgba16_4", NVP_2D, NVP_RGBA16, 4, 4, 1, 1, NVP_RANDOM, 24},
    /* 22 */ {"rgba16f_4", NVP_2D, NVP_RGBA16F, 4, 4, 1, 1, NVP_RANDOM, 25},
    /* 23 */ {"rgba32f_4", NVP_2D, NVP_RGBA32F, 4, 4, 1, 1, NVP_RANDOM, 26},
    /* 24 */ {"snorm8_4", NVP_2D, NVP_SNORM8, 4, 4, 1, 1, NVP_RANDOM, 27},
    /* 25 */ {"srgb8_4", NVP_2D, NVP_SRGB8, 4, 4, 1, 1, NVP_RANDOM, 28},
    /* 26 */ {"levelconst_f32", NVP_2D, NVP_RGBA32F, 8, 8, 1, 4, NVP_LEVELCONST, 29},
    /* 27 */ {"levelconst_u8", NVP_2D, NVP_RGBA8, 8, 8, 1, 4, NVP_LEVELCONST, 30},
    /* 28 */ {"levelconst_f16", NVP_2D, NVP_RGBA16F, 8, 8, 1, 4, NVP_LEVELCONST, 31},
    /* 29 */ {"levelcorner0", NVP_2D, NVP_RGBA32F, 4, 4, 1, 3, NVP_LEVELCORNER, 0},
    /* 30 */ {"levelcorner1", NVP_2D, NVP_RGBA32F, 4, 4, 1, 3, NVP_LEVELCORNER, 1},
    /* 31 */ {"corner2d", NVP_2D, NVP_RGBA32F, 2, 2, 1, 1, NVP_CORNER, 0},
    /* 32 */ {"corner3d_xyz", NVP_3D, NVP_RGBA32F, 2, 2, 2, 1, NVP_CORNER, 7},
    /* 33 */ {"corner3d_xy", NVP_3D, NVP_RGBA32F, 2, 2, 2, 1, NVP_CORNER, 3},
    /* 34 */ {"corner3d_xz", NVP_3D, NVP_RGBA32F, 2, 2, 2, 1, NVP_CORNER, 5},
    /* 35 */ {"corner3d_yz", NVP_3D, NVP_RGBA32F, 2, 2, 2, 1, NVP_CORNER, 6},
    /* 36 */ {"ramp_7x9", NVP_2D, NVP_RGBA32F, 7, 9, 1, 1, NVP_RAMP, 0},
    /* fourth run: 2 x 512 random texels, so unnormalised coordinates pick any pair of texels
       (x blends) or 2 x 2 block (rows 2j, 2j + 1) with any weights */
    /* 37 */ {"snorm8_2x512", NVP_2D, NVP_SNORM8, 2, 512, 1, 1, NVP_RANDOM, 40},
    /* 38 */ {"srgb8_2x512", NVP_2D, NVP_SRGB8, 2, 512, 1, 1, NVP_RANDOM, 41},
    /* mip chains whose A is the level (lambda to 1/256 through mip LINEAR): 3D, cube, and 2D of
       sizes that are no powers of two */
    /* 39 */ {"ramp_mip_3d32", NVP_3D, NVP_RGBA32F, 32, 32, 32, 6, NVP_RAMP, 0},
    /* 40 */ {"ramp_mip_cube32", NVP_CUBE, NVP_RGBA32F, 32, 32, 6, 6, NVP_RAMP, 0},
    /* 41 */ {"ramp_mip_48x40", NVP_2D, NVP_RGBA32F, 48, 40, 1, 6, NVP_RAMP, 0},
    /* 3D mip chains with corner patterns on one level (the weights of a level's share) */
    /* 42 */ {"levelcorner3d0", NVP_3D, NVP_RGBA32F, 8, 8, 8, 3, NVP_LEVELCORNER, 0},
    /* 43 */ {"levelcorner3d1", NVP_3D, NVP_RGBA32F, 8, 8, 8, 3, NVP_LEVELCORNER, 1},
};

static const nvp_sampler nvp_samplers[] = {
    /* 0 */ {"ramp_4096_lin_unnorm", 0, 1, 0, NVP_CLAMP, 0, 0, 0},
    /* 1 */ {"ramp_4096_lin_norm", 0, 1, 0, NVP_CLAMP, 1, 0, 0},
    /* 2 */ {"ramp_4096_pt_unnorm", 0, 0, 0, NVP_CLAMP, 0, 0, 0},
    /* 3 */ {"ramp_4096_pt_norm", 0, 0, 0, NVP_CLAMP, 1, 0, 0},
    /* 4 */ {"ramp_3x5_pt_norm", 1, 0, 0, NVP_CLAMP, 1, 0, 0},
    /* 5 */ {"ramp_3x5_lin_norm", 1, 1, 0, NVP_WRAP, 1, 0, 0},
    /* 6 */ {"ramp_1000_pt_norm", 2, 0, 0, NVP_CLAMP, 1, 0, 0},
    /* 7 */ {"ramp_1000_lin_norm", 2, 1, 0, NVP_CLAMP, 1, 0, 0},
    /* 8 */ {"rgba8_lin", 3, 1, 0, NVP_WRAP, 1, 0, 0},
    /* 9 */ {"rgba8_pt", 3, 0, 0, NVP_WRAP, 1, 0, 0},
    /* 10 */ {"srgb8_lin", 4, 1, 0, NVP_WRAP, 1, 0, 0},
    /* 11 */ {"srgb8_pt", 4, 0, 0, NVP_WRAP, 1, 0, 0},
    /* 12 */ {"snorm8_lin", 5, 1, 0, NVP_WRAP, 1, 0, 0},
    /* 13 */ {"snorm8_pt", 5, 0, 0, NVP_WRAP, 1, 0, 0},
    /* 14 */ {"rgba16_lin", 6, 1, 0, NVP_WRAP, 1, 0, 0},
    /* 15 */ {"rgba16_pt", 6, 0, 0, NVP_WRAP, 1, 0, 0},
    /* 16 */ {"rgba16f_lin", 7, 1, 0, NVP_WRAP, 1, 0, 0},
    /* 17 */ {"rgba16f_pt", 7, 0, 0, NVP_WRAP, 1, 0, 0},
    /* 18 */ {"rgba32f_lin", 8, 1, 0, NVP_WRAP, 1, 0, 0},
    /* 19 */ {"rgba32f_pt", 8, 0, 0, NVP_WRAP, 1, 0, 0},
    /* 20 */ {"addr_wrap_lin", 9, 1, 0, NVP_WRAP, 1, 0, 0},
    /* 21 */ {"addr_clamp_lin", 9, 1, 0, NVP_CLAMP, 1, 0, 0},
    /* 22 */ {"addr_mirror_lin", 9, 1, 0, NVP_MIRROR, 1, 0, 0},
    /* 23 */ {"addr_border_lin", 9, 1, 0, NVP_BORDER, 1, 0, 0},
    /* 24 */ {"addr_wrap_pt", 9, 0, 0, NVP_WRAP, 1, 0, 0},
    /* 25 */ {"addr_mirror_pt", 9, 0, 0, NVP_MIRROR, 1, 0, 0},
    /* 26 */ {"addr_border_pt", 9, 0, 0, NVP_BORDER, 1, 0, 0},
    /* 27 */ {"mip_lin_lin", 10, 1, 1, NVP_WRAP, 1, 0, 0},
    /* 28 */ {"mip_lin_pt", 10, 1, 0, NVP_WRAP, 1, 0, 0},
    /* 29 */ {"cube_lin_seamless", 11, 1, 0, NVP_CLAMP, 1, 1, 0},
    /* 30 */ {"cube_lin_seamed", 11, 1, 0, NVP_CLAMP, 1, 0, 0},
    /* 31 */ {"cube_pt", 11, 0, 0, NVP_CLAMP, 1, 1, 0},
    /* 32 */ {"gather_rgba8", 12, 1, 0, NVP_WRAP, 1, 0, 0},
    /* 33 */ {"gather_rgba32f", 8, 1, 0, NVP_WRAP, 1, 0, 0},
    /* 34 */ {"tex3d_lin", 13, 1, 0, NVP_WRAP, 1, 0, 0},
    /* 35 */ {"ramp_64_lin_unnorm", 14, 1, 0, NVP_CLAMP, 0, 0, 0},
    /* 36 */ {"ramp_64_lin_wrap", 14, 1, 0, NVP_WRAP, 1, 0, 0},
    /* 37 */ {"rgba8_mip_lin_lin", 15, 1, 1, NVP_WRAP, 1, 0, 0},
    /* 38 */ {"rgba8_pt_norm_boundary", 12, 0, 0, NVP_WRAP, 1, 0, 0},
    /* second run */
    /* 39 */ {"srgb8_pairs_lin", 16, 1, 0, NVP_CLAMP, 0, 0, 0},
    /* 40 */ {"srgb8_pairs_pt", 16, 0, 0, NVP_CLAMP, 0, 0, 0},
    /* 41 */ {"snorm8_pairs_lin", 17, 1, 0, NVP_CLAMP, 0, 0, 0},
    /* 42 */ {"snorm8_pairs_pt", 17, 0, 0, NVP_CLAMP, 0, 0, 0},
    /* 43 */ {"rgba8_pairs_lin", 18, 1, 0, NVP_CLAMP, 0, 0, 0},
    /* 44 */ {"rgba16f_pairs_lin", 19, 1, 0, NVP_CLAMP, 0, 0, 0},
    /* 45 */ {"rgba16f_pairs_pt", 19, 0, 0, NVP_CLAMP, 0, 0, 0},
    /* 46 */ {"levelconst_f32_tri", 26, 1, 1, NVP_WRAP, 1, 0, 0},
    /* 47 */ {"levelconst_u8_tri", 27, 1, 1, NVP_WRAP, 1, 0, 0},
    /* 48 */ {"levelconst_f16_tri", 28, 1, 1, NVP_WRAP, 1, 0, 0},
    /* 49 */ {"levelcorner0_tri", 29, 1, 1, NVP_WRAP, 1, 0, 0},
    /* 50 */ {"levelcorner1_tri", 30, 1, 1, NVP_WRAP, 1, 0, 0},
    /* 51 */ {"corner2d_lin", 31, 1, 0, NVP_CLAMP, 0, 0, 0},
    /* 52 */ {"corner3d_xyz_lin", 32, 1, 0, NVP_CLAMP, 0, 0, 0},
    /* 53 */ {"corner3d_xy_lin", 33, 1, 0, NVP_CLAMP, 0, 0, 0},
    /* 54 */ {"corner3d_xz_lin", 34, 1, 0, NVP_CLAMP, 0, 0, 0},
    /* 55 */ {"corner3d_yz_lin", 35, 1, 0, NVP_CLAMP, 0, 0, 0},
    /* 56 */ {"ramp_7x9_pt_norm", 36, 0, 0, NVP_CLAMP, 1, 0, 0},
    /* 57 */ {"ramp_7x9_lin_norm", 36, 1, 0, NVP_CLAMP, 1, 0, 0},
    /* 58 */ {"border2_rgba8_lin", 20, 1, 0, NVP_BORDER, 1, 0, 2},
    /* 59 */ {"border7_rgba8_lin", 20, 1, 0, NVP_BORDER, 1, 0, 7},
    /* 60 */ {"border1_rgba8_pt", 20, 0, 0, NVP_BORDER, 1, 0, 1},
    /* 61 */ {"border1_rgba16_pt", 21, 0, 0, NVP_BORDER, 1, 0, 1},
    /* 62 */ {"border1_rgba16f_pt", 22, 0, 0, NVP_BORDER, 1, 0, 1},
    /* 63 */ {"border1_rgba32f_pt", 23, 0, 0, NVP_BORDER, 1, 0, 1},
    /* 64 */ {"border1_snorm8_pt", 24, 0, 0, NVP_BORDER, 1, 0, 1},
    /* 65 */ {"border1_srgb8_pt", 25, 0, 0, NVP_BORDER, 1, 0, 1},
    /* 66 */ {"border2_rgba8_pt", 20, 0, 0, NVP_BORDER, 1, 0, 2},
    /* 67 */ {"border2_rgba16_pt", 21, 0, 0, NVP_BORDER, 1, 0, 2},
    /* 68 */ {"border2_rgba16f_pt", 22, 0, 0, NVP_BORDER, 1, 0, 2},
    /* 69 */ {"border2_rgba32f_pt", 23, 0, 0, NVP_BORDER, 1, 0, 2},
    /* 70 */ {"border2_snorm8_pt", 24, 0, 0, NVP_BORDER, 1, 0, 2},
    /* 71 */ {"border2_srgb8_pt", 25, 0, 0, NVP_BORDER, 1, 0, 2},
    /* 72 */ {"border3_rgba8_pt", 20, 0, 0, NVP_BORDER, 1, 0, 3},
    /* 73 */ {"border3_rgba16_pt", 21, 0, 0, NVP_BORDER, 1, 0, 3},
    /* 74 */ {"border3_rgba16f_pt", 22, 0, 0, NVP_BORDER, 1, 0, 3},
    /* 75 */ {"border3_rgba32f_pt", 23, 0, 0, NVP_BORDER, 1, 0, 3},
    /* 76 */ {"border3_snorm8_pt", 24, 0, 0, NVP_BORDER, 1, 0, 3},
    /* 77 */ {"border3_srgb8_pt", 25, 0, 0, NVP_BORDER, 1, 0, 3},
    /* 78 */ {"border4_rgba8_pt", 20, 0, 0, NVP_BORDER, 1, 0, 4},
    /* 79 */ {"border4_rgba16_pt", 21, 0, 0, NVP_BORDER, 1, 0, 4},
    /* 80 */ {"border4_rgba16f_pt", 22, 0, 0, NVP_BORDER, 1, 0, 4},
    /* 81 */ {"border4_rgba32f_pt", 23, 0, 0, NVP_BORDER, 1, 0, 4},
    /* 82 */ {"border4_snorm8_pt", 24, 0, 0, NVP_BORDER, 1, 0, 4},
    /* 83 */ {"border4_srgb8_pt", 25, 0, 0, NVP_BORDER, 1, 0, 4},
    /* 84 */ {"border5_rgba8_pt", 20, 0, 0, NVP_BORDER, 1, 0, 5},
    /* 85 */ {"border5_rgba16_pt", 21, 0, 0, NVP_BORDER, 1, 0, 5},
    /* 86 */ {"border5_rgba16f_pt", 22, 0, 0, NVP_BORDER, 1, 0, 5},
    /* 87 */ {"border5_rgba32f_pt", 23, 0, 0, NVP_BORDER, 1, 0, 5},
    /* 88 */ {"border5_snorm8_pt", 24, 0, 0, NVP_BORDER, 1, 0, 5},
    /* 89 */ {"border5_srgb8_pt", 25, 0, 0, NVP_BORDER, 1, 0, 5},
    /* 90 */ {"border6_rgba8_pt", 20, 0, 0, NVP_BORDER, 1, 0, 6},
    /* 91 */ {"border6_rgba16_pt", 21, 0, 0, NVP_BORDER, 1, 0, 6},
    /* 92 */ {"border6_rgba16f_pt", 22, 0, 0, NVP_BORDER, 1, 0, 6},
    /* 93 */ {"border6_rgba32f_pt", 23, 0, 0, NVP_BORDER, 1, 0, 6},
    /* 94 */ {"border6_snorm8_pt", 24, 0, 0, NVP_BORDER, 1, 0, 6},
    /* 95 */ {"border6_srgb8_pt", 25, 0, 0, NVP_BORDER, 1, 0, 6},
    /* 96 */ {"border7_rgba8_pt", 20, 0, 0, NVP_BORDER, 1, 0, 7},
    /* 97 */ {"border7_rgba16_pt", 21, 0, 0, NVP_BORDER, 1, 0, 7},
    /* 98 */ {"border7_rgba16f_pt", 22, 0, 0, NVP_BORDER, 1, 0, 7},
    /* 99 */ {"border7_rgba32f_pt", 23, 0, 0, NVP_BORDER, 1, 0, 7},
    /* 100 */ {"border7_snorm8_pt", 24, 0, 0, NVP_BORDER, 1, 0, 7},
    /* 101 */ {"border7_srgb8_pt", 25, 0, 0, NVP_BORDER, 1, 0, 7},
    /* 102 */ {"border8_rgba8_pt", 20, 0, 0, NVP_BORDER, 1, 0, 8},
    /* 103 */ {"border8_rgba16_pt", 21, 0, 0, NVP_BORDER, 1, 0, 8},
    /* 104 */ {"border8_rgba16f_pt", 22, 0, 0, NVP_BORDER, 1, 0, 8},
    /* 105 */ {"border8_rgba32f_pt", 23, 0, 0, NVP_BORDER, 1, 0, 8},
    /* 106 */ {"border8_snorm8_pt", 24, 0, 0, NVP_BORDER, 1, 0, 8},
    /* 107 */ {"border8_srgb8_pt", 25, 0, 0, NVP_BORDER, 1, 0, 8},
    /* 108 */ {"border9_rgba8_pt", 20, 0, 0, NVP_BORDER, 1, 0, 9},
    /* 109 */ {"border9_rgba16_pt", 21, 0, 0, NVP_BORDER, 1, 0, 9},
    /* 110 */ {"border9_rgba16f_pt", 22, 0, 0, NVP_BORDER, 1, 0, 9},
    /* 111 */ {"border9_rgba32f_pt", 23, 0, 0, NVP_BORDER, 1, 0, 9},
    /* 112 */ {"border9_snorm8_pt", 24, 0, 0, NVP_BORDER, 1, 0, 9},
    /* 113 */ {"border9_srgb8_pt", 25, 0, 0, NVP_BORDER, 1, 0, 9},
    /* fourth run */
    /* 114 */ {"snorm8_2x512_lin", 37, 1, 0, NVP_CLAMP, 0, 0, 0},
    /* 115 */ {"srgb8_2x512_lin", 38, 1, 0, NVP_CLAMP, 0, 0, 0},
    /* 116 */ {"mip3d_lin_lin", 39, 1, 1, NVP_WRAP, 1, 0, 0},
    /* 117 */ {"mipcube_lin_lin", 40, 1, 1, NVP_CLAMP, 1, 1, 0},
    /* 118 */ {"mip48x40_lin_lin", 41, 1, 1, NVP_WRAP, 1, 0, 0},
    /* 119 */ {"levelcorner3d0_tri", 42, 1, 1, NVP_WRAP, 1, 0, 0},
    /* 120 */ {"levelcorner3d1_tri", 43, 1, 1, NVP_WRAP, 1, 0, 0},
};

#define NVP_TEXTURES ((int)(sizeof nvp_textures / sizeof nvp_textures[0]))
#define NVP_SAMPLERS ((int)(sizeof nvp_samplers / sizeof nvp_samplers[0]))

/* Bytes per texel. */
static inline uint32_t nvp_texel_bytes(nvp_format f)
{
    return f == NVP_RGBA32F ? 16u : (f == NVP_RGBA16 || f == NVP_RGBA16F) ? 8u : 4u;
}

static inline uint32_t nvp_hash(uint32_t a, uint32_t b)
{
    uint32_t h = a * 0x9E3779B1u ^ (b + 0x7F4A7C15u + (a << 6) + (a >> 2));
    h ^= h >> 16;
    h *= 0x85EBCA6Bu;
    h ^= h >> 13;
    h *= 0xC2B2AE35u;
    h ^= h >> 16;
    return h;
}

/* Level size along an axis. */
static inline uint32_t nvp_level_size(uint32_t size, uint32_t level)
{
    uint32_t s = size >> level;
    return s ? s : 1u;
}

/* Raw bits of channel c of texel (x, y, z) of `level` (z = slice of a 3D texture, face of a cube):
 * the byte, the 16-bit word or the 32-bit float of the channel. */
static inline uint32_t nvp_channel_bits(const nvp_texture *t, uint32_t level, uint32_t x, uint32_t y,
                                        uint32_t z, uint32_t c)
{
    union { float f; uint32_t u; } cv;
    int eight = t->format == NVP_RGBA8 || t->format == NVP_SRGB8 || t->format == NVP_SNORM8;
    uint32_t one = t->format == NVP_RGBA32F ? 0x3F800000u : t->format == NVP_RGBA16F ? 0x3C00u
                   : t->format == NVP_SNORM8 ? 127u : t->format == NVP_RGBA16 ? 0xFFFFu : 255u;
    switch (t->content) {
    case NVP_RAMP:
        cv.f = c == 0 ? (float)x : c == 1 ? (float)y : c == 2 ? (float)z : (float)level;
        return cv.u;
    case NVP_PAIRS:
        if (eight) {
            static const uint32_t first[4] = {0u, 255u, 128u, 0u};
            return x ? y : c == 3 ? y : c == 1 && t->format == NVP_SNORM8 ? 127u : first[c];
        }
        if (x == 0) {
            static const uint32_t first16[3] = {0x3800u, 0x1400u, 0x3C00u};
            return c < 3 ? first16[c] : nvp_hash(t->seed, y) % 0x3C01u;
        } else {
            uint32_t h = nvp_hash(t->seed + 1u, y * 4u + c);
            return ((h % 12u) + 3u) << 10 | ((h >> 8) & 0x3FFu); /* 2^-12 .. 1 */
        }
    case NVP_LEVELCONST: {
        if (c == 0)
            return (level & 1u) ? one : 0u;
        uint32_t h = nvp_hash(t->seed, level * 8u + c);
        if (t->format == NVP_RGBA16F)
            return h % 0x3C01u;
        if (t->format == NVP_RGBA32F) {
            cv.f = (float)(h >> 8) * (1.0f / 16777216.0f);
            return cv.u;
        }
        return h & 0xFFu;
    }
    case NVP_CORNER: {
        uint32_t b[3] = {x & 1u, y & 1u, z & 1u}, v;
        if (c < 2)
            v = b[c];
        else if (c == 2)
            v = t->dim == NVP_3D ? b[2] : b[0] & b[1];
        else {
            v = 1u;
            for (int a = 0; a < 3; a++)
                if (t->seed & (1u << a))
                    v &= b[a];
        }
        return v ? 0x3F800000u : 0u;
    }
    case NVP_LEVELCORNER: {
        if (level != t->seed)
            return 0u;
        uint32_t v = c == 0 ? (x & 1u) : c == 1 ? (y & 1u) : c == 2 ? (x & y & 1u) : 1u;
        if (t->dim == NVP_3D) /* B = z & 1, A = x & y & 1 */
            v = c == 0 ? (x & 1u) : c == 1 ? (y & 1u) : c == 2 ? (z & 1u) : (x & y & 1u);
        return v ? 0x3F800000u : 0u;
    }
    case NVP_RANDOM:
        break;
    }
    uint32_t h = nvp_hash(nvp_hash(nvp_hash(t->seed, level * 8u + c), x * 4096u + y), z);
    switch (t->format) {
    case NVP_RGBA8:
    case NVP_SRGB8:
    case NVP_SNORM8:
        return h & 0xFFu;
    case NVP_RGBA16:
        return h & 0xFFFFu;
    case NVP_RGBA16F:
        return h % 0x3C01u; /* [0, 1.0] */
    case NVP_RGBA32F: {
        cv.f = (float)(h >> 8) * (1.0f / 16777216.0f); /* [0, 1), exact */
        return cv.u;
    }
    }
    return 0;
}

/* Writes texel (x, y, z) of `level` in the CUDA (and tmu) memory layout: R first, little-endian. */
static inline void nvp_write_texel(const nvp_texture *t, uint32_t level, uint32_t x, uint32_t y,
                                   uint32_t z, unsigned char *dst)
{
    uint32_t bytes = nvp_texel_bytes(t->format) / 4u;
    for (uint32_t c = 0; c < 4; c++) {
        uint32_t v = nvp_channel_bits(t, level, x, y, z, c);
        for (uint32_t b = 0; b < bytes; b++)
            dst[c * bytes + b] = (unsigned char)(v >> (8u * b));
    }
}

#endif
