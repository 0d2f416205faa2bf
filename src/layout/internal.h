/* tmu layout module: the contract between the generic surface code (surface.c: dispatch,
 * detile / retile, names) and each vendor engine.  Each engine keeps its private parameters
 * in tmu_surface.impl through its own struct (checked to fit with a static assertion). */
#ifndef TMU_LAYOUT_INTERNAL_H
#define TMU_LAYOUT_INTERNAL_H

#include "tmu/layout.h"

/* AMD gfx6-gfx8 (tile-index modes): amd_gfx6.c. */
tmu_status tmu_layout_gfx6_init(tmu_surface *surf, const tmu_amd_chip *chip,
                                const tmu_surface_desc *desc, tmu_diag *diag);
uint64_t tmu_layout_gfx6_address(const tmu_surface *surf, uint32_t level, uint32_t x, uint32_t y,
                                 uint32_t slice, uint32_t sample);
/* 0 for a level whose addresses keep addrlib's THICK element order on a thinned (thin) mode:
 * they overlap and pass the level's end (tmu_surface_level_one_to_one); else 1. */
int tmu_layout_gfx6_one_to_one(const tmu_surface *surf, uint32_t level);

/* AMD gfx9 (Vega, Raven): amd_gfx9.c. */
tmu_status tmu_layout_gfx9_init(tmu_surface *surf, const tmu_amd_chip *chip,
                                const tmu_surface_desc *desc, tmu_diag *diag);
uint64_t tmu_layout_gfx9_address(const tmu_surface *surf, uint32_t level, uint32_t x, uint32_t y,
                                 uint32_t slice, uint32_t sample);

/* AMD gfx10, gfx10.3 (Navi) and gfx11 (RDNA3): amd_gfx10.c. */
tmu_status tmu_layout_gfx10_init(tmu_surface *surf, const tmu_amd_chip *chip,
                                 const tmu_surface_desc *desc, tmu_diag *diag);
uint64_t tmu_layout_gfx10_address(const tmu_surface *surf, uint32_t level, uint32_t x,
                                  uint32_t y, uint32_t slice, uint32_t sample);

/* Adreno a6xx / a7xx (freedreno fdl6 layouts): adreno.c, presets in adreno_gpus.c.
 * tmu_layout_adreno_address: bytes from the surface base of an element of a computed
 * TMU_LAYOUT_ADRENO6 surface (coordinates inside the level).  tmu_layout_adreno_addressable:
 * 1 when tmu knows the element order of the level (not UBWC, TILE6_2, or TILE6_3 at cpp 32). */
uint64_t tmu_layout_adreno_address(const tmu_surface *surf, uint32_t level, uint32_t x,
                                   uint32_t y, uint32_t slice, uint32_t sample);
int tmu_layout_adreno_addressable(const tmu_surface *surf, uint32_t level);

#define TMU_LAYOUT_IMPL_FITS(type)                                                            \
    _Static_assert(sizeof(type) <= sizeof(((tmu_surface *)0)->impl),                           \
                   #type " must fit in tmu_surface.impl")

#endif
