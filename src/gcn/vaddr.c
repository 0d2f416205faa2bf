/* GCN MIMG operand rules: the address components in VADDR (order, VGPR, 16-bit half) for an
 * opcode, image type, A16 and generation.  Order (LLVM image intrinsics, Mesa ACO, CLRX):
 *   [offset] [bias] [zcompare] [derivatives] coords [slice | face] [fragid] [lod | clamp | mip]
 * With A16 (gfx9): offset and zcompare keep whole dwords; bias is a half in its own dword;
 * derivatives pack in pairs within the d/dh group and within the d/dv group; coordinates and
 * the trailing lod/clamp/mip pack in pairs; an odd group pads its last dword.
 * RDNA (gfx10, gfx10.3, gfx11; docs/rdna-mimg.md section 4): the same order and A16 packing,
 * except that A16 leaves the derivatives 32-bit: they pack in pairs (per direction) exactly when
 * the opcode is a _g16 form, with or without A16.  image_msaa_load reads multisampled images
 * only.  llc-16 agrees on every intrinsic form (tests/gcn/test_rdna_llc_roles.c). */
#include "gcn/tables.h"

static const char *const comp_names[TMU_GCN_AC_COUNT] = {
    "offset", "bias", "zcompare", "dsdh", "dtdh", "drdh", "dsdv", "dtdv", "drdv",
    "x",      "y",    "z",        "face", "slice", "fragid", "lod", "clamp", "mip"};

const char *tmu_gcn_addr_comp_name(tmu_gcn_addr_comp comp)
{
    return (unsigned)comp < TMU_GCN_AC_COUNT ? comp_names[comp] : NULL;
}

static const char *const type_names[8] = {"1d",       "2d",       "3d",      "cube",
                                          "1d_array", "2d_array", "2d_msaa", "2d_msaa_array"};

const char *tmu_gcn_image_type_name(tmu_gcn_image_type type)
{
    return (type >= TMU_GCN_IMG_1D && type <= TMU_GCN_IMG_2D_MSAA_ARRAY) ? type_names[type - 8]
                                                                         : NULL;
}

tmu_status tmu_gcn_image_type_from_name(const char *name, tmu_gcn_image_type *out)
{
    if (!name || !out)
        return TMU_ERR_INVALID_ARGUMENT;
    for (int i = 0; i < 8; i++) {
        const char *a = name, *b = type_names[i];
        while (*a && *b && (*a == *b || (*a >= 'A' && *a <= 'Z' && *a + 32 == *b))) {
            a++;
            b++;
        }
        if (!*a && !*b) {
            *out = (tmu_gcn_image_type)(8 + i);
            return TMU_OK;
        }
    }
    return TMU_ERR_NOT_FOUND;
}

/* Coordinates and derivative counts per image type, as data. */
static const struct {
    uint8_t ncoord;
    uint8_t coord[4];
    uint8_t nderiv; /* per direction */
} dims[8] = {
    /* 1D */ {1, {TMU_GCN_AC_X}, 1},
    /* 2D */ {2, {TMU_GCN_AC_X, TMU_GCN_AC_Y}, 2},
    /* 3D */ {3, {TMU_GCN_AC_X, TMU_GCN_AC_Y, TMU_GCN_AC_Z}, 3},
    /* cube */ {3, {TMU_GCN_AC_X, TMU_GCN_AC_Y, TMU_GCN_AC_FACE}, 2},
    /* 1D array */ {2, {TMU_GCN_AC_X, TMU_GCN_AC_SLICE}, 1},
    /* 2D array */ {3, {TMU_GCN_AC_X, TMU_GCN_AC_Y, TMU_GCN_AC_SLICE}, 2},
    /* 2D MSAA */ {3, {TMU_GCN_AC_X, TMU_GCN_AC_Y, TMU_GCN_AC_FRAGID}, 0},
    /* 2D MSAA array */ {4, {TMU_GCN_AC_X, TMU_GCN_AC_Y, TMU_GCN_AC_SLICE, TMU_GCN_AC_FRAGID}, 0},
};

typedef struct {
    tmu_gcn_vaddr_layout *l;
    unsigned dword, half; /* next free slot */
} builder;

static void add_full(builder *b, tmu_gcn_addr_comp c)
{
    if (b->half) { /* close a half-filled dword */
        b->dword++;
        b->half = 0;
    }
    tmu_gcn_vaddr_layout *l = b->l;
    l->comp[l->count] = (uint8_t)c;
    l->dword[l->count] = (uint8_t)b->dword;
    l->half[l->count] = 0;
    l->is16[l->count] = 0;
    l->count++;
    b->dword++;
}

static void add_half(builder *b, tmu_gcn_addr_comp c)
{
    tmu_gcn_vaddr_layout *l = b->l;
    l->comp[l->count] = (uint8_t)c;
    l->dword[l->count] = (uint8_t)b->dword;
    l->half[l->count] = (uint8_t)b->half;
    l->is16[l->count] = 1;
    l->count++;
    if (b->half) {
        b->dword++;
        b->half = 0;
    } else {
        b->half = 1;
    }
}

static void close_group(builder *b)
{
    if (b->half) {
        b->dword++;
        b->half = 0;
    }
}

tmu_status tmu_gcn_vaddr_layout_get(tmu_gcn_gen gen, const tmu_gcn_opcode_info *op,
                                    tmu_gcn_image_type type, bool a16,
                                    tmu_gcn_vaddr_layout *out, tmu_diag *diag)
{
    if (!op || !out || (unsigned)gen >= TMU_GCN_GEN_ALL)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "bad argument to tmu_gcn_vaddr_layout_get");
    if (op->op[gen] == TMU_GCN_NO_OP)
        return tmu_diag_set(diag, TMU_ERR_INVALID, 0, 0, -1, "%s is not defined on %s", op->name,
                            tmu_gcn_gen_name(gen));
    if (type < TMU_GCN_IMG_1D || type > TMU_GCN_IMG_2D_MSAA_ARRAY)
        return tmu_diag_set(diag, TMU_ERR_INVALID, 0, 0, -1, "image type %d is not 8-15",
                            (int)type);
    if (a16 && gen < TMU_GCN_GFX9)
        return tmu_diag_set(diag, TMU_ERR_INVALID, 0, 0, -1, "A16 needs gfx9 (bit 15 is R128 on %s)",
                            tmu_gcn_gen_name(gen));
    if (op->cls == TMU_GCN_CLASS_BVH)
        return tmu_diag_set(diag, TMU_ERR_INVALID, 0, 0, -1,
                            "%s has no image address layout (ray-tracing operands)", op->name);
    bool msaa = type == TMU_GCN_IMG_2D_MSAA || type == TMU_GCN_IMG_2D_MSAA_ARRAY;
    if (!msaa && (op->flags & TMU_GCN_OPF_MSAA))
        return tmu_diag_set(diag, TMU_ERR_INVALID, 0, 0, -1,
                            "%s reads multisampled images only, not %s", op->name,
                            tmu_gcn_image_type_name(type));
    bool sampling = tmu_gcn_uses_sampler(op);
    if (msaa && sampling)
        return tmu_diag_set(diag, TMU_ERR_INVALID, 0, 0, -1,
                            "%s cannot read a multisampled image (%s)", op->name,
                            tmu_gcn_image_type_name(type));
    if (msaa && (op->flags & TMU_GCN_OPF_MIP))
        return tmu_diag_set(diag, TMU_ERR_INVALID, 0, 0, -1,
                            "%s: multisampled images have no mip levels", op->name);
    if (msaa && (op->flags & TMU_GCN_OPF_DERIV))
        return tmu_diag_set(diag, TMU_ERR_INVALID, 0, 0, -1, "internal: MSAA derivatives");
    tmu_gcn_vaddr_layout *l = out;
    l->count = 0;
    builder b = {l, 0, 0};
    void (*add)(builder *, tmu_gcn_addr_comp) = a16 ? add_half : add_full;
    if (op->cls == TMU_GCN_CLASS_RESINFO) {
        add(&b, TMU_GCN_AC_MIP);
        close_group(&b);
        l->vgprs = b.dword;
        tmu_diag_clear(diag);
        return TMU_OK;
    }
    const unsigned f = op->flags;
    const unsigned d = (unsigned)type - 8;
    if (f & TMU_GCN_OPF_OFFSET)
        add_full(&b, TMU_GCN_AC_OFFSET);
    if (f & TMU_GCN_OPF_BIAS) {
        if (a16) {
            add_half(&b, TMU_GCN_AC_BIAS);
            close_group(&b);
        } else {
            add_full(&b, TMU_GCN_AC_BIAS);
        }
    }
    if (f & TMU_GCN_OPF_COMPARE)
        add_full(&b, TMU_GCN_AC_ZCOMPARE);
    if (f & TMU_GCN_OPF_DERIV) {
        static const uint8_t dh[3] = {TMU_GCN_AC_DSDH, TMU_GCN_AC_DTDH, TMU_GCN_AC_DRDH};
        static const uint8_t dv[3] = {TMU_GCN_AC_DSDV, TMU_GCN_AC_DTDV, TMU_GCN_AC_DRDV};
        /* gfx9: A16 packs the derivatives too; RDNA: only the _g16 opcodes have 16-bit
         * derivatives (LLVM getAddrSizeMIMGOp: 32-bit ones take a VGPR each whatever A16 says) */
        void (*addd)(builder *, tmu_gcn_addr_comp) =
            TMU_GCN_GEN_IS_RDNA(gen) ? ((f & TMU_GCN_OPF_G16) ? add_half : add_full) : add;
        for (unsigned i = 0; i < dims[d].nderiv; i++)
            addd(&b, (tmu_gcn_addr_comp)dh[i]);
        close_group(&b);
        for (unsigned i = 0; i < dims[d].nderiv; i++)
            addd(&b, (tmu_gcn_addr_comp)dv[i]);
        close_group(&b);
    }
    for (unsigned i = 0; i < dims[d].ncoord; i++)
        add(&b, (tmu_gcn_addr_comp)dims[d].coord[i]);
    if (f & TMU_GCN_OPF_LOD)
        add(&b, TMU_GCN_AC_LOD);
    if (f & TMU_GCN_OPF_CLAMP)
        add(&b, TMU_GCN_AC_CLAMP);
    if (f & TMU_GCN_OPF_MIP)
        add(&b, TMU_GCN_AC_MIP);
    close_group(&b);
    l->vgprs = b.dword;
    tmu_diag_clear(diag);
    return TMU_OK;
}
