// nvprobe — records what an NVIDIA GPU's texture unit returns for a fixed set of lookups, as the
// ground truth of tmu's NVIDIA precision model (tests/unit/test_unit_nvidia.c replays the file).
//
//   nvcc -O2 -arch=sm_90 -o nvprobe tools/nvprobe/nvprobe.cu && ./nvprobe > tests/data/nvidia-<gpu>.tsv
//   ./nvprobe --list   prints the lookups' inputs without a GPU
//   ./nvprobe --explore N   runs exploration sweep N (1-9) instead of the recorded lookups
//
// Every lookup is one PTX texture instruction (inline assembly on a bindless texture object), so
// the file also checks tmu's reading of PTX: tex, tex.level, tex.grad, tld4, and texel offsets given
// in registers.  Textures and samplers come from nvprobe_cases.h; coordinates from a fixed xorshift
// sequence.  Output: a '#' header, then one line per lookup:
//   <sampler> <op> [<comp>] <x> <y> <z> [<lod>] [<dx0> <dx1> <dx2> <dy0> <dy1> <dy2>] [<ox> <oy> <oz>] = <r0> <r1> <r2> <r3>
// op: tex | lvl | grad | tld4 | texo | tld4o; floats and results as 8 hex digits (IEEE bits),
// comp and offsets as decimal integers.
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "nvprobe_cases.h"

enum { OP_TEX = 0, OP_LVL, OP_GRAD, OP_TLD4, OP_TEXO, OP_TLD4O, OP_GRAD3, OP_GRADC, OP_LVL3 };
static const char *op_names[] = {"tex", "lvl", "grad", "tld4", "texo", "tld4o", "grad3", "gradc", "lvl3"};

struct Rec {
    int sampler, op, comp, dim;
    float c[3];
    float lod;
    float dx[3], dy[3];
    int off[3];
};

#define CK(x)                                                                                     \
    do {                                                                                          \
        cudaError_t e_ = (x);                                                                     \
        if (e_ != cudaSuccess) {                                                                  \
            fprintf(stderr, "nvprobe: %s:%d: %s: %s\n", __FILE__, __LINE__, #x,                  \
                    cudaGetErrorString(e_));                                                      \
            exit(1);                                                                              \
        }                                                                                         \
    } while (0)

// Like CK, but gives up on one texture object only (its lookups are left out of the output).
#define CKO(x)                                                                                    \
    do {                                                                                          \
        cudaError_t e_ = (x);                                                                     \
        if (e_ != cudaSuccess) {                                                                  \
            printf("# sampler %d (%s): %s: %s\n", s, sp->name, #x, cudaGetErrorString(e_));       \
            cudaGetLastError();                                                                   \
            return 0;                                                                             \
        }                                                                                         \
    } while (0)

#define OUT4 "=f"(r.x), "=f"(r.y), "=f"(r.z), "=f"(r.w)

template <int COMP> __device__ float4 tld4(cudaTextureObject_t t, float x, float y)
{
    float4 r;
    if (COMP == 0)
        asm volatile("tld4.r.2d.v4.f32.f32 {%0,%1,%2,%3}, [%4, {%5,%6}];" : OUT4 : "l"(t), "f"(x), "f"(y));
    else if (COMP == 1)
        asm volatile("tld4.g.2d.v4.f32.f32 {%0,%1,%2,%3}, [%4, {%5,%6}];" : OUT4 : "l"(t), "f"(x), "f"(y));
    else if (COMP == 2)
        asm volatile("tld4.b.2d.v4.f32.f32 {%0,%1,%2,%3}, [%4, {%5,%6}];" : OUT4 : "l"(t), "f"(x), "f"(y));
    else
        asm volatile("tld4.a.2d.v4.f32.f32 {%0,%1,%2,%3}, [%4, {%5,%6}];" : OUT4 : "l"(t), "f"(x), "f"(y));
    return r;
}

template <int COMP> __device__ float4 tld4o(cudaTextureObject_t t, float x, float y, int ox, int oy)
{
    float4 r;
    if (COMP == 0)
        asm volatile("tld4.r.2d.v4.f32.f32 {%0,%1,%2,%3}, [%4, {%5,%6}], {%7,%8};"
                     : OUT4 : "l"(t), "f"(x), "f"(y), "r"(ox), "r"(oy));
    else if (COMP == 1)
        asm volatile("tld4.g.2d.v4.f32.f32 {%0,%1,%2,%3}, [%4, {%5,%6}], {%7,%8};"
                     : OUT4 : "l"(t), "f"(x), "f"(y), "r"(ox), "r"(oy));
    else if (COMP == 2)
        asm volatile("tld4.b.2d.v4.f32.f32 {%0,%1,%2,%3}, [%4, {%5,%6}], {%7,%8};"
                     : OUT4 : "l"(t), "f"(x), "f"(y), "r"(ox), "r"(oy));
    else
        asm volatile("tld4.a.2d.v4.f32.f32 {%0,%1,%2,%3}, [%4, {%5,%6}], {%7,%8};"
                     : OUT4 : "l"(t), "f"(x), "f"(y), "r"(ox), "r"(oy));
    return r;
}

__global__ void probe(cudaTextureObject_t t, const Rec *recs, float4 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    Rec q = recs[i];
    float4 r = make_float4(0, 0, 0, 0);
    switch (q.op) {
    case OP_TEX:
        if (q.dim == NVP_2D)
            asm volatile("tex.2d.v4.f32.f32 {%0,%1,%2,%3}, [%4, {%5,%6}];"
                         : OUT4 : "l"(t), "f"(q.c[0]), "f"(q.c[1]));
        else if (q.dim == NVP_3D)
            asm volatile("tex.3d.v4.f32.f32 {%0,%1,%2,%3}, [%4, {%5,%6,%7,%8}];"
                         : OUT4 : "l"(t), "f"(q.c[0]), "f"(q.c[1]), "f"(q.c[2]), "f"(0.0f));
        else
            asm volatile("tex.cube.v4.f32.f32 {%0,%1,%2,%3}, [%4, {%5,%6,%7,%8}];"
                         : OUT4 : "l"(t), "f"(q.c[0]), "f"(q.c[1]), "f"(q.c[2]), "f"(0.0f));
        break;
    case OP_LVL:
        asm volatile("tex.level.2d.v4.f32.f32 {%0,%1,%2,%3}, [%4, {%5,%6}], %7;"
                     : OUT4 : "l"(t), "f"(q.c[0]), "f"(q.c[1]), "f"(q.lod));
        break;
    case OP_GRAD:
        asm volatile("tex.grad.2d.v4.f32.f32 {%0,%1,%2,%3}, [%4, {%5,%6}], {%7,%8}, {%9,%10};"
                     : OUT4 : "l"(t), "f"(q.c[0]), "f"(q.c[1]), "f"(q.dx[0]), "f"(q.dx[1]),
                       "f"(q.dy[0]), "f"(q.dy[1]));
        break;
    case OP_LVL3:
        asm volatile("tex.level.3d.v4.f32.f32 {%0,%1,%2,%3}, [%4, {%5,%6,%7,%8}], %9;"
                     : OUT4 : "l"(t), "f"(q.c[0]), "f"(q.c[1]), "f"(q.c[2]), "f"(0.0f), "f"(q.lod));
        break;
    case OP_GRAD3:
        asm volatile("tex.grad.3d.v4.f32.f32 {%0,%1,%2,%3}, [%4, {%5,%6,%7,%8}], {%9,%10,%11,%12}, {%13,%14,%15,%16};"
                     : OUT4 : "l"(t), "f"(q.c[0]), "f"(q.c[1]), "f"(q.c[2]), "f"(0.0f), "f"(q.dx[0]), "f"(q.dx[1]),
                       "f"(q.dx[2]), "f"(0.0f), "f"(q.dy[0]), "f"(q.dy[1]), "f"(q.dy[2]), "f"(0.0f));
        break;
    case OP_GRADC:
        asm volatile("tex.grad.cube.v4.f32.f32 {%0,%1,%2,%3}, [%4, {%5,%6,%7,%8}], {%9,%10,%11,%12}, {%13,%14,%15,%16};"
                     : OUT4 : "l"(t), "f"(q.c[0]), "f"(q.c[1]), "f"(q.c[2]), "f"(0.0f), "f"(q.dx[0]), "f"(q.dx[1]),
                       "f"(q.dx[2]), "f"(0.0f), "f"(q.dy[0]), "f"(q.dy[1]), "f"(q.dy[2]), "f"(0.0f));
        break;
    case OP_TLD4:
        r = q.comp == 0 ? tld4<0>(t, q.c[0], q.c[1])
            : q.comp == 1 ? tld4<1>(t, q.c[0], q.c[1])
            : q.comp == 2 ? tld4<2>(t, q.c[0], q.c[1])
                          : tld4<3>(t, q.c[0], q.c[1]);
        break;
    case OP_TEXO:
        asm volatile("tex.2d.v4.f32.f32 {%0,%1,%2,%3}, [%4, {%5,%6}], {%7,%8};"
                     : OUT4 : "l"(t), "f"(q.c[0]), "f"(q.c[1]), "r"(q.off[0]), "r"(q.off[1]));
        break;
    case OP_TLD4O:
        r = q.comp == 0 ? tld4o<0>(t, q.c[0], q.c[1], q.off[0], q.off[1])
            : q.comp == 1 ? tld4o<1>(t, q.c[0], q.c[1], q.off[0], q.off[1])
            : q.comp == 2 ? tld4o<2>(t, q.c[0], q.c[1], q.off[0], q.off[1])
                          : tld4o<3>(t, q.c[0], q.c[1], q.off[0], q.off[1]);
        break;
    }
    out[i] = r;
}

// ---------------------------------------------------------------------------------------------
// Coordinates

static uint64_t rng_state = 0x243F6A8885A308D3ull;
static uint32_t rnd()
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}
static float frand(float lo, float hi) { return lo + (hi - lo) * (float)(rnd() >> 8) * (1.0f / 16777216.0f); }
static int irand(int lo, int hi) { return lo + (int)(rnd() % (uint32_t)(hi - lo + 1)); }
static float ulps(float v, int d) // v moved by d units in the last place
{
    for (; d > 0; d--)
        v = nextafterf(v, INFINITY);
    for (; d < 0; d++)
        v = nextafterf(v, -INFINITY);
    return v;
}

static std::vector<Rec> recs;

static Rec base(int sampler, int op)
{
    Rec q;
    memset(&q, 0, sizeof q);
    q.sampler = sampler;
    q.op = op;
    q.dim = nvp_textures[nvp_samplers[sampler].texture].dim;
    return q;
}
static void tex2(int s, float x, float y)
{
    Rec q = base(s, OP_TEX);
    q.c[0] = x;
    q.c[1] = y;
    recs.push_back(q);
}

static void tld4(int s, int comp, float x, float y)
{
    Rec q = base(s, OP_TLD4);
    q.comp = comp;
    q.c[0] = x;
    q.c[1] = y;
    recs.push_back(q);
}

// A tex.grad lookup on the 64x64 ramp mip chain (sampler 27): its A is the level blend, so it
// reads back lambda to 1/256.
static void grad(float x0, float x1, float y0, float y1)
{
    Rec q = base(27, OP_GRAD);
    q.c[0] = 0.5f + 1.0f / 128.0f;
    q.c[1] = 0.5f + 1.0f / 128.0f;
    q.dx[0] = x0, q.dx[1] = x1, q.dy[0] = y0, q.dy[1] = y1;
    recs.push_back(q);
}

// A gradient of random direction and a length of 2^[-1, 5] texels of the 64-texel level 0.
static void rand_vec(float *v)
{
    float th = frand(0.0f, 6.28318531f), a = exp2f(frand(-1.0f, 5.0f)) / 64.0f;
    v[0] = a * cosf(th);
    v[1] = a * sinf(th);
}

// Blends on the 2 x 512 textures (samplers 114, 115; unnormalised): x between texels 0 and 1 of
// row y at a / 256, y between rows 2j and 2j + 1 at b / 256 (b < 0: no y blend, row j).
static void blend(int s, int a, int row, int b)
{
    if (b < 0)
        tex2(s, 0.5f + (float)a / 256.0f, (float)row + 0.5f);
    else
        tex2(s, 0.5f + (float)a / 256.0f, (float)(2 * row) + 0.5f + (float)b / 256.0f);
}

static void gen_all()
{
    // 1. Weight quantisation, unnormalised: x sweeps one texel in 1/4096 steps (R = x0 + alpha),
    //    y sweeps one texel in 1/64 steps (G = y0 + beta).
    for (int k = 0; k < 4096; k++)
        tex2(0, 10.0f + (float)k / 4096.0f, 1.5f + (float)(k % 64) / 64.0f);
    for (int k = 0; k < 512; k++) // far from the origin
        tex2(0, 3000.0f + (float)k / 512.0f, 2.0f + (float)k / 1024.0f);
    // 2. Normalised coordinates on a 4096-wide texture (the s * width conversion).
    for (int k = 0; k < 1536; k++)
        tex2(1, frand(0.0f, 1.0f), frand(0.0f, 1.0f));
    // 3. Nearest, unnormalised, around texel boundaries and at fine fractions.
    {
        const float xs[] = {1.0f, 7.0f, 100.0f, 2047.0f, 4095.0f};
        for (float x : xs)
            for (int d = -4; d <= 4; d++)
                tex2(2, ulps(x, d), ulps(2.0f, d));
        for (int k = 0; k < 256; k++)
            tex2(2, (float)irand(0, 4095) + (float)irand(0, 65535) / 65536.0f, 1.0f + (float)irand(0, 65535) / 65536.0f);
    }
    // 4. Nearest, normalised, around i / width.
    for (int k = 0; k < 48; k++) {
        int i = irand(1, 4095);
        for (int d = -4; d <= 4; d++)
            tex2(3, ulps((float)i / 4096.0f, d), 0.5f);
    }
    for (int i = 0; i <= 3; i++)
        for (int d = -4; d <= 4; d++)
            tex2(4, ulps((float)i / 3.0f, d), ulps((float)(i + 1) / 5.0f, d));
    for (int k = 0; k < 256; k++)
        tex2(4, frand(0.0f, 1.0f), frand(0.0f, 1.0f));
    for (int k = 0; k < 48; k++) {
        int i = irand(1, 999);
        for (int d = -4; d <= 4; d++)
            tex2(6, ulps((float)i / 1000.0f, d), ulps((float)(k % 7) / 7.0f, d));
    }
    // 5. Linear, normalised, odd sizes.
    for (int k = 0; k < 512; k++)
        tex2(5, frand(-2.0f, 3.0f), frand(-2.0f, 3.0f));
    for (int k = 0; k < 768; k++)
        tex2(7, frand(0.0f, 1.0f), frand(0.0f, 1.0f));
    // 6. Formats: filtered and point-sampled.
    for (int s = 8; s <= 18; s += 2) {
        for (int k = 0; k < 768; k++)
            tex2(s, frand(-1.0f, 2.0f), frand(-1.0f, 2.0f));
        for (int k = 0; k < 128; k++)
            tex2(s + 1, frand(-1.0f, 2.0f), frand(-1.0f, 2.0f));
    }
    // 7. Address modes.
    for (int s = 20; s <= 23; s++)
        for (int k = 0; k < 384; k++)
            tex2(s, frand(-2.5f, 2.5f), frand(-2.5f, 2.5f));
    for (int s = 24; s <= 26; s++)
        for (int k = 0; k < 192; k++)
            tex2(s, frand(-2.5f, 2.5f), frand(-2.5f, 2.5f));
    // 8. Mip levels: explicit LOD sweep (A = level: mip-linear shows the level fraction), mip
    //    point, and gradients.
    for (int k = 0; k <= 2176; k++) {
        Rec q = base(27, OP_LVL);
        q.c[0] = frand(0.0f, 1.0f);
        q.c[1] = frand(0.0f, 1.0f);
        q.lod = -1.0f + (float)k / 256.0f;
        recs.push_back(q);
    }
    for (int k = 0; k <= 544; k++) {
        Rec q = base(28, OP_LVL);
        q.c[0] = frand(0.0f, 1.0f);
        q.c[1] = frand(0.0f, 1.0f);
        q.lod = -1.0f + (float)k / 64.0f;
        recs.push_back(q);
    }
    for (int s : {27, 37})
        for (int k = 0; k < 768; k++) {
            Rec q = base(s, OP_GRAD);
            q.c[0] = frand(-1.0f, 2.0f);
            q.c[1] = frand(-1.0f, 2.0f);
            for (int a = 0; a < 2; a++) {
                q.dx[a] = ldexpf(frand(0.5f, 1.0f), irand(-10, 1)) * (rnd() & 1 ? -1.0f : 1.0f);
                q.dy[a] = ldexpf(frand(0.5f, 1.0f), irand(-10, 1)) * (rnd() & 1 ? -1.0f : 1.0f);
                if ((k & 7) == 0)
                    q.dx[a] = 0.0f; // axis-aligned footprints
            }
            recs.push_back(q);
        }
    for (int k = 0; k < 512; k++) {
        Rec q = base(37, OP_LVL);
        q.c[0] = frand(-1.0f, 2.0f);
        q.c[1] = frand(-1.0f, 2.0f);
        q.lod = frand(-0.5f, 5.5f);
        recs.push_back(q);
    }
    // 9. Cube maps: random directions, directions near edges and corners, face ties.
    for (int s : {29, 30}) {
        for (int k = 0; k < 768; k++) {
            Rec q = base(s, OP_TEX);
            q.c[0] = frand(-1.0f, 1.0f);
            q.c[1] = frand(-1.0f, 1.0f);
            q.c[2] = frand(-1.0f, 1.0f);
            recs.push_back(q);
        }
        for (int k = 0; k < 512; k++) {
            Rec q = base(s, OP_TEX);
            int major = irand(0, 2);
            q.c[major] = rnd() & 1 ? 1.0f : -1.0f;
            for (int a = 0; a < 3; a++)
                if (a != major) {
                    float m = frand(0.875f, 1.0f); // within the outer half texel (8 texels)
                    q.c[a] = (rnd() & 3) == 0 ? frand(-1.0f, 1.0f) : (rnd() & 1 ? m : -m);
                }
            recs.push_back(q);
        }
    }
    {
        const float v[] = {-1.0f, -0.5f, 0.0f, 0.5f, 1.0f};
        for (float x : v)
            for (float y : v)
                for (float z : v) {
                    if (x == 0 && y == 0 && z == 0)
                        continue;
                    Rec q = base(31, OP_TEX);
                    q.c[0] = x;
                    q.c[1] = y;
                    q.c[2] = z;
                    recs.push_back(q);
                }
        for (int k = 0; k < 384; k++) {
            Rec q = base(31, OP_TEX);
            q.c[0] = frand(-1.0f, 1.0f);
            q.c[1] = frand(-1.0f, 1.0f);
            q.c[2] = frand(-1.0f, 1.0f);
            recs.push_back(q);
        }
    }
    // 10. Gather: every component, random coordinates, texel corners and centres; offsets.
    for (int comp = 0; comp < 4; comp++) {
        for (int k = 0; k < 192; k++) {
            float x = frand(-1.0f, 2.0f), y = frand(-1.0f, 2.0f);
            tld4(32, comp, x, y);
        }
        for (int k = 0; k < 64; k++)
            tld4(32, comp, ((float)(k % 8) + ((k & 8) ? 0.5f : 0.0f)) / 8.0f,
                 ((float)(k / 8 % 8) + ((k & 16) ? 0.5f : 0.0f)) / 8.0f);
        for (int k = 0; k < 96; k++) {
            float x = frand(-1.0f, 2.0f), y = frand(-1.0f, 2.0f);
            tld4(33, comp, x, y);
        }
    }
    for (int k = 0; k < 512; k++) {
        Rec q = base(32, OP_TLD4O);
        q.comp = k & 3;
        q.c[0] = frand(-1.0f, 2.0f);
        q.c[1] = frand(-1.0f, 2.0f);
        q.off[0] = irand(-40, 40);
        q.off[1] = irand(-40, 40);
        recs.push_back(q);
    }
    // 11. Texel offsets on tex (registers; in and beyond -8..7).
    for (int s : {36, 35, 9})
        for (int k = 0; k < 384; k++) {
            Rec q = base(s, OP_TEXO);
            const nvp_sampler *sp = &nvp_samplers[s];
            q.c[0] = sp->normalized ? frand(-1.0f, 2.0f) : frand(-4.0f, 68.0f);
            q.c[1] = sp->normalized ? frand(-1.0f, 2.0f) : frand(-4.0f, 68.0f);
            q.off[0] = irand(-20, 20);
            q.off[1] = irand(-20, 20);
            recs.push_back(q);
        }
    // 12. 3D.
    for (int k = 0; k < 768; k++) {
        Rec q = base(34, OP_TEX);
        q.c[0] = frand(-1.0f, 2.0f);
        q.c[1] = frand(-1.0f, 2.0f);
        q.c[2] = frand(-1.0f, 2.0f);
        recs.push_back(q);
    }
    // 13. Nearest, normalised, around i / 8 on an RGBA8 texture.
    for (int i = 0; i <= 8; i++)
        for (int d = -6; d <= 6; d++)
            tex2(38, ulps((float)i / 8.0f, d), ulps((float)((i * 3) % 9) / 8.0f, -d));

    // Second run (appended, so the lookups above keep their coordinates).
    // 14. Decode and 1D blends of every 8-bit value (sRGB, SNORM8) and of 16-bit floats: texel 0
    //     of row y against texel 1 (= y), alpha = A / 256 exactly (unnormalised coordinates).
    for (int s : {39, 41, 44})
        for (int y = 0; y < 256; y++)
            for (int a : {1, 128, 255})
                tex2(s, 0.5f + (float)a / 256.0f, (float)y + 0.5f);
    for (int s : {40, 42, 45})
        for (int y = 0; y < 256; y++)
            for (float x : {0.5f, 1.5f})
                tex2(s, x, (float)y + 0.5f);
    // 15. Border colours: linear blends into the border, and the border alone in every format.
    for (int s : {58, 59})
        for (int k = 0; k < 64; k++)
            tex2(s, -(float)k / 64.0f, (float)(k % 4) / 4.0f + 0.125f);
    for (int s = 60; s <= 113; s++) { // the border samplers
        tex2(s, -0.5f, 0.5f);
        tex2(s, 0.5f, 1.5f);
    }
    // 16. Level blends: constant levels, LOD in 1/1024 steps over [0, 1) and 1/256 over [1, 3).
    for (int s : {46, 47, 48}) {
        for (int k = -16; k < 1024 + 512; k++) {
            Rec q = base(s, OP_LVL);
            q.c[0] = frand(0.0f, 1.0f);
            q.c[1] = frand(0.0f, 1.0f);
            q.lod = k < 1024 ? (float)k / 1024.0f : 1.0f + (float)(k - 1024) / 256.0f;
            recs.push_back(q);
        }
    }
    // 17. Trilinear weights per level: corner patterns on one level, zeros on the others.
    for (int s : {49, 50})
        for (int k = 0; k < 768; k++) {
            Rec q = base(s, OP_LVL);
            q.c[0] = frand(-1.0f, 2.0f);
            q.c[1] = frand(-1.0f, 2.0f);
            q.lod = frand(0.0f, 2.0f);
            recs.push_back(q);
        }
    // 18. Bilinear and 3D weights directly: corner patterns on 2x2 and 2x2x2 textures.
    for (int k = 0; k < 512; k++)
        tex2(51, frand(0.3f, 1.7f), frand(0.3f, 1.7f));
    for (int s = 52; s <= 55; s++)
        for (int k = 0; k < 512; k++) {
            Rec q = base(s, OP_TEX);
            q.c[0] = frand(0.3f, 1.7f);
            q.c[1] = frand(0.3f, 1.7f);
            q.c[2] = frand(0.3f, 1.7f);
            recs.push_back(q);
        }
    // 19. Nearest, normalised: where the texel changes around i / size, +-40 ulps.
    for (int i = 1; i < 7; i++)
        for (int d = -40; d <= 40; d++)
            tex2(56, ulps((float)i / 7.0f, d), 4.5f / 9.0f);
    for (int j = 1; j < 9; j++)
        for (int d = -40; d <= 40; d++)
            tex2(56, 3.5f / 7.0f, ulps((float)j / 9.0f, d));
    for (int i : {1, 3, 500, 999})
        for (int d = -40; d <= 40; d++)
            tex2(6, ulps((float)i / 1000.0f, d), 3.5f / 7.0f);
    for (int i = 1; i < 3; i++)
        for (int d = -40; d <= 40; d++)
            tex2(4, ulps((float)i / 3.0f, d), 2.5f / 5.0f);
    for (int j = 1; j < 5; j++)
        for (int d = -40; d <= 40; d++)
            tex2(4, 1.5f / 3.0f, ulps((float)j / 5.0f, d));
    // 20. Linear, normalised: coordinates around the ties of the 1/256 weight grid.
    for (int k = 0; k < 64; k++) {
        int i = irand(0, 5), m = irand(0, 255);
        float s0 = ((float)i + 0.5f + ((float)m + 0.5f) / 256.0f) / 7.0f;
        for (int d = -3; d <= 3; d++)
            tex2(57, ulps(s0, d), 4.5f / 9.0f);
    }
    // 21. Third run: lambda from gradients on the 64x64 ramp mip chain (A = the level blend).
    //     Isotropic, one-sided, anisotropic, rotated and skewed footprints.
    {
        for (int e = -64; e <= 6 * 64; e += 1) {
            float a = exp2f((float)e / 64.0f) / 64.0f;
            grad(a, 0.0f, 0.0f, a);
            grad(a, 0.0f, 0.0f, 0.0f);
        }
        for (int r = 0; r < 5; r++)
            for (int e = 0; e < 64; e++) {
                const float ratio[5] = {1.5f, 2.0f, 4.0f, 8.0f, 16.0f};
                float a = exp2f((float)(e * 5) / 64.0f) / 64.0f;
                grad(a, 0.0f, 0.0f, a / ratio[r]);
            }
        for (int k = 0; k < 64; k++) {
            float th = (float)k * 3.14159265f / 128.0f, c = cosf(th), sn = sinf(th);
            for (float a : {2.0f / 64.0f, 5.3f / 64.0f})
                grad(a * c, a * sn, -a * sn, a * c);
            float a = 8.0f / 64.0f, b = a / 4.0f;
            grad(a * c, a * sn, -b * sn, b * c);
            grad(a, 0.0f, a * (float)(k - 32) / 16.0f, a);
        }
    }
    // 22. Fourth run: SNORM8 and sRGB filtering of random texels with every weight: 1D blends
    //     along x and along y, and 2D footprints.
    for (int s : {114, 115}) {
        for (int k = 0; k < 768; k++)
            blend(s, irand(0, 256), irand(0, 511), -1);
        for (int k = 0; k < 256; k++)
            tex2(s, (float)irand(0, 1) + 0.5f, (float)(2 * irand(0, 255)) + 0.5f + (float)irand(0, 256) / 256.0f);
        for (int k = 0; k < 768; k++)
            blend(s, irand(0, 256), irand(0, 255), irand(0, 256));
    }
    // 23. Lambda of one gradient (the other 0) by direction and by length, and of two random ones.
    for (int k = 0; k <= 128; k++) {
        float th = (float)k * 1.57079633f / 128.0f;
        for (float a : {2.0f / 64.0f, 5.3f / 64.0f})
            grad(a * cosf(th), a * sinf(th), 0.0f, 0.0f);
    }
    for (int i = 0; i < 512; i++)
        grad(exp2f((float)i / 512.0f) * (2.0f / 64.0f), 0.0f, 0.0f, 0.0f);
    for (int k = 0; k < 512; k++) {
        float dx[2], dy[2];
        rand_vec(dx);
        rand_vec(dy);
        grad(dx[0], dx[1], dy[0], dy[1]);
    }
}

// Exploration sweeps (--explore N), larger than the recorded file; same output format.
static void gen_explore(int part)
{
    switch (part) {
    case 1: // every 1D weight on every row: SNORM8
    case 2: // and sRGB
        for (int row = 0; row < 512; row++)
            for (int a = 0; a <= 256; a++)
                blend(part == 1 ? 114 : 115, a, row, -1);
        break;
    case 3: // 2D footprints, weights in steps of 1/16, both formats
        for (int s : {114, 115})
            for (int row = 0; row < 256; row++)
                for (int b = 0; b <= 256; b += 16)
                    for (int a = 0; a <= 256; a += 16)
                        blend(s, a, row, b);
        break;
    case 4: // lambda: one gradient by direction, by length on each axis, two random gradients
        for (int j = 0; j < 8; j++) {
            float a = exp2f((float)j / 8.0f) * (2.0f / 64.0f);
            for (int k = 0; k <= 2048; k++) {
                float th = (float)k * 1.57079633f / 2048.0f;
                grad(a * cosf(th), a * sinf(th), 0.0f, 0.0f);
            }
        }
        for (int i = 0; i < 4096; i++) {
            float a = exp2f((float)i / 4096.0f) * (2.0f / 64.0f);
            grad(a, 0.0f, 0.0f, 0.0f);
            grad(0.0f, a, 0.0f, 0.0f);
            grad(0.0f, 0.0f, a, 0.0f);
        }
        for (int k = 0; k < 16384; k++) {
            float dx[2], dy[2];
            rand_vec(dx);
            rand_vec(dy);
            grad(dx[0], dx[1], dy[0], dy[1]);
        }
        break;
    case 6: // lambda: inputs that separate the rule from its near variants
    {
#include "explore_lod.inc"
    }
        break;
    case 9: // 3D mip LINEAR: a level's share split over its 8 texels (corner patterns on level 0 or 1)
        for (int s : {119, 120})
            for (int k = 0; k < 4096; k++) {
                Rec q = base(s, OP_LVL3);
                for (int a = 0; a < 3; a++)
                    q.c[a] = frand(-1.0f, 2.0f);
                q.lod = (k & 7) == 0 ? (float)(k >> 3 & 1) : frand(0.0f, 2.0f);
                recs.push_back(q);
            }
        break;
    case 7: // lambda of 3D and cube gradients, and of a mip chain whose sizes are no powers of two
    {
        // a gradient of random direction and a length of 2^[-1, 5] texels of a 32-texel level 0
        auto rv3 = [](float *v) {
            float z = frand(-1.0f, 1.0f), th = frand(0.0f, 6.28318531f), r = sqrtf(1.0f - z * z);
            float a = exp2f(frand(-1.0f, 5.0f)) / 32.0f;
            v[0] = a * r * cosf(th), v[1] = a * r * sinf(th), v[2] = a * z;
        };
        auto g3 = [](int s, int op, const float *c, const float *dx, const float *dy) {
            Rec q = base(s, op);
            for (int a = 0; a < 3; a++)
                q.c[a] = c[a], q.dx[a] = dx[a], q.dy[a] = dy[a];
            recs.push_back(q);
        };
        const float c3[3] = {0.5f + 1.0f / 64.0f, 0.5f + 1.0f / 64.0f, 0.5f + 1.0f / 64.0f};
        const float z3[3] = {0.0f, 0.0f, 0.0f};
        // 3D: one axis by length (each of dx's axes, then dy's), one gradient in each axis plane
        // by direction, one random gradient, two random gradients
        for (int i = 0; i < 1024; i++) {
            float a = exp2f((float)i / 1024.0f) * (2.0f / 32.0f);
            for (int ax = 0; ax < 4; ax++) {
                float v[3] = {0.0f, 0.0f, 0.0f};
                v[ax == 3 ? 0 : ax] = a;
                if (ax == 3)
                    g3(116, OP_GRAD3, c3, z3, v);
                else
                    g3(116, OP_GRAD3, c3, v, z3);
            }
        }
        for (int pl = 0; pl < 3; pl++)
            for (int k = 0; k <= 512; k++) {
                float th = (float)k * 1.57079633f / 512.0f, a = 5.3f / 32.0f, v[3] = {0.0f, 0.0f, 0.0f};
                v[pl] = a * cosf(th), v[(pl + 1) % 3] = a * sinf(th);
                g3(116, OP_GRAD3, c3, v, z3);
            }
        for (int k = 0; k < 4096; k++) {
            float v[3];
            rv3(v);
            g3(116, OP_GRAD3, c3, v, z3);
        }
        for (int k = 0; k < 8192; k++) {
            float v[3], w[3];
            rv3(v);
            rv3(w);
            g3(116, OP_GRAD3, c3, v, w);
        }
        // cube: the centre of +X, one gradient along each axis by length, one gradient in the
        // face's plane by direction; random directions on every face with one and two random
        // gradients (the face's direction and gradients in the same units: 32 texels span 2)
        const float cx[3] = {1.0f, 1.0f / 64.0f, 1.0f / 64.0f};
        for (int i = 0; i < 1024; i++) {
            float a = exp2f((float)i / 1024.0f) * (4.0f / 32.0f);
            for (int ax = 0; ax < 3; ax++) {
                float v[3] = {0.0f, 0.0f, 0.0f};
                v[ax] = a;
                g3(117, OP_GRADC, cx, v, z3);
            }
        }
        for (int k = 0; k <= 512; k++) {
            float th = (float)k * 1.57079633f / 512.0f, a = 10.6f / 32.0f;
            float v[3] = {0.0f, a * cosf(th), a * sinf(th)};
            g3(117, OP_GRADC, cx, v, z3);
        }
        for (int k = 0; k < 8192; k++) {
            float d[3], v[3], w[3];
            int major = irand(0, 2);
            for (int a = 0; a < 3; a++)
                d[a] = a == major ? (rnd() & 1 ? 1.0f : -1.0f) * frand(0.5f, 2.0f) : frand(-0.45f, 0.45f);
            rv3(v);
            rv3(w);
            for (int a = 0; a < 3; a++)
                v[a] *= 2.0f, w[a] *= 2.0f;
            g3(117, OP_GRADC, d, v, (k & 1) ? w : z3);
        }
        // 48 x 40 mip chain: one axis by length, then two random gradients
        for (int i = 0; i < 2048; i++) {
            float a = exp2f((float)i / 2048.0f) * 2.0f;
            Rec q = base(118, OP_GRAD);
            q.c[0] = q.c[1] = 0.5f;
            if (i & 1)
                q.dx[1] = a / 40.0f;
            else
                q.dx[0] = a / 48.0f;
            recs.push_back(q);
        }
        for (int k = 0; k < 4096; k++) {
            float v[2], w[2];
            rand_vec(v);
            rand_vec(w);
            Rec q = base(118, OP_GRAD);
            q.c[0] = q.c[1] = 0.5f;
            q.dx[0] = v[0] * (64.0f / 48.0f), q.dx[1] = v[1] * (64.0f / 40.0f);
            q.dy[0] = w[0] * (64.0f / 48.0f), q.dy[1] = w[1] * (64.0f / 40.0f);
            recs.push_back(q);
        }
    }
        break;
    }
}

// ---------------------------------------------------------------------------------------------
// Textures

static cudaChannelFormatDesc channel_desc(nvp_format f)
{
    switch (f) {
    case NVP_RGBA8:
    case NVP_SRGB8:
        return cudaCreateChannelDesc(8, 8, 8, 8, cudaChannelFormatKindUnsigned);
    case NVP_SNORM8:
        return cudaCreateChannelDesc(8, 8, 8, 8, cudaChannelFormatKindSigned);
    case NVP_RGBA16:
        return cudaCreateChannelDesc(16, 16, 16, 16, cudaChannelFormatKindUnsigned);
    case NVP_RGBA16F:
        return cudaCreateChannelDesc(16, 16, 16, 16, cudaChannelFormatKindFloat);
    case NVP_RGBA32F:
        break;
    }
    return cudaCreateChannelDesc(32, 32, 32, 32, cudaChannelFormatKindFloat);
}

static cudaError_t fill_level(const nvp_texture *t, uint32_t level, cudaArray_t arr)
{
    uint32_t w = nvp_level_size(t->width, level), h = nvp_level_size(t->height, level);
    uint32_t d = t->dim == NVP_3D ? nvp_level_size(t->depth, level) : t->dim == NVP_CUBE ? 6u : 1u;
    uint32_t tb = nvp_texel_bytes(t->format);
    std::vector<unsigned char> host((size_t)w * h * d * tb);
    for (uint32_t z = 0; z < d; z++)
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++)
                nvp_write_texel(t, level, x, y, z, &host[(((size_t)z * h + y) * w + x) * tb]);
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(host.data(), (size_t)w * tb, w, h);
    p.dstArray = arr;
    p.extent = make_cudaExtent(w, h, d);
    p.kind = cudaMemcpyHostToDevice;
    return cudaMemcpy3D(&p);
}

static cudaTextureObject_t make_object(int s)
{
    const nvp_sampler *sp = &nvp_samplers[s];
    const nvp_texture *t = &nvp_textures[sp->texture];
    cudaChannelFormatDesc cd = channel_desc(t->format);
    cudaExtent ext = make_cudaExtent(t->width, t->height,
                                     t->dim == NVP_3D ? t->depth : t->dim == NVP_CUBE ? 6 : 0);
    unsigned flags = t->dim == NVP_CUBE ? cudaArrayCubemap : 0;
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    if (t->levels > 1) {
        cudaMipmappedArray_t mip;
        CKO(cudaMallocMipmappedArray(&mip, &cd, ext, t->levels, flags));
        for (uint32_t l = 0; l < t->levels; l++) {
            cudaArray_t lev;
            CKO(cudaGetMipmappedArrayLevel(&lev, mip, l));
            CKO(fill_level(t, l, lev));
        }
        rd.resType = cudaResourceTypeMipmappedArray;
        rd.res.mipmap.mipmap = mip;
    } else {
        cudaArray_t arr;
        CKO(cudaMalloc3DArray(&arr, &cd, ext, flags));
        CKO(fill_level(t, 0, arr));
        rd.resType = cudaResourceTypeArray;
        rd.res.array.array = arr;
    }
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    for (int a = 0; a < 3; a++)
        td.addressMode[a] = (cudaTextureAddressMode)sp->address;
    td.filterMode = sp->linear ? cudaFilterModeLinear : cudaFilterModePoint;
    td.readMode = t->format == NVP_RGBA16F || t->format == NVP_RGBA32F ? cudaReadModeElementType
                                                                        : cudaReadModeNormalizedFloat;
    td.sRGB = t->format == NVP_SRGB8;
    for (int c = 0; c < 4; c++)
        td.borderColor[c] = nvp_borders[sp->border][c];
    td.normalizedCoords = sp->normalized;
    td.maxAnisotropy = 1;
    td.mipmapFilterMode = sp->mip_linear ? cudaFilterModeLinear : cudaFilterModePoint;
    td.mipmapLevelBias = 0.0f;
    td.minMipmapLevelClamp = 0.0f;
    td.maxMipmapLevelClamp = (float)(t->levels - 1);
    td.disableTrilinearOptimization = 1;
    td.seamlessCubemap = sp->seamless;
    cudaTextureObject_t obj;
    CKO(cudaCreateTextureObject(&obj, &rd, &td, nullptr));
    return obj;
}

// Exploration 5: border colours.  One texture object per colour (the 4x4 textures of the border
// point samplers 60-65, one per format), one lookup at (-0.5, 0.5), which reads the border only.
// Prints `B <sampler> <c0> <c1> <c2> <c3> = <r0> <r1> <r2> <r3>`.
static void hexf(float f);
static void border_sweep(int dense_srgb)
{
    std::vector<float> vals;
    if (dense_srgb) { // exploration 8: colours whose sRGB code is about to round up, every code
        for (int k = 0; k < 255; k++)
            for (int j = 0; j < 48; j++) {
                double e = ((double)k + 0.5 - 0.003 + 0.004 * j / 47.0) / 255.0; // encoded value
                double l = e <= 0.04045 ? e / 12.92 : pow((e + 0.055) / 1.055, 2.4);
                vals.push_back((float)l);
            }
    } else {
    for (int k = -4200; k <= 4200; k++) // the whole range in steps of 1/4096, beyond [-1, 1]
        vals.push_back((float)k / 4096.0f);
    for (int k = -128; k < 256; k++) // around every 8-bit rounding boundary
        for (int d = -2; d <= 2; d++) {
            vals.push_back(ulps(((float)k + 0.5f) / 255.0f, d));
            if (k < 128)
                vals.push_back(ulps(((float)k + 0.5f) / 127.0f, d));
        }
    for (int k = 0; k < 2048; k++) { // 16-bit boundaries
        int v = irand(-32768, 65535);
        vals.push_back(ulps(((float)v + 0.5f) / 65535.0f, irand(-1, 1)));
        vals.push_back(ulps(((float)(v % 32768) + 0.5f) / 32767.0f, irand(-1, 1)));
    }
    }
    while (vals.size() % 4)
        vals.push_back(0.0f);
    Rec q = base(60, OP_TEX);
    q.c[0] = -0.5f;
    q.c[1] = 0.5f;
    Rec *drec;
    float4 *dout;
    CK(cudaMalloc(&drec, sizeof(Rec)));
    CK(cudaMalloc(&dout, sizeof(float4)));
    CK(cudaMemcpy(drec, &q, sizeof q, cudaMemcpyHostToDevice));
    for (int s = dense_srgb ? 65 : 60; s <= 65; s++) {
        const nvp_sampler *sp = &nvp_samplers[s];
        const nvp_texture *t = &nvp_textures[sp->texture];
        cudaChannelFormatDesc cd = channel_desc(t->format);
        cudaArray_t arr;
        CK(cudaMalloc3DArray(&arr, &cd, make_cudaExtent(t->width, t->height, 0), 0));
        CK(fill_level(t, 0, arr));
        cudaResourceDesc rd;
        memset(&rd, 0, sizeof rd);
        rd.resType = cudaResourceTypeArray;
        rd.res.array.array = arr;
        for (size_t i = 0; i < vals.size(); i += 4) {
            cudaTextureDesc td;
            memset(&td, 0, sizeof td);
            for (int a = 0; a < 3; a++)
                td.addressMode[a] = cudaAddressModeBorder;
            td.filterMode = cudaFilterModePoint;
            td.readMode = t->format == NVP_RGBA16F || t->format == NVP_RGBA32F ? cudaReadModeElementType
                                                                                : cudaReadModeNormalizedFloat;
            td.sRGB = t->format == NVP_SRGB8;
            for (int c = 0; c < 4; c++)
                td.borderColor[c] = vals[i + c];
            td.normalizedCoords = 1;
            td.maxAnisotropy = 1;
            cudaTextureObject_t obj;
            CK(cudaCreateTextureObject(&obj, &rd, &td, nullptr));
            probe<<<1, 1>>>(obj, drec, dout, 1);
            float4 r;
            CK(cudaMemcpy(&r, dout, sizeof r, cudaMemcpyDeviceToHost));
            CK(cudaDestroyTextureObject(obj));
            printf("B %d", s);
            for (int c = 0; c < 4; c++)
                hexf(vals[i + c]);
            printf(" =");
            hexf(r.x);
            hexf(r.y);
            hexf(r.z);
            hexf(r.w);
            printf("\n");
        }
    }
}

static void hexf(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    printf(" %08x", u);
}

static void print_inputs(const Rec &q)
{
    printf("%d %s", q.sampler, op_names[q.op]);
    if (q.op == OP_TLD4 || q.op == OP_TLD4O)
        printf(" %d", q.comp);
    for (int a = 0; a < 3; a++)
        hexf(q.c[a]);
    if (q.op == OP_LVL || q.op == OP_LVL3)
        hexf(q.lod);
    if (q.op == OP_GRAD || q.op == OP_GRAD3 || q.op == OP_GRADC) {
        for (int a = 0; a < 3; a++)
            hexf(q.dx[a]);
        for (int a = 0; a < 3; a++)
            hexf(q.dy[a]);
    }
    if (q.op == OP_TEXO || q.op == OP_TLD4O)
        printf(" %d %d %d", q.off[0], q.off[1], q.off[2]);
}

int main(int argc, char **argv)
{
    int list = 0, part = 0;
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--list"))
            list = 1;
        else if (!strcmp(argv[a], "--explore") && a + 1 < argc && atoi(argv[a + 1]) >= 1 && atoi(argv[a + 1]) <= 9)
            part = atoi(argv[++a]);
        else {
            fprintf(stderr, "usage: nvprobe [--list] [--explore 1-9]\n");
            return 2;
        }
    }
    if ((part == 5 || part == 8) && list) {
        fprintf(stderr, "nvprobe: --explore 5 and 8 make their texture objects on the GPU; no --list\n");
        return 2;
    }
    if (part)
        gen_explore(part);
    else
        gen_all();
    if (list) { // the lookups without a GPU (their inputs)
        for (const Rec &q : recs) {
            print_inputs(q);
            printf("\n");
        }
        return 0;
    }
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    int drv = 0, rt = 0;
    CK(cudaDriverGetVersion(&drv));
    CK(cudaRuntimeGetVersion(&rt));
    printf("# nvprobe (tools/nvprobe/nvprobe.cu): %zu lookups\n", recs.size());
    printf("# device: %s, compute capability %d.%d, CUDA driver %d, runtime %d\n", prop.name,
           prop.major, prop.minor, drv, rt);
    if (part == 5 || part == 8) {
        border_sweep(part == 8);
        return 0;
    }

    std::vector<float4> results(recs.size());
    Rec *drecs;
    float4 *dout;
    CK(cudaMalloc(&drecs, recs.size() * sizeof(Rec)));
    CK(cudaMalloc(&dout, recs.size() * sizeof(float4)));
    CK(cudaMemcpy(drecs, recs.data(), recs.size() * sizeof(Rec), cudaMemcpyHostToDevice));
    // One launch per run of lookups that share a sampler.
    size_t i = 0;
    std::vector<cudaTextureObject_t> objs(NVP_SAMPLERS, 0);
    while (i < recs.size()) {
        size_t j = i;
        while (j < recs.size() && recs[j].sampler == recs[i].sampler)
            j++;
        int s = recs[i].sampler;
        if (!objs[s])
            objs[s] = make_object(s);
        int n = (int)(j - i);
        if (objs[s]) {
            probe<<<(n + 127) / 128, 128>>>(objs[s], drecs + i, dout + i, n);
            CK(cudaGetLastError());
        } else {
            for (size_t k = i; k < j; k++)
                recs[k].sampler = -1; // left out
        }
        i = j;
    }
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(results.data(), dout, recs.size() * sizeof(float4), cudaMemcpyDeviceToHost));

    for (size_t k = 0; k < recs.size(); k++) {
        const Rec &q = recs[k];
        if (q.sampler < 0)
            continue;
        print_inputs(q);
        printf(" =");
        hexf(results[k].x);
        hexf(results[k].y);
        hexf(results[k].z);
        hexf(results[k].w);
        printf("\n");
    }
    return 0;
}
