/* libFuzzer target over PTX module text: parse, check, print.  Properties:
 * never a crash / leak / out-of-bounds access; every problem and every parse
 * error has a 1-based line and column; every texture instruction of a parsed
 * module prints to text that parses back to an equal instruction; executing any
 * parsed instruction (with register values from the input) is safe. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/ptx.h"
#include "tmu/texture.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void on_problem(void *user, const tmu_diag *d)
{
    (void)user;
    if (d->line == 0 || d->column == 0 || d->message[0] == 0)
        abort();
}

/* Executes an instruction for 4 lanes against one small texture bound to every
 * name and handle 0, with register values derived from the input bytes. */
static void exec_one(const tmu_ptx_instr *in, const uint8_t *data, size_t size, int independent)
{
    static const float texels[4] = {0.0f, 1.0f, 2.0f, 3.0f};
    tmu_texture t;
    tmu_dim dims[] = {TMU_DIM_2D, TMU_DIM_1D, TMU_DIM_3D, TMU_DIM_CUBE, TMU_DIM_2D_ARRAY};
    tmu_dim dim = dims[size % 5];
    uint32_t layers = dim == TMU_DIM_CUBE ? 6 : 1;
    static float cube[24];
    const void *mem = dim == TMU_DIM_CUBE ? (const void *)cube : (const void *)texels;
    size_t memsize = dim == TMU_DIM_CUBE ? sizeof cube : sizeof texels;
    uint32_t w = dim == TMU_DIM_1D ? 4 : 2, h = dim == TMU_DIM_1D ? 1 : 2;
    if (dim == TMU_DIM_3D)
        w = 2, h = 1;
    uint32_t depth = dim == TMU_DIM_3D ? 2 : 1;
    if (tmu_texture_init_packed(&t, dim, TMU_FORMAT_R32_FLOAT, w, h, depth, layers, 1, 1, mem,
                                memsize, NULL) != TMU_OK)
        return;
    tmu_sampler s = tmu_sampler_default();
    s.compare_op = TMU_COMPARE_LESS;
    tmu_ptx_binding b[4] = {
        {"t0", 0, &t, &s}, {NULL, 0, &t, &s}, {"s0", 0, NULL, &s}, {NULL, 7, NULL, &s}};
    tmu_ptx_exec_env env = {independent, b, 4, NULL, 0};
    static tmu_ptx_reg regs[24];
    static char names[24][128]; /* register names, NUL-terminated copies */
    tmu_ptx_regfile rf = {regs, 0};
    const tmu_ptx_operand *ops[1 + 3 + TMU_PTX_EXTRA_MAX];
    size_t n = 0;
    ops[n++] = &in->dst;
    for (unsigned k = 0; k < in->naddr; k++)
        ops[n++] = &in->addr[k];
    for (unsigned k = 0; k < in->nextra; k++)
        ops[n++] = &in->extra[k];
    size_t pos = 0;
    for (size_t k = 0; k < n; k++)
        for (unsigned j = 0; j < ops[k]->count; j++) {
            const tmu_ptx_elem *e = &ops[k]->e[j];
            if (e->kind != TMU_PTX_E_NAME || e->name[0] != '%' || e->name_len >= sizeof names[0] ||
                tmu_ptx_regfile_find_n(&rf, e->name, e->name_len) || rf.count >= 24)
                continue;
            memcpy(names[rf.count], e->name, e->name_len);
            names[rf.count][e->name_len] = 0;
            tmu_ptx_reg *r = &regs[rf.count];
            memset(r, 0, sizeof *r);
            r->name = names[rf.count++];
            for (int l = 0; l < 4; l++, pos += 4) {
                uint32_t v = 0;
                for (int q = 0; q < 4; q++)
                    v = v << 8 | (size ? data[(pos + (size_t)q) % size] : 0);
                r->lane[l] = v;
            }
        }
    if (in->pred.kind == TMU_PTX_E_NAME && in->pred.name_len < sizeof names[0] &&
        !tmu_ptx_regfile_find_n(&rf, in->pred.name, in->pred.name_len) && rf.count < 24) {
        memcpy(names[rf.count], in->pred.name, in->pred.name_len);
        names[rf.count][in->pred.name_len] = 0;
        memset(&regs[rf.count], 0, sizeof regs[0]);
        regs[rf.count].name = names[rf.count];
        rf.count++;
    }
    tmu_diag d;
    tmu_ptx_exec_warp(in, &env, 0xF, &rf, &d);
    tmu_op op;
    tmu_ptx_opmap map;
    tmu_ptx_lift(in, NULL, 0, &op, &map, &d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    tmu_ptx_module *m = NULL;
    tmu_diag d;
    if (tmu_ptx_module_parse(text, size, &m, &d) != TMU_OK) {
        if (m != NULL || d.line == 0 || d.column == 0 || d.message[0] == 0)
            abort();
    } else {
        tmu_ptx_check_options o = {0, 0, NULL};
        tmu_ptx_module_check(m, &o, on_problem, NULL);
        o.sm = 30;
        o.version = 23;
        tmu_ptx_module_check(m, &o, on_problem, NULL);
        for (size_t i = 0; i < tmu_ptx_module_count(m); i++) {
            tmu_ptx_instr a, b;
            uint32_t scope;
            if (tmu_ptx_module_instr(m, i, &a, &scope) != TMU_OK)
                abort(); /* it parsed once already */
            char buf[8192];
            if (tmu_ptx_print_instr(&a, buf, sizeof buf, NULL) != TMU_OK)
                abort();
            /* an opcode ptxas does not know (kept so the checker can report it) prints as its
             * name, which the one-instruction parser refuses with a message */
            if (a.unknown_op) {
                if (tmu_ptx_parse_instr(buf, strlen(buf), &b, &d) == TMU_OK || d.message[0] == 0)
                    abort();
            } else if (tmu_ptx_parse_instr(buf, strlen(buf), &b, &d) != TMU_OK ||
                       !tmu_ptx_instr_equal(&a, &b))
                abort();
            exec_one(&a, data, size, tmu_ptx_module_independent(m));
        }
        tmu_ptx_module_free(m);
    }
    /* the same bytes as one instruction line */
    tmu_ptx_instr in;
    if (tmu_ptx_parse_instr(text, size, &in, &d) == TMU_OK) {
        char buf[8192];
        tmu_ptx_instr b;
        if (tmu_ptx_print_instr(&in, buf, sizeof buf, NULL) != TMU_OK)
            abort();
        if (tmu_ptx_parse_instr(buf, strlen(buf), &b, &d) != TMU_OK ||
            !tmu_ptx_instr_equal(&in, &b))
            abort();
        exec_one(&in, data, size, 0);
    } else if (d.line == 0 || d.column == 0) {
        abort();
    }
    return 0;
}
