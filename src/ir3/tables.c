/* ir3 cat5 — the encoding written once, as data.
 *
 * Facts from Mesa's src/freedreno/isa/ir3-cat5.xml (see
 * shared/reference/ir3-cat5.md): the field layout (normal and s2en/bindless,
 * BASE split into BASE_HI bits 19–20 and BASE_LO bit 47), the definitions with
 * their fixed bits and GPU ranges, the modifiers in display order, the
 * asserted bits, the descriptor modes and the TYPE field. */
#include "ir3/tables.h"

#define CAT_MASK (UINT64_C(7) << 61)
#define CAT5 (UINT64_C(5) << 61)
#define OPC_MASK (UINT64_C(0x1f) << 54)
#define OPC(n) ((uint64_t)(n) << 54)
#define BIT(n) (UINT64_C(1) << (n))
#define B17 BIT(17)
#define GMAX TMU_IR3_GPU_MAX

#define IR3_FIELD_ROW(id, nm, lo, hi, lay) [id] = {nm, lo, hi, lay, (1u << ((hi) - (lo) + 1)) - 1},
const struct ir3_field_def ir3_fields[TMU_IR3_F_COUNT] = {IR3_FIELD_LIST(IR3_FIELD_ROW)};

/* Texture-class leaf: fixed bits = category + OPC; bit 17 don't care. */
#define TEX(nm, opc, nsrc, samp, tex, type)                                                     \
    {{IR3_TXT(nm), opc, nsrc, samp, tex, type, 300, GMAX, CAT_MASK | OPC_MASK, CAT5 | OPC(opc), B17}, \
     sizeof(nm) - 1, IR3_CLS_TEX, 0}
/* img_bindless: bits 18, 52, 53 fixed (and 50 for hof/pcmn). */
#define IMGB_MASK (CAT_MASK | OPC_MASK | BIT(18) | BIT(52) | BIT(53))
/* brcst.active / quad_shuffle: bits 18, 50 = 0, bit 53 selects, gpu >= 600. */
#define LANE_MASK (CAT_MASK | OPC_MASK | BIT(18) | BIT(50) | BIT(53))
#define QSHUF(nm, nsrc, var)                                                                  \
    {{IR3_TXT(nm), 31, nsrc, false, false, true, 600, GMAX, LANE_MASK | (UINT64_C(3) << 19),          \
      CAT5 | OPC(31) | BIT(53) | ((uint64_t)(var) << 19), B17},                               \
     sizeof(nm) - 1, IR3_CLS_QSHUF, var}

const struct ir3_leaf ir3_leaves[TMU_IR3_OP_COUNT] = {
    [TMU_IR3_OP_ISAM] = {{IR3_TXT("isam"), 0, 1, true, true, true, 300, GMAX, CAT_MASK | OPC_MASK, CAT5 | OPC(0), B17},
                         sizeof("isam") - 1, IR3_CLS_ISAM, 0},
    [TMU_IR3_OP_ISAML] = TEX("isaml", 1, 2, true, true, true),
    [TMU_IR3_OP_ISAMM] = TEX("isamm", 2, 1, true, true, true),
    [TMU_IR3_OP_SAM] = TEX("sam", 3, 1, true, true, true),
    [TMU_IR3_OP_SAMB] = TEX("samb", 4, 2, true, true, true),
    [TMU_IR3_OP_SAML] = TEX("saml", 5, 2, true, true, true),
    [TMU_IR3_OP_SAMGQ] = TEX("samgq", 6, 1, true, true, true),
    [TMU_IR3_OP_GETLOD] = TEX("getlod", 7, 1, true, true, true),
    [TMU_IR3_OP_CONV] = TEX("conv", 8, 2, true, true, true),
    [TMU_IR3_OP_CONVM] = TEX("convm", 9, 2, true, true, true),
    [TMU_IR3_OP_GETSIZE] = TEX("getsize", 10, 1, false, true, true),
    [TMU_IR3_OP_GETBUF] = TEX("getbuf", 11, 0, false, true, true),
    [TMU_IR3_OP_GETPOS] = TEX("getpos", 12, 1, false, true, true),
    [TMU_IR3_OP_GETINFO] = TEX("getinfo", 13, 0, false, true, true),
    [TMU_IR3_OP_DSX] = TEX("dsx", 14, 1, false, false, true),
    [TMU_IR3_OP_DSY] = TEX("dsy", 15, 1, false, false, true),
    [TMU_IR3_OP_GATHER4R] = TEX("gather4r", 16, 1, true, true, true),
    [TMU_IR3_OP_GATHER4G] = TEX("gather4g", 17, 1, true, true, true),
    [TMU_IR3_OP_GATHER4B] = TEX("gather4b", 18, 1, true, true, true),
    [TMU_IR3_OP_GATHER4A] = TEX("gather4a", 19, 1, true, true, true),
    [TMU_IR3_OP_SAMGP0] = TEX("samgp0", 20, 1, true, true, true),
    [TMU_IR3_OP_SAMGP1] = TEX("samgp1", 21, 1, true, true, true),
    [TMU_IR3_OP_SAMGP2] = TEX("samgp2", 22, 1, true, true, true),
    [TMU_IR3_OP_SAMGP3] = TEX("samgp3", 23, 1, true, true, true),
    [TMU_IR3_OP_DSXPP_1] = TEX("dsxpp.1", 24, 1, false, false, false),
    [TMU_IR3_OP_DSYPP_1] = TEX("dsypp.1", 25, 1, false, false, false),
    [TMU_IR3_OP_RGETPOS] = TEX("rgetpos", 26, 1, false, false, true),
    [TMU_IR3_OP_RGETINFO] = TEX("rgetinfo", 27, 0, false, false, true),
    /* tcinv: every bit below the OPC is don't care. */
    [TMU_IR3_OP_TCINV] = {{IR3_TXT("tcinv"), 28, 0, false, false, false, 300, GMAX, CAT_MASK | OPC_MASK, CAT5 | OPC(28),
                           (UINT64_C(1) << 54) - 1},
                          sizeof("tcinv") - 1, IR3_CLS_TCINV, 0},
    [TMU_IR3_OP_IMG_BINDLESS_HOF] = {{IR3_TXT("img_bindless.hof"), 29, 1, true, true, true, 300, GMAX, IMGB_MASK | BIT(50),
                                      CAT5 | OPC(29), B17},
                                     sizeof("img_bindless.hof") - 1, IR3_CLS_IMGB, 0},
    [TMU_IR3_OP_IMG_BINDLESS_PCMN] = {{IR3_TXT("img_bindless.pcmn"), 29, 2, true, true, true, 300, GMAX,
                                       IMGB_MASK | BIT(50), CAT5 | OPC(29) | BIT(50), B17},
                                      sizeof("img_bindless.pcmn") - 1, IR3_CLS_IMGB, 0},
    [TMU_IR3_OP_IMG_BINDLESS] = {{IR3_TXT("img_bindless"), 29, 2, false, true, true, 300, GMAX, IMGB_MASK,
                                  CAT5 | OPC(29) | BIT(52), B17},
                                 sizeof("img_bindless") - 1, IR3_CLS_IMGB_MATCH, 0},
    [TMU_IR3_OP_BRCST_ACTIVE] = {{IR3_TXT("brcst.active"), 31, 1, false, false, true, 600, GMAX, LANE_MASK, CAT5 | OPC(31),
                                  B17},
                                 sizeof("brcst.active") - 1, IR3_CLS_BRCST, 0},
    [TMU_IR3_OP_QUAD_SHUFFLE_BRCST] = QSHUF("quad_shuffle.brcst", 2, 0),
    [TMU_IR3_OP_QUAD_SHUFFLE_HORIZ] = QSHUF("quad_shuffle.horiz", 1, 1),
    [TMU_IR3_OP_QUAD_SHUFFLE_VERT] = QSHUF("quad_shuffle.vert", 1, 2),
    [TMU_IR3_OP_QUAD_SHUFFLE_DIAG] = QSHUF("quad_shuffle.diag", 1, 3),
};

/* Leaves are listed in OPC order; OPC 30 has none. */
const uint8_t ir3_opc_first[33] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16,
                                   17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 32, 32, 37};

/* display2 is NULL for the modifiers without one */
#define IR3_MOD_ROW(kind, field, value, classes, layouts, d, d2) \
    {kind, field, value, classes, layouts, IR3_TXT(d), sizeof(d2) > 1 ? IR3_TXT(d2) : NULL, sizeof(d) - 1, sizeof(d2) - 1},
const struct ir3_mod ir3_mods[] = {IR3_MOD_LIST(IR3_MOD_ROW)};
const unsigned ir3_num_mods = sizeof(ir3_mods) / sizeof(ir3_mods[0]);

/* bits: 0 .3d  1 .a  2 .o  3 .p  4 .s  5 .v  6 .sad/.ssd  7 .s2en  8 .uniform
 *       9 .nonuniform  10 .baseN  11 .1d  12 .clp  13 .rck */
const uint16_t ir3_mod_sets[IR3_CLS_COUNT][2] = {
    /*                      normal  s2en */
    [IR3_CLS_TEX] = {0x301f, 0x379f},
    [IR3_CLS_ISAM] = {0x2827, 0x2fa7},
    [IR3_CLS_IMGB] = {0x2003, 0x2783},
    [IR3_CLS_IMGB_MATCH] = {0x2003, 0x27c3},
    [IR3_CLS_BRCST] = {0, 0},
    [IR3_CLS_QSHUF] = {0, 0},
    [IR3_CLS_TCINV] = {0, 0},
};

/* Normal layout of the texture-base definitions: BASE_HI and BASE_LO must be 0. */
#define IR3_ASSERT_ROW(classes, layouts, field, expected, txt) {classes, layouts, field, expected, txt},
const struct ir3_assert ir3_asserts[] = {IR3_ASSERT_LIST(IR3_ASSERT_ROW)};
const unsigned ir3_num_asserts = sizeof(ir3_asserts) / sizeof(ir3_asserts[0]);

/*                                   indirect bindless uniform nonuniform a1 */
const struct ir3_desc ir3_descs[8] = {
    {1, 0, 1, 0, 0}, /* 0 CAT5_UNIFORM */
    {1, 1, 1, 0, 1}, /* 1 CAT5_BINDLESS_A1_UNIFORM */
    {1, 1, 0, 1, 0}, /* 2 CAT5_BINDLESS_NONUNIFORM */
    {1, 1, 0, 1, 1}, /* 3 CAT5_BINDLESS_A1_NONUNIFORM */
    {1, 0, 0, 1, 0}, /* 4 CAT5_NONUNIFORM */
    {1, 1, 1, 0, 0}, /* 5 CAT5_BINDLESS_UNIFORM */
    {0, 1, 0, 0, 0}, /* 6 CAT5_BINDLESS_IMM */
    {0, 1, 0, 0, 1}, /* 7 CAT5_BINDLESS_A1_IMM */
};

/* TYPE: X(name, destination is half), in TYPE order */
#define IR3_TYPE_LIST(X) \
    X("f16", 1) X("f32", 0) X("u16", 1) X("u32", 0) X("s16", 1) X("s32", 0) X("u8", 1) X("u8_32", 0)
#define IR3_TYPE_NAME(nm, half) IR3_TXT(nm),
#define IR3_TYPE_LEN(nm, half) sizeof(nm) - 1,
#define IR3_TYPE_HALF(nm, half) half,
const char *const ir3_type_names[8] = {IR3_TYPE_LIST(IR3_TYPE_NAME)};
const uint8_t ir3_type_name_len[8] = {IR3_TYPE_LIST(IR3_TYPE_LEN)};
const uint8_t ir3_type_half[8] = {IR3_TYPE_LIST(IR3_TYPE_HALF)};

#define W IR3_TXT
const char *const ir3_wrmask_names[16] = {W(""),  W("x"),  W("y"),  W("xy"),  W("z"),  W("xz"),  W("yz"),  W("xyz"),
                                          W("w"), W("xw"), W("yw"), W("xyw"), W("zw"), W("xzw"), W("yzw"), W("xyzw")};
#undef W

const tmu_ir3_opinfo *tmu_ir3_opinfo_get(tmu_ir3_op op)
{
    if ((int)op < 0 || op >= TMU_IR3_OP_COUNT)
        return 0;
    return &ir3_leaves[op].info;
}
