/* libFuzzer: the translator on arbitrary source instructions.  Input: byte 0 source ISA, byte 1
 * target ISA, bytes 2-3 generations, byte 4 texture shape, byte 5 GCN data type, then the
 * instruction: PTX text, or an 8-byte GCN / ir3 word (little endian).  Must never crash; a
 * refusal must carry a message; a translation must give target instructions that decode
 * (GCN, ir3: the word decodes and its printed text assembles back to it) or parse and lift (PTX)
 * on the target's codec, with every register inside the target's files, and print. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/translate.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const uint32_t ir3_gpus[] = {320, 420, 530, 630, 730};

static void check_loc(const tmu_xl_program *p, const tmu_xl_loc *l)
{
    if (l->kind == TMU_XL_L_TGT) {
        if (p->to.isa == TMU_XL_GCN && l->index > 255)
            abort();
        if (p->to.isa == TMU_XL_IR3 && l->index >= 192)
            abort();
    }
    if (l->kind == TMU_XL_L_TMP && l->index >= TMU_XL_MAX_TMP)
        abort();
    if (l->kind == TMU_XL_L_RES && l->index > 4)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 7)
        return 0;
    tmu_xl_isa from = (tmu_xl_isa)(data[0] % 3), to = (tmu_xl_isa)(data[1] % 3);
    if (from == to)
        to = (tmu_xl_isa)((to + 1) % 3);
    uint32_t fg = from == TMU_XL_GCN ? data[2] % 5u : from == TMU_XL_IR3 ? ir3_gpus[data[2] % 5] : 0;
    uint32_t tg = to == TMU_XL_GCN ? data[3] % 5u : to == TMU_XL_IR3 ? ir3_gpus[data[3] % 5] : 0;
    tmu_dim dim = (tmu_dim)(data[4] % TMU_DIM_COUNT);
    tmu_result_type rt = (tmu_result_type)(data[5] % 3);
    const uint8_t *in = data + 6;
    size_t n = size - 6;
    static tmu_xl_source src;
    static tmu_xl_program p;
    tmu_diag d;
    tmu_status st;
    if (from == TMU_XL_PTX) {
        st = tmu_xl_lift_ptx((const char *)in, n, &src, &d);
    } else {
        if (n < 8)
            return 0;
        uint64_t w = 0;
        for (int i = 7; i >= 0; i--)
            w = w << 8 | in[i];
        st = from == TMU_XL_GCN ? tmu_xl_lift_gcn((tmu_gcn_gen)fg, w, dim, rt, &src, &d)
                                : tmu_xl_lift_ir3(fg, w, dim, &src, &d);
    }
    if (st != TMU_OK) {
        if (!d.message[0])
            abort();
        return 0;
    }
    tmu_xl_arch ta = {to, tg};
    st = tmu_xl_translate(&src, ta, &p, &d);
    if (st != TMU_OK) {
        if (st != TMU_ERR_UNSUPPORTED && st != TMU_ERR_INVALID && st != TMU_ERR_INVALID_ARGUMENT)
            abort();
        if (!d.message[0])
            abort();
        return 0;
    }
    if (p.ninstr > TMU_XL_MAX_INSTR || p.nsteps > TMU_XL_MAX_STEPS)
        abort();
    for (unsigned i = 0; i < p.nsteps; i++) {
        const tmu_xl_step *s = &p.step[i];
        if (s->kind == TMU_XL_STEP_INSTR) {
            if (s->instr >= p.ninstr)
                abort();
            continue;
        }
        if (s->op >= TMU_XL_UOP_COUNT)
            abort();
        check_loc(&p, &s->d);
        check_loc(&p, &s->a);
        check_loc(&p, &s->b);
        check_loc(&p, &s->c);
    }
    for (unsigned i = 0; i < p.ninstr; i++) {
        const tmu_xl_instr *x = &p.instr[i];
        if (to == TMU_XL_GCN) {
            tmu_gcn_mimg mi, back;
            uint64_t w2;
            if (tmu_gcn_decode((tmu_gcn_gen)tg, x->word, &mi, &d) != TMU_OK)
                abort();
            if (tmu_gcn_assemble((tmu_gcn_gen)tg, TMU_GCN_SYNTAX_LLVM, x->text, strlen(x->text), 1, &back, &d) != TMU_OK ||
                tmu_gcn_encode(&back, &w2, &d) != TMU_OK || w2 != x->word)
                abort();
        } else if (to == TMU_XL_IR3) {
            tmu_ir3_instr ii;
            uint64_t w2;
            if (tmu_ir3_decode(x->word, tg, &ii, &d) != TMU_OK)
                abort();
            if (tmu_ir3_assemble(x->text, tg, &w2, &d) != TMU_OK || w2 != x->word)
                abort();
        } else {
            tmu_ptx_instr pi;
            static tmu_xl_source back;
            if (tmu_ptx_parse_instr(x->text, strlen(x->text), &pi, &d) != TMU_OK)
                abort();
            if (tmu_xl_lift_ptx(x->text, strlen(x->text), &back, &d) != TMU_OK)
                abort();
        }
    }
    static char buf[16384];
    int len = tmu_xl_print(&p, &src, (int)(data[5] & 8) != 0, buf, sizeof buf);
    if (len <= 0 || (size_t)len >= sizeof buf)
        abort();
    char small[16];
    if (tmu_xl_print(&p, &src, 0, small, sizeof small) != tmu_xl_print(&p, &src, 0, NULL, 0))
        abort();
    return 0;
}
