/* tmu — private declarations shared by the texel-format sources. */
#ifndef TMU_FORMAT_INTERNAL_H
#define TMU_FORMAT_INTERNAL_H

#include "tmu/format.h"

/* The format table, indexed by tmu_format (row 0, TMU_FORMAT_INVALID, is empty). */
extern const tmu_format_info tmu_format_table[TMU_FORMAT_COUNT];

/* Linear value of each sRGB-encoded 8-bit code. */
extern const float tmu_srgb8_table[256];

#endif
