/* ir3 cat5 — the encoding as data (private).  Read with tables.c. */
#ifndef TMU_IR3_TABLES_H
#define TMU_IR3_TABLES_H

#include <stdint.h>

#include "tmu/ir3.h"

/* Instruction classes: which bitset of Mesa's ir3-cat5.xml a definition
 * derives from, hence which modifiers and display template it has. */
enum ir3_class {
    IR3_CLS_TEX,        /* #instruction-cat5-tex: isaml … rgetinfo */
    IR3_CLS_ISAM,       /* isam (bit 18 = active-low .1d, bit 50 = .v, bit 53 = imm offset) */
    IR3_CLS_IMGB,       /* img_bindless.hof / .pcmn (no match mode) */
    IR3_CLS_IMGB_MATCH, /* img_bindless (.sad / .ssd from bit 50) */
    IR3_CLS_BRCST,      /* brcst.active */
    IR3_CLS_QSHUF,      /* quad_shuffle.* */
    IR3_CLS_TCINV,      /* tcinv */
    IR3_CLS_COUNT
};
#define IR3_C(c) (1u << (c))
#define IR3_C_TEXBASE (IR3_C(IR3_CLS_TEX) | IR3_C(IR3_CLS_ISAM) | IR3_C(IR3_CLS_IMGB) | IR3_C(IR3_CLS_IMGB_MATCH))

/* Layouts of bits 19–31 and 47 (bit 51). */
#define IR3_L_NORMAL 1u
#define IR3_L_S2EN 2u
#define IR3_L_BOTH 3u

/* A bit field: name, bit range, layouts it exists in. */
struct ir3_field_def {
    const char *name;
    uint8_t lo, hi;
    uint8_t layouts;
    uint8_t mask; /* (1 << width) - 1; every field is at most 8 bits wide */
};
extern const struct ir3_field_def ir3_fields[TMU_IR3_F_COUNT];

/* The field layout, once: X(field, name, lo, hi, layouts).  tables.c builds
 * ir3_fields[] from it; decode expands it into straight-line extraction. */
#define IR3_FIELD_LIST(X)                                  \
    X(TMU_IR3_F_FULL, "FULL", 0, 0, IR3_L_BOTH)            \
    X(TMU_IR3_F_SRC1, "SRC1", 1, 8, IR3_L_BOTH)            \
    X(TMU_IR3_F_SRC2, "SRC2", 9, 16, IR3_L_BOTH)           \
    X(TMU_IR3_F_B17, "B17", 17, 17, IR3_L_BOTH)            \
    X(TMU_IR3_F_B18, "B18", 18, 18, IR3_L_BOTH)            \
    X(TMU_IR3_F_B19_20, "BASE_HI", 19, 20, IR3_L_BOTH)     \
    X(TMU_IR3_F_SAMP, "SAMP", 21, 24, IR3_L_NORMAL)        \
    X(TMU_IR3_F_TEX, "TEX", 25, 31, IR3_L_NORMAL)          \
    X(TMU_IR3_F_SRC3, "SRC3", 21, 28, IR3_L_S2EN)          \
    X(TMU_IR3_F_DESC_MODE, "DESC_MODE", 29, 31, IR3_L_S2EN) \
    X(TMU_IR3_F_DST, "DST", 32, 39, IR3_L_BOTH)            \
    X(TMU_IR3_F_WRMASK, "WRMASK", 40, 43, IR3_L_BOTH)      \
    X(TMU_IR3_F_TYPE, "TYPE", 44, 46, IR3_L_BOTH)          \
    X(TMU_IR3_F_B47, "BASE_LO", 47, 47, IR3_L_BOTH)        \
    X(TMU_IR3_F_3D, "3D", 48, 48, IR3_L_BOTH)              \
    X(TMU_IR3_F_A, "A", 49, 49, IR3_L_BOTH)                \
    X(TMU_IR3_F_B50, "SV", 50, 50, IR3_L_BOTH)             \
    X(TMU_IR3_F_S2EN, "S2EN_BINDLESS", 51, 51, IR3_L_BOTH) \
    X(TMU_IR3_F_B52, "O", 52, 52, IR3_L_BOTH)              \
    X(TMU_IR3_F_B53, "P", 53, 53, IR3_L_BOTH)              \
    X(TMU_IR3_F_OPC, "OPC", 54, 58, IR3_L_BOTH)            \
    X(TMU_IR3_F_JP, "JP", 59, 59, IR3_L_BOTH)              \
    X(TMU_IR3_F_SY, "SY", 60, 60, IR3_L_BOTH)              \
    X(TMU_IR3_F_CAT, "CAT", 61, 63, IR3_L_BOTH)

/* Every string the printer copies (definition names, modifier displays, type
 * and write-mask names) is stored NUL-padded in an array of IR3_TXT_PAD bytes,
 * so that it can be copied with one fixed-size move and the output pointer
 * advanced by its length.  IR3_TXT("abc") is such an array (static storage). */
#define IR3_TXT_PAD 24
#define IR3_TXT(s) ((const char[IR3_TXT_PAD]){s})

/* One instruction definition ("leaf"). */
struct ir3_leaf {
    tmu_ir3_opinfo info;
    uint8_t name_len;
    uint8_t cls;     /* enum ir3_class */
    uint8_t variant; /* quad_shuffle variant (bits 19–20), else 0 */
};
extern const struct ir3_leaf ir3_leaves[TMU_IR3_OP_COUNT];
/* ir3_opc_first[opc] .. ir3_opc_first[opc + 1] - 1: the leaves with that OPC. */
extern const uint8_t ir3_opc_first[33];

/* Derived values a modifier can test, numbered after the raw fields. */
enum {
    IR3_PF_INDIRECT = TMU_IR3_F_COUNT, /* descriptor mode < 6: ".s2en" */
    IR3_PF_UNIFORM,                    /* modes 0, 1, 5 */
    IR3_PF_NONUNIF,                    /* modes 2, 3, 4 */
    IR3_PF_BINDLESS,                   /* modes 1, 2, 3, 5, 6, 7: ".baseN" */
    IR3_PF_RCK,                        /* TYPE == 7 */
    IR3_PF_COUNT
};

/* Modifiers after the name, in Mesa's display order.  Each shows when
 * value[field] == value (field may be a derived IR3_PF_*), except ENUM,
 * which always shows display (value 0) or display2 (value 1). */
enum ir3_mod_kind {
    IR3_MOD_BIT,      /* shown when field == value */
    IR3_MOD_ENUM,     /* field value 0 / 1 shows display / display2 */
    IR3_MOD_S2EN,     /* ".s2en" for indirect descriptor modes */
    IR3_MOD_UNIFORM,  /* ".uniform" */
    IR3_MOD_NONUNIF,  /* ".nonuniform" */
    IR3_MOD_BASE,     /* ".baseN" for bindless modes */
    IR3_MOD_RCK       /* ".rck" when TYPE == 7 */
};
/* The modifier table, once: X(kind, field, value, classes, layouts, display,
 * display2) in display order (display2: ENUM's value-1 text, else "",
 * which ir3_mods[] stores as NULL).
 * tables.c builds ir3_mods[] from it; print expands it into straight-line
 * tests. */
#define IR3_MOD_LIST(X)                                                                                           \
    X(IR3_MOD_BIT, TMU_IR3_F_3D, 1, IR3_C_TEXBASE, IR3_L_BOTH, ".3d", "")                                       \
    X(IR3_MOD_BIT, TMU_IR3_F_A, 1, IR3_C_TEXBASE, IR3_L_BOTH, ".a", "")                                         \
    X(IR3_MOD_BIT, TMU_IR3_F_B52, 1, IR3_C(IR3_CLS_TEX) | IR3_C(IR3_CLS_ISAM), IR3_L_BOTH, ".o", "")            \
    X(IR3_MOD_BIT, TMU_IR3_F_B53, 1, IR3_C(IR3_CLS_TEX), IR3_L_BOTH, ".p", "")                                  \
    X(IR3_MOD_BIT, TMU_IR3_F_B50, 1, IR3_C(IR3_CLS_TEX), IR3_L_BOTH, ".s", "")                                  \
    X(IR3_MOD_BIT, TMU_IR3_F_B50, 1, IR3_C(IR3_CLS_ISAM), IR3_L_BOTH, ".v", "")                                 \
    X(IR3_MOD_ENUM, TMU_IR3_F_B50, 0, IR3_C(IR3_CLS_IMGB_MATCH), IR3_L_S2EN, ".sad", ".ssd")                    \
    X(IR3_MOD_S2EN, IR3_PF_INDIRECT, 1, IR3_C_TEXBASE, IR3_L_S2EN, ".s2en", "")                                 \
    X(IR3_MOD_UNIFORM, IR3_PF_UNIFORM, 1, IR3_C_TEXBASE, IR3_L_S2EN, ".uniform", "")                            \
    X(IR3_MOD_NONUNIF, IR3_PF_NONUNIF, 1, IR3_C_TEXBASE, IR3_L_S2EN, ".nonuniform", "")                         \
    X(IR3_MOD_BASE, IR3_PF_BINDLESS, 1, IR3_C_TEXBASE, IR3_L_S2EN, ".base", "")                                 \
    X(IR3_MOD_BIT, TMU_IR3_F_B18, 0, IR3_C(IR3_CLS_ISAM), IR3_L_BOTH, ".1d", "")                                \
    X(IR3_MOD_BIT, TMU_IR3_F_B18, 1, IR3_C(IR3_CLS_TEX), IR3_L_BOTH, ".clp", "")                                \
    X(IR3_MOD_RCK, IR3_PF_RCK, 1, IR3_C_TEXBASE, IR3_L_BOTH, ".rck", "")

struct ir3_mod {
    uint8_t kind;
    uint8_t field;    /* tmu_ir3_field */
    uint8_t value;    /* IR3_MOD_BIT: the field value that shows the modifier */
    uint8_t classes;  /* IR3_C() mask */
    uint8_t layouts;  /* IR3_L_* */
    const char *display, *display2; /* IR3_TXT-padded */
    uint8_t len, len2;              /* strlen of display / display2 */
};
extern const struct ir3_mod ir3_mods[];
extern const unsigned ir3_num_mods;
/* ir3_mod_sets[class][layout - 1]: bit i set when ir3_mods[i] applies (a
 * cache of the classes/layouts columns above, checked by test_ir3_tables). */
extern const uint16_t ir3_mod_sets[IR3_CLS_COUNT][2];

/* Asserted instruction-level bits, checked (in order) when the display
 * template of the given layout is chosen: X(classes, layouts, field,
 * expected, where).  tables.c builds ir3_asserts[] from it; decode expands it
 * into straight-line checks. */
#define IR3_ASSERT_LIST(X)                                                                 \
    X(IR3_C_TEXBASE, IR3_L_NORMAL, TMU_IR3_F_B19_20, 0, "#instruction-cat5-tex-base")      \
    X(IR3_C_TEXBASE, IR3_L_NORMAL, TMU_IR3_F_B47, 0, "#instruction-cat5")
struct ir3_assert {
    uint8_t classes, layouts, field, expected;
    const char *where;
};
extern const struct ir3_assert ir3_asserts[];
extern const unsigned ir3_num_asserts;

/* Descriptor modes: properties used by display and by the assembler. */
struct ir3_desc {
    uint8_t indirect, bindless, uniform, nonuniform, a1;
};
extern const struct ir3_desc ir3_descs[8];

/* TYPE names (index = TYPE, IR3_TXT-padded), their lengths, and whether the
 * destination is half. */
extern const char *const ir3_type_names[8];
extern const uint8_t ir3_type_name_len[8];
extern const uint8_t ir3_type_half[8];

/* Write-mask display strings (index = WRMASK, IR3_TXT-padded). */
extern const char *const ir3_wrmask_names[16];

static inline uint64_t ir3_get(uint64_t w, unsigned f)
{
    const struct ir3_field_def *d = &ir3_fields[f];
    return (w >> d->lo) & d->mask;
}

static inline uint64_t ir3_field_mask(unsigned f)
{
    const struct ir3_field_def *d = &ir3_fields[f];
    return ((UINT64_C(2) << (d->hi - d->lo)) - 1) << d->lo;
}

/* Which register slots SRC1/SRC2 show, given the definition and fields. */
enum { IR3_SRC2_NONE, IR3_SRC2_REG, IR3_SRC2_IMM };

/* True when O (bit 52) is a field of the class (else fixed or dropped). */
static inline int ir3_has_o(unsigned cls)
{
    return (IR3_C(cls) & (IR3_C(IR3_CLS_TEX) | IR3_C(IR3_CLS_ISAM) | IR3_C(IR3_CLS_BRCST) | IR3_C(IR3_CLS_QSHUF))) != 0;
}

static inline int ir3_src1_shown(const tmu_ir3_instr *in)
{
    return ir3_leaves[in->op].info.num_src > 0;
}

/* Mesa's #cat5-src2: a register when O or CLP is set or two sources are
 * shown; else isam's immediate offset when bit 53 is set; else nothing.
 * brcst.active's template has no SRC2 at all. */
static inline unsigned ir3_src2_mode(const tmu_ir3_instr *in)
{
    /* computed without branches: the operands are data (random words) */
    const struct ir3_leaf *l = &ir3_leaves[in->op];
    unsigned cls = l->cls;
    unsigned shown = (unsigned)(cls != IR3_CLS_BRCST) & (unsigned)(cls != IR3_CLS_TCINV);
    unsigned o = in->field[TMU_IR3_F_B52] & (0u - (unsigned)ir3_has_o(cls));
    unsigned clp = in->field[TMU_IR3_F_B18] & (0u - (unsigned)(cls == IR3_CLS_TEX));
    unsigned reg = (unsigned)((o | clp) != 0) | (unsigned)(l->info.num_src > 1);
    unsigned imm = (reg ^ 1u) & (unsigned)(cls == IR3_CLS_ISAM) & (unsigned)(in->field[TMU_IR3_F_B53] != 0);
    return (reg * IR3_SRC2_REG + imm * IR3_SRC2_IMM) * shown;
}

#endif
