/* Translation to and from AMD RDNA MIMG (gfx10, gfx10.3, gfx11): the RDNA generations address
 * VGPRs exactly as gfx9 does for the instructions the translator models (same opcode rows,
 * same address layout: tmu_gcn_vaddr_layout_get, checked against llc-16 and llc-14 on the same
 * intrinsics; same packed D16 and TFE status dword), so both directions go through gfx9:
 *  - lift: the RDNA instruction's fields become the gfx9 word with the same opcode row (DA from
 *    the DIM), which tmu_xl_lift_gcn lifts; an NSA address list is then mapped back register by
 *    register;
 *  - lower: the op is lowered for gfx9, and each gfx9 instruction becomes the RDNA instruction
 *    with the same row and fields, DIM from the texture's shape, addresses as the contiguous
 *    range from v8 (every address count the translator emits has a non-NSA form).
 * What RDNA adds and gfx9 lacks (A16 / _g16 16-bit addresses, R128, image_msaa_load, BVH) is
 * refused by name, as gfx9's A16 is.  The array-layer rounding is gfx9's (round to nearest
 * even): tmu's choice for RDNA, documented in docs/translation-matrix.md. */
#include "xl.h"

/* The RDNA DIM code of a shape (SQ_RSRC_IMG_1D ... 2D_MSAA_ARRAY = T# TYPE - 8; cube arrays
 * are CUBE). */
static unsigned dim_code(tmu_dim dim)
{
    return (unsigned)xl_dims[dim].gcn_type - 8u;
}

tmu_status tmu_xl_lift_rdna(tmu_gcn_gen gen, const uint32_t *dw, size_t n, tmu_dim dim,
                            tmu_result_type result, tmu_xl_source *s, tmu_diag *diag)
{
    if (!s || !dw || (unsigned)dim >= TMU_DIM_COUNT || !TMU_GCN_GEN_IS_RDNA(gen) ||
        (unsigned)result > TMU_RESULT_F16X2)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "bad argument");
    tmu_gcn_mimg mi;
    unsigned len = 0;
    tmu_status st = tmu_gcn_decode_dwords(gen, dw, n, &mi, &len, diag);
    if (st != TMU_OK)
        return st;
    if (len != n)
        return tmu_diag_set(diag, TMU_ERR_INVALID, 0, 0, -1,
                            "%zu dwords given, the instruction is %u (NSA = %u)", n, len,
                            mi.f[TMU_GCN_F_NSA]);
    const tmu_gcn_opcode_info *row = mi.op;
    const uint32_t *f = mi.f;
    if (row->cls == TMU_GCN_CLASS_BVH)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "%s is ray tracing, not a texture lookup", row->name);
    if (row->flags & TMU_GCN_OPF_MSAA)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "%s (one sample's components as a gather) is not translated", row->name);
    if (row->flags & TMU_GCN_OPF_G16)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "%s: 16-bit derivatives (_g16) are not translated", row->name);
    if (f[TMU_GCN_F_A16])
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "A16 (16-bit addresses) is not translated");
    if (f[TMU_GCN_F_R128])
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "R128 (4-dword T#) is not translated");
    if (f[TMU_GCN_F_DIM] != dim_code(dim))
        return tmu_diag_set(diag, TMU_ERR_INVALID, 0, 0, -1,
                            "the instruction's dim:%s does not address a %s texture (dim:%s does)",
                            tmu_gcn_dim_name(f[TMU_GCN_F_DIM]), tmu_dim_name(dim),
                            tmu_gcn_dim_name(dim_code(dim)));
    if (row->op[TMU_GCN_GFX9] == TMU_GCN_NO_OP)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "%s is not translated", row->name);
    /* the gfx9 instruction with the same row and fields; with NSA the addresses are numbered
     * from v0 there and mapped back below */
    tmu_gcn_mimg g;
    tmu_gcn_mimg_init(&g, TMU_GCN_GFX9, row);
    static const uint8_t same[] = {TMU_GCN_F_DMASK, TMU_GCN_F_UNORM, TMU_GCN_F_GLC, TMU_GCN_F_SLC,
                                   TMU_GCN_F_TFE,   TMU_GCN_F_LWE,   TMU_GCN_F_D16, TMU_GCN_F_VDATA,
                                   TMU_GCN_F_SRSRC, TMU_GCN_F_SSAMP};
    for (size_t i = 0; i < sizeof same; i++)
        g.f[same[i]] = f[same[i]];
    g.f[TMU_GCN_F_DA] = xl_dims[dim].array || xl_dims[dim].cube;
    unsigned nsa = f[TMU_GCN_F_NSA] != 0;
    g.f[TMU_GCN_F_VADDR] = nsa ? 0 : f[TMU_GCN_F_VADDR];
    uint64_t word;
    tmu_diag why;
    if (tmu_gcn_validate(&g, &why) != TMU_OK || tmu_gcn_encode(&g, &word, &why) != TMU_OK)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "%s: no gfx9 form (%s)", row->name,
                            why.message);
    if ((st = tmu_xl_lift_gcn(TMU_GCN_GFX9, word, dim, result, s, diag)) != TMU_OK)
        return st;
    s->arch.gen = (uint32_t)gen;
    if (nsa) {
        unsigned count = tmu_gcn_vaddr_count(&mi);
        for (unsigned k = 0; k < TMU_XL_SLOT_COUNT; k++) {
            tmu_xl_loc *l = &s->in[k];
            if (l->kind != TMU_XL_L_SRC)
                continue;
            if (l->index >= count || l->index > 12)
                return tmu_diag_set(diag, TMU_ERR_INVALID, 0, 0, -1, "internal: address %u of %u",
                                    l->index, count);
            l->index = (uint16_t)(l->index ? f[TMU_GCN_F_ADDR1 + l->index - 1] : f[TMU_GCN_F_VADDR]);
        }
    }
    return TMU_OK;
}

tmu_status xl_translate_rdna(const tmu_xl_source *src, tmu_xl_arch to, tmu_xl_program *p, tmu_diag *diag)
{
    tmu_gcn_gen gen = (tmu_gcn_gen)to.gen;
    tmu_xl_arch gfx9 = {TMU_XL_GCN, TMU_GCN_GFX9};
    tmu_status st = tmu_xl_translate(src, gfx9, p, diag);
    if (st != TMU_OK)
        return st;
    p->to = to;
    for (unsigned i = 0; i < p->ninstr; i++) {
        tmu_xl_instr *x = &p->instr[i];
        tmu_gcn_mimg g, r;
        if ((st = tmu_gcn_decode(TMU_GCN_GFX9, x->word, &g, diag)) != TMU_OK)
            return st;
        const tmu_gcn_opcode_info *row = g.op;
        if (row->op[gen] == TMU_GCN_NO_OP)
            return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "%s has no %s opcode", row->name,
                                tmu_gcn_gen_name(gen));
        tmu_gcn_mimg_init(&r, gen, row);
        static const uint8_t same[] = {TMU_GCN_F_DMASK, TMU_GCN_F_UNORM, TMU_GCN_F_GLC, TMU_GCN_F_SLC,
                                       TMU_GCN_F_TFE,   TMU_GCN_F_LWE,   TMU_GCN_F_D16, TMU_GCN_F_VDATA,
                                       TMU_GCN_F_VADDR, TMU_GCN_F_SRSRC, TMU_GCN_F_SSAMP};
        for (size_t k = 0; k < sizeof same; k++)
            r.f[same[k]] = g.f[same[k]];
        r.f[TMU_GCN_F_DIM] = dim_code(p->dim);
        uint32_t dw[TMU_GCN_MAX_DWORDS];
        unsigned len = 0;
        tmu_diag why;
        if (tmu_gcn_validate(&r, &why) != TMU_OK || tmu_gcn_encode_dwords(&r, dw, &len, &why) != TMU_OK)
            return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                                "%s has no %s form here (llvm-mc 16: %s)", row->name,
                                tmu_gcn_gen_name(gen), why.message);
        unsigned count = tmu_gcn_vaddr_count(&r);
        if (len != 2 || (row->cls != TMU_GCN_CLASS_RESINFO && count != x->vaddr_count))
            return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                                "internal: %s reads %u addresses on %s, %u on gfx9", row->name, count,
                                tmu_gcn_gen_name(gen), x->vaddr_count);
        x->word = dw[0] | (uint64_t)dw[1] << 32;
        x->vaddr_count = (uint8_t)count;
        if (tmu_gcn_print_llvm(&r, NULL, x->text, sizeof x->text) < 0)
            return tmu_diag_set(diag, TMU_ERR_BUFFER_TOO_SMALL, 0, 0, -1, "RDNA text does not fit");
    }
    return TMU_OK;
}

static int hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

tmu_status tmu_xl_lift_rdna_text(tmu_gcn_gen gen, const char *text, size_t len, tmu_dim dim,
                                 tmu_result_type result, tmu_xl_source *out, tmu_diag *diag)
{
    if (!text || !out || !TMU_GCN_GEN_IS_RDNA(gen))
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "bad argument");
    uint32_t dw[TMU_GCN_MAX_DWORDS];
    size_t n = 0;
    while (len && (*text == ' ' || *text == '\t'))
        text++, len--;
    while (len && (text[len - 1] == ' ' || text[len - 1] == '\t' || text[len - 1] == '\r'))
        len--;
    if (len > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        for (size_t i = 0; i < len;) {
            while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == ','))
                i++;
            if (i == len)
                break;
            size_t k = i;
            if (k + 1 < len && text[k] == '0' && (text[k + 1] == 'x' || text[k + 1] == 'X'))
                k += 2;
            uint64_t v = 0;
            unsigned digits = 0;
            for (; k < len && text[k] != ' ' && text[k] != '\t' && text[k] != ','; k++) {
                int d = hex_digit(text[k]);
                if (d < 0 || digits == 16)
                    return tmu_diag_set(diag, TMU_ERR_PARSE, 0, 0, (int)k + 1,
                                        "'%.*s' is not a hex dword or 64-bit word", (int)(k - i + 1), text + i);
                v = v << 4 | (unsigned)d;
                digits++;
            }
            if (!digits)
                return tmu_diag_set(diag, TMU_ERR_PARSE, 0, 0, (int)i + 1, "a hex number needs digits");
            unsigned words = digits > 8 ? 2 : 1;
            if (n + words > TMU_GCN_MAX_DWORDS)
                return tmu_diag_set(diag, TMU_ERR_PARSE, 0, 0, (int)i + 1,
                                    "more than %d dwords: an RDNA instruction is 2 to 5", TMU_GCN_MAX_DWORDS);
            dw[n++] = (uint32_t)v;
            if (words == 2)
                dw[n++] = (uint32_t)(v >> 32);
            i = k;
        }
    } else {
        tmu_gcn_mimg mi;
        unsigned m = 0;
        tmu_status st = tmu_gcn_assemble(gen, TMU_GCN_SYNTAX_LLVM, text, len, 1, &mi, diag);
        if (st == TMU_OK)
            st = tmu_gcn_encode_dwords(&mi, dw, &m, diag);
        if (st != TMU_OK)
            return st;
        n = m;
    }
    if (!n)
        return tmu_diag_set(diag, TMU_ERR_PARSE, 0, 0, -1, "no instruction");
    return tmu_xl_lift_rdna(gen, dw, n, dim, result, out, diag);
}
