/* Internal interface of the translator (src/translate). */
#ifndef TMU_XL_INTERNAL_H
#define TMU_XL_INTERNAL_H

#include <string.h>

#include "tmu/translate.h"

/* The GL/Vulkan cube face table (sampling.md §4.1): major axis and the direction component (and
 * sign) that gives s_c and t_c, per face +X, -X, +Y, -Y, +Z, -Z. */
typedef struct xl_face {
    int major, s_axis, s_sign, t_axis, t_sign;
} xl_face;
extern const xl_face xl_faces[6];

/* Shape facts per tmu_dim. */
typedef struct xl_dim_info {
    const char *ptx;   /* PTX geometry name, NULL = none */
    int ptx_geom;      /* tmu_ptx_geom */
    int gcn_type;      /* tmu_gcn_image_type */
    uint8_t axes;      /* coordinate axes (cube: 3, the direction) */
    uint8_t array, cube, ms;
    uint8_t off_axes;  /* offset components (0: offsets not defined) */
} xl_dim_info;
extern const xl_dim_info xl_dims[TMU_DIM_COUNT];

/* How a slot in `form` becomes its canonical value (uop, imm) and how the canonical value is
 * written in `form`. */
typedef struct xl_conv {
    int8_t to_canon;   /* tmu_xl_uop, -1 = not possible alone */
    uint32_t to_k;
    int8_t from_canon; /* tmu_xl_uop, -1 = not possible alone */
    uint32_t from_k;
} xl_conv;
extern const xl_conv xl_convs[TMU_XL_F_COUNT];

/* What a query result word means (at the query's level l; "in range": l < levels). */
enum {
    XLQ_NONE = 0,
    XLQ_W,         /* width of level l, 0 out of range */
    XLQ_H,         /* height of level l (1 for 1D shapes), 0 out of range */
    XLQ_D,         /* depth of level l (1 for non-3D), 0 out of range */
    XLQ_LR,        /* layers (cube arrays: cubes; non-arrays: 1), 0 out of range */
    XLQ_LR_M1,     /* XLQ_LR - 1 in range, 0 out of range (a3xx) */
    XLQ_L0,        /* array size, level-independent: layers (cubes), 0 for non-arrays (PTX) */
    XLQ_ONE_IF,    /* 1 in range, 0 out of range */
    XLQ_ONE,       /* 1 */
    XLQ_ZERO,      /* 0 */
    XLQ_LEVELS,    /* levels */
    XLQ_LEVELS_M1, /* levels - 1 (a3xx getinfo) */
    XLQ_LEVELS0,   /* levels, 0 when 1 (PTX) */
    XLQ_SAMPLES,   /* samples */
    XLQ_SAMPLES0,  /* samples, 0 when 1 (PTX) */
    XLQ_LMIN,      /* max(1, layers >> l) in range, 0 out of range (ir3 getsize z of arrays) */
    XLQ_D0,        /* level-0 depth in range, 0 out of range (ir3 getsize w of 3D) */
    XLQ_D0_M1,     /* XLQ_D0 - 1 in range (a3xx) */
    XLQ_L0_M1,     /* XLQ_L0 - 1 (a3xx getsize w at level 0) */
    XLQ_SAMPLES_M1, /* samples - 1 (a3xx getinfo w) */
    XLQ_COUNT
};

/* Lowers a size / level / sample query (query.c): target instructions and the post-ops that
 * give each source word its meaning.  TMU_ERR_UNSUPPORTED with the reason. */
tmu_status xl_lower_query(const tmu_xl_source *s, tmu_xl_program *p, tmu_diag *diag);

/* Refusal rules (rules.c): the first rule whose predicate holds gives the reason. */
const char *xl_refusal(const tmu_xl_source *src, tmu_xl_arch to);

/* Lowering to each ISA (lower.c): builds the target instruction(s) into p and lifts them back
 * into *tgt (the target-side locations and forms of every slot and result). */
tmu_status xl_lower_ptx(const tmu_xl_source *src, tmu_xl_program *p, tmu_xl_source *tgt, tmu_diag *diag);
tmu_status xl_lower_gcn(const tmu_xl_source *src, tmu_xl_program *p, tmu_xl_source *tgt, tmu_diag *diag);
tmu_status xl_lower_ir3(const tmu_xl_source *src, tmu_xl_program *p, tmu_xl_source *tgt, tmu_diag *diag);

/* Translation to an RDNA generation (rdna.c): through gfx9, then each instruction re-encoded. */
tmu_status xl_translate_rdna(const tmu_xl_source *src, tmu_xl_arch to, tmu_xl_program *p, tmu_diag *diag);

/* Text output (print.c) for print.c and listing.c: snprintf's contract over a whole text, so
 * `len` counts every byte asked for even past `size` (buf may be NULL to measure). */
typedef struct xl_out {
    char *buf;
    size_t size, len;
} xl_out;
void xl_put(xl_out *o, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Lifting a parsed PTX instruction (lift.c), used for sources and for checking PTX targets. */
tmu_status xl_lift_ptx_instr(const tmu_ptx_instr *in, tmu_xl_source *out, tmu_diag *diag);

static inline tmu_xl_loc xl_loc(uint8_t kind, uint16_t index, uint8_t half)
{
    tmu_xl_loc l;
    memset(&l, 0, sizeof l);
    l.kind = kind;
    l.index = index;
    l.half = half;
    return l;
}
static inline tmu_xl_loc xl_imm(uint32_t v)
{
    tmu_xl_loc l = xl_loc(TMU_XL_L_IMM, 0, 0);
    l.imm = v;
    return l;
}
static inline uint32_t xl_fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

#endif
