/* AMD gfx11 (RDNA3) swizzle pattern data (amd_gfx11_patterns.c; source and format there). */
#ifndef TMU_LAYOUT_AMD_GFX11_PATTERNS_H
#define TMU_LAYOUT_AMD_GFX11_PATTERNS_H

#include <stdint.h>

#include "layout/amd_gfx10_patterns.h"

/* Pattern families of addrlib's gfx11 tables (GFX11_SW_*_PATINFO): D = 2D display / 3D thin,
 * ZR = the Z and R modes (one table on gfx11) per fragment count, S3 / D3 = 3D thick. */
typedef enum tmu_gfx11_family_id {
    TMU_GFX11_FAM_256_D,
    TMU_GFX11_FAM_4K_D,
    TMU_GFX11_FAM_4K_D_X,
    TMU_GFX11_FAM_64K_D,
    TMU_GFX11_FAM_64K_D_X,
    TMU_GFX11_FAM_64K_D_T,
    TMU_GFX11_FAM_256K_D_X,
    TMU_GFX11_FAM_64K_ZR_X_1AA,
    TMU_GFX11_FAM_64K_ZR_X_2AA,
    TMU_GFX11_FAM_64K_ZR_X_4AA,
    TMU_GFX11_FAM_64K_ZR_X_8AA,
    TMU_GFX11_FAM_256K_ZR_X_1AA,
    TMU_GFX11_FAM_256K_ZR_X_2AA,
    TMU_GFX11_FAM_256K_ZR_X_4AA,
    TMU_GFX11_FAM_256K_ZR_X_8AA,
    TMU_GFX11_FAM_4K_S3,
    TMU_GFX11_FAM_4K_S3_X,
    TMU_GFX11_FAM_64K_S3,
    TMU_GFX11_FAM_64K_S3_X,
    TMU_GFX11_FAM_64K_S3_T,
    TMU_GFX11_FAM_256K_S3_X,
    TMU_GFX11_FAM_64K_D3_X,
    TMU_GFX11_FAM_COUNT
} tmu_gfx11_family_id;

typedef tmu_gfx10_family_span tmu_gfx11_family_span;

/* sizes of the tables of amd_gfx11_patterns.c (generated with it) */
#define TMU_GFX11_NBITS 340
#define TMU_GFX11_NLOW8 25
#define TMU_GFX11_NQUAD 870
#define TMU_GFX11_NPATTERN 1035
#define TMU_GFX11_NENTRY 1650

extern const uint64_t tmu_gfx11_bits[TMU_GFX11_NBITS];
extern const uint16_t tmu_gfx11_low8[TMU_GFX11_NLOW8][8];
extern const uint16_t tmu_gfx11_quad[TMU_GFX11_NQUAD][4];
extern const uint16_t tmu_gfx11_pattern[TMU_GFX11_NPATTERN][4];
extern const uint16_t tmu_gfx11_entry[TMU_GFX11_NENTRY];
extern const uint8_t tmu_gfx11_items[TMU_GFX11_NENTRY];
extern const tmu_gfx11_family_span tmu_gfx11_family[TMU_GFX11_FAM_COUNT];

#endif
