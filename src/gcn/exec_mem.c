/* GCN executor, part 3: instructions that move raw texels or write guest memory: image_load*_pck,
 * image_store*, image_atomic_*.  Texel addresses come from the bound image (exec_bind.c) through
 * tmu_texel_address, values through the texel codec (format.h); residency (TFE) is asked of the
 * texture unit with a FETCH, so no addressing or residency rule is restated here. */
#include <math.h>
#include <string.h>

#include "gcn/exec_internal.h"
#include "tmu/format.h"

/* The atomic operations, as data: the mnemonic and what it computes. */
typedef enum aop {
    A_SWAP, A_CMPSWAP, A_ADD, A_SUB, A_RSUB, A_SMIN, A_UMIN, A_SMAX, A_UMAX, A_AND, A_OR, A_XOR,
    A_INC, A_DEC, A_FCMPSWAP, A_FMIN, A_FMAX
} aop;
static const struct {
    const char *name;
    aop op;
} atomics[] = {
    {"image_atomic_swap", A_SWAP},   {"image_atomic_cmpswap", A_CMPSWAP},
    {"image_atomic_add", A_ADD},     {"image_atomic_sub", A_SUB},
    {"image_atomic_rsub", A_RSUB},   {"image_atomic_smin", A_SMIN},
    {"image_atomic_umin", A_UMIN},   {"image_atomic_smax", A_SMAX},
    {"image_atomic_umax", A_UMAX},   {"image_atomic_and", A_AND},
    {"image_atomic_or", A_OR},       {"image_atomic_xor", A_XOR},
    {"image_atomic_inc", A_INC},     {"image_atomic_dec", A_DEC},
    {"image_atomic_fcmpswap", A_FCMPSWAP}, {"image_atomic_fmin", A_FMIN},
    {"image_atomic_fmax", A_FMAX},
};

/* One atomic on a 32- or 64-bit value (`bits`): returns the new memory value. */
static uint64_t atomic_apply(aop op, unsigned bits, uint64_t old, uint64_t data, uint64_t cmp)
{
    uint64_t m = bits == 64 ? ~0ull : 0xffffffffull;
    int64_t so = bits == 64 ? (int64_t)old : (int64_t)(int32_t)(uint32_t)old;
    int64_t sd = bits == 64 ? (int64_t)data : (int64_t)(int32_t)(uint32_t)data;
    switch (op) {
    case A_SWAP: return data;
    case A_CMPSWAP: return old == cmp ? data : old;
    case A_ADD: return (old + data) & m;
    case A_SUB: return (old - data) & m;
    case A_RSUB: return (data - old) & m;
    case A_SMIN: return (sd < so ? (uint64_t)sd : (uint64_t)so) & m;
    case A_SMAX: return (sd > so ? (uint64_t)sd : (uint64_t)so) & m;
    case A_UMIN: return data < old ? data : old;
    case A_UMAX: return data > old ? data : old;
    case A_AND: return old & data;
    case A_OR: return old | data;
    case A_XOR: return old ^ data;
    case A_INC: return old >= data ? 0 : old + 1;
    case A_DEC: return (old == 0 || old > data) ? data : old - 1;
    default: break;
    }
    /* float operations: 32-bit floats or 64-bit doubles */
    if (bits == 32) {
        float o, d, c;
        uint32_t o32 = (uint32_t)old, d32 = (uint32_t)data, c32 = (uint32_t)cmp;
        memcpy(&o, &o32, 4), memcpy(&d, &d32, 4), memcpy(&c, &c32, 4);
        if (op == A_FCMPSWAP)
            return o == c ? data : old;
        float r = op == A_FMIN ? fminf(o, d) : fmaxf(o, d);
        uint32_t r32;
        memcpy(&r32, &r, 4);
        return r32;
    }
    double o, d, c;
    memcpy(&o, &old, 8), memcpy(&d, &data, 8), memcpy(&c, &cmp, 8);
    if (op == A_FCMPSWAP)
        return o == c ? data : old;
    double r = op == A_FMIN ? fmin(o, d) : fmax(o, d);
    uint64_t r64;
    memcpy(&r64, &r, 8);
    return r64;
}

/* Integer coordinates, slice and mip of a load/store/atomic lane. */
typedef struct icoords {
    uint32_t x, y, zl, mip;
} icoords;

static icoords lane_icoords(const tmu_gcn_wave *w, const gcn_inst *x, unsigned lane)
{
    icoords c;
    c.x = gcn_addr_raw(w, x, TMU_GCN_AC_X, lane);
    c.y = gcn_addr_raw(w, x, TMU_GCN_AC_Y, lane);
    c.zl = gcn_addr_raw(w, x, TMU_GCN_AC_Z, lane) + gcn_addr_raw(w, x, TMU_GCN_AC_SLICE, lane) +
           gcn_addr_raw(w, x, TMU_GCN_AC_FACE, lane);
    c.mip = gcn_addr_raw(w, x, TMU_GCN_AC_MIP, lane);
    return c;
}

/* Residency of each lane's texel (texture-unit FETCH), only when a residency map exists. */
static tmu_status lane_residency(const tmu_gcn_wave *w, const gcn_inst *x, gcn_lanes *ln,
                                 tmu_diag *diag)
{
    memset(ln->resident, 1, sizeof ln->resident);
    if (!x->tex.residency)
        return TMU_OK;
    for (unsigned lane = 0; lane < TMU_GCN_LANES; lane++) {
        icoords c = lane_icoords(w, x, lane);
        ln->icoord[0][lane] = (int32_t)c.x;
        ln->icoord[1][lane] = (int32_t)c.y;
        ln->icoord[2][lane] = (int32_t)c.zl;
        ln->layer[lane] = c.zl;
        ln->ilod[lane] = c.mip > INT32_MAX ? INT32_MAX : (int32_t)c.mip;
        ln->sample[lane] = 0;
    }
    tmu_wave_in in;
    memset(&in, 0, sizeof in);
    for (int a = 0; a < 3; a++)
        in.icoord[a] = ln->icoord[a];
    in.layer = ln->layer;
    in.ilod = ln->ilod;
    in.sample = ln->sample;
    tmu_op op = x->op;
    op.kind = TMU_OP_FETCH;
    op.want_residency = 1;
    op.result = TMU_RESULT_U32;
    op.has_offset = 0;
    tmu_sampler smp = tmu_sampler_default();
    tmu_wave_out out = {{ln->out[0], ln->out[1], ln->out[2], ln->out[3]}, ln->resident, NULL, NULL};
    uint64_t exec[2] = {w->exec, 0};
    return tmu_unit_execute(&x->tex, &smp, &op, TMU_GCN_LANES, exec, &in, &out, diag);
}

/* The texel of a lane, or NULL when its coordinates are outside the view. */
static unsigned char *lane_texel(const tmu_gcn_wave *w, const gcn_inst *x, unsigned lane)
{
    icoords c = lane_icoords(w, x, lane);
    int axes = x->tex.dim == TMU_DIM_1D || x->tex.dim == TMU_DIM_1D_ARRAY ? 1 : 2;
    if (axes < 2 && c.y != 0)
        return NULL;
    return gcn_texel_ptr(&x->tex, c.mip, c.x, c.y, c.zl);
}

static uint32_t field_mask(unsigned bits)
{
    return bits >= 32 ? 0xffffffffu : (1u << bits) - 1;
}

/* Raw bits of channel ch of a texel (little-endian, up to 128 bits). */
static uint32_t raw_channel(const tmu_format_info *fi, const unsigned char *p, unsigned ch)
{
    unsigned bits = fi->bits[ch], shift = fi->shift[ch];
    uint64_t v = 0;
    for (unsigned i = 0; i < 8 && shift / 8 + i < fi->bytes; i++)
        v |= (uint64_t)p[shift / 8 + i] << (8 * i);
    return (uint32_t)(v >> (shift % 8)) & field_mask(bits);
}

static void put_raw_channel(const tmu_format_info *fi, unsigned char *p, unsigned ch, uint32_t val)
{
    unsigned bits = fi->bits[ch], shift = fi->shift[ch];
    uint64_t m = (uint64_t)field_mask(bits) << (shift % 8), v = (uint64_t)(val & field_mask(bits)) << (shift % 8);
    for (unsigned i = 0; i < 8 && shift / 8 + i < fi->bytes; i++) {
        unsigned char *b = &p[shift / 8 + i];
        *b = (unsigned char)((*b & ~(m >> (8 * i))) | (v >> (8 * i)));
    }
}

/* Whether a format channel holds data (stencil and shared-exponent rows excepted: raw bits). */
static int channel_present(const tmu_format_info *fi, unsigned ch)
{
    return fi->bits[ch] > 0;
}

/* image_load_pck / _pck_sgn / _mip_pck: raw channel bits through DST_SEL, then DMASK. */
static tmu_status exec_load_pck(const tmu_gcn_wave *w, const gcn_inst *x, gcn_lanes *ln,
                                gcn_result *res, tmu_diag *diag)
{
    tmu_status st = lane_residency(w, x, ln, diag);
    if (st != TMU_OK)
        return st;
    const tmu_format_info *fi = tmu_format_get(x->tex.format);
    int sgn = (x->row->flags & TMU_GCN_OPF_SGN) != 0;
    uint32_t comps[4][TMU_GCN_LANES];
    memset(comps, 0, sizeof comps);
    for (unsigned lane = 0; lane < TMU_GCN_LANES; lane++) {
        if (!(w->exec >> lane & 1) || !ln->resident[lane])
            continue;
        const unsigned char *p = lane_texel(w, x, lane);
        if (!p)
            continue;
        uint32_t ch[4];
        for (unsigned c = 0; c < 4; c++) {
            ch[c] = channel_present(fi, c) ? raw_channel(fi, p, c) : 0;
            unsigned b = fi->bits[c];
            if (sgn && b > 0 && b < 32 && (ch[c] >> (b - 1) & 1))
                ch[c] |= ~field_mask(b);
        }
        for (unsigned c = 0; c < 4; c++) {
            tmu_swizzle s = x->tex.swizzle[c];
            comps[c][lane] = s <= TMU_SWIZZLE_A ? ch[s] : s == TMU_SWIZZLE_ONE ? 1u : 0u;
        }
    }
    uint32_t vals[4][TMU_GCN_LANES];
    unsigned k = 0;
    for (unsigned c = 0; c < 4; c++)
        if (x->dmask >> c & 1)
            memcpy(vals[k++], comps[c], sizeof vals[0]);
    gcn_pack_values(x, vals, w->exec, res);
    if (x->status && x->mi->f[TMU_GCN_F_TFE])
        for (unsigned lane = 0; lane < TMU_GCN_LANES; lane++)
            if ((w->exec >> lane & 1) && !ln->resident[lane]) {
                res->data[x->data_dwords][lane] = GCN_STATUS_NOT_RESIDENT;
                res->mask[x->data_dwords] |= 1ull << lane;
            }
    return TMU_OK;
}

/* The DMASK components of a store lane from VDATA (D16 halves widened to fp32). */
static void store_values(const tmu_gcn_wave *w, const gcn_inst *x, unsigned lane, uint32_t v[4],
                         int *present)
{
    unsigned k = 0;
    for (unsigned c = 0; c < 4; c++) {
        present[c] = x->dmask >> c & 1;
        v[c] = 0;
        if (!present[c])
            continue;
        uint32_t d;
        if (x->d16) {
            unsigned reg = x->packed ? k / 2 : k;
            uint32_t word = w->vgpr[x->vdata0 + reg][lane];
            uint16_t h = (uint16_t)(x->packed && (k & 1) ? word >> 16 : word & 0xffff);
            float f = tmu_half_to_float(h);
            memcpy(&d, &f, 4);
        } else {
            d = w->vgpr[x->vdata0 + k][lane];
        }
        v[c] = d;
        k++;
    }
}

static tmu_status exec_store(const tmu_gcn_wave *w, const gcn_inst *x, gcn_lanes *ln,
                             gcn_result *res, tmu_diag *diag)
{
    tmu_status st = lane_residency(w, x, ln, diag);
    if (st != TMU_OK)
        return st;
    const tmu_format_info *fi = tmu_format_get(x->tex.format);
    int pck = (x->row->flags & TMU_GCN_OPF_PCK) != 0;
    for (unsigned lane = 0; lane < TMU_GCN_LANES; lane++) {
        if (!(w->exec >> lane & 1))
            continue;
        if (!ln->resident[lane]) {
            if (x->status && x->mi->f[TMU_GCN_F_TFE]) {
                res->data[x->data_dwords][lane] = GCN_STATUS_NOT_RESIDENT;
                res->mask[x->data_dwords] |= 1ull << lane;
            }
            continue;
        }
        unsigned char *p = lane_texel(w, x, lane);
        if (!p)
            continue;
        uint32_t v[4];
        int present[4];
        store_values(w, x, lane, v, present);
        /* through the inverse of DST_SEL: component c goes to the channel it is read from */
        uint32_t ch[4] = {0, 0, 0, 0};
        for (unsigned c = 0; c < 4; c++)
            if (present[c] && x->tex.swizzle[c] <= TMU_SWIZZLE_A)
                ch[x->tex.swizzle[c]] = v[c];
        if (pck) {
            for (unsigned c = 0; c < 4; c++)
                if (channel_present(fi, c))
                    put_raw_channel(fi, p, c, ch[c]);
        } else {
            tmu_texel t;
            memcpy(t.u, ch, sizeof ch);
            tmu_format_encode(x->tex.format, &t, p);
        }
    }
    return TMU_OK;
}

static tmu_status exec_atomic(const tmu_gcn_wave *w, const gcn_inst *x, gcn_lanes *ln,
                              gcn_result *res, tmu_diag *diag)
{
    aop op = A_SWAP;
    size_t i;
    for (i = 0; i < sizeof atomics / sizeof atomics[0]; i++)
        if (!strcmp(atomics[i].name, x->row->name)) {
            op = atomics[i].op;
            break;
        }
    if (i == sizeof atomics / sizeof atomics[0])
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, 18, "%s has no atomic model", x->row->name);
    tmu_status st = lane_residency(w, x, ln, diag);
    if (st != TMU_OK)
        return st;
    int cmp = op == A_CMPSWAP || op == A_FCMPSWAP;
    unsigned dwords = cmp ? (x->dmask == 0xf ? 2 : 1) : (x->dmask == 0x3 ? 2 : 1);
    unsigned bits = 32 * dwords;
    int glc = x->mi->f[TMU_GCN_F_GLC] != 0;
    for (unsigned lane = 0; lane < TMU_GCN_LANES; lane++) {
        if (!(w->exec >> lane & 1))
            continue;
        uint64_t data = w->vgpr[x->vdata0][lane], cmpv = 0, old = 0;
        if (dwords == 2)
            data |= (uint64_t)w->vgpr[x->vdata0 + 1][lane] << 32;
        if (cmp) {
            cmpv = w->vgpr[x->vdata0 + dwords][lane];
            if (dwords == 2)
                cmpv |= (uint64_t)w->vgpr[x->vdata0 + 3][lane] << 32;
        }
        unsigned char *p = ln->resident[lane] ? lane_texel(w, x, lane) : NULL;
        if (p) {
            for (unsigned b = 0; b < dwords * 4; b++)
                old |= (uint64_t)p[b] << (8 * b);
            uint64_t nv = atomic_apply(op, bits, old, data, cmpv);
            for (unsigned b = 0; b < dwords * 4; b++)
                p[b] = (unsigned char)(nv >> (8 * b));
        }
        if (glc)
            for (unsigned d = 0; d < dwords; d++) {
                res->data[d][lane] = (uint32_t)(old >> (32 * d));
                res->mask[d] |= 1ull << lane;
            }
        if (!ln->resident[lane] && x->status && x->mi->f[TMU_GCN_F_TFE]) {
            res->data[x->data_dwords][lane] = GCN_STATUS_NOT_RESIDENT;
            res->mask[x->data_dwords] |= 1ull << lane;
        }
    }
    return TMU_OK;
}

tmu_status gcn_exec_memory(const tmu_gcn_wave *w, const gcn_inst *x, gcn_lanes *ln,
                           gcn_result *res, tmu_diag *diag)
{
    switch (x->row->cls) {
    case TMU_GCN_CLASS_STORE:
        return exec_store(w, x, ln, res, diag);
    case TMU_GCN_CLASS_ATOMIC:
        return exec_atomic(w, x, ln, res, diag);
    default:
        return exec_load_pck(w, x, ln, res, diag);
    }
}
