/* AVX-512 fast kernels (16 lanes): fast_simd.inc over 512-bit vectors and 16-bit masks.
 * Compiled with a target attribute and chosen at run time (__builtin_cpu_supports). */
#include <math.h>
#include <string.h>

#include "unit/fast/fast.h"

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#define W 16
#define SIMD_FN(name) tmu_fast_avx512_##name
#define SIMD_TARGET __attribute__((target("avx512f,avx512bw")))
#define SIMD_INLINE static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx512f,avx512bw")))
#define VF __m512
#define VI __m512i
#define VM __mmask16
#define F_SET1(x) _mm512_set1_ps(x)
#define F_ZERO() _mm512_setzero_ps()
#define F_FROM_BITS(b) _mm512_castsi512_ps(_mm512_set1_epi32((int)(b)))
#define F_ADD _mm512_add_ps
#define F_SUB _mm512_sub_ps
#define F_MUL _mm512_mul_ps
#define F_DIV _mm512_div_ps
#define F_MIN _mm512_min_ps
#define F_MAX _mm512_max_ps
#define F_FLOOR(x) _mm512_roundscale_ps(x, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)
#define F_CEIL(x) _mm512_roundscale_ps(x, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC)
#define F_LOADU _mm512_loadu_ps
#define F_STOREU _mm512_storeu_ps
#define F_GATHER(base, idx) _mm512_i32gather_ps(idx, base, 4)
#define F_SELECT(m, a, b) _mm512_mask_blend_ps(m, a, b) /* b where m */
#define I_SET1 _mm512_set1_epi32
#define I_ZERO _mm512_setzero_si512
#define I_ADD _mm512_add_epi32
#define I_SUB _mm512_sub_epi32
#define I_AND _mm512_and_si512
#define I_XOR _mm512_xor_si512
/* acc ^ c in the lanes where v has `bit` set, acc elsewhere (tiled levels' columns) */
#define I_XOR_BIT(acc, v, bit, c) _mm512_mask_xor_epi32(acc, _mm512_test_epi32_mask(v, bit), acc, c)
#define I_MIN _mm512_min_epi32
#define I_MAX _mm512_max_epi32
#define I_MINU _mm512_min_epu32 /* unsigned */
#define I_MULLO _mm512_mullo_epi32
#define I_SRLI _mm512_srli_epi32
#define I_SLLI _mm512_slli_epi32
#define I_SRAI _mm512_srai_epi32
#define I_SRLV _mm512_srlv_epi32
#define I_SLLV1(a, n) _mm512_sllv_epi32(a, _mm512_set1_epi32(n))
#define I_GATHER(base, idx) _mm512_i32gather_epi32(idx, base, 4)
#define I_TABLE(t, L) _mm512_permutexvar_epi32(L, _mm512_loadu_si512((const void *)(t))) /* 16 entries */
#define I_TABLE_LOW4(t, v) I_TABLE(t, v) /* t[v & 15]: vpermd reads the index's low 4 bits */
/* t[v & 31] of a 32-entry table (vpermt2d reads the index's low 5 bits) */
#define I_TABLE_LOW5(t, v)                                                                                      \
    _mm512_permutex2var_epi32(_mm512_loadu_si512((const void *)(t)), v, _mm512_loadu_si512((const void *)((t) + 16)))
#define I_STOREU(p, v) _mm512_storeu_si512((void *)(p), v)
#define I_PERM16(t, v) _mm512_permutexvar_epi32(v, t) /* t[v & 15] for a table in a register */
#define I_FIRST(v) _mm_cvtsi128_si32(_mm512_castsi512_si128(v))
/* a | (b & c); t[v & 31] of the 32 entries t (0-15), u (16-31) */
#define I_OR_AND(a, b, c) _mm512_ternarylogic_epi32(a, b, c, 0xF8)
#define I_PERM32(t, v, u) _mm512_permutex2var_epi32(t, v, u)
#define SHORT_FORM(one) ((one)->t52) /* fast_simd.inc FAST_T52: the 5-bit short form */
#define I_SELECT(m, a, b) _mm512_mask_blend_epi32(m, a, b) /* b where m */
#define M_IGT(a, b) _mm512_cmpgt_epi32_mask(a, b)
#define I_REDUCE_MIN(v) _mm512_reduce_min_epi32(v)
#define I_REDUCE_MAX(v) _mm512_reduce_max_epi32(v)
#define F_SQRT _mm512_sqrt_ps
#define F_QUAD_BCAST(v, w) _mm512_permute_ps(v, (w)*0x55) /* element w of each quad (128-bit lane) */
#define F_BCAST0(v) _mm512_broadcastss_ps(_mm512_castps512_ps128(v)) /* element 0 in every lane */
#define I_LOADU(p) _mm512_loadu_si512((const void *)(p))
#define M_IEQ(a, b) _mm512_cmpeq_epi32_mask(a, b)
#define I_KEEP(m, v) _mm512_maskz_mov_epi32(m, v) /* v where m, else 0 */
#define F_KEEP(m, v) _mm512_maskz_mov_ps(m, v)
#define CVTT _mm512_cvttps_epi32
#define CVT _mm512_cvtepi32_ps
#define M_NONE() ((__mmask16)0)
#define M_AND(a, b) ((__mmask16)((a) & (b)))
#define M_OR(a, b) ((__mmask16)((a) | (b)))
#define M_NOT(m) ((__mmask16)~(m))
#define M_BITS(m) ((int)(m))
#define M_UNORD(x) _mm512_cmp_ps_mask(x, x, _CMP_UNORD_Q)
#define M_GT(a, b) _mm512_cmp_ps_mask(a, b, _CMP_GT_OQ)
#define M_INE(a, b) _mm512_cmpneq_epi32_mask(a, b)
#define M_ABS_LT(x, lim)                                                                                        \
    _mm512_cmp_ps_mask(_mm512_castsi512_ps(_mm512_and_si512(_mm512_castps_si512(x), _mm512_set1_epi32(0x7FFFFFFF))), \
                       _mm512_set1_ps(lim), _CMP_LT_OQ)

/* Byte `comp` (0-3) of each lane's raw RGBA8 texel c as (c / 255.0f) * 2^32, exactly
 * (fast_simd.inc DEC8_X; the kernels multiply by 2^-32 or fold it into the filter weights).
 * vpshufb copies the byte into all four bytes of its lane: X = c * 0x01010101, and
 * c / 255 * 2^32 = X + c / 255.  For c >= 1 with its highest set bit k, X's highest is bit 24 + k,
 * so a float keeps bits 24 + k .. k + 1 of X and rounds at bit k, which is c's highest: always 1;
 * the exact value X + c / 255 (0 < c / 255 <= 1) lies above that midpoint whatever X's bits below
 * it (c = 255: X + 1 = 2^32), so round-to-nearest of it is X rounded upward, which the conversion
 * does with its embedded rounding (c = 0: 0).  One shuffle and one conversion a channel instead of
 * an AND or shift, a conversion, a product and an FMA (F_DIV255); checked for every byte and channel by
 * tests/unit/test_unit_fast.c (test_fast_all_bytes). */
static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx512f,avx512bw"))) __m512 dec8x(__m512i t, int comp)
{
    const __m512i at = _mm512_add_epi32(_mm512_set1_epi32(0x01010101 * comp),
                                        _mm512_setr_epi32(0, 0x04040404, 0x08080808, 0x0C0C0C0C, 0, 0x04040404,
                                                          0x08080808, 0x0C0C0C0C, 0, 0x04040404, 0x08080808,
                                                          0x0C0C0C0C, 0, 0x04040404, 0x08080808, 0x0C0C0C0C));
    return _mm512_cvt_roundepu32_ps(_mm512_shuffle_epi8(t, at), _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC);
}
#define DEC8_X(t, comp) dec8x(t, comp)

/* The 4x4 transpose inside each 128-bit slot: z[k] holds lanes k, k+4, k+8, k+12 (one RGBA32F
 * texel per slot); v[c] gets channel c of lanes 0..15 in order. */
static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx512f"))) void slot_transpose(const __m512 z[4],
                                                                                   __m512 v[4])
{
    __m512 t0 = _mm512_unpacklo_ps(z[0], z[1]), t1 = _mm512_unpackhi_ps(z[0], z[1]); /* R0 R1 G0 G1 | B0 B1 A0 A1 */
    __m512 t2 = _mm512_unpacklo_ps(z[2], z[3]), t3 = _mm512_unpackhi_ps(z[2], z[3]);
    v[0] = _mm512_shuffle_ps(t0, t2, 0x44);
    v[1] = _mm512_shuffle_ps(t0, t2, 0xEE);
    v[2] = _mm512_shuffle_ps(t1, t3, 0x44);
    v[3] = _mm512_shuffle_ps(t1, t3, 0xEE);
}

/* The four floats of the RGBA32F texels at dword index f (per lane) as channel vectors: one
 * 128-bit load per texel (the texel exactly: nothing outside it is read), lanes k, k+4, k+8, k+12
 * in the four 128-bit slots of vector k, then a 4x4 transpose inside each slot.  On the
 * project's Zen 5 this beats four 64-bit vpgatherdq by +42 % (1024^2 coherent bilinear) and
 * +55 % (512^2 random bilinear) in tmu bench sample. */
static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx512f"))) void
gather_rgba32f_at(const unsigned char *base, const int32_t *i, __m512 v[4])
{
    const float *b = (const float *)(const void *)base;
    __m512 z[4];
    for (int k = 0; k < 4; k++) {
        __m512 t = _mm512_castps128_ps512(_mm_loadu_ps(b + i[k]));
        t = _mm512_insertf32x4(t, _mm_loadu_ps(b + i[k + 4]), 1);
        t = _mm512_insertf32x4(t, _mm_loadu_ps(b + i[k + 8]), 2);
        z[k] = _mm512_insertf32x4(t, _mm_loadu_ps(b + i[k + 12]), 3);
    }
    slot_transpose(z, v);
}
#define GATHER_RGBA32F_AT(base, i, v) gather_rgba32f_at(base, i, v)

static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx512f"))) void gather_rgba32f(const unsigned char *base,
                                                                                   __m512i f, __m512 v[4])
{
    int32_t i[16];
    _mm512_storeu_si512((void *)i, f);
    gather_rgba32f_at(base, i, v);
}

/* Both texels of each lane's bilinear row, at dword indices f0 and f1: where they are adjacent
 * (f1 = f0 + 4, everywhere but a wrapped or clamped edge) one 256-bit load reads the pair (both
 * texels exactly), else two 128-bit loads; 128-bit slots are regrouped into the layout of
 * gather_rgba32f and transposed. */
static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx512f"))) void
gather_rgba32f_pair(const unsigned char *base, __m512i f0, __m512i f1, __m512 v0[4], __m512 v1[4])
{
    int32_t i0[16], i1[16];
    _mm512_storeu_si512((void *)i0, f0);
    _mm512_storeu_si512((void *)i1, f1);
    unsigned adj = (unsigned)_mm512_cmpeq_epi32_mask(f1, _mm512_add_epi32(f0, _mm512_set1_epi32(4)));
    const float *b = (const float *)(const void *)base;
    __m512 z0[4], z1[4];
    for (int k = 0; k < 4; k++) {
        __m512d h[2];
        for (int g = 0; g < 2; g++) { /* lanes k + 8g and k + 8g + 4 */
            __m256 q[2];
            for (int s = 0; s < 2; s++) {
                int l = k + 8 * g + 4 * s;
                if ((adj >> l) & 1u)
                    q[s] = _mm256_loadu_ps(b + i0[l]);
                else
                    q[s] = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(b + i0[l])), _mm_loadu_ps(b + i1[l]), 1);
            }
            h[g] = _mm512_insertf64x4(_mm512_castpd256_pd512(_mm256_castps_pd(q[0])), _mm256_castps_pd(q[1]), 1);
        }
        /* h[0] = [k.T0 k.T1 (k+4).T0 (k+4).T1], h[1] the same for k + 8, k + 12 */
        __m512 a = _mm512_castpd_ps(h[0]), c = _mm512_castpd_ps(h[1]);
        z0[k] = _mm512_shuffle_f32x4(a, c, _MM_SHUFFLE(2, 0, 2, 0));
        z1[k] = _mm512_shuffle_f32x4(a, c, _MM_SHUFFLE(3, 1, 3, 1));
    }
    slot_transpose(z0, v0);
    slot_transpose(z1, v1);
}
#define GATHER_RGBA32F_PAIR(base, f0, f1, v0, v1) gather_rgba32f_pair(base, f0, f1, v0, v1)

/* 1 when, in every lane, the bilinear footprint's texels (dword indices f00 .. f11) form a quad:
 * 10 follows 00, 11 follows 01 and row 01 lies `pitch4` dwords below row 00 (no wrapped or
 * clamped edge in the block: 15 blocks of 16 in 16 at random coordinates on a 512^2 texture,
 * almost all at coherent ones).  Phase 1 then keeps only f00 (fast_simd.inc level_fetch). */
static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx512f"))) int rgba32f_quad_ok(int32_t pitch4, __m512i f00,
                                                                                   __m512i f10, __m512i f01,
                                                                                   __m512i f11)
{
    const __m512i four = _mm512_set1_epi32(4);
    return !(_mm512_cmpneq_epi32_mask(f10, _mm512_add_epi32(f00, four)) |
             _mm512_cmpneq_epi32_mask(f11, _mm512_add_epi32(f01, four)) |
             _mm512_cmpneq_epi32_mask(f01, _mm512_add_epi32(f00, _mm512_set1_epi32(pitch4))));
}
#define RGBA32F_QUAD_OK(pitch4, f00, f10, f01, f11) rgba32f_quad_ok(pitch4, f00, f10, f01, f11)

/* The channels of the texels 00 10 01 11 of 16 lanes' quads (rgba32f_quad_ok), whose 00 texels
 * are at dword indices i0[0..15] (stored by phase 1): per lane two 256-bit loads (base and base
 * + pitch4, the texels exactly), regrouped and transposed as gather_rgba32f_pair does.  In phase
 * 2, block by block: the indices come from memory written long before (an index vector stored
 * and read back at once as 32-bit words stalls the loads), and no channel vector passes through
 * the stage. */
static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx512f"))) void
rgba32f_quad_load(const unsigned char *base, int32_t pitch4, const int32_t *i0, __m512 v[4][4])
{
    const float *b0 = (const float *)(const void *)base, *b1 = b0 + pitch4;
    __m512 z[4][4]; /* z[texel][k] as gather_rgba32f_pair's z0 / z1 */
    for (int k = 0; k < 4; k++) {
        __m512d h[2][2]; /* [row][g] */
        for (int g = 0; g < 2; g++) { /* lanes k + 8g and k + 8g + 4 */
            int l0 = k + 8 * g, l1 = l0 + 4;
            __m256 a0 = _mm256_loadu_ps(b0 + i0[l0]), a1 = _mm256_loadu_ps(b0 + i0[l1]);
            __m256 c0 = _mm256_loadu_ps(b1 + i0[l0]), c1 = _mm256_loadu_ps(b1 + i0[l1]);
            h[0][g] = _mm512_insertf64x4(_mm512_castpd256_pd512(_mm256_castps_pd(a0)), _mm256_castps_pd(a1), 1);
            h[1][g] = _mm512_insertf64x4(_mm512_castpd256_pd512(_mm256_castps_pd(c0)), _mm256_castps_pd(c1), 1);
        }
        for (int r = 0; r < 2; r++) {
            __m512 a = _mm512_castpd_ps(h[r][0]), c = _mm512_castpd_ps(h[r][1]);
            z[2 * r][k] = _mm512_shuffle_f32x4(a, c, _MM_SHUFFLE(2, 0, 2, 0));
            z[2 * r + 1][k] = _mm512_shuffle_f32x4(a, c, _MM_SHUFFLE(3, 1, 3, 1));
        }
    }
    for (int t = 0; t < 4; t++)
        slot_transpose(z[t], v[t]);
}
#define RGBA32F_QUAD_LOAD(base, pitch4, i0, v) rgba32f_quad_load(base, pitch4, i0, v)
#define GATHER_RGBA32F(base, f, v) gather_rgba32f(base, f, v)

/* The texels of 16 lanes' RGBA8 pairs, from the pairs as 64-bit words (lanes 0-7 in lo, 8-15 in
 * hi): the even dwords are the first texels, the odd ones the second; lanes outside `adj` (the
 * texels f0, f1 not adjacent: a wrapped or clamped edge, where f0 + 1 may even lie past the
 * level) read each texel with a 32-bit gather instead. */
static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx512f"))) void split_pairs(const unsigned char *base,
                                                                                __m512i lo, __m512i hi,
                                                                                __mmask16 adj, __m512i f0,
                                                                                __m512i f1, __m512i *t0,
                                                                                __m512i *t1)
{
    const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i odd = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    *t0 = _mm512_permutex2var_epi32(lo, even, hi);
    *t1 = _mm512_permutex2var_epi32(lo, odd, hi);
    if (adj != 0xFFFF) {
        *t0 = _mm512_mask_i32gather_epi32(*t0, (__mmask16)~adj, f0, (const void *)base, 4);
        *t1 = _mm512_mask_i32gather_epi32(*t1, (__mmask16)~adj, f1, (const void *)base, 4);
    }
}

/* Lanes whose texels f0, f1 are adjacent (f1 = f0 + 1). */
#define ADJACENT(f0, f1) _mm512_cmpeq_epi32_mask(f1, _mm512_add_epi32(f0, _mm512_set1_epi32(1)))

/* The RGBA8 texels at dword indices f0 and f1 (per lane) where mostly f1 = f0 + 1 (the two
 * texels of a bilinear row): one 64-bit gather per 8 lanes reads both where they are adjacent;
 * split_pairs reads the others. */
static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx512f"))) void raw_pair(const unsigned char *base, __m512i f0,
                                                                             __m512i f1, __m512i *t0, __m512i *t1)
{
    const void *b = base;
    __mmask16 adj = ADJACENT(f0, f1);
    const __m512i z = _mm512_setzero_si512();
    __m512i q_lo = _mm512_mask_i32gather_epi64(z, (__mmask8)adj, _mm512_castsi512_si256(f0), b, 4);
    __m512i q_hi = _mm512_mask_i32gather_epi64(z, (__mmask8)(adj >> 8), _mm512_extracti64x4_epi64(f0, 1), b, 4);
    split_pairs(base, q_lo, q_hi, adj, f0, f1, t0, t1);
}
#define RAW_PAIR(base, f0, f1, t0, t1) raw_pair(base, f0, f1, t0, t1)

/* Deferred RGBA8 loads (fast_simd.inc DEFER_LOADS): the two-phase blocks register their texel
 * loads instead of making them with vpgatherdd / vpgatherdq.  Bilinear pairs are then loaded
 * between the phases (one 64-bit load per lane), single texels in phase 2 block by block,
 * straight into vectors (TEXELS_LOAD). */
#define DEFER_LOADS 1
/* The pair's first texel where the second follows it, else texel 0 of level 0 (read, unused). */
#define DEFER_PAIR_INDEX(f0, f1) _mm512_maskz_mov_epi32(ADJACENT(f0, f1), f0)

/* The texels of a registered pair from the 16 loaded pairs `val` (*t0, *t1 hold the indices). */
static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx512f"))) void defer_pair_resolve(const unsigned char *base,
                                                                                       const uint64_t *val,
                                                                                       __m512i *t0, __m512i *t1)
{
    __m512i lo = _mm512_loadu_si512((const void *)val), hi = _mm512_loadu_si512((const void *)(val + 8));
    split_pairs(base, lo, hi, ADJACENT(*t0, *t1), *t0, *t1, t0, t1);
}
#define DEFER_PAIR_RESOLVE(base, val, t0, t1) defer_pair_resolve(base, val, t0, t1)
/* Two 64-bit words, at dword indices a and c of base. */
static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx512f"))) __m128i load_2x64(const unsigned char *base,
                                                                                  int32_t a, int32_t c)
{
    int64_t x, y;
    memcpy(&x, base + (int64_t)a * 4, 8);
    memcpy(&y, base + (int64_t)c * 4, 8);
    return _mm_insert_epi64(_mm_cvtsi64_si128(x), y, 1);
}

/* The texels 00 10 01 11 of 16 lanes' quads (fast_simd.inc: blocks without an edge), whose
 * texel pairs lie at dword indices idx (row j0) and idx + pitch4 (row j1): the pairs are loaded
 * straight into vectors and split.  Done in phase 2, block by block, right before the block's
 * filter: storing the pairs between the phases and reloading them as vectors was 20-30 % slower
 * on the project's Zen 5 (eight 8-byte stores cannot forward to one 64-byte load). */
static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx512f"))) void quad_load(const unsigned char *base,
                                                                              int32_t pitch4, const int32_t *idx,
                                                                              __m512i t[4])
{
    const unsigned char *b1 = base + (int64_t)pitch4 * 4;
    __m512i h[2][2]; /* [row][lanes 8g .. 8g + 7] */
    for (int g = 0; g < 2; g++) {
        __m128i q[2][4]; /* both rows of two lanes at a time: two indices live, not sixteen */
        for (int k = 0; k < 4; k++) {
            int32_t a = idx[8 * g + 2 * k], c = idx[8 * g + 2 * k + 1];
            q[0][k] = load_2x64(base, a, c);
            q[1][k] = load_2x64(b1, a, c);
        }
        for (int r = 0; r < 2; r++) {
            __m256i lo = _mm256_inserti128_si256(_mm256_castsi128_si256(q[r][0]), q[r][1], 1);
            __m256i hi = _mm256_inserti128_si256(_mm256_castsi128_si256(q[r][2]), q[r][3], 1);
            h[r][g] = _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
        }
    }
    const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i odd = _mm512_add_epi32(even, _mm512_set1_epi32(1));
    for (int r = 0; r < 2; r++) {
        t[2 * r] = _mm512_permutex2var_epi32(h[r][0], even, h[r][1]);
        t[2 * r + 1] = _mm512_permutex2var_epi32(h[r][0], odd, h[r][1]);
    }
}
#define QUAD_LOAD(base, pitch4, idx, t) quad_load(base, pitch4, idx, t)

/* Row-pair copies (fast.h pairs, pairs.c): each lane's whole 2x2 footprint is the 16 bytes at its
 * pair index, texels (i0,j0) (i0,j1) (i1,j0) (i1,j1) in dword order.  Between the phases
 * (fast_simd.inc pairs_stage) one 128-bit load and store per lane, into a 256-byte stage where
 * the lanes l, l + 4, l + 8, l + 12 lie side by side; in phase 2 (pairs_staged) one 512-bit load per four
 * lanes and a 4x4 transpose inside each 128-bit slot give the texels of lanes 0..15 in order.
 * Loading straight into vectors in phase 2 instead was 7-10 % slower on the project's Zen 5
 * (1024^2 random gather, first version of the copy). */
/* The texels 00 10 01 11 of the 16 lanes pairs_stage left in `stage`. */
static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx512f"))) void pairs_staged(const void *stage, __m512i t[4])
{
    const float *st = (const float *)stage;
    __m512 z[4], v[4];
    for (int k = 0; k < 4; k++)
        z[k] = _mm512_loadu_ps(st + 16 * k);
    slot_transpose(z, v);
    t[0] = _mm512_castps_si512(v[0]), t[1] = _mm512_castps_si512(v[2]);
    t[2] = _mm512_castps_si512(v[1]), t[3] = _mm512_castps_si512(v[3]);
}
#define PAIRS_STAGED(stage, t) pairs_staged(stage, t)

/* The channels of the texels 00 10 01 11 of 16 lanes' RGBA32F footprints from the row-pair copy
 * (pairs 32 bytes: lane l's footprint is the 64 bytes at pair index idx[l], texels (i0,j0)
 * (i0,j1) (i1,j0) (i1,j1)), in phase 2, block by block: one 512-bit load per lane, a 4x4
 * transpose of 128-bit slots per four lanes l, l + 4, l + 8, l + 12 (one vector per texel), then
 * gather_rgba32f's transpose inside each slot. */
static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx512f"))) void pairs32_load(const unsigned char *pairs,
                                                                                 const int32_t *idx,
                                                                                 __m512 v[4][4])
{
    __m512 z[4][4]; /* z[texel slot][k]: lanes k, k + 4, k + 8, k + 12 */
    for (int k = 0; k < 4; k++) {
        __m512 a = _mm512_loadu_ps((const float *)(const void *)(pairs + (int64_t)idx[k] * 32));
        __m512 b = _mm512_loadu_ps((const float *)(const void *)(pairs + (int64_t)idx[k + 4] * 32));
        __m512 c = _mm512_loadu_ps((const float *)(const void *)(pairs + (int64_t)idx[k + 8] * 32));
        __m512 d = _mm512_loadu_ps((const float *)(const void *)(pairs + (int64_t)idx[k + 12] * 32));
        __m512 t0 = _mm512_shuffle_f32x4(a, b, _MM_SHUFFLE(1, 0, 1, 0)), t1 = _mm512_shuffle_f32x4(a, b, _MM_SHUFFLE(3, 2, 3, 2));
        __m512 t2 = _mm512_shuffle_f32x4(c, d, _MM_SHUFFLE(1, 0, 1, 0)), t3 = _mm512_shuffle_f32x4(c, d, _MM_SHUFFLE(3, 2, 3, 2));
        z[0][k] = _mm512_shuffle_f32x4(t0, t2, _MM_SHUFFLE(2, 0, 2, 0));
        z[1][k] = _mm512_shuffle_f32x4(t0, t2, _MM_SHUFFLE(3, 1, 3, 1));
        z[2][k] = _mm512_shuffle_f32x4(t1, t3, _MM_SHUFFLE(2, 0, 2, 0));
        z[3][k] = _mm512_shuffle_f32x4(t1, t3, _MM_SHUFFLE(3, 1, 3, 1));
    }
    slot_transpose(z[0], v[0]); /* 00 */
    slot_transpose(z[2], v[1]); /* 10 */
    slot_transpose(z[1], v[2]); /* 01 */
    slot_transpose(z[3], v[3]); /* 11 */
}
#define PAIRS32_LOAD(pairs, idx, v) pairs32_load(pairs, idx, v)

/* The texels of 16 registered pairs (dword indices idx: DEFER_PAIR_INDEX; *t0, *t1 hold the pairs'
 * own indices), loaded in phase 2 straight into vectors: for waves whose lanes read neighbouring
 * texels (fast.c: coherent), where the loads hit the caches and storing the pairs between the
 * phases only costs the stores and their reload. */
static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx512f"))) void pairs_load(const unsigned char *base,
                                                                               const int32_t *idx, __m512i *t0,
                                                                               __m512i *t1)
{
    __m512i h[2];
    for (int g = 0; g < 2; g++) {
        __m128i q[4];
        for (int k = 0; k < 4; k++)
            q[k] = load_2x64(base, idx[8 * g + 2 * k], idx[8 * g + 2 * k + 1]);
        __m256i lo = _mm256_inserti128_si256(_mm256_castsi128_si256(q[0]), q[1], 1);
        __m256i hi = _mm256_inserti128_si256(_mm256_castsi128_si256(q[2]), q[3], 1);
        h[g] = _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
    }
    split_pairs(base, h[0], h[1], ADJACENT(*t0, *t1), *t0, *t1, t0, t1);
}
#define PAIRS_LOAD(base, idx, t0, t1) pairs_load(base, idx, t0, t1)

/* The RGBA8 texels at dword indices idx[0..15], loaded straight into a vector (phase 2 of a
 * two-phase block, nearest filtering): against 32-bit loads stored between the phases and read
 * back as one vector, random 1024^2 nearest +6 %, coherent +10 % on the project's Zen 5.  With
 * `hw` (fast_ctx.hwg: recent Intel cores, tmu_fast_gathers_pay) one hardware gather instead of the 16 loads and inserts. */
static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx512f"))) __m512i texels_load(const unsigned char *base,
                                                                                   const int32_t *idx, int hw)
{
    if (hw)
        return _mm512_i32gather_epi32(_mm512_loadu_si512((const void *)idx), (const void *)base, 4);
    __m128i q[4];
    for (int k = 0; k < 4; k++) {
        int32_t w[4];
        for (int m = 0; m < 4; m++)
            memcpy(&w[m], base + (int64_t)idx[4 * k + m] * 4, 4);
        q[k] = _mm_insert_epi32(_mm_insert_epi32(_mm_insert_epi32(_mm_cvtsi32_si128(w[0]), w[1], 1), w[2], 2), w[3], 3);
    }
    __m256i lo = _mm256_inserti128_si256(_mm256_castsi128_si256(q[0]), q[1], 1);
    __m256i hi = _mm256_inserti128_si256(_mm256_castsi128_si256(q[2]), q[3], 1);
    return _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
}
#define TEXELS_LOAD(cx, idx) texels_load((cx)->k->base, idx, (cx)->hwg)

/* The texels of 16 lanes' two footprint rows by hardware gathers: row A's texels at a0 and a1,
 * row B's at b0 and b1 (per lane; mostly a1 = a0 + 1 on the tiled layouts, whose lowest index
 * bits are x's: 3 times in 4 on 32-bit 2D and 1D thin micro tiles, SW_*_S, TILE6_3).  Each row
 * by two 64-bit gathers at a0 (both texels where they are adjacent), the second texels of the
 * other lanes of both rows by one 32-bit gather of their indices packed together (vpcompressd,
 * then vpexpandd back; two masked gathers where more than 16), a lane whose a0 is the last
 * readable word (`words`) by a 32-bit gather.  Against four 32-bit gathers: 48 elements a block
 * instead of 64 (Intel's gathers cost by their width, not their mask). */
static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx512f"))) void texel_rows(const unsigned char *base,
                                                                               int32_t words, __m512i a0,
                                                                               __m512i a1, __m512i b0, __m512i b1,
                                                                               __m512i t[4])
{
    const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i odd = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    const __m512i z = _mm512_setzero_si512(), last = _mm512_set1_epi32(words - 1);
    const __mmask16 qa = _mm512_cmplt_epi32_mask(a0, last), qb = _mm512_cmplt_epi32_mask(b0, last);
    const __mmask16 na = (__mmask16)~ADJACENT(a0, a1), nb = (__mmask16)~ADJACENT(b0, b1);
    __m512i la = _mm512_mask_i32gather_epi64(z, (__mmask8)qa, _mm512_castsi512_si256(a0), (const void *)base, 4);
    __m512i ha = _mm512_mask_i32gather_epi64(z, (__mmask8)(qa >> 8), _mm512_extracti64x4_epi64(a0, 1), (const void *)base, 4);
    __m512i lb = _mm512_mask_i32gather_epi64(z, (__mmask8)qb, _mm512_castsi512_si256(b0), (const void *)base, 4);
    __m512i hb = _mm512_mask_i32gather_epi64(z, (__mmask8)(qb >> 8), _mm512_extracti64x4_epi64(b0, 1), (const void *)base, 4);
    t[0] = _mm512_permutex2var_epi32(la, even, ha), t[1] = _mm512_permutex2var_epi32(la, odd, ha);
    t[2] = _mm512_permutex2var_epi32(lb, even, hb), t[3] = _mm512_permutex2var_epi32(lb, odd, hb);
    if ((qa & qb) != 0xFFFF) { /* a0 or b0 the last word: no 64-bit read there */
        t[0] = _mm512_mask_i32gather_epi32(t[0], (__mmask16)~qa, a0, (const void *)base, 4);
        t[2] = _mm512_mask_i32gather_epi32(t[2], (__mmask16)~qb, b0, (const void *)base, 4);
    }
    if (!(na | nb))
        return;
    const int ca = __builtin_popcount(na), cb = __builtin_popcount(nb);
    if (ca + cb <= 16) {
        const __mmask16 hi = (__mmask16)(((1u << cb) - 1u) << ca), all = (__mmask16)((1u << (ca + cb)) - 1u);
        __m512i ii = _mm512_mask_expand_epi32(_mm512_maskz_compress_epi32(na, a1), hi, _mm512_maskz_compress_epi32(nb, b1));
        __m512i g = _mm512_mask_i32gather_epi32(z, all, ii, (const void *)base, 4);
        t[1] = _mm512_mask_expand_epi32(t[1], na, g);
        const __m512i rot = _mm512_add_epi32(_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                                             _mm512_set1_epi32(ca));
        t[3] = _mm512_mask_expand_epi32(t[3], nb, _mm512_permutexvar_epi32(rot, g));
    } else {
        t[1] = _mm512_mask_i32gather_epi32(t[1], na, a1, (const void *)base, 4);
        t[3] = _mm512_mask_i32gather_epi32(t[3], nb, b1, (const void *)base, 4);
    }
}
#define TEXEL_ROWS(cx, a0, a1, b0, b1, t) texel_rows((cx)->k->base, (cx)->k->words0, a0, a1, b0, b1, t)

/* Dword indices of two texels a lane (a[l], b[l]) as 32 words a[0] b[0] a[1] b[1] ...: lanes 0-7
 * (PAIRS_LO) and 8-15 (PAIRS_HI). */
#define I_PAIRS_LO(a, b)                                                                                        \
    _mm512_permutex2var_epi32(a, _mm512_setr_epi32(0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23), b)
#define I_PAIRS_HI(a, b)                                                                                        \
    _mm512_permutex2var_epi32(a, _mm512_setr_epi32(8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31), b)
/* The texels at the 16 index pairs pi[0..31] (I_PAIRS_LO / HI; fast_simd.inc mip_store_idx): each
 * pair read as one 64-bit word (one load instead of two, the high index by a shift), the first
 * texels into *t0, the second into *t1, each from 32-bit loads as texels_load; with `hw`
 * pi[0..15] and pi[16..31] are the two texels' index vectors as they are (mip_store_idx's
 * `plain`), each read by one hardware gather. */
static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx512f"))) void texels_load2(const unsigned char *base,
                                                                                 const int32_t *pi, __m512i *t0,
                                                                                 __m512i *t1, int hw)
{
    if (hw) { /* the pairs as two plain vectors (mip_store_idx's `plain`) */
        *t0 = _mm512_i32gather_epi32(_mm512_loadu_si512((const void *)pi), (const void *)base, 4);
        *t1 = _mm512_i32gather_epi32(_mm512_loadu_si512((const void *)(pi + 16)), (const void *)base, 4);
        return;
    }
    __m128i q0[4], q1[4];
    for (int k = 0; k < 4; k++) {
        int32_t w0[4], w1[4];
        for (int m = 0; m < 4; m++) {
            uint64_t v;
            memcpy(&v, pi + 2 * (4 * k + m), 8);
            memcpy(&w0[m], base + (int64_t)(int32_t)(uint32_t)v * 4, 4);
            memcpy(&w1[m], base + (int64_t)(int32_t)(uint32_t)(v >> 32) * 4, 4);
        }
        q0[k] = _mm_insert_epi32(_mm_insert_epi32(_mm_insert_epi32(_mm_cvtsi32_si128(w0[0]), w0[1], 1), w0[2], 2), w0[3], 3);
        q1[k] = _mm_insert_epi32(_mm_insert_epi32(_mm_insert_epi32(_mm_cvtsi32_si128(w1[0]), w1[1], 1), w1[2], 2), w1[3], 3);
    }
    __m256i lo = _mm256_inserti128_si256(_mm256_castsi128_si256(q0[0]), q0[1], 1);
    __m256i hi = _mm256_inserti128_si256(_mm256_castsi128_si256(q0[2]), q0[3], 1);
    *t0 = _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
    lo = _mm256_inserti128_si256(_mm256_castsi128_si256(q1[0]), q1[1], 1);
    hi = _mm256_inserti128_si256(_mm256_castsi128_si256(q1[2]), q1[3], 1);
    *t1 = _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
}
#define TEXELS_LOAD2(cx, pi, t0, t1) texels_load2((cx)->k->base, pi, t0, t1, (cx)->hwg)

/* ---- row spans: a block's RGBA8 texels from whole rows (coherent lanes) ----------------
 * Where the lanes of a block read neighbouring texels (image processing, a screen-aligned
 * quad: lane k near texel x0 + k), the texels of each tap of a bilinear footprint come from at
 * most two neighbouring rows and from 32 consecutive columns [start, start + 32) of them: each
 * row is read with two 64-byte loads and each tap's texels are permutes of those, instead of a
 * load per lane (+10-15 % on the 1024^2 coherent bilinear row of tmu bench sample on the
 * project's Zen 5; the same for RGBA32F, 8 loads and a transpose per row, was 10 % slower than
 * its per-lane loads, and for nearest no faster).  Only for level 0 of a single-level call (the
 * `uniform` level parameters), only where every row read lies in the level and 32 <= width, so
 * each load stays inside its row.  The texels are the same, so the results are bit-identical. */
typedef struct span {
    const unsigned char *row; /* texel `start` of row J */
    int64_t pitch;            /* bytes from row to row */
    __m512i d0, d1;           /* columns i0 and i1 - start, in [0, 32) */
    __mmask16 up;             /* lanes whose row j0 is J + 1 (the others' is J) */
} span;

/* 1 when the lanes' bilinear texels (columns i0, i1; rows j0 and j1 = j0 + 1) form a span;
 * fills *sp. */
static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx512f"))) int span_find(const fast_consts *k,
                                                                             __m512i i0, __m512i i1,
                                                                             __m512i j0, __m512i j1, span *sp)
{
    /* rows within one of lane 0's (a single test, so scattered lanes leave at once) */
    __m512i jl = _mm512_broadcastd_epi32(_mm512_castsi512_si128(j0));
    __m512i rel = _mm512_sub_epi32(_mm512_add_epi32(j0, _mm512_set1_epi32(1)), jl);
    if (_mm512_cmpgt_epu32_mask(rel, _mm512_set1_epi32(2)))
        return 0;
    /* J: lane 0's row, or the row above it where some lane reads that (no branch: which of the
     * two it is varies at random from block to block) */
    int32_t below = _mm512_cmpeq_epi32_mask(rel, _mm512_setzero_si512()) != 0;
    int32_t J = _mm_cvtsi128_si32(_mm512_castsi512_si128(j0)) - below;
    rel = _mm512_sub_epi32(rel, _mm512_set1_epi32(1 - below)); /* j0 - J */
    if (_mm512_cmpgt_epu32_mask(rel, _mm512_set1_epi32(1)))
        return 0;
    __mmask16 up = _mm512_cmpeq_epi32_mask(rel, _mm512_set1_epi32(1));
    int32_t w = k->level_w[0], last = J + 1 + (up ? 1 : 0); /* the last row read */
    if (w < 32 || J < 0 || last > k->level_h[0] - 1)
        return 0;
    if (_mm512_cmpneq_epi32_mask(j1, _mm512_add_epi32(j0, _mm512_set1_epi32(1)))) /* a wrapped or clamped edge */
        return 0;
    int32_t start = _mm_cvtsi128_si32(_mm512_castsi512_si128(i0)) - 2;
    start = start < 0 ? 0 : start > w - 32 ? w - 32 : start;
    const __m512i sb = _mm512_set1_epi32(start), lim = _mm512_set1_epi32(31);
    sp->d0 = _mm512_sub_epi32(i0, sb);
    sp->d1 = _mm512_sub_epi32(i1, sb);
    if (_mm512_cmpgt_epu32_mask(sp->d0, lim) | _mm512_cmpgt_epu32_mask(sp->d1, lim))
        return 0;
    sp->pitch = (int64_t)k->level_pitch[0] * 4;
    sp->row = k->base + (int64_t)k->level_off[0] + (int64_t)J * sp->pitch + (int64_t)start * 4;
    sp->up = up;
    return 1;
}

/* The texels of column d in rows J + r (lanes outside up) and J + r + 1 (lanes in up). */
static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx512f"))) __m512i span_tap(const span *sp, int r,
                                                                                __m512i d)
{
    const unsigned char *p = sp->row + r * sp->pitch;
    __m512i t = _mm512_permutex2var_epi32(_mm512_loadu_si512((const void *)p), d,
                                          _mm512_loadu_si512((const void *)(p + 64)));
    if (sp->up) {
        p += sp->pitch;
        __m512i u = _mm512_permutex2var_epi32(_mm512_loadu_si512((const void *)p), d,
                                              _mm512_loadu_si512((const void *)(p + 64)));
        t = _mm512_mask_blend_epi32(sp->up, t, u);
    }
    return t;
}

/* fast_simd.inc's hook: the RGBA8 texels 00 10 01 11 of a bilinear footprint (columns i0 i1,
 * rows j0 j1 of level 0) from a span; 0 (nothing read) when the lanes are not one. */
static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx512f"))) int span_quad(const fast_consts *k, __m512i i0,
                                                                             __m512i i1, __m512i j0, __m512i j1,
                                                                             __m512i raw[4])
{
    span sp;
    if (!span_find(k, i0, i1, j0, j1, &sp))
        return 0;
    raw[0] = span_tap(&sp, 0, sp.d0);
    raw[1] = span_tap(&sp, 0, sp.d1);
    raw[2] = span_tap(&sp, 1, sp.d0);
    raw[3] = span_tap(&sp, 1, sp.d1);
    return 1;
}
#define SPAN_QUAD(cx, i0, i1, j0, j1, raw) span_quad((cx)->k, i0, i1, j0, j1, raw)

/* ---- implicit LOD: log2 of the quads' rho -------------------------------------------- */

/* tmu_unit_log2f of 16 floats: the same double operations in the same order (lod.c), so the
 * same bits. */
static inline __attribute__((TMU_FAST_FORCE_INLINE target("avx512f"))) __m512 log2_16(__m512 x0)
{
    __m512i b = _mm512_castps_si512(x0);
    __mmask16 sub = _mm512_cmplt_epu32_mask(b, _mm512_set1_epi32(0x00800000)); /* subnormal or +0 */
    __m512 x = _mm512_mask_mul_ps(x0, sub, x0, _mm512_set1_ps(0x1p23f));
    b = _mm512_castps_si512(x);
    __m512i e = _mm512_maskz_mov_epi32(sub, _mm512_set1_epi32(-23));
    __m512i r = _mm512_sub_epi32(b, _mm512_set1_epi32(0x3F3504F3));
    e = _mm512_add_epi32(e, _mm512_srai_epi32(r, 23));
    __m512 m = _mm512_castsi512_ps(
        _mm512_add_epi32(_mm512_and_si512(r, _mm512_set1_epi32(0x007FFFFF)), _mm512_set1_epi32(0x3F3504F3)));
    __m256 half[2];
    for (int h = 0; h < 2; h++) {
        __m256 mh = h ? _mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(m), 1)) : _mm512_castps512_ps256(m);
        __m256i eh = h ? _mm512_extracti64x4_epi64(e, 1) : _mm512_castsi512_si256(e);
        __m512d f = _mm512_sub_pd(_mm512_cvtps_pd(mh), _mm512_set1_pd(1.0));
        __m512d sv = _mm512_div_pd(f, _mm512_add_pd(_mm512_set1_pd(2.0), f)), z = _mm512_mul_pd(sv, sv);
        __m512d c[TMU_LOG2_TERMS];
        for (int k = 0; k < TMU_LOG2_TERMS; k++)
            c[k] = _mm512_set1_pd(tmu_unit_log2_coef[k]);
        __m512d z2 = _mm512_mul_pd(z, z), z4 = _mm512_mul_pd(z2, z2), z8 = _mm512_mul_pd(z4, z4);
        __m512d q0 = _mm512_add_pd(c[0], _mm512_mul_pd(c[1], z)), q1 = _mm512_add_pd(c[2], _mm512_mul_pd(c[3], z));
        __m512d q2 = _mm512_add_pd(c[4], _mm512_mul_pd(c[5], z)), q3 = _mm512_add_pd(c[6], _mm512_mul_pd(c[7], z));
        __m512d r0 = _mm512_add_pd(q0, _mm512_mul_pd(q1, z2)), r1 = _mm512_add_pd(q2, _mm512_mul_pd(q3, z2));
        __m512d poly = _mm512_add_pd(_mm512_add_pd(r0, _mm512_mul_pd(r1, z4)), _mm512_mul_pd(c[8], z8));
        half[h] = _mm512_cvtpd_ps(_mm512_add_pd(_mm512_cvtepi32_pd(eh), _mm512_mul_pd(sv, poly)));
    }
    __m512 res = _mm512_castpd_ps(_mm512_insertf64x4(_mm512_castpd256_pd512(_mm256_castps_pd(half[0])),
                                                     _mm256_castps_pd(half[1]), 1));
    /* the special inputs, as tmu_unit_log2f: +-0 -> -inf, negative -> NaN, +inf -> +inf, NaN kept */
    __mmask16 zero = _mm512_cmp_ps_mask(x0, _mm512_setzero_ps(), _CMP_EQ_OQ);
    __mmask16 neg = _mm512_cmp_ps_mask(x0, _mm512_setzero_ps(), _CMP_LT_OQ);
    __mmask16 inf = _mm512_cmp_ps_mask(x0, _mm512_set1_ps(INFINITY), _CMP_EQ_OQ);
    __mmask16 nan = _mm512_cmp_ps_mask(x0, x0, _CMP_UNORD_Q);
    res = _mm512_mask_mov_ps(res, zero, _mm512_set1_ps(-INFINITY));
    res = _mm512_mask_mov_ps(res, neg, _mm512_castsi512_ps(_mm512_set1_epi32(0x7FC00000)));
    res = _mm512_mask_mov_ps(res, (__mmask16)(inf | nan), x0);
    return res;
}

/* lambda_base of the quads of every whole group of 64 lanes in [0, lanes): `lod` holds each
 * quad's rho in its first lane (fast_simd.inc quad_rho); each quad's four lanes get
 * tmu_unit_log2f(rho), 0 where rho is NaN (fast.c implicit_lods).  Returns the lanes done. */
__attribute__((target("avx512f"))) uint32_t tmu_fast_avx512_quad_log2(uint32_t lanes, float *lod)
{
    const __m512i first = _mm512_setr_epi32(0, 4, 8, 12, 16, 20, 24, 28, 0, 4, 8, 12, 16, 20, 24, 28);
    uint32_t done = 0;
    for (; done + 64 <= lanes; done += 64) {
        float *p = lod + done;
        __m512 a = _mm512_permutex2var_ps(_mm512_loadu_ps(p), first, _mm512_loadu_ps(p + 16));
        __m512 c = _mm512_permutex2var_ps(_mm512_loadu_ps(p + 32), first, _mm512_loadu_ps(p + 48));
        __m512 rho = _mm512_shuffle_f32x4(a, c, _MM_SHUFFLE(1, 0, 1, 0)); /* quad q's rho in element q */
        __m512 l = log2_16(rho);
        l = _mm512_mask_mov_ps(l, _mm512_cmp_ps_mask(rho, rho, _CMP_UNORD_Q), _mm512_setzero_ps());
        for (int k = 0; k < 4; k++) { /* lanes 16k .. 16k + 15: quads 4k .. 4k + 3 */
            __m512i q = _mm512_add_epi32(_mm512_set1_epi32(4 * k),
                                         _mm512_srli_epi32(_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
                                                                             14, 15),
                                                           2));
            _mm512_storeu_ps(p + 16 * k, _mm512_permutexvar_ps(q, l));
        }
    }
    return done;
}

#include "unit/fast/fast_simd.inc"

int tmu_fast_have_avx512(void)
{
    /* AVX-512BW for dec8x's byte shuffle: every AVX-512 core but Xeon Phi's has it */
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") ? 1 : 0;
}

#else

int tmu_fast_have_avx512(void)
{
    return 0;
}

void tmu_fast_avx512_wave(const fast_ctx *cx, const uint64_t *exec, uint32_t lanes, int pf)
{
    (void)cx, (void)exec, (void)lanes, (void)pf; /* never called: tmu_fast_have_avx512() is 0 */
}

void tmu_fast_avx512_prefetch(const fast_ctx *cx, uint32_t first)
{
    (void)cx, (void)first;
}

uint32_t tmu_fast_avx512_quad_rho(const fast_ctx *cx, uint32_t lanes, float *rho)
{
    (void)cx, (void)lanes, (void)rho;
    return 0;
}

void tmu_fast_avx512_fetch_wave(const fast_ctx *cx, const uint64_t *exec, uint32_t lanes)
{
    (void)cx, (void)exec, (void)lanes;
}

uint32_t tmu_fast_avx512_quad_log2(uint32_t lanes, float *lod)
{
    (void)lanes, (void)lod;
    return 0;
}

#endif
