/* GCN executor, part 1: descriptors from SGPRs -> tmu_texture / tmu_sampler bound to guest memory,
 * and the lift of an instruction (operand layout, tmu_op, VDATA sizes).  Everything an
 * instruction can be refused for is checked here, before anything executes. */
#include <math.h>
#include <string.h>

#include "gcn/desc_rdna.h"
#include "gcn/exec_internal.h"
#include "tmu/format.h"

#define FAIL(st, bit, ...) return tmu_diag_set(diag, st, 0, 0, bit, __VA_ARGS__)

/* The region holding [addr, addr + len), or NULL. */
static const tmu_gcn_region *find_region(const tmu_gcn_env *env, uint64_t addr, uint64_t len)
{
    if (!env || !env->regions)
        return NULL;
    for (size_t i = 0; i < env->region_count; i++) {
        const tmu_gcn_region *r = &env->regions[i];
        if (!r->host || r->size == 0 || r->base >= TMU_GCN_ADDRESS_LIMIT ||
            r->size > TMU_GCN_ADDRESS_LIMIT - r->base)
            continue;
        if (addr >= r->base && len <= r->size && addr - r->base <= r->size - len)
            return r;
    }
    return NULL;
}

/* FORCE_DEGAMMA decodes an UNORM image as sRGB, SKIP_DEGAMMA (gfx9) an sRGB one as UNORM. */
static tmu_status apply_degamma(const tmu_gcn_tdesc *tdesc, const tmu_gcn_sdesc *sdesc,
                                tmu_texture *out, tmu_diag *diag)
{
    const tmu_format_info *fi = tmu_format_get(out->format);
    unsigned df = tdesc->f[TMU_GCN_T_DATA_FORMAT];
    if (TMU_GCN_GEN_IS_RDNA(tdesc->gen)) { /* FORMAT names the same DATA_FORMAT */
        unsigned nf;
        rdna_format_split(tdesc->gen, tdesc->f[TMU_GCN_T_FORMAT], &df, &nf);
    }
    if (sdesc->f[TMU_GCN_S_FORCE_DEGAMMA] && fi->numeric == TMU_NUMERIC_UNORM) {
        tmu_format s = tmu_format_from_gcn(df, 9);
        if (s == TMU_FORMAT_INVALID)
            FAIL(TMU_ERR_UNSUPPORTED, 20, "FORCE_DEGAMMA = 1 on %s: the texture unit has no sRGB "
                 "form of DATA_FORMAT %u", fi->name, df);
        out->format = s;
    } else if (sdesc->f[TMU_GCN_S_SKIP_DEGAMMA] && fi->numeric == TMU_NUMERIC_SRGB) {
        tmu_format u = tmu_format_from_gcn(df, 0);
        if (u == TMU_FORMAT_INVALID)
            FAIL(TMU_ERR_UNSUPPORTED, 3 * 32 + 12, "SKIP_DEGAMMA = 1 on %s: no UNORM form", fi->name);
        out->format = u;
    }
    return TMU_OK;
}

tmu_status tmu_gcn_bind_texture_surface(const tmu_gcn_tdesc *tdesc, const tmu_gcn_sdesc *sdesc,
                                        const tmu_gcn_env *env, int writable, tmu_texture *out,
                                        tmu_surface *surface, tmu_diag *diag)
{
    if (!tdesc || !out)
        FAIL(TMU_ERR_INVALID_ARGUMENT, -1, "bad argument to tmu_gcn_bind_texture");
    tmu_status st = tmu_gcn_tdesc_to_texture(tdesc, out, diag);
    if (st != TMU_OK)
        return st;
    const uint32_t *f = tdesc->f;
    if (sdesc && (st = apply_degamma(tdesc, sdesc, out, diag)) != TMU_OK)
        return st;
    const tmu_amd_chip *chip = env && env->chip ? env->chip : tmu_gcn_default_chip(tdesc->gen);
    uint64_t base = ((uint64_t)f[TMU_GCN_T_BASE_ADDRESS] << 8) |
                    ((uint64_t)f[TMU_GCN_T_BASE_ADDRESS_HI] << 40);
    uint64_t extent;
    tmu_gcn_placement p;
    int tiled = 0;
    tmu_surface scratch; /* only to tell a tiled T# when the caller has no surface for it */
    st = tmu_gcn_tdesc_surface(tdesc, out, chip, surface ? surface : &scratch, &base, diag);
    if (st == TMU_OK && !surface && TMU_GCN_GEN_IS_RDNA(tdesc->gen))
        FAIL(TMU_ERR_UNSUPPORTED, 3 * 32 + 20, "SW_MODE = %u: %s images (linear ones too) need a "
             "tmu_surface to hold their layout (tmu_gcn_bind_texture_surface)",
             f[TMU_GCN_T_SW_MODE], tmu_gcn_gen_name(tdesc->gen));
    if (st == TMU_OK && !surface) {
        int g9 = tdesc->gen == TMU_GCN_GFX9;
        FAIL(TMU_ERR_UNSUPPORTED, 3 * 32 + 20, "%s = %u: a tiled image needs a tmu_surface to hold its "
             "layout (tmu_gcn_bind_texture_surface)", g9 ? "SW_MODE" : "TILING_INDEX",
             f[g9 ? TMU_GCN_T_SW_MODE : TMU_GCN_T_TILING_INDEX]);
    }
    if (st == TMU_OK)
        tiled = 1;
    else if (st != TMU_ERR_NOT_FOUND)
        return st;
    if (tiled) {
        extent = surface->size;
    } else {
        if ((st = tmu_gcn_tdesc_placement(tdesc, out, &p, diag)) != TMU_OK)
            return st;
        extent = p.extent;
    }
    const tmu_gcn_region *r = find_region(env, base, extent);
    if (!r)
        FAIL(TMU_ERR_RANGE, 0, "T# image at 0x%llx (%llu bytes%s) is not inside one guest-memory region",
             (unsigned long long)base, (unsigned long long)extent, tiled ? " of tiled surface" : "");
    if (writable && !r->writable)
        FAIL(TMU_ERR_RANGE, 0, "T# image at 0x%llx lies in a read-only region (0x%llx, %llu bytes)",
             (unsigned long long)base, (unsigned long long)r->base, (unsigned long long)r->size);
    unsigned char *host = (unsigned char *)r->host + (base - r->base);
    uint64_t avail = r->size - (base - r->base);
    const tmu_format_info *fi = tmu_format_get(out->format);
    for (uint32_t n = 0; n < out->levels; n++) {
        tmu_level *lv = &out->level[n];
        if (tiled) {
            lv->data = host;
            lv->size = (size_t)avail;
            lv->surface = surface;
            lv->surface_level = n;
            lv->surface_slice = 0;
            continue;
        }
        lv->data = host + p.offset[n];
        lv->row_pitch = (size_t)p.row_pitch[n];
        lv->slice_pitch = (size_t)p.slice_pitch[n];
        lv->sample_pitch = fi->bytes;
        lv->size = (size_t)(avail - p.offset[n]);
    }
    if (env)
        for (size_t i = 0; i < env->prt_count && env->prt; i++)
            if (env->prt[i].base == base)
                out->residency = env->prt[i].residency;
    tmu_diag_clear(diag);
    return TMU_OK;
}

tmu_status tmu_gcn_bind_texture(const tmu_gcn_tdesc *tdesc, const tmu_gcn_sdesc *sdesc,
                                const tmu_gcn_env *env, int writable, tmu_texture *out,
                                tmu_diag *diag)
{
    return tmu_gcn_bind_texture_surface(tdesc, sdesc, env, writable, out, NULL, diag);
}

tmu_status tmu_gcn_bind_sampler(const tmu_gcn_sdesc *sdesc, const tmu_gcn_tdesc *tdesc,
                                const tmu_texture *tex, const tmu_gcn_env *env, tmu_sampler *out,
                                tmu_diag *diag)
{
    if (!sdesc || !out)
        FAIL(TMU_ERR_INVALID_ARGUMENT, -1, "bad argument to tmu_gcn_bind_sampler");
    tmu_status st = tmu_gcn_sdesc_to_sampler(sdesc, out, diag);
    if (st != TMU_OK)
        return st;
    const uint32_t *f = sdesc->f;
    uint32_t rgba[4];
    int custom = f[TMU_GCN_S_BORDER_COLOR_TYPE] == 3;
    if (custom) {
        uint32_t ptr = f[TMU_GCN_S_BORDER_COLOR_PTR];
        if (!env || !env->border_table || ptr >= env->border_count)
            FAIL(TMU_ERR_RANGE, 3 * 32, "BORDER_COLOR_TYPE REGISTER: BORDER_COLOR_PTR %u is outside the "
                 "border-colour table (%zu entries)", ptr, env && env->border_table ? env->border_count : 0);
        memcpy(rgba, env->border_table + 4 * (size_t)ptr, sizeof rgba);
    }
    /* gfx9 BC_SWIZZLE: the border colour enters the DST_SEL stage as x,y,z,w = rgba[p[0..3]],
     * so that after DST_SEL it reads as given (radv's gfx9_border_color_swizzle picks p to be the
     * format's swizzle).  gfx6-8 have no such field: the colour is x,y,z,w = r,g,b,a [inf]. */
    static const uint8_t perms[6][4] = {{0, 1, 2, 3}, {0, 3, 1, 2}, {3, 2, 1, 0},
                                        {3, 0, 1, 2}, {2, 1, 0, 3}, {1, 0, 3, 2}};
    unsigned bc = 0;
    if (tdesc && tdesc->gen >= TMU_GCN_GFX9) { /* gfx9 and RDNA */
        bc = tdesc->f[TMU_GCN_T_BC_SWIZZLE];
        if (bc > 5)
            FAIL(TMU_ERR_UNSUPPORTED, 4 * 32 + 29, "BC_SWIZZLE = %u is reserved", bc);
    }
    uint32_t u[4], fl[4];
    for (int c = 0; c < 4; c++) {
        unsigned s = perms[bc][c];
        u[c] = custom ? rgba[s] : out->border_u[s];
        if (custom)
            fl[c] = rgba[s];
        else
            memcpy(&fl[c], &out->border_f[s], 4);
    }
    for (int c = 0; c < 4; c++) {
        out->border_u[c] = u[c];
        memcpy(&out->border_f[c], &fl[c], 4);
    }
    /* One filter for every axis: a 3D image's Z_FILTER must agree with the XY filters. */
    if (tex && tex->dim == TMU_DIM_3D) {
        int zlin = f[TMU_GCN_S_Z_FILTER] == 2;
        if (f[TMU_GCN_S_Z_FILTER] == 3)
            FAIL(TMU_ERR_UNSUPPORTED, 2 * 32 + 24, "Z_FILTER = 3 is reserved");
        if (zlin != (out->mag_filter == TMU_FILTER_LINEAR) || zlin != (out->min_filter == TMU_FILTER_LINEAR))
            FAIL(TMU_ERR_UNSUPPORTED, 2 * 32 + 24,
                 "Z_FILTER = %u with XY_MAG_FILTER %u / XY_MIN_FILTER %u on a 3D image: the texture "
                 "unit filters every axis alike", f[TMU_GCN_S_Z_FILTER], f[TMU_GCN_S_XY_MAG_FILTER],
                 f[TMU_GCN_S_XY_MIN_FILTER]);
    }
    tmu_diag_clear(diag);
    return TMU_OK;
}

/* ---- the lift ----------------------------------------------------------------------------- */

static unsigned popcount4(unsigned v)
{
    return (v & 1) + ((v >> 1) & 1) + ((v >> 2) & 1) + ((v >> 3) & 1);
}

static unsigned lowest_bit(unsigned v)
{
    for (unsigned i = 0; i < 4; i++)
        if (v >> i & 1)
            return i;
    return 0;
}

/* Reads a descriptor of `n` dwords from s[first ..]. */
static tmu_status read_sgprs(const tmu_gcn_wave *w, unsigned first, unsigned n, uint32_t *dw,
                             const char *what, tmu_diag *diag)
{
    if (first + n > TMU_GCN_SGPRS)
        FAIL(TMU_ERR_INVALID, 48, "%s s[%u:%u] runs past the scalar register file", what, first,
             first + n - 1);
    memcpy(dw, &w->sgpr[first], n * sizeof *dw);
    return TMU_OK;
}

tmu_status gcn_prepare(const tmu_gcn_wave *w, const tmu_gcn_env *env, const tmu_gcn_mimg *mi,
                       gcn_inst *x, tmu_diag *diag)
{
    memset(x, 0, sizeof *x);
    x->mi_copy = *mi;
    x->mi = &x->mi_copy;
    mi = x->mi;
    x->row = mi->op;
    x->gen = mi->gen;
    const uint32_t *f = mi->f;
    const tmu_gcn_opcode_info *row = mi->op;
    tmu_gcn_gen gen = mi->gen;
    if (gen != w->gen)
        FAIL(TMU_ERR_INVALID_ARGUMENT, -1, "instruction for %s on a %s wave", tmu_gcn_gen_name(gen),
             tmu_gcn_gen_name(w->gen));
    int gfx9 = gen >= TMU_GCN_GFX9; /* gfx9 and RDNA */
    int rdna = TMU_GCN_GEN_IS_RDNA(gen);
    int store = row->cls == TMU_GCN_CLASS_STORE, atomic = row->cls == TMU_GCN_CLASS_ATOMIC;
    if (row->cls == TMU_GCN_CLASS_BVH)
        FAIL(TMU_ERR_UNSUPPORTED, 18, "%s: ray tracing (BVH) is not modelled", row->name);
    if (row->flags & TMU_GCN_OPF_MSAA)
        FAIL(TMU_ERR_UNSUPPORTED, 18, "%s (four samples of one component) is not modelled",
             row->name);
    x->a16 = gfx9 && f[TMU_GCN_F_A16];
    x->d16 = f[TMU_GCN_F_D16] != 0;
    x->packed = tmu_gcn_gen_info_get(gen)->d16_packed;
    x->dmask = f[TMU_GCN_F_DMASK];
    x->vaddr0 = f[TMU_GCN_F_VADDR];
    x->vdata0 = f[TMU_GCN_F_VDATA];
    /* descriptors */
    uint32_t dw[8];
    unsigned ndw = ((gen != TMU_GCN_GFX9) && f[TMU_GCN_F_R128]) ? 4 : 8;
    tmu_status st = read_sgprs(w, 4 * f[TMU_GCN_F_SRSRC], ndw, dw, "T#", diag);
    if (st != TMU_OK)
        return st;
    if ((st = tmu_gcn_tdesc_decode(gen, dw, ndw, &x->tdesc, diag)) != TMU_OK)
        return st;
    x->has_sampler = tmu_gcn_uses_sampler(row);
    if (x->has_sampler) {
        uint32_t sw[4];
        if ((st = read_sgprs(w, 4 * f[TMU_GCN_F_SSAMP], 4, sw, "S#", diag)) != TMU_OK)
            return st;
        tmu_gcn_sdesc_decode(gen, sw, &x->sdesc, NULL);
    }
    if ((st = tmu_gcn_bind_texture_surface(&x->tdesc, x->has_sampler ? &x->sdesc : NULL, env,
                                           store || atomic, &x->tex, &x->surf, diag)) != TMU_OK)
        return st;
    if (x->has_sampler) {
        if ((st = tmu_gcn_bind_sampler(&x->sdesc, &x->tdesc, &x->tex, env, &x->smp, diag)) != TMU_OK)
            return st;
        if (f[TMU_GCN_F_UNORM])
            x->smp.normalized = 0;
    }
    /* operand layout: gfx6-9 by the T# TYPE; RDNA by the instruction's DIM, which must name the
     * T#'s TYPE (docs/rdna-mimg.md section 12) */
    unsigned ltype = x->tdesc.f[TMU_GCN_T_TYPE];
    if (rdna) {
        unsigned dim = f[TMU_GCN_F_DIM];
        if (dim + 8 != ltype)
            FAIL(TMU_ERR_UNSUPPORTED, -1, "dim:%s on a T# of TYPE %u (%s): tmu runs an instruction "
                 "only on the image type its DIM names", tmu_gcn_dim_name(dim), ltype,
                 tmu_gcn_image_type_name((tmu_gcn_image_type)ltype) ? tmu_gcn_image_type_name((tmu_gcn_image_type)ltype) : "?");
    }
    if ((st = tmu_gcn_vaddr_layout_get(gen, row, (tmu_gcn_image_type)ltype, x->a16, &x->vaddr,
                                       diag)) != TMU_OK)
        return st;
    if (rdna && x->vaddr.vgprs != tmu_gcn_vaddr_count(mi))
        FAIL(TMU_ERR_INVALID, 32, "internal: %u address VGPRs laid out, the encoding counts %u",
             x->vaddr.vgprs, tmu_gcn_vaddr_count(mi));
    if (rdna && f[TMU_GCN_F_NSA]) {
        /* NSA: address dword i in its own VGPR (VADDR, then the NSA bytes) */
        for (unsigned i = 0; i < x->vaddr.vgprs; i++)
            x->addr_vgpr[i] = (uint16_t)(i ? f[TMU_GCN_F_ADDR1 + i - 1] : x->vaddr0);
    } else {
        if (x->vaddr0 + x->vaddr.vgprs > TMU_GCN_VGPRS)
            FAIL(TMU_ERR_INVALID, 32, "VADDR v%u + %u address VGPRs runs past v255", x->vaddr0,
                 x->vaddr.vgprs);
        for (unsigned i = 0; i < x->vaddr.vgprs; i++)
            x->addr_vgpr[i] = (uint16_t)(x->vaddr0 + i);
    }
    for (unsigned i = 0; i < x->vaddr.count; i++)
        x->any16 |= x->vaddr.is16[i];
    for (int c = 0; c < TMU_GCN_AC_COUNT; c++)
        x->pos[c] = -1;
    for (unsigned i = 0; i < x->vaddr.count; i++)
        x->pos[x->vaddr.comp[i]] = (int)i;
    /* data sizes */
    const tmu_format_info *fi = tmu_format_get(x->tex.format);
    int is_int = fi->numeric == TMU_NUMERIC_UINT || fi->numeric == TMU_NUMERIC_SINT;
    if (row->cls == TMU_GCN_CLASS_GATHER)
        x->nvals = 4;
    else
        x->nvals = popcount4(x->dmask);
    unsigned regs = x->d16 && x->packed ? (x->nvals + 1) / 2 : x->nvals;
    x->data_dwords = regs ? regs : 1;
    x->status = f[TMU_GCN_F_TFE] || f[TMU_GCN_F_LWE];
    if (x->vdata0 + x->data_dwords + (unsigned)x->status > TMU_GCN_VGPRS)
        FAIL(TMU_ERR_INVALID, 40, "VDATA v%u + %u registers runs past v255", x->vdata0,
             x->data_dwords + x->status);
    if (x->d16 && is_int)
        FAIL(TMU_ERR_UNSUPPORTED, 63, "D16 on the integer image format %s: the hardware's 16-bit "
             "integer conversion is not documented", fi->name);
    if (atomic) {
        unsigned bytes = (row->flags & TMU_GCN_OPF_CMPSWAP) ? (x->dmask == 0xf ? 8 : 4)
                                                              : (x->dmask == 0x3 ? 8 : 4);
        int ok = (row->flags & TMU_GCN_OPF_CMPSWAP) ? (x->dmask == 0x3 || x->dmask == 0xf)
                                                     : (x->dmask == 0x1 || x->dmask == 0x3);
        if (!ok)
            FAIL(TMU_ERR_INVALID, 8, "%s with DMASK 0x%x: atomics take 0x1/0x3 (cmpswap 0x3/0xf)",
                 row->name, x->dmask);
        if (fi->bytes != bytes)
            FAIL(TMU_ERR_UNSUPPORTED, 8, "%s with DMASK 0x%x is a %u-bit atomic, but %s texels have %u "
                 "bits", row->name, x->dmask, bytes * 8, fi->name, fi->bytes * 8u);
    }
    /* the op */
    tmu_op *op = &x->op;
    op->dim = x->tex.dim;
    op->result = is_int ? (fi->numeric == TMU_NUMERIC_UINT ? TMU_RESULT_U32 : TMU_RESULT_S32)
                        : (x->d16 ? TMU_RESULT_F16 : TMU_RESULT_F32);
    op->layer_mode = gfx9 ? TMU_LAYER_F32 : TMU_LAYER_U32;
    op->want_residency = 1;
    unsigned fl = row->flags;
    switch (row->cls) {
    case TMU_GCN_CLASS_SAMPLE:
    case TMU_GCN_CLASS_GATHER:
    case TMU_GCN_CLASS_GET_LOD:
        op->kind = row->cls == TMU_GCN_CLASS_SAMPLE   ? TMU_OP_SAMPLE
                   : row->cls == TMU_GCN_CLASS_GATHER ? TMU_OP_GATHER
                                                      : TMU_OP_QUERY_LOD;
        op->level_mode = (fl & TMU_GCN_OPF_DERIV) ? TMU_LEVEL_GRAD
                         : (fl & TMU_GCN_OPF_LOD) ? TMU_LEVEL_LOD
                         : (fl & TMU_GCN_OPF_BIAS) ? TMU_LEVEL_BIAS
                         : (fl & TMU_GCN_OPF_LZ)  ? TMU_LEVEL_BASE
                                                  : TMU_LEVEL_IMPLICIT;
        op->compare = (fl & TMU_GCN_OPF_COMPARE) != 0;
        op->has_min_lod = (fl & TMU_GCN_OPF_CLAMP) != 0;
        op->has_offset = (fl & TMU_GCN_OPF_OFFSET) != 0;
        if (row->cls == TMU_GCN_CLASS_GATHER)
            op->component = (uint8_t)lowest_bit(x->dmask);
        if (row->cls == TMU_GCN_CLASS_GET_LOD) {
            op->result = TMU_RESULT_F32;
            op->want_residency = 0;
        }
        if (op->dim == TMU_DIM_2D_MS || op->dim == TMU_DIM_2D_MS_ARRAY)
            FAIL(TMU_ERR_INVALID, -1, "%s cannot read a multisampled image", row->name);
        /* cube maps take a cube index; arrays a slice */
        if (op->dim == TMU_DIM_CUBE_ARRAY || op->dim == TMU_DIM_CUBE)
            op->layer_mode = TMU_LAYER_U32;
        break;
    case TMU_GCN_CLASS_RESINFO:
        op->kind = TMU_OP_QUERY_SIZE;
        op->result = TMU_RESULT_U32;
        op->want_residency = 0;
        break;
    default: /* loads, stores, atomics read texels at integer coordinates */
        op->kind = TMU_OP_FETCH;
        op->layer_mode = TMU_LAYER_U32;
        if (fl & TMU_GCN_OPF_PCK)
            op->result = TMU_RESULT_U32;
        break;
    }
    tmu_diag_clear(diag);
    return TMU_OK;
}
