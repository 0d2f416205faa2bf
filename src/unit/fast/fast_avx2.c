/* AVX2 fast kernels (8 lanes): fast_simd.inc over 256-bit vectors.  Compiled with a target
 * attribute and chosen at run time (__builtin_cpu_supports), so the library runs on any x86-64. */
#include <math.h>
#include <string.h>

#include "unit/fast/fast.h"

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#define W 8
#define SIMD_FN(name) tmu_fast_avx2_##name
#define SIMD_TARGET __attribute__((target("avx2,fma")))
#define SIMD_INLINE static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx2,fma")))
#define VF __m256
#define VI __m256i
#define VM __m256
#define F_SET1(x) _mm256_set1_ps(x)
#define F_ZERO() _mm256_setzero_ps()
#define F_FROM_BITS(b) _mm256_castsi256_ps(_mm256_set1_epi32((int)(b)))
#define F_ADD _mm256_add_ps
#define F_SUB _mm256_sub_ps
#define F_MUL _mm256_mul_ps
#define F_DIV _mm256_div_ps
#define F_MIN _mm256_min_ps
#define F_MAX _mm256_max_ps
#define F_FLOOR _mm256_floor_ps
#define F_CEIL _mm256_ceil_ps
#define F_LOADU _mm256_loadu_ps
#define F_STOREU _mm256_storeu_ps
#define F_GATHER(base, idx) _mm256_i32gather_ps(base, idx, 4)
#define F_SELECT(m, a, b) _mm256_blendv_ps(a, b, m) /* b where m */
#define I_SET1 _mm256_set1_epi32
#define I_ZERO _mm256_setzero_si256
#define I_ADD _mm256_add_epi32
#define I_SUB _mm256_sub_epi32
#define I_AND _mm256_and_si256
#define I_XOR _mm256_xor_si256
/* acc ^ c in the lanes where v has `bit` set, acc elsewhere (tiled levels' columns) */
#define I_XOR_BIT(acc, v, bit, c)                                                                               \
    _mm256_xor_si256(acc, _mm256_and_si256(c, _mm256_cmpeq_epi32(_mm256_and_si256(v, bit), bit)))
#define I_MIN _mm256_min_epi32
#define I_MAX _mm256_max_epi32
#define I_MINU _mm256_min_epu32 /* unsigned */
#define I_PERM8(t, v) _mm256_permutevar8x32_epi32(t, v) /* t[v & 7] for a table in a register */
#define I_SELECT(m, a, b) _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b), m)) /* b where m */
#define M_IGT(a, b) _mm256_castsi256_ps(_mm256_cmpgt_epi32(a, b))
#define I_FIRST(v) _mm_cvtsi128_si32(_mm256_castsi256_si128(v))
#define I_REDUCE_MIN(v) reduce8(v, 0)
#define I_REDUCE_MAX(v) reduce8(v, 1)
#define SHORT_FORM(one) ((one)->t34) /* fast_simd.inc FAST_T52: the 3-bit short form */
#define I_MULLO _mm256_mullo_epi32
#define I_SRLI _mm256_srli_epi32
#define I_SLLI _mm256_slli_epi32
#define I_SRAI _mm256_srai_epi32
#define I_SRLV _mm256_srlv_epi32
#define I_SLLV1(a, n) _mm256_sllv_epi32(a, _mm256_set1_epi32(n))
#define I_GATHER(base, idx) _mm256_i32gather_epi32(base, idx, 4)
#define I_TABLE(t, L) table16((const int32_t *)(const void *)(t), L)
#define I_TABLE_LOW4(t, v) table16((const int32_t *)(const void *)(t), _mm256_and_si256(v, _mm256_set1_epi32(15)))
#define I_STOREU(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define F_SQRT _mm256_sqrt_ps
#define F_QUAD_BCAST(v, w) _mm256_permute_ps(v, (w)*0x55) /* element w of each quad (128-bit lane) */
#define F_BCAST0(v) _mm256_broadcastss_ps(_mm256_castps256_ps128(v)) /* element 0 in every lane */
#define I_LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define M_IEQ(a, b) _mm256_castsi256_ps(_mm256_cmpeq_epi32(a, b))
#define I_KEEP(m, v) _mm256_and_si256(_mm256_castps_si256(m), v) /* v where m, else 0 */
#define F_KEEP(m, v) _mm256_and_ps(m, v)
#define CVTT _mm256_cvttps_epi32
#define CVT _mm256_cvtepi32_ps
#define M_NONE() _mm256_setzero_ps()
#define M_AND _mm256_and_ps
#define M_OR _mm256_or_ps
#define M_NOT(m) _mm256_xor_ps(m, _mm256_castsi256_ps(_mm256_set1_epi32(-1)))
#define M_BITS _mm256_movemask_ps
#define M_UNORD(x) _mm256_cmp_ps(x, x, _CMP_UNORD_Q)
#define M_GT(a, b) _mm256_cmp_ps(a, b, _CMP_GT_OQ)
#define M_INE(a, b) _mm256_castsi256_ps(_mm256_xor_si256(_mm256_cmpeq_epi32(a, b), _mm256_set1_epi32(-1)))
#define M_ABS_LT(x, lim)                                                                                        \
    _mm256_cmp_ps(_mm256_and_ps(x, _mm256_castsi256_ps(_mm256_set1_epi32(0x7FFFFFFF))), _mm256_set1_ps(lim),     \
                  _CMP_LT_OQ)

/* The four floats of the RGBA32F texels at dword index f (per lane) as channel vectors: one
 * 128-bit load per texel and a 4x4 transpose per half, instead of four 8-lane vpgatherdd.
 * Measured on the project's Zen 3 (AVX2 only; A/B, medians of 5): 512^2 bilinear +37 % (memory
 * bound) and +45 % (64^2, compute bound).  The same scalar approach for RGBA8 (8 scalar loads
 * for a gather; one 64-bit load per adjacent bilinear pair) was no faster for nearest and
 * bilinear and 20-25 % slower for gather and trilinear, so RGBA8 keeps the hardware gathers.
 * The words loaded are the same, so results stay bit-identical (tests/unit/test_unit_fast.c). */
static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx2,fma"))) void
gather_rgba32f_at(const unsigned char *base, const int32_t *i, __m256 v[4])
{
    const float *b = (const float *)(const void *)base;
    __m128 r[8];
    for (int k = 0; k < 8; k++)
        r[k] = _mm_loadu_ps(b + i[k]);
    _MM_TRANSPOSE4_PS(r[0], r[1], r[2], r[3]);
    _MM_TRANSPOSE4_PS(r[4], r[5], r[6], r[7]);
    for (int c = 0; c < 4; c++)
        v[c] = _mm256_set_m128(r[4 + c], r[c]);
}
#define GATHER_RGBA32F_AT(base, i, v) gather_rgba32f_at(base, i, v)

static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx2,fma"))) void gather_rgba32f(const unsigned char *base,
                                                                                 __m256i f, __m256 v[4])
{
    int32_t i[8];
    _mm256_storeu_si256((__m256i *)(void *)i, f);
    gather_rgba32f_at(base, i, v);
}
#define GATHER_RGBA32F(base, f, v) gather_rgba32f(base, f, v)

/* Row-pair copies (fast.h pairs, pairs.c), as fast_avx512.c with 8 lanes: each lane's RGBA8
 * footprint is the 16 bytes at its pair number, staged between the phases with lanes l and l + 4
 * side by side (fast_simd.inc pairs_stage) and read back two lanes per 256-bit load, a 4x4 transpose inside
 * each 128-bit half giving the texels of lanes 0..7 in order (pairs_staged).  With --avx2 on the
 * project's Zen 5 (1024^2, random): gather 270 -> 674 M samples/s, trilinear +20-28 %, bilinear
 * unchanged. */
/* The texels 00 10 01 11 of the 8 lanes pairs_stage left in `stage`. */
static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx2,fma"))) void pairs_staged(const void *stage, __m256i t[4])
{
    const float *st = (const float *)stage;
    __m256 z[4];
    for (int k = 0; k < 4; k++) /* lanes k and k + 4 */
        z[k] = _mm256_loadu_ps(st + 8 * k);
    __m256 a0 = _mm256_unpacklo_ps(z[0], z[1]), a1 = _mm256_unpackhi_ps(z[0], z[1]);
    __m256 a2 = _mm256_unpacklo_ps(z[2], z[3]), a3 = _mm256_unpackhi_ps(z[2], z[3]);
    __m256 d0 = _mm256_shuffle_ps(a0, a2, 0x44), d1 = _mm256_shuffle_ps(a0, a2, 0xEE); /* dwords 0, 1 */
    __m256 d2 = _mm256_shuffle_ps(a1, a3, 0x44), d3 = _mm256_shuffle_ps(a1, a3, 0xEE); /* dwords 2, 3 */
    t[0] = _mm256_castps_si256(d0), t[1] = _mm256_castps_si256(d2); /* (i0,j0), (i1,j0) */
    t[2] = _mm256_castps_si256(d1), t[3] = _mm256_castps_si256(d3); /* (i0,j1), (i1,j1) */
}
#define PAIRS_STAGED(stage, t) pairs_staged(stage, t)

/* RGBA32F footprints keep the texture's rows here: one 128-bit load per texel from the copy, in
 * phase 2, was 15-23 % slower than gather_rgba32f's loads in phase 1 (512^2 random bilinear with
 * --avx2 on the project's Zen 5), so there is no PAIRS32_LOAD. */

/* c / 255.0f for c = 0..255 (fast_simd.inc F_DIV255) with one FMA, as fast_avx512.c: every
 * AVX2 CPU but a few VIA ones has FMA3, and tmu_fast_have_avx2 asks for both. */
static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx2,fma"))) __m256 div255(__m256 c)
{
    __m256 lo = _mm256_mul_ps(c, _mm256_set1_ps(65793.0f * 0x1p-48f));
    return _mm256_fmadd_ps(c, _mm256_set1_ps(65793.0f * 0x1p-24f), lo);
}
#define F_DIV255(x) div255(x)


/* The least (max = 0) or greatest (max = 1) of the eight lanes of v. */
static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx2,fma"))) int32_t reduce8(__m256i v, int max)
{
    __m128i a = _mm256_castsi256_si128(v), b = _mm256_extracti128_si256(v, 1);
    a = max ? _mm_max_epi32(a, b) : _mm_min_epi32(a, b);
    b = _mm_shuffle_epi32(a, 0x4E);
    a = max ? _mm_max_epi32(a, b) : _mm_min_epi32(a, b);
    b = _mm_shuffle_epi32(a, 0xB1);
    a = max ? _mm_max_epi32(a, b) : _mm_min_epi32(a, b);
    return _mm_cvtsi128_si32(a);
}

/* t[L] per lane for a table of 16 int32 (levels; 0 <= L < 16): two in-register permutes and a
 * blend instead of a vpgatherdd (which costs 8 or more cycles on AVX2-only CPUs). */
static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx2,fma"))) __m256i table16(const int32_t *t, __m256i L)
{
    __m256i a = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(const void *)t), L);
    __m256i b = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(const void *)(t + 8)), L);
    return _mm256_blendv_epi8(a, b, _mm256_cmpgt_epi32(L, _mm256_set1_epi32(7)));
}

/* The RGBA8 texels at dword indices idx[0..7], loaded straight into a vector (fast_simd.inc: the
 * tiled gather and bilinear waves, the nearest waves of one level) instead of vpgatherdd; with
 * `hw` (fast_ctx.hwg: recent Intel cores, tmu_fast_gathers_pay) by vpgatherdd. */
static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx2,fma"))) __m256i texels_load(const unsigned char *base,
                                                                                     const int32_t *idx, int hw)
{
    if (hw)
        return _mm256_i32gather_epi32((const int *)(const void *)base,
                                      _mm256_loadu_si256((const __m256i *)(const void *)idx), 4);
    __m128i q[2];
    for (int k = 0; k < 2; k++) {
        int32_t w[4];
        for (int m = 0; m < 4; m++)
            memcpy(&w[m], base + (int64_t)idx[4 * k + m] * 4, 4);
        q[k] = _mm_insert_epi32(_mm_insert_epi32(_mm_insert_epi32(_mm_cvtsi32_si128(w[0]), w[1], 1), w[2], 2), w[3], 3);
    }
    return _mm256_inserti128_si256(_mm256_castsi128_si256(q[0]), q[1], 1);
}
#define TEXELS_LOAD(cx, idx) texels_load((cx)->k->base, idx, (cx)->hwg)

#include "unit/fast/fast_simd.inc"

int tmu_fast_have_avx2(void)
{
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") ? 1 : 0;
}

/* Intel's cores from Alder Lake and Sapphire Rapids on (and any Intel CPU the compiler's runtime
 * does not name): the older ones it names are left out, untested here, their gathers slower than
 * these (and, from Skylake to Tiger Lake, slowed further by the microcode that mitigates Gather
 * Data Sampling). */
int tmu_fast_gathers_pay(void)
{
    if (!__builtin_cpu_is("intel"))
        return 0;
    return !(__builtin_cpu_is("haswell") || __builtin_cpu_is("broadwell") || __builtin_cpu_is("skylake") ||
             __builtin_cpu_is("skylake-avx512") || __builtin_cpu_is("cascadelake") ||
             __builtin_cpu_is("cooperlake") || __builtin_cpu_is("cannonlake") ||
             __builtin_cpu_is("icelake-client") || __builtin_cpu_is("icelake-server") ||
             __builtin_cpu_is("tigerlake") || __builtin_cpu_is("rocketlake") || __builtin_cpu_is("knl") ||
             __builtin_cpu_is("knm") || __builtin_cpu_is("silvermont") || __builtin_cpu_is("goldmont"));
}

#else /* no x86 SIMD in this build: the portable kernel does everything */

int tmu_fast_have_avx2(void)
{
    return 0;
}

int tmu_fast_gathers_pay(void)
{
    return 0;
}

void tmu_fast_avx2_wave(const fast_ctx *cx, const uint64_t *exec, uint32_t lanes, int pf)
{
    (void)cx, (void)exec, (void)lanes, (void)pf; /* never called: tmu_fast_have_avx2() is 0 */
}

void tmu_fast_avx2_prefetch(const fast_ctx *cx, uint32_t first)
{
    (void)cx, (void)first;
}

uint32_t tmu_fast_avx2_quad_rho(const fast_ctx *cx, uint32_t lanes, float *rho)
{
    (void)cx, (void)lanes, (void)rho;
    return 0;
}

void tmu_fast_avx2_fetch_wave(const fast_ctx *cx, const uint64_t *exec, uint32_t lanes)
{
    (void)cx, (void)exec, (void)lanes;
}

#endif
