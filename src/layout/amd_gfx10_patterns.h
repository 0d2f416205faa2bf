/* AMD gfx10 / gfx10.3 swizzle pattern data (amd_gfx10_patterns.c; source and format there). */
#ifndef TMU_LAYOUT_AMD_GFX10_PATTERNS_H
#define TMU_LAYOUT_AMD_GFX10_PATTERNS_H

#include <stdint.h>

/* Pattern families: gfx10 tables, then the gfx10.3 (RB+) ones, then the RB+ variable-block ones. */
typedef enum tmu_gfx10_family_id {
    TMU_GFX10_FAM_256_S,
    TMU_GFX10_FAM_256_D,
    TMU_GFX10_FAM_4K_S,
    TMU_GFX10_FAM_4K_D,
    TMU_GFX10_FAM_4K_S_X,
    TMU_GFX10_FAM_4K_D_X,
    TMU_GFX10_FAM_4K_S3,
    TMU_GFX10_FAM_4K_S3_X,
    TMU_GFX10_FAM_64K_S,
    TMU_GFX10_FAM_64K_D,
    TMU_GFX10_FAM_64K_S_T,
    TMU_GFX10_FAM_64K_D_T,
    TMU_GFX10_FAM_64K_S_X,
    TMU_GFX10_FAM_64K_D_X,
    TMU_GFX10_FAM_64K_R_X_1AA,
    TMU_GFX10_FAM_64K_R_X_2AA,
    TMU_GFX10_FAM_64K_R_X_4AA,
    TMU_GFX10_FAM_64K_R_X_8AA,
    TMU_GFX10_FAM_64K_Z_X_1AA,
    TMU_GFX10_FAM_64K_Z_X_2AA,
    TMU_GFX10_FAM_64K_Z_X_4AA,
    TMU_GFX10_FAM_64K_Z_X_8AA,
    TMU_GFX10_FAM_64K_S3,
    TMU_GFX10_FAM_64K_S3_X,
    TMU_GFX10_FAM_64K_S3_T,
    TMU_GFX10_FAM_64K_D3_X,
    TMU_GFX10_FAM_RBP_256_S,
    TMU_GFX10_FAM_RBP_256_D,
    TMU_GFX10_FAM_RBP_4K_S,
    TMU_GFX10_FAM_RBP_4K_D,
    TMU_GFX10_FAM_RBP_4K_S_X,
    TMU_GFX10_FAM_RBP_4K_D_X,
    TMU_GFX10_FAM_RBP_4K_S3,
    TMU_GFX10_FAM_RBP_4K_S3_X,
    TMU_GFX10_FAM_RBP_64K_S,
    TMU_GFX10_FAM_RBP_64K_D,
    TMU_GFX10_FAM_RBP_64K_S_T,
    TMU_GFX10_FAM_RBP_64K_D_T,
    TMU_GFX10_FAM_RBP_64K_S_X,
    TMU_GFX10_FAM_RBP_64K_D_X,
    TMU_GFX10_FAM_RBP_64K_R_X_1AA,
    TMU_GFX10_FAM_RBP_64K_R_X_2AA,
    TMU_GFX10_FAM_RBP_64K_R_X_4AA,
    TMU_GFX10_FAM_RBP_64K_R_X_8AA,
    TMU_GFX10_FAM_RBP_64K_Z_X_1AA,
    TMU_GFX10_FAM_RBP_64K_Z_X_2AA,
    TMU_GFX10_FAM_RBP_64K_Z_X_4AA,
    TMU_GFX10_FAM_RBP_64K_Z_X_8AA,
    TMU_GFX10_FAM_RBP_64K_S3,
    TMU_GFX10_FAM_RBP_64K_S3_X,
    TMU_GFX10_FAM_RBP_64K_S3_T,
    TMU_GFX10_FAM_RBP_64K_D3_X,
    TMU_GFX10_FAM_RBP_VAR_R_X_1AA,
    TMU_GFX10_FAM_RBP_VAR_R_X_2AA,
    TMU_GFX10_FAM_RBP_VAR_R_X_4AA,
    TMU_GFX10_FAM_RBP_VAR_R_X_8AA,
    TMU_GFX10_FAM_RBP_VAR_Z_X_1AA,
    TMU_GFX10_FAM_RBP_VAR_Z_X_2AA,
    TMU_GFX10_FAM_RBP_VAR_Z_X_4AA,
    TMU_GFX10_FAM_RBP_VAR_Z_X_8AA,
    TMU_GFX10_FAM_COUNT
} tmu_gfx10_family_id;

/* Distance from a gfx10 family to its RB+ twin. */
#define TMU_GFX10_FAM_RBP_DELTA (TMU_GFX10_FAM_RBP_256_S - TMU_GFX10_FAM_256_S)

typedef struct tmu_gfx10_family_span {
    uint16_t first, count;
} tmu_gfx10_family_span;

#define TMU_GFX10_NBITS 513
#define TMU_GFX10_NLOW8 40
#define TMU_GFX10_NQUAD 1574
#define TMU_GFX10_NPATTERN 1875
#define TMU_GFX10_NENTRY 2660

extern const uint64_t tmu_gfx10_bits[TMU_GFX10_NBITS];
extern const uint16_t tmu_gfx10_low8[TMU_GFX10_NLOW8][8];
extern const uint16_t tmu_gfx10_quad[TMU_GFX10_NQUAD][4];
extern const uint16_t tmu_gfx10_pattern[TMU_GFX10_NPATTERN][4];
extern const uint16_t tmu_gfx10_entry[TMU_GFX10_NENTRY];
extern const tmu_gfx10_family_span tmu_gfx10_family[TMU_GFX10_FAM_COUNT];

#endif
