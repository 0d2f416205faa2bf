/* Private: RDNA (gfx10, gfx10.3, gfx11) image and sampler descriptors (desc_rdna.c), called by
 * the public descriptor functions of desc.c / tiled.c / placement.c for RDNA generations. */
#ifndef TMU_GCN_DESC_RDNA_H
#define TMU_GCN_DESC_RDNA_H

#include "tmu/gcn.h"
#include "tmu/layout.h"
#include "tmu/texture.h"

/* Value names of the T# / S# fields gfx6-9 and RDNA share (defined once, in desc.c). */
extern const char *const gcn_dst_sel[8];
extern const char *const gcn_img_type[16];
extern const char *const gcn_clamp_mode[8];
extern const char *const gcn_aniso[8];
extern const char *const gcn_cmp_func[8];
extern const char *const gcn_filter_mode[4];
extern const char *const gcn_xy_filter[4];
extern const char *const gcn_zmip_filter[4];
extern const char *const gcn_border_type[4];

/* Printing a descriptor field (desc.c): the meaning text of value `v` of field `r` by its kind
 * (returns 1; 0 for a plain field, whose text is then just the number), and appending one
 * "dN[hi:lo] NAME = meaning" line to buf at *len (-1 when it does not fit). */
int gcn_desc_meaning(const tmu_gcn_desc_field_info *r, uint32_t v, char *meaning, size_t size);
int gcn_desc_print_line(char *buf, size_t size, size_t *len, const tmu_gcn_desc_field_info *r,
                        const char *meaning);

const tmu_gcn_desc_field_info *rdna_tdesc_field_get(tmu_gcn_gen gen, tmu_gcn_tdesc_field field);
const tmu_gcn_desc_field_info *rdna_sdesc_field_get(tmu_gcn_gen gen, tmu_gcn_sdesc_field field);
/* The fields of an RDNA T# (tmu_gcn_tdesc_decode checks TYPE for both families). */
void rdna_tdesc_decode(tmu_gcn_gen gen, const uint32_t *dw, unsigned ndw, tmu_gcn_tdesc *out);
tmu_status rdna_tdesc_encode(const tmu_gcn_tdesc *desc, uint32_t *dw, tmu_diag *diag);
void rdna_sdesc_decode(tmu_gcn_gen gen, const uint32_t dw[4], tmu_gcn_sdesc *out);
tmu_status rdna_sdesc_encode(const tmu_gcn_sdesc *desc, uint32_t dw[4], tmu_diag *diag);
int rdna_tdesc_print(const tmu_gcn_tdesc *desc, char *buf, size_t size);
int rdna_sdesc_print(const tmu_gcn_sdesc *desc, char *buf, size_t size);
/* The format of a T# (TMU_ERR_UNSUPPORTED naming FORMAT and why). */
tmu_status rdna_tdesc_format(const tmu_gcn_tdesc *desc, tmu_format *out, tmu_diag *diag);
/* The gfx9 DATA_FORMAT / NUM_FORMAT pair a FORMAT value stands for (0xff: none). */
void rdna_format_split(tmu_gcn_gen gen, unsigned format, unsigned *dfmt, unsigned *nfmt);
tmu_status rdna_tdesc_surface(const tmu_gcn_tdesc *desc, const tmu_texture *shape,
                              const tmu_amd_chip *chip, tmu_surface *surf, uint64_t *base,
                              tmu_diag *diag);
/* Shared with tiled.c (gfx9).  Block size log2 of swizzle mode `sw` on `gen` (gfx9 .. gfx11): 8,
 * 12, 16, gfx11's 18 for 28..31; 0 for SW_LINEAR and modes without a fixed block. */
unsigned gcn_sw_block_log2(tmu_amd_gen gen, uint32_t sw);
/* For a _T / _X SW_MODE (16..31), splits the pipe/bank XOR off *addr (the T# base address; its
 * bits below the 2^blk block, in pipe-interleave units) into *pipe_bank_xor; 0 for other modes.
 * TMU_ERR_UNSUPPORTED naming BASE_ADDRESS when bits below the interleave are set. */
tmu_status gcn_take_pipe_bank_xor(const tmu_gcn_tdesc *desc, const tmu_amd_chip *chip,
                                  const char *swname, unsigned blk, uint64_t *addr,
                                  uint32_t *pipe_bank_xor, tmu_diag *diag);
/* The tmu_surface_desc fields a T#'s shape gives (element bits, extent, slices, samples, levels;
 * tile_index -1, the rest 0); TMU_ERR_UNSUPPORTED naming `format_field` (FORMAT / DATA_FORMAT)
 * = `format_value` for texels other than 8, 16, 32, 64 or 128 bits. */
tmu_status gcn_shape_surface_desc(const tmu_texture *shape, const char *format_field,
                                  unsigned format_value, tmu_surface_desc *sd, tmu_diag *diag);
tmu_status rdna_tdesc_for_texture(tmu_gcn_gen gen, const tmu_texture *shape, uint64_t address,
                                  tmu_gcn_tdesc *out, uint64_t *size, tmu_diag *diag);

#endif
