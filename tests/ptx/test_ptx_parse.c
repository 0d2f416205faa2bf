/* Parser, printer and module tests with hand-written expectations. */
#define _POSIX_C_SOURCE 200809L /* getline */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ptx/ptx_internal.h"
#include "tmu/ptx.h"
#include "test_data.h"

/* An element's name (not NUL-terminated: name_len bytes) equals `want`. */
static void assert_name(const tmu_ptx_elem *e, const char *want)
{
    assert_int_equal(e->kind, TMU_PTX_E_NAME);
    assert_int_equal(e->name_len, strlen(want));
    assert_memory_equal(e->name, want, strlen(want));
}

static tmu_ptx_instr parse_ok(const char *text)
{
    tmu_ptx_instr in;
    tmu_diag d;
    tmu_status s = tmu_ptx_parse_instr(text, strlen(text), &in, &d);
    if (s != TMU_OK)
        fprintf(stderr, "%s: %u:%u %s\n", text, d.line, d.column, d.message);
    assert_int_equal(s, TMU_OK);
    return in;
}

static void test_fields(void **state)
{
    (void)state;
    tmu_ptx_instr in = parse_ok(
        "@!%p3 tex.grad.a2d.v4.s32.f32 {%r0, %r1, %r2, _}|%p1, [t0, s0, {%u10, %f11, %f12, %f13}],"
        " {%f20, %f21}, {0f3F800000, -2.5}, {-8, 0x7}, 1.5;");
    assert_int_equal(in.opcode, TMU_PTX_TEX);
    assert_int_equal(in.guard_negated, 1);
    assert_name(&in.guard, "%p3");
    assert_int_equal(in.mip, TMU_PTX_MIP_GRAD);
    assert_int_equal(in.geom, TMU_PTX_GEOM_A2D);
    assert_int_equal(in.vec, 4);
    assert_int_equal(in.ntypes, 2);
    assert_int_equal(in.types[0], TMU_PTX_T_S32);
    assert_int_equal(in.types[1], TMU_PTX_T_F32);
    assert_int_equal(in.dst.count, 4);
    assert_int_equal(in.dst.e[3].kind, TMU_PTX_E_SINK);
    assert_name(&in.pred, "%p1");
    assert_int_equal(in.naddr, 3);
    assert_name(&in.addr[1].e[0], "s0");
    assert_int_equal(in.addr[2].count, 4);
    assert_int_equal(in.nextra, 4);
    assert_true(in.extra[1].e[0].kind == TMU_PTX_E_FLOAT && in.extra[1].e[0].fval == 1.0);
    assert_true(in.extra[1].e[1].fval == -2.5);
    assert_true(in.extra[2].e[0].kind == TMU_PTX_E_INT && in.extra[2].e[0].ival == -8);
    assert_true(in.extra[2].e[1].ival == 7);
    assert_true(in.extra[3].e[0].kind == TMU_PTX_E_FLOAT && in.extra[3].e[0].fval == 1.5);
    /* positions: the opcode and the third address operand */
    assert_int_equal(in.line, 1);
    assert_int_equal(in.column, 7);

    char buf[512];
    size_t n;
    assert_int_equal(tmu_ptx_print_instr(&in, buf, sizeof buf, &n), TMU_OK);
    assert_string_equal(
        buf,
        "@!%p3 tex.grad.a2d.v4.s32.f32 {%r0, %r1, %r2, _}|%p1, [t0, s0, {%u10, %f11, %f12, %f13}], "
        "{%f20, %f21}, {0f3F800000, 0dC004000000000000}, {-8, 7}, 0d3FF8000000000000;");
    assert_int_equal(n, strlen(buf));
    /* too small a buffer: reported, length still given */
    assert_int_equal(tmu_ptx_print_instr(&in, buf, 10, &n), TMU_ERR_BUFFER_TOO_SMALL);
    assert_true(n > 10);

    tmu_ptx_instr tld =
        parse_ok("tld4.a.cube.v4.u32.f32 {%u0,%u1,%u2,%u3}, [%rd1, {%f0,%f1,%f2,%f3}], %f9");
    assert_int_equal(tld.opcode, TMU_PTX_TLD4);
    assert_int_equal(tld.comp, 3);
    assert_int_equal(tld.geom, TMU_PTX_GEOM_CUBE);
    tmu_ptx_instr q = parse_ok("txq.level.depth.b32 %r1, [t0], 3;");
    assert_int_equal(q.opcode, TMU_PTX_TXQ);
    assert_int_equal(q.mip, TMU_PTX_MIP_LEVEL);
    assert_int_equal(q.query, TMU_PTX_Q_DEPTH);
    assert_int_equal(q.extra[0].e[0].ival, 3);
    /* modifiers that do not fit are kept, in order, for the validator */
    tmu_ptx_instr b =
        parse_ok("tex.base.level.2d.v4.f32.f32.foo {%f0,%f1,%f2,%f3}, [t0, {%f4,%f5}], %f6;");
    assert_int_equal(b.mip, TMU_PTX_MIP_BASE);
    assert_int_equal(b.nbad, 2);
    assert_int_equal(b.bad[0].len, 6);
    assert_memory_equal(b.bad[0].text, ".level", 6);
    assert_int_equal(b.bad[1].len, 4);
    assert_memory_equal(b.bad[1].text, ".foo", 4);
}

static void test_roundtrip_forms(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "tex.1d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, %f10];",
        "tex.2d.v2.f16x2.f32 {%hh0,%hh1}|%p0, [t0, {%f10,%f11}], {%r20,%r21}, 0f3F000000;",
        "tex.level.3d.v4.f32.s32 {%f0,%f1,%f2,%f3}, [t0, {%r10,%r11,%r12,%r13}], %r20;",
        "tld4.g.a2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, s0, {%u10,%f11,%f12,%f13}], {-33, 100}, "
        "%f30;",
        "txq.width.b32 %r0, t0;",
        "tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {1.0, 0d3FF8000000000000}];",
        "tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {0f7FC00001, -0.0}];",
        "tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {1e-45, 3.4028235e38}], {-9223372036854775808, "
        "0777};",
        /* a second address among six other operands (a fuzz finding): it prints after them, and
         * that text parses back (an address is not one of the six) */
        "tex.level.a2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, s0, {%u10,%f11,%f12,%f13}], %f20, {%r20,%r21}, "
        "%f30, [t0, s0, {%u10,%f11,%f12,%f13}], %f20, {%r20,%r21}, %f30;",
        /* a kept modifier that would join the name into a longer one (a fuzz finding): ptxas
         * lexes `tex.clamp` and `tex.grad.clamp` as unknown instruction names but reads
         * `tex .clamp` as tex with a .clamp modifier ("Illegal modifier 'Clamp' for instruction
         * 'tex'", ptxas 13.0.88), so the space stays */
        "tex .clamp tldet;",
        "tex.grad .clamp {%f1}, [t0, {%f5,%f6}], {%f1}, {%f2};",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        tmu_ptx_instr a = parse_ok(lines[i]), b;
        char t1[512], t2[512];
        assert_int_equal(tmu_ptx_print_instr(&a, t1, sizeof t1, NULL), TMU_OK);
        b = parse_ok(t1);
        assert_true(tmu_ptx_instr_equal(&a, &b));
        assert_int_equal(tmu_ptx_print_instr(&b, t2, sizeof t2, NULL), TMU_OK);
        assert_string_equal(t1, t2);
    }
    char sp[128];
    tmu_ptx_instr c = parse_ok("tex  .clamp tldet;");
    assert_int_equal(tmu_ptx_print_instr(&c, sp, sizeof sp, NULL), TMU_OK);
    assert_string_equal(sp, "tex .clamp tldet;");
    c = parse_ok("tex .2d.clamp.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f4,%f5}];"); /* no join: no space */
    assert_int_equal(tmu_ptx_print_instr(&c, sp, sizeof sp, NULL), TMU_OK);
    assert_string_equal(sp, "tex.2d.v4.f32.f32.clamp {%f0, %f1, %f2, %f3}, [t0, {%f4, %f5}];");
    /* octal 0777 = 511, 0.1 is not a float: kept as a double */
    tmu_ptx_instr o =
        parse_ok("tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f1,%f2}], {0777, 0b101}, 0.1;");
    assert_int_equal(o.extra[0].e[0].ival, 511);
    assert_int_equal(o.extra[0].e[1].ival, 5);
    char t[256];
    assert_int_equal(tmu_ptx_print_instr(&o, t, sizeof t, NULL), TMU_OK);
    assert_non_null(strstr(t, "0d3FB999999999999A"));
}

static void expect_error(const char *text, tmu_status st, uint32_t line, uint32_t col,
                         const char *msg)
{
    tmu_ptx_instr in;
    tmu_diag d;
    assert_int_equal(tmu_ptx_parse_instr(text, strlen(text), &in, &d), st);
    assert_int_equal(d.status, st);
    if (d.line != line || d.column != col || strstr(d.message, msg) == NULL)
        fprintf(stderr, "'%s': got %u:%u '%s'\n", text, d.line, d.column, d.message);
    assert_int_equal(d.line, line);
    assert_int_equal(d.column, col);
    assert_non_null(strstr(d.message, msg));
}

static void test_parse_errors(void **state)
{
    (void)state;
    expect_error("tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f1 %f2}];", TMU_ERR_PARSE, 1, 48,
                 "Parsing error near '%f2': syntax error");
    expect_error("tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, s0, %f1];", TMU_ERR_PARSE, 1, 47,
                 "near '%f1'");
    expect_error("tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3},\n  [t0, {%f1,%f2}] %f3;", TMU_ERR_PARSE, 2,
                 19, "near '%f3'");
    expect_error("tex.2d.v4.f32.f32 {%f0,%f1", TMU_ERR_PARSE, 1, 27, "end of input");
    expect_error("add.f32 %f0, %f1, %f2;", TMU_ERR_PARSE, 1, 1, "not a tex, tld4 or txq");
    expect_error("tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f1,%f2}], 99999999999999999999;",
                 TMU_ERR_PARSE, 1, 55, "64 bits");
    expect_error("tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f1,%f2}], {1,2,3,4,5,6,7,8,9};",
                 TMU_ERR_PARSE, 1, 72, "more than 8");
    expect_error("tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f1,%f2}], 1, 2, 3, 4, 5, 6, 7;",
                 TMU_ERR_UNSUPPORTED, 1, 73, "more than 6");
    expect_error("tex.2d.v4.f32.f32 /* open", TMU_ERR_PARSE, 1, 1, "unterminated comment");
    /* a byte that starts no token inside a second address is a syntax error, not part of a
     * shape kept as text (it printed as a truncated "[" before: found by fuzz_ptx) */
    expect_error("tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f1,%f2}], [\x01t0, %f1}];",
                 TMU_ERR_PARSE, 1, 56, "syntax error");
}

/* Names have no length limit (ptxas takes C++-mangled names of any length; issue 10 item 6):
 * a 5000-character texref parses, prints back and compares equal. */
static void test_long_names(void **state)
{
    (void)state;
    static char text[6000], printed[6000];
    int n = snprintf(text, sizeof text, "tex.2d.v4.f32.f32 {%%f0,%%f1,%%f2,%%f3}, [_Z");
    for (int i = 0; i < 5000; i++)
        text[n++] = (char)('a' + i % 26);
    snprintf(text + n, sizeof text - (size_t)n, ", {%%f1,%%f2}];");
    tmu_ptx_instr in = parse_ok(text), back;
    assert_int_equal(in.addr[0].e[0].kind, TMU_PTX_E_NAME);
    assert_int_equal(in.addr[0].e[0].name_len, 5002);
    assert_memory_equal(in.addr[0].e[0].name, "_Zabc", 5);
    size_t len = 0;
    assert_int_equal(tmu_ptx_print_instr(&in, printed, sizeof printed, &len), TMU_OK);
    assert_non_null(strstr(printed, "[_Zabcdefghijklmnopqrstuvwxyzabc"));
    tmu_diag d;
    assert_int_equal(tmu_ptx_parse_instr(printed, len, &back, &d), TMU_OK);
    assert_true(tmu_ptx_instr_equal(&in, &back));
    /* a long unknown modifier is kept whole */
    tmu_ptx_instr m = parse_ok("tex.2d.v4.f32.f32.abcdefghijklmnopqrstuvwxyz0123456789 {%f0,%f1,%f2,%f3}, "
                               "[t0, {%f1,%f2}];");
    assert_int_equal(m.nbad, 1);
    assert_int_equal(m.bad[0].len, 37);
}

static const char module_text[] =
    ".version 7.8\n"
    ".target sm_86, texmode_independent\n"
    ".address_size 64\n"
    ".global .texref tex_a;\n"
    ".global .samplerref samp = { filter_mode = linear, addr_mode_0 = wrap };\n"
    ".func (.reg .b32 r) f(.reg .b32 a)\n"
    "{\n"
    "  .reg .f32 %f<10>;\n"
    "  tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [tex_a, samp, {%f4,%f5}];\n"
    "  ret;\n"
    "}\n"
    ".entry k(.param .u64 p, .param .texref ptex)\n"
    "{\n"
    "  .reg .u32 %r<3>;\n"
    "  .reg .s32 %r5, %x;\n"
    "  .reg .f32 %f<2>;\n"
    "$L0:\n"
    "  @%p0 bra $L0; // a guarded non-texture instruction\n"
    "  txq.width.b32 %r1, [ptex];\n"
    "}\n";

static void test_module(void **state)
{
    (void)state;
    tmu_ptx_module *m;
    tmu_diag d;
    assert_int_equal(tmu_ptx_module_parse(module_text, sizeof module_text - 1, &m, &d), TMU_OK);
    assert_int_equal(tmu_ptx_module_version(m), 78);
    assert_int_equal(tmu_ptx_module_sm(m), 86);
    assert_int_equal(tmu_ptx_module_independent(m), 1);
    assert_int_equal(tmu_ptx_module_count(m), 2);
    tmu_ptx_instr in;
    uint32_t scope1, scope2;
    assert_int_equal(tmu_ptx_module_instr(m, 0, &in, &scope1), TMU_OK);
    assert_int_equal(in.line, 9);
    assert_int_equal(in.column, 3);
    assert_int_equal(tmu_ptx_module_instr(m, 1, &in, &scope2), TMU_OK);
    assert_int_equal(in.opcode, TMU_PTX_TXQ);
    assert_int_equal(tmu_ptx_module_instr(m, 2, &in, NULL), TMU_ERR_RANGE);
    assert_true(scope1 != scope2 && scope1 != 0 && scope2 != 0);
    /* ranges %r<3>: %r0..%r2 in the kernel only; %f<10> in f and %f<2> in k */
    const tmu_ptx_symbol *s = tmu_ptx_module_lookup(m, scope2, "%r2");
    assert_non_null(s);
    assert_int_equal(s->type, TMU_PTX_T_U32);
    assert_int_equal(s->range, 3);
    assert_null(tmu_ptx_module_lookup(m, scope2, "%r3"));
    assert_null(tmu_ptx_module_lookup(m, scope2, "%r02"));
    assert_int_equal(tmu_ptx_module_lookup(m, scope2, "%r5")->type, TMU_PTX_T_S32);
    assert_non_null(tmu_ptx_module_lookup(m, scope1, "%f9"));
    assert_null(tmu_ptx_module_lookup(m, scope2, "%f9"));
    assert_null(tmu_ptx_module_lookup(m, scope1, "%r1"));
    assert_int_equal(tmu_ptx_module_lookup(m, scope1, "a")->type, TMU_PTX_T_B32);
    assert_int_equal(tmu_ptx_module_lookup(m, scope2, "ptex")->type, TMU_PTX_T_TEXREF);
    assert_int_equal(tmu_ptx_module_lookup(m, 0, "samp")->type, TMU_PTX_T_SAMPLERREF);
    assert_int_equal(tmu_ptx_module_lookup(m, scope2, "tex_a")->type, TMU_PTX_T_TEXREF);
    /* the module is valid for ptxas 13 (checked when this test was written) */
    assert_int_equal(tmu_ptx_module_check(m, NULL, NULL, NULL), 0);
    /* with an older target the version check fires: .version 7.8 is fine for sm_86;
     * force PTX 4.2 and sm_86 -> "PTX .version 4.2 does not support .target sm_86" */
    tmu_ptx_check_options o = {0, 42, NULL};
    assert_int_equal(tmu_ptx_module_check(m, &o, NULL, NULL), 1);
    tmu_ptx_module_free(m);
}

typedef struct collected {
    int n;
    tmu_diag d[8];
} collected;

static void collect(void *user, const tmu_diag *d)
{
    collected *c = user;
    if (c->n < 8)
        c->d[c->n] = *d;
    c->n++;
}

static void test_module_errors(void **state)
{
    (void)state;
    static const char *const bad[][2] = {
        {".version 7.8\n.target sm_86\n.entry k(\n{\n}\n", "4:1"},
        {".version 7.8\n.target sm_86\n.entry k()\n{\n  tex.2d.v4.f32.f32 {%f0}, [t0, "
         "{%f1,%f2}]\n}\n",
         "6:1"},
        {".version 7.8\n.target sm_86\n.entry k()\n{\n  add.f32 %f1, %f2, %f3;\n", "6:1"},
        {".version 7.8\n.target sm_86\n.reg .f32 x\n", "4:1"},
        {".version 7.8\n.target sm_86\n.bogus\n", "3:1"},
        {".version 7.8\n.target sm_86\n.entry k()\n{\n  .reg .f32 %f<0>;\n}\n", "5:16"},
        {".version 7.8\n.target sm_86\n.entry k()\n{\n  mov.u32 %r1, \"unterminated;\n}\n", "5:16"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tmu_ptx_module *m = (tmu_ptx_module *)1;
        tmu_diag d;
        assert_int_equal(tmu_ptx_module_parse(bad[i][0], strlen(bad[i][0]), &m, &d), TMU_ERR_PARSE);
        assert_null(m);
        char where[32];
        snprintf(where, sizeof where, "%u:%u", d.line, d.column);
        if (strcmp(where, bad[i][1]) != 0)
            fprintf(stderr, "case %zu: %s %s\n", i, where, d.message);
        assert_string_equal(where, bad[i][1]);
        assert_non_null(strstr(d.message, "error"));
    }
    /* undeclared names are reported at their position, after the instruction's other problems
     * (ptxas: an unknown texture operand fits no signature, then "Unknown symbol") */
    static const char undecl[] = ".version 7.8\n.target sm_86\n.entry k()\n{\n  .reg .f32 %f<4>;\n"
                                 "  tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f1,%f2}];\n}\n";
    tmu_ptx_module *m;
    tmu_diag d;
    assert_int_equal(tmu_ptx_module_parse(undecl, sizeof undecl - 1, &m, &d), TMU_OK);
    collected c = {0};
    assert_int_equal(tmu_ptx_module_check(m, NULL, collect, &c), 2);
    assert_string_equal(c.d[0].message, "Arguments mismatch for instruction 'tex'");
    assert_int_equal(c.d[1].line, 6);
    assert_int_equal(c.d[1].column, 41);
    assert_string_equal(c.d[1].message, "Unknown symbol 't0'");
    tmu_ptx_module_free(m);
}

/* How a module starts (.version N.M, then .target, then .address_size): every case of
 * tests/data/ptx-module-start.tsv (tests/ptx/gen_module_start.py: hand-written and random
 * modules with ptxas 13's verdicts) gets ptxas's verdict, and a rejection its first message at
 * its line.  `test_ptx_parse FILE` checks another file of that format (a fresh one from
 * gen_module_start.py) alike, and only that. */
static const char *start_file; /* the command line's file, or NULL: tests/data/ptx-module-start.tsv */

static void test_module_start(void **state)
{
    (void)state;
    char path[1024];
    FILE *f = tmu_test_file_open(start_file, "ptx-module-start.tsv", path, sizeof path);
    if (!f)
        fail_msg("cannot open %s", path);
    char *line = NULL;
    size_t cap = 0;
    int cases = 0, rejected = 0;
    while (getline(&line, &cap, f) > 0) {
        if (line[0] == '#')
            continue;
        char *field[4] = {line, NULL, NULL, NULL};
        for (int k = 1; k < 4; k++) {
            field[k] = strchr(field[k - 1], '\t');
            assert_non_null(field[k]);
            *field[k]++ = 0;
        }
        field[3][strcspn(field[3], "\n")] = 0;
        size_t n = 0; /* unescape the text in place: \n \t \\ */
        for (const char *c = field[0]; *c; c++) {
            if (*c == '\\' && c[1]) {
                c++;
                line[n++] = *c == 'n' ? '\n' : *c == 't' ? '\t' : *c;
            } else {
                line[n++] = *c;
            }
        }
        tmu_ptx_module *m = NULL;
        tmu_diag d;
        char got[300] = "ACCEPTED";
        if (tmu_ptx_module_parse(line, n, &m, &d) != TMU_OK) {
            snprintf(got, sizeof got, "REJECTED %u %s", d.line, d.message);
        } else {
            collected c = {0};
            if (tmu_ptx_module_check(m, NULL, collect, &c))
                snprintf(got, sizeof got, "REJECTED %u %s", c.d[0].line, c.d[0].message);
            tmu_ptx_module_free(m);
        }
        char want[300] = "ACCEPTED";
        if (strcmp(field[1], "ACCEPTED") != 0)
            snprintf(want, sizeof want, "REJECTED %s %s", field[2], field[3]);
        if (strcmp(got, want) != 0)
            fail_msg("case %d: want '%s', got '%s'", cases + 1, want, got);
        cases++;
        rejected += want[0] == 'R';
    }
    free(line);
    fclose(f);
    printf("module starts: %d cases (%d rejected) agree with ptxas\n", cases, rejected);
    if (start_file)
        assert_true(cases > 0);
    else
        assert_true(cases >= 300 && rejected > 100 && cases - rejected > 30);
}

/* A hand-built struct with counts out of range is refused, never read past its end. */
static void test_malformed_struct(void **state)
{
    (void)state;
    tmu_ptx_instr in = parse_ok("tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f1,%f2}];");
    tmu_ptx_instr bad = in;
    bad.naddr = 9;
    char buf[256];
    assert_int_equal(tmu_ptx_print_instr(&bad, buf, sizeof buf, NULL), TMU_ERR_INVALID_ARGUMENT);
    assert_false(tmu_ptx_instr_equal(&bad, &bad));
    bad = in;
    bad.dst.count = 200;
    assert_int_equal(tmu_ptx_print_instr(&bad, buf, sizeof buf, NULL), TMU_ERR_INVALID_ARGUMENT);
    bad = in;
    bad.geom = (tmu_ptx_geom)77;
    static const char mod[] = ".version 7.8\n.target sm_86\n.entry k()\n{\n ret;\n}\n";
    tmu_ptx_module *m;
    tmu_diag d;
    assert_int_equal(tmu_ptx_module_parse(mod, sizeof mod - 1, &m, &d), TMU_OK);
    tmu_diag probs[16];
    assert_int_equal(tmu_ptx_check_instr(m, 0, &bad, NULL, probs, 2), 1);
    assert_non_null(strstr(probs[0].message, "malformed"));
    /* nothing is declared here: each vector element is an illegal expression, each vector
     * untyped (ptxas assumes .b8), no signature fits; then every unknown name in source order:
     * %f0..%f3, t0, %f1, %f2 (4 + 1 + 2 + 1 + 1 + 7 problems) */
    assert_int_equal(tmu_ptx_check_instr(m, 0, &in, NULL, probs, 16), 16);
    assert_string_equal(probs[0].message, "Illegal expression '%f0'");
    assert_string_equal(probs[4].message, "Unable to infer type of vector elements (assuming .b8)");
    assert_string_equal(probs[8].message, "Arguments mismatch for instruction 'tex'");
    assert_string_equal(probs[9].message, "Unknown symbol '%f0'");
    assert_string_equal(probs[13].message, "Unknown symbol 't0'");
    assert_string_equal(probs[15].message, "Unknown symbol '%f2'");
    tmu_ptx_module_free(m);
    tmu_ptx_regfile rf = {NULL, 0};
    tmu_ptx_exec_env env = {0, NULL, 0, NULL, 0};
    assert_int_equal(tmu_ptx_exec_warp(&bad, &env, 1, &rf, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(d.message, "malformed"));
}

/* The name tables are searched by bisection: sorted, and every row found whole.  The names
 * themselves are checked against ptxas by tests/tools/ptx_names_check.py. */
static void test_name_tables(void **state)
{
    (void)state;
    size_t n = ptx_instr_name_count();
    assert_true(n > 100);
    for (size_t i = 0; i < n; i++) {
        const ptx_name_row *r = ptx_instr_name_row(i);
        if (i)
            assert_true(strcmp(ptx_instr_name_row(i - 1)->name, r->name) < 0);
        size_t len = strlen(r->name), ident = strcspn(r->name, ".");
        char text[64];
        snprintf(text, sizeof text, "%s %%r1;", r->name);
        int known = -1;
        assert_int_equal(ptx_instr_name(text, strlen(text), ident, &known), len);
        assert_int_equal(known, r->known);
    }
    size_t k = ptx_modifier_word_count();
    for (size_t i = 0; i < k; i++) {
        const ptx_mod_row *r = ptx_modifier_word_row(i);
        if (i)
            assert_true(strcmp(ptx_modifier_word_row(i - 1)->word, r->word) < 0);
        assert_ptr_equal(ptx_modifier_word(r->word, strlen(r->word)), r);
    }
    /* a name ptxas lexes only with its first modifier: the bare word is no name */
    int known = -1;
    assert_int_equal(ptx_instr_name("mul24 %r1;", 10, 5, &known), 5);
    assert_int_equal(known, 0);
    assert_int_equal(ptx_instr_name("mul24.lo.s32 %r1;", 17, 5, &known), 8);
    assert_int_equal(known, 1);
    assert_null(ptx_modifier_word("level", 5));
}

int main(int argc, char **argv)
{
    if (argc > 2) {
        fprintf(stderr, "usage: test_ptx_parse [FILE]\n");
        return 2;
    }
    if (argc == 2) {
        start_file = argv[1];
        const struct CMUnitTest one[] = {cmocka_unit_test(test_module_start)};
        return cmocka_run_group_tests(one, NULL, NULL);
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fields),        cmocka_unit_test(test_roundtrip_forms),
        cmocka_unit_test(test_parse_errors),  cmocka_unit_test(test_module),
        cmocka_unit_test(test_module_errors), cmocka_unit_test(test_malformed_struct),
        cmocka_unit_test(test_long_names),    cmocka_unit_test(test_module_start),
        cmocka_unit_test(test_name_tables),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
