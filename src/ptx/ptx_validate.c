/* Validator: ptxas 13.0's verdicts and messages for tex / tld4 / txq.
 *
 * ptxas checks an instruction in three phases, and so does this file:
 *   1. operand shape (as it parses): unknown or repeated modifiers (and the warning for a
 *      .vN not followed by a type), per vector unknown names ("Illegal expression"),
 *      mixed element sizes, a vector with no typed element; then illegal vector sizes,
 *      sinks;
 *   2. the operand signature ("Arguments mismatch"): when it fails, phase 3 is skipped;
 *      after it the mip feature, .ftz, mixed element types;
 *   3. semantics, in this order (ptxas 13.0.88, docs/ptx-checker.md): array index, vectors of
 *      an illegal size, gradients that are not vectors, a .v8 too large, predicate, vector
 *      shape of the destination, feature gates (PTX version / target), coordinate types, the
 *      .vN the type requires, the geometry (required; its features and legality), component,
 *      clamp, indirect access, texture / sampler operand kinds, vector sizes per geometry.
 *      Without a geometry the checks that need one are skipped, the others made.
 * Unknown symbols are reported last, after every instruction of the module.  Messages are
 * placed on the line ptxas names: that of the first token after the opcode (msg_line),
 * except for the ones about one element, which name its line.
 * The shapes per geometry and the feature gates are rows of ptx_tables.c. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx/ptx_internal.h"

typedef struct vctx {
    const tmu_ptx_module *m;
    uint32_t scope;
    const tmu_ptx_instr *in;
    unsigned sm, version;
    int independent;
    char name[32]; /* 'tex.level', 'tld4', 'txq.level' */
    tmu_diag *out;
    size_t max, count, warnings;
    /* operand roles */
    const tmu_ptx_operand *a, *b, *c, *lod, *gx, *gy, *off, *cmp;
    int shape_bad; /* tex/tld4 operand list cannot be assigned roles */
    /* symbol lookups of this instruction's elements, cached by element address */
    const tmu_ptx_elem *ckey[96];
    const tmu_ptx_symbol *cval[96];
    unsigned ncache;
    /* "Unknown symbol" problems, reported after everything else */
    tmu_diag *late;
    size_t late_max, nlate;
    /* index in out[] of a failure of ptxas's code generation (codegen_fails), else SIZE_MAX */
    size_t codegen_at;
    /* ptxas 13's fatal "Result discard mode is not allowed for instruction 'mov'" comes last
     * (discard_fatal); its code-generation failures are then not reached */
    int discard_fatal;
} vctx;

static const tmu_ptx_symbol *lookup(vctx *v, const tmu_ptx_elem *e)
{
    if (e->kind != TMU_PTX_E_NAME)
        return NULL;
    for (unsigned i = 0; i < v->ncache; i++)
        if (v->ckey[i] == e)
            return v->cval[i];
    const tmu_ptx_symbol *s = ptx_lookup_n(v->m, v->scope, e->name, e->name_len);
    if (v->ncache < sizeof v->ckey / sizeof v->ckey[0]) {
        v->ckey[v->ncache] = e;
        v->cval[v->ncache++] = s;
    }
    return s;
}

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static void
emit(vctx *v, uint32_t line, uint32_t col, const char *fmt, ...)
{
    if (v->count < v->max) {
        tmu_diag *d = &v->out[v->count];
        va_list ap;
        va_start(ap, fmt);
        d->status = TMU_ERR_INVALID;
        d->line = line;
        d->column = col;
        d->offset = -1;
        vsnprintf(d->message, sizeof d->message, fmt, ap);
        va_end(ap);
    }
    v->count++;
}

#define EMIT(v, ...) emit((v), (v)->in->msg_line, (v)->in->msg_column, __VA_ARGS__)

/* A problem about operand o that ptxas reports on the instruction's line: the column points at
 * o when o is on that line. */
#define EMIT_AT(v, o, ...)                                                                         \
    emit((v), (v)->in->msg_line, (o)->line == (v)->in->msg_line ? (o)->column : (v)->in->msg_column, \
         __VA_ARGS__)

/* ptxas 13 fails without a message in its code generation, which it reaches only when the
 * module has no error at all (measured: a .version/.target error or an error of any other
 * instruction, before or after, is reported alone): tmu_ptx_module_check keeps this message
 * back and reports it only then, once for the module. */
static void codegen_fails(vctx *v)
{
    if (v->discard_fatal)
        return;
    if (v->codegen_at == SIZE_MAX && v->count < v->max)
        v->codegen_at = v->count;
    EMIT(v, "%s", TMU_PTX_PTXAS_FAILS);
}

/* An unknown name: "Unknown symbol 'X'", kept for the end of the check. */
static void late_unknown(vctx *v, const tmu_ptx_elem *e)
{
    if (v->nlate < v->late_max) {
        tmu_diag *d = &v->late[v->nlate];
        d->status = TMU_ERR_INVALID;
        d->line = e->line;
        d->column = e->column;
        d->offset = -1;
        snprintf(d->message, sizeof d->message, "Unknown symbol '%.*s'", (int)e->name_len, e->name);
    }
    v->nlate++;
}

static tmu_ptx_type etype(vctx *v, const tmu_ptx_elem *e)
{
    const tmu_ptx_symbol *s = lookup(v, e);
    return s ? s->type : TMU_PTX_T_NONE;
}

static char tclass(tmu_ptx_type t)
{
    return ptx_types[t].cls;
}

static unsigned tbits(tmu_ptx_type t)
{
    return ptx_types[t].bits;
}

/* Register / immediate compatible with an expected 32-bit instruction type. */
static int elem_fits(vctx *v, const tmu_ptx_elem *e, tmu_ptx_type want)
{
    char wc = tclass(want);
    if (e->kind == TMU_PTX_E_INT)
        return wc != 'f';
    if (e->kind == TMU_PTX_E_FLOAT)
        return wc == 'f';
    if (e->kind != TMU_PTX_E_NAME)
        return 0;
    tmu_ptx_type t = etype(v, e);
    if (t == TMU_PTX_T_NONE)
        return 1; /* unknown symbols are reported separately */
    if (tbits(t) != tbits(want))
        return 0;
    char c = tclass(t);
    if (c == 'b' || wc == 'b')
        return 1;
    if (wc == 'f')
        return c == 'f' && t == want;
    return c == 'u' || c == 's';
}

/* An operand against an expected type.  A vector has the size of its first typed register:
 * registers of another size were reported as "Incompatible elements of vector expression" and
 * are not checked again (measured, fresh-seed sweep of 2026-11-29: {%r1, %w2} and {%r1, %rd2}
 * as offsets, {%f1, %h2} as a gradient pass the signature; {%w1, %r2} does not). */
static int operand_fits(vctx *v, const tmu_ptx_operand *o, tmu_ptx_type want, unsigned from)
{
    unsigned bits = 0;
    for (unsigned i = from; o->is_vector && i < o->count && !bits; i++)
        if (o->e[i].kind == TMU_PTX_E_NAME && etype(v, &o->e[i]) != TMU_PTX_T_NONE &&
            tclass(etype(v, &o->e[i])) != 'p')
            bits = tbits(etype(v, &o->e[i]));
    for (unsigned i = from; i < o->count; i++) {
        if (bits && o->e[i].kind == TMU_PTX_E_NAME && etype(v, &o->e[i]) != TMU_PTX_T_NONE &&
            tclass(etype(v, &o->e[i])) != 'p' && tbits(etype(v, &o->e[i])) != bits)
            continue;
        if (o->e[i].kind != TMU_PTX_E_SINK && !elem_fits(v, &o->e[i], want))
            return 0;
    }
    return 1;
}

/* 1 where brace vector o holds an integer literal (with `floats`, a float literal too) from
 * element `from` on. */
static int vec_has_literal(const tmu_ptx_operand *o, unsigned from, int floats)
{
    for (unsigned i = from; o->is_vector && i < o->count; i++)
        if (o->e[i].kind == TMU_PTX_E_INT || (floats && o->e[i].kind == TMU_PTX_E_FLOAT))
            return 1;
    return 0;
}

/* The type ptxas's signature gives a brace vector offset or gradient (measured, audit of
 * 2026-11-29, docs/ptx-checker.md): the elements are joined in order, registers and 0f literals
 * (.f32) by type: one of another type than the vector so far makes it untyped bits; an integer
 * (.s64) or decimal / 0d (.f64) literal does so only after a register, and is taken as the
 * vector's type when it comes first (then registers of other than 32 bits do not count).  Untyped
 * bits fit any type of the size of the first register (32 without one); a literal type fits by
 * class.  A vector that starts with a 0f literal and holds an integer or .f64 literal has the
 * 0f literal's type, whatever else it holds. */
static int vec_joined_fits(vctx *v, const tmu_ptx_operand *o, tmu_ptx_type want, unsigned from)
{
    enum { J_NONE, J_LIT, J_REG } state = J_NONE;
    tmu_ptx_type T = TMU_PTX_T_NONE;
    unsigned first_bits = 0;
    int bits_only = 0, f32_first = 0, f32_kept = 0;
    for (unsigned i = from; i < o->count; i++) {
        const tmu_ptx_elem *e = &o->e[i];
        tmu_ptx_type t;
        int weak = 0; /* an integer or .f64 literal */
        if (e->kind == TMU_PTX_E_NAME) {
            t = etype(v, e);
            if (t == TMU_PTX_T_NONE)
                continue; /* an unknown name, reported apart */
            if (!first_bits) /* a predicate counts as 32 bits (the phase-1 comparison) */
                first_bits = tclass(t) == 'p' ? 32 : tbits(t);
        } else if (e->kind == TMU_PTX_E_INT) {
            t = TMU_PTX_T_S64;
            weak = 1;
        } else if (e->kind == TMU_PTX_E_FLOAT) {
            int f32 = ptx_float_is_f32(e);
            t = f32 ? TMU_PTX_T_F32 : TMU_PTX_T_F64;
            weak = !f32;
        } else {
            continue; /* a sink */
        }
        if (state == J_NONE) {
            T = t;
            state = e->kind == TMU_PTX_E_NAME ? J_REG : J_LIT;
            f32_first = e->kind == TMU_PTX_E_FLOAT && !weak;
            continue;
        }
        if (f32_first && weak)
            f32_kept = 1;
        if (state == J_LIT && e->kind == TMU_PTX_E_NAME && tbits(t) != 32)
            continue; /* after a literal: not counted (measured: {1, %h4}, {1.5, %w5}) */
        if (t != T && (!weak || state == J_REG))
            bits_only = 1;
        if (e->kind == TMU_PTX_E_NAME)
            state = J_REG;
    }
    if (state == J_NONE)
        return 1;
    if (f32_kept)
        return tclass(want) == 'f';
    if (bits_only)
        return (first_bits ? first_bits : 32) == tbits(want);
    if (state == J_LIT) /* literals alone: by class */
        return (tclass(T) == 'f') == (tclass(want) == 'f');
    if (tbits(T) != tbits(want))
        return 0;
    char c = tclass(T), wc = tclass(want);
    if (c == 'b')
        return 1;
    return wc == 'f' ? T == want : c == 's' || c == 'u';
}

/* An offset or gradient operand: a scalar as any operand, a vector joined (vec_joined_fits). */
static int extra_fits(vctx *v, const tmu_ptx_operand *o, tmu_ptx_type want)
{
    return o->is_vector ? vec_joined_fits(v, o, want, 0) : operand_fits(v, o, want, 0);
}

/* A brace vector whose registers mix type classes (float, integer, .f16x2, predicate; .b32 goes
 * with any), from element `from` on: ptxas's signature does not check the element types of such
 * a vector, it reports "Vector with elements of different types" after it (measured: {%hh1, %f2}
 * and {%p1, %f2} as .f32 coordinates, {%f0, %u1, %u2, %u3} as a .u32 destination, {%r1, %f2} as
 * offset or gradient). */
static int vec_mixed(vctx *v, const tmu_ptx_operand *o, unsigned from, unsigned bits)
{
    if (!o || !o->is_vector)
        return 0;
    /* ... when its first typed register has the size wanted (else "Arguments mismatch") */
    for (unsigned i = from; i < o->count; i++) {
        tmu_ptx_type t = o->e[i].kind == TMU_PTX_E_NAME ? etype(v, &o->e[i]) : TMU_PTX_T_NONE;
        if (t != TMU_PTX_T_NONE && tclass(t) != 'p') { /* a predicate's size is not compared */
            if (tbits(t) != bits)
                return 0;
            break;
        }
    }
    char prev = 0;
    for (unsigned i = from; i < o->count; i++) {
        const tmu_ptx_elem *e = &o->e[i];
        if (e->kind != TMU_PTX_E_NAME)
            continue;
        tmu_ptx_type t = etype(v, e);
        if (t == TMU_PTX_T_NONE)
            continue;
        char c = ptx_types[t].vcls;
        if (prev && c != prev && c != 'b' && prev != 'b')
            return 1;
        if (c != 'b')
            prev = c;
    }
    return 0;
}

static int is_float_scalar(vctx *v, const tmu_ptx_operand *o)
{
    if (o->is_vector)
        return 0;
    if (o->e[0].kind == TMU_PTX_E_FLOAT)
        return 1;
    if (o->e[0].kind != TMU_PTX_E_NAME)
        return 0;
    tmu_ptx_type t = etype(v, &o->e[0]);
    return t == TMU_PTX_T_F32;
}

/* ---- phase 0: roles of the operands ------------------------------------ */
static int scalar_is_float(const tmu_ptx_module *m, uint32_t scope, const tmu_ptx_operand *o)
{
    if (o->is_vector)
        return 0;
    if (o->e[0].kind == TMU_PTX_E_FLOAT)
        return 1;
    if (o->e[0].kind != TMU_PTX_E_NAME)
        return 0;
    if (m)
        return ptx_elem_type(m, scope, &o->e[0]) == TMU_PTX_T_F32;
    return o->e[0].name_len >= 2 && o->e[0].name[0] == '%' && o->e[0].name[1] == 'f';
}

void ptx_assign_roles(const tmu_ptx_instr *in, const tmu_ptx_module *m, uint32_t scope,
                      ptx_roles *r)
{
    memset(r, 0, sizeof *r);
    r->a = in->naddr >= 1 ? &in->addr[0] : NULL;
    r->b = in->naddr == 3 ? &in->addr[1] : NULL;
    r->c = in->naddr >= 2 ? &in->addr[in->naddr - 1] : NULL;
    unsigned k = 0;
    if (in->opcode == TMU_PTX_TEX && in->mip == TMU_PTX_MIP_LEVEL) {
        if (k < in->nextra)
            r->lod = &in->extra[k++];
        else
            r->bad = 1;
    } else if (in->opcode == TMU_PTX_TEX && in->mip == TMU_PTX_MIP_GRAD) {
        if (k + 2 <= in->nextra) {
            r->gx = &in->extra[k++];
            r->gy = &in->extra[k++];
        } else {
            r->bad = 1;
            k = in->nextra;
        }
    }
    unsigned rest = in->nextra - k;
    if (rest == 1) {
        /* one operand left: a compare when it is a float scalar, else an offset */
        if (scalar_is_float(m, scope, &in->extra[k]))
            r->cmp = &in->extra[k];
        else
            r->off = &in->extra[k];
    } else if (rest == 2) {
        r->off = &in->extra[k];
        r->cmp = &in->extra[k + 1];
    } else if (rest > 2) {
        r->bad = 1;
    }
}

static void assign_roles(vctx *v)
{
    ptx_roles r;
    ptx_assign_roles(v->in, v->m, v->scope, &r);
    v->a = r.a;
    v->b = r.b;
    v->c = r.c;
    v->lod = r.lod;
    v->gx = r.gx;
    v->gy = r.gy;
    v->off = r.off;
    v->cmp = r.cmp;
    v->shape_bad = r.bad;
}

/* ---- phase 1: operand shape ---------------------------------------------- */
static int index_exempt(const vctx *v)
{
    /* The array index is exempt from the "same type" rule only in the form the
     * texturing mode expects ([a, c] unified, [a, b, c] independent). */
    return (v->in->naddr == 3) == (v->independent != 0);
}

/* Phase 1, as ptxas parses a vector: each unknown name ("Illegal expression"), each element
 * whose size differs from the first typed one; and a vector with no typed element at all
 * (sinks and unknown names only). */
static void parse_vector(vctx *v, const tmu_ptx_operand *o)
{
    if (!o || !o->is_vector || !o->count)
        return;
    unsigned first_bits = 0;
    int typed = 0;
    for (unsigned i = 0; i < o->count; i++) {
        const tmu_ptx_elem *e = &o->e[i];
        if (e->kind == TMU_PTX_E_INT || e->kind == TMU_PTX_E_FLOAT)
            typed = 1;
        if (e->kind != TMU_PTX_E_NAME)
            continue;
        tmu_ptx_type t = etype(v, e);
        if (t == TMU_PTX_T_NONE) {
            emit(v, e->line, e->column, "Illegal expression '%.*s'", (int)e->name_len, e->name);
            continue;
        }
        typed = 1;
        /* a predicate counts as 32 bits here (measured, fresh-seed sweep of 2026-11-29: {%p1,
         * %h2} and {%h1, %p2} get the message, {%p1, %f2} does not) */
        unsigned bits = tclass(t) == 'p' ? 32 : tbits(t);
        if (!first_bits)
            first_bits = bits;
        else if (bits != first_bits)
            emit(v, e->line, e->column, "Incompatible elements of vector expression");
    }
    const tmu_ptx_elem *last = &o->e[o->count - 1];
    if (!typed)
        emit(v, last->line, last->column, "Unable to infer type of vector elements (assuming .b8)");
}

/* True when a vector has no typed element (ptxas assumes .b8: nothing fits it), or mixes an
 * unknown name with immediates. */
static int vector_untyped(vctx *v, const tmu_ptx_operand *o)
{
    if (!o || !o->is_vector)
        return 0;
    int typed = 0, unknown = 0, imm = 0;
    for (unsigned i = 0; i < o->count; i++) {
        const tmu_ptx_elem *e = &o->e[i];
        if (e->kind == TMU_PTX_E_INT || e->kind == TMU_PTX_E_FLOAT)
            imm = typed = 1;
        else if (e->kind == TMU_PTX_E_NAME && etype(v, e) != TMU_PTX_T_NONE)
            typed = 1;
        else if (e->kind == TMU_PTX_E_NAME)
            unknown = 1;
    }
    return !typed || (unknown && imm);
}

/* A vector size other than 1, 2 and 4. */
static int size_illegal(const tmu_ptx_operand *o)
{
    return o->count == 3 || o->count > 4;
}

/* Phase 1, after parsing: vector sizes other than 1, 2 and 4. */
static void size_pass(vctx *v, const tmu_ptx_operand *o)
{
    if (o && o->is_vector && size_illegal(o))
        EMIT_AT(v, o, "Illegal vector size: %u", o->count);
}

/* Phase 2: the elements of a vector must not mix float and integer types (.b32 goes with
 * either; an unknown name with neither); the array index is exempt in the expected form.
 * Vectors of an illegal size (3, more than four elements) are checked too (ptxas 13 reports both
 * errors), but a source operand's later: where the instruction has a geometry, ptxas reports its
 * mixed types in phase 3, right after the array index's type (late = 1 there; 0 in phase 2: the
 * others, and the destination at any size). */
static void types_pass(vctx *v, const tmu_ptx_operand *o, int is_coord, int late)
{
    if (!o || !o->is_vector)
        return;
    if (v->in->geom != TMU_PTX_GEOM_NONE && size_illegal(o) != late)
        return;
    unsigned from = 0;
    if (is_coord && index_exempt(v) && v->in->geom < TMU_PTX_GEOM_COUNT)
        from = ptx_geoms[v->in->geom].first_coord;
    char prev = 0;
    for (unsigned i = from; i < o->count; i++) {
        const tmu_ptx_elem *e = &o->e[i];
        char c = 0; /* f float, i integer, b bits (goes with any), p predicate, x unknown */
        /* immediates count too, each against the element before it (measured, audit of
         * 2026-11-29: {%f3, 1}, {1, 1.5}, {%r3, 0f3F800000} as offsets; {%b3, 1.5} passes) */
        if (e->kind == TMU_PTX_E_INT)
            c = 'i';
        else if (e->kind == TMU_PTX_E_FLOAT)
            c = 'f';
        else if (e->kind == TMU_PTX_E_NAME) {
            tmu_ptx_type t = etype(v, e);
            if (t == TMU_PTX_T_NONE)
                c = 'x';
            else
                c = ptx_types[t].vcls;
        }
        if (c && prev && c != prev && c != 'b' && prev != 'b')
            EMIT_AT(v, e,
                    "Vector with elements of different types are not allowed in %s instruction",
                    v->name);
        if (c)
            prev = c;
    }
}

/* Phase 1: sinks in source vectors (once per operand; a vector of nothing but sinks and
 * unknown names was reported as untyped instead). */
static void sink_pass(vctx *v)
{
    const tmu_ptx_instr *in = v->in;
    for (unsigned i = 0; i < in->naddr + in->nextra; i++) {
        const tmu_ptx_operand *o = i < in->naddr ? &in->addr[i] : &in->extra[i - in->naddr];
        int sink = 0;
        for (unsigned j = 0; j < o->count; j++)
            sink |= o->e[j].kind == TMU_PTX_E_SINK;
        if (sink && !vector_untyped(v, o))
            EMIT_AT(v, o, "Sink '_' not allowed as a source operand");
    }
}

/* Every unknown name, in source order, for the end of the module's report. */
static void collect_unknown(vctx *v)
{
    const tmu_ptx_instr *in = v->in;
    if (in->guard.kind == TMU_PTX_E_NAME && !lookup(v, &in->guard))
        late_unknown(v, &in->guard);
    for (unsigned i = 0; i < in->dst.count; i++)
        if (in->dst.e[i].kind == TMU_PTX_E_NAME && !lookup(v, &in->dst.e[i]))
            late_unknown(v, &in->dst.e[i]);
    if (in->pred.kind == TMU_PTX_E_NAME && !lookup(v, &in->pred))
        late_unknown(v, &in->pred);
    for (unsigned i = 0; i < in->naddr + in->nextra; i++) {
        const tmu_ptx_operand *o = i < in->naddr ? &in->addr[i] : &in->extra[i - in->naddr];
        for (unsigned j = 0; j < o->count; j++)
            if (o->e[j].kind == TMU_PTX_E_NAME && !lookup(v, &o->e[j]))
                late_unknown(v, &o->e[j]);
    }
}

/* Phase 1 for every operand of a tex / tld4 / txq, in ptxas's order: the guard, vectors as
 * parsed, a predicate output that is no symbol, vector sizes, sinks. */
static void check_operands(vctx *v)
{
    const tmu_ptx_instr *in = v->in;
    if (in->guard.kind == TMU_PTX_E_NAME && etype(v, &in->guard) != TMU_PTX_T_PRED)
        EMIT(v, "Predicate expression expected");
    if (in->dst.count)
        parse_vector(v, &in->dst);
    if (in->pred.kind == TMU_PTX_E_NAME && !lookup(v, &in->pred))
        EMIT(v, "Predicate output expected for instruction '%s'", v->name);
    for (unsigned i = 0; i < in->naddr; i++)
        parse_vector(v, &in->addr[i]);
    for (unsigned i = 0; i < in->nextra; i++)
        parse_vector(v, &in->extra[i]);
    if (in->dst.count)
        size_pass(v, &in->dst);
    for (unsigned i = 0; i < in->naddr; i++)
        size_pass(v, &in->addr[i]);
    for (unsigned i = 0; i < in->nextra; i++)
        size_pass(v, &in->extra[i]);
    sink_pass(v);
    collect_unknown(v);
}

/* The geometry a repeated modifier names, or TMU_PTX_GEOM_NONE. */
static int geom_of_text(const tmu_ptx_badmod *b)
{
    for (int g = 1; g < TMU_PTX_GEOM_COUNT; g++)
        if (ptx_name_eq(ptx_geoms[g].name, b->text + 1, b->len - 1))
            return g;
    return TMU_PTX_GEOM_NONE;
}

static int is_geom_text(const tmu_ptx_badmod *b)
{
    return geom_of_text(b) != TMU_PTX_GEOM_NONE;
}

/* A plain dimension (1d, 2d, 3d): neither arrayed, cube nor multisample. */
static int geom_plain(int g)
{
    return !ptx_geoms[g].arrayed && !ptx_geoms[g].cube && !ptx_geoms[g].ms;
}

static void warn(vctx *v, const char *msg)
{
    if (v->count < v->max) {
        tmu_diag *d = &v->out[v->count];
        d->status = TMU_OK; /* a warning */
        d->line = v->in->msg_line;
        d->column = v->in->msg_column;
        d->offset = -1;
        snprintf(d->message, sizeof d->message, "%s", msg);
    }
    v->count++;
    v->warnings++;
}

/* The class of a modifier ptxas knows but a texture instruction does not take (src/ptx/ptx_names.c
 * gives the repeated-modifier messages): 'c' component, 'd' dimension (1d..5d), 't' texture
 * geometry (arrayed, cube, multisample), 'k' clamp, 'f' .ftz, 'v' .v8; 0 otherwise. */
static char known_class(const tmu_ptx_badmod *b)
{
    const ptx_mod_row *r = ptx_modifier_word(b->text + 1, b->len - 1);
    if (!r || !r->dup)
        return 0;
    if (strcmp(r->dup, "Multiple component modifiers specified") == 0)
        return 'c';
    if (strcmp(r->dup, "Multiple dimension modifiers specified") == 0)
        return 'd';
    if (strcmp(r->dup, "Multiple texture modifiers specified") == 0)
        return 't';
    if (ptx_name_eq(".clamp", b->text, b->len))
        return 'k';
    if (ptx_name_eq(".ftz", b->text, b->len))
        return 'f';
    if (ptx_name_eq(".v8", b->text, b->len))
        return 'v';
    return 0;
}

/* A .v2/.v4 is written between the opcode and the modifier b (same statement text). */
static int vec_before(const tmu_ptx_instr *in, const tmu_ptx_badmod *b)
{
    for (const char *q = in->op_text; q && q + 3 <= b->text; q++)
        if (q[0] == '.' && q[1] == 'v' && (q[2] == '2' || q[2] == '4') &&
            (q + 3 == b->text || q[3] == '.' || q[3] == ' ' || q[3] == '\t'))
            return 1;
    return 0;
}

/* A modifier of class c came before bad[i]. */
static int class_before(const tmu_ptx_instr *in, unsigned i, char c)
{
    for (unsigned j = 0; j < i; j++)
        if (known_class(&in->bad[j]) == c)
            return 1;
    return 0;
}

/* A modifier of class c is written (bad[] of tex / tld4). */
static int has_class(const tmu_ptx_instr *in, char c)
{
    return class_before(in, in->nbad, c);
}

/* The destination's vector size to ptxas: that of the last of .v2 / .v4 / .v8 written (measured,
 * ptxas 13.0.88: .v2.v8 and .v8 alone take 8, .v8.v4 takes 4). */
static unsigned vec_size(const tmu_ptx_instr *in)
{
    unsigned n = in->vec;
    for (unsigned i = 0; i < in->nbad; i++)
        if (known_class(&in->bad[i]) == 'v' && (!in->vec || vec_before(in, &in->bad[i])))
            n = 8;
    return n;
}

/* txq: the modifiers ptxas knows but txq does not take, once the operands fit (measured with
 * ptxas 13.0.88, docs/ptx-checker.md): 'dimension' for 1d..5d, 'Geometry' and the geometry
 * for an arrayed, cube or multisample one, 'Component' for .r/.g/.b/.a, in that order whatever
 * the order written; then 'Clamp' (twice) and '.ftz'. */
static void txq_illegal_modifiers(vctx *v, const char *order)
{
    const tmu_ptx_instr *in = v->in;
    for (const char *c = order; *c; c++)
        for (unsigned i = 0; i < in->nbad; i++) {
            const tmu_ptx_badmod *b = &in->bad[i];
            if (known_class(b) != *c)
                continue;
            if (*c == 'd')
                EMIT(v, "Illegal modifier 'dimension' for instruction '%s'", v->name);
            else if (*c == 't') {
                EMIT(v, "Illegal modifier 'Geometry' for instruction '%s'", v->name);
                if (ptx_geoms[geom_of_text(b)].ms)
                    EMIT(v, "Illegal modifier 'Multi-sample geometry' for instruction '%s'", v->name);
                else
                    EMIT(v, "Illegal modifier '%.*s' for instruction '%s'", (int)b->len, b->text,
                         v->name);
            } else if (*c == 'c')
                EMIT(v, "Illegal modifier 'Component' for instruction '%s'", v->name);
            else if (*c == 'k') {
                EMIT(v, "Illegal modifier 'Clamp' for instruction '%s'", v->name);
                EMIT(v, "Illegal modifier 'Clamp' for instruction '%s'", v->name);
            } else
                EMIT(v, "Illegal modifier '.ftz' for instruction '%s'", v->name);
            break; /* once per class */
        }
}

/* The last modifier written is a .v2/.v4: ptxas warns about it after all the instruction's
 * other messages (measured: "tex.2d.f32.f32.v4", "txq.width.b32.v4"). */
static int vec_trailing(const vctx *v)
{
    const tmu_ptx_instr *in = v->in;
    const char *s = v->m ? v->m->text : NULL, *p = in->op_text;
    if (!s || !p || p < s || p >= s + v->m->len || in->nvec_warn == 0)
        return 0;
    const char *e = s + v->m->len, *last = NULL;
    size_t lastlen = 0;
    p += in->op_len;
    while (p < e) {
        while (p < e && (*p == ' ' || *p == '\t'))
            p++;
        if (p >= e || *p != '.')
            break;
        const char *t = p++;
        while (p < e && ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                         (*p >= '0' && *p <= '9') || *p == '_' || *p == ':' || *p == '$'))
            p++;
        last = t;
        lastlen = (size_t)(p - t);
    }
    return last && lastlen == 3 && last[1] == 'v' && (last[2] == '2' || last[2] == '4');
}

/* A vector modifier on txq (.v2, .v4, .v8: all in bad[]): class 'v' or a .v2/.v4. */
static int txq_vec_word(const tmu_ptx_badmod *b)
{
    return b->len == 3 && b->text[1] == 'v' &&
           (b->text[2] == '2' || b->text[2] == '4' || b->text[2] == '8');
}

/* txq: the vector size of the last vector modifier written, 0 for none. */
static unsigned txq_vec(const tmu_ptx_instr *in)
{
    unsigned n = 0;
    for (unsigned i = 0; i < in->nbad; i++)
        if (txq_vec_word(&in->bad[i]))
            n = (unsigned)(in->bad[i].text[2] - '0');
    return n;
}

static void check_modifiers(vctx *v)
{
    const tmu_ptx_instr *in = v->in;
    unsigned w = 0, nw = in->nvec_warn - (vec_trailing(v) ? 1 : 0);
    for (unsigned i = 0; i <= in->nbad; i++) {
        while (w < nw && in->vec_warn_at[w] == i) {
            warn(v, "Vector Type not specified properly");
            w++;
        }
        if (i == in->nbad)
            break;
        const tmu_ptx_badmod *b = &in->bad[i];
        char kc = known_class(b);
        if (in->opcode == TMU_PTX_TXQ && txq_vec_word(b)) {
            /* reported after the signature (check_txq); a second one now */
            for (unsigned j = 0; j < i; j++)
                if (txq_vec_word(&in->bad[j])) {
                    emit(v, in->msg_line, b->column, "Multiple vector modifiers specified");
                    break;
                }
        } else if (in->opcode == TMU_PTX_TXQ && (kc == 'c' || kc == 'd' || kc == 't' || kc == 'k' || kc == 'f')) {
            /* known to ptxas: reported late (txq_illegal_modifiers), a repeated class now */
            if ((kc == 'c' || kc == 'd' || kc == 't') && class_before(in, i, kc))
                emit(v, in->msg_line, b->column,
                     kc == 'c'   ? "Multiple component modifiers specified"
                     : kc == 'd' ? "Multiple dimension modifiers specified"
                                 : "Multiple texture modifiers specified");
        } else if (in->opcode == TMU_PTX_TLD4 && kc == 'c') /* a second component */
            emit(v, in->msg_line, b->column, "Multiple component modifiers specified");
        else if (in->opcode != TMU_PTX_TXQ && kc == 'v') {
            /* .v8 is a vector size to ptxas: a second vector modifier in either order */
            if (vec_before(in, b) || in->vec || class_before(in, i, 'v'))
                emit(v, in->msg_line, b->column, "Multiple vector modifiers specified");
        } else if (in->opcode != TMU_PTX_TXQ && (kc == 'c' || kc == 'k' || kc == 'f')) {
            /* known to ptxas, illegal on tex/tld4: reported in phases 2 and 3 (check_tex);
             * a repeated class now */
            if (class_before(in, i, kc))
                emit(v, in->msg_line, b->column, "%s", ptx_modifier_word(b->text + 1, b->len - 1)->dup);
        }
        else if (in->opcode != TMU_PTX_TXQ && is_geom_text(b) && in->geom != TMU_PTX_GEOM_NONE)
            /* two of 1d/2d/3d: "dimension"; any pair with an arrayed, cube or multisample
             * geometry: "texture" (ptxas 13, all 81 ordered pairs; docs/ptx-checker.md) */
            emit(v, in->msg_line, b->column,
                 geom_plain(in->geom) && geom_plain(geom_of_text(b))
                     ? "Multiple dimension modifiers specified"
                     : "Multiple texture modifiers specified");
        else if (in->opcode != TMU_PTX_TXQ &&
                 (ptx_name_eq(".v2", b->text, b->len) || ptx_name_eq(".v4", b->text, b->len)))
            emit(v, in->msg_line, b->column, "Multiple vector modifiers specified");
        else if (in->opcode == TMU_PTX_TXQ &&
                 (ptx_name_eq(".width", b->text, b->len) || ptx_name_eq(".height", b->text, b->len) ||
                  ptx_name_eq(".depth", b->text, b->len)))
            emit(v, in->msg_line, b->column, "Multiple query modifiers specified");
        else
            emit(v, in->msg_line, b->column, "Unknown modifier '%.*s'", (int)b->len, b->text);
    }
}

/* ---- features ------------------------------------------------------------ */
static void feature(vctx *v, ptx_feature f, int sm_first)
{
    const ptx_feature_row *r = &ptx_features[f];
    int need_sm = r->sm && v->sm && v->sm < r->sm;
    int need_ver = r->version && v->version < r->version;
    for (int pass = 0; pass < 2; pass++) {
        int sm_pass = sm_first ? pass == 0 : pass == 1;
        if (sm_pass && need_sm) {
            if (r->sm_is_instr)
                EMIT(v, "Instruction '%s' requires .target sm_%u or higher", r->name, r->sm);
            else
                EMIT(v, "Feature '%s' requires .target sm_%u or higher", r->name, r->sm);
        }
        if (!sm_pass && need_ver)
            EMIT(v, "Feature '%s' requires PTX ISA .version %u.%u or later", r->name,
                 r->version / 10, r->version % 10);
    }
}

/* A feature whose messages name the instruction itself ('tex.level'). */
static void feature_named(vctx *v, unsigned version, unsigned sm)
{
    if (sm && v->sm && v->sm < sm)
        EMIT(v, "Instruction '%s' requires .target sm_%u or higher", v->name, sm);
    if (version && v->version < version)
        EMIT(v, "Feature '%s' requires PTX ISA .version %u.%u or later", v->name, version / 10,
             version % 10);
}

/* ---- texture operand kinds ---------------------------------------------- */
typedef enum { K_TEXREF, K_SAMPLERREF, K_SURFREF, K_U64, K_OTHER_REG, K_IMM, K_UNKNOWN } opkind;

static opkind kind_of(vctx *v, const tmu_ptx_operand *o)
{
    if (!o || o->is_vector || o->count != 1)
        return K_IMM;
    const tmu_ptx_elem *e = &o->e[0];
    if (e->kind != TMU_PTX_E_NAME)
        return K_IMM;
    const tmu_ptx_symbol *s = lookup(v, e);
    if (!s)
        return K_UNKNOWN;
    switch (s->type) {
    case TMU_PTX_T_TEXREF:
        return K_TEXREF;
    case TMU_PTX_T_SAMPLERREF:
        return K_SAMPLERREF;
    case TMU_PTX_T_SURFREF:
        return K_SURFREF;
    case TMU_PTX_T_U64:
    case TMU_PTX_T_B64:
    case TMU_PTX_T_S64:
        return s->state == 0 ? K_U64 : K_OTHER_REG;
    default:
        return K_OTHER_REG;
    }
}

/* ---- tex / tld4 ------------------------------------------------------------ */

/* The [a, b, c] form in unified mode: a sampler operand the texturing mode does not expect.
 * ptxas 13 takes it with rules of its own, measured case by case (docs/ptx-checker.md). */
static int sampler_form(const vctx *v)
{
    return !v->independent && v->b != NULL;
}


/* The unified sampler form once everything else passed: ptxas 13 then lowers the instruction
 * and fails there (measured): it crashes without a message on array and multisample
 * geometries, and reports errors of the instructions it generates for some .grad forms. */
static void sampler_form_lowering(vctx *v)
{
    const tmu_ptx_instr *in = v->in;
    const ptx_geom_row *g = &ptx_geoms[in->geom];
    /* .level: coordinates and lod must be floats, and after the lod come nothing, a compare,
     * or an offset and a compare */
    if (in->mip == TMU_PTX_MIP_LEVEL &&
        (in->ntypes < 2 || in->types[1] != TMU_PTX_T_F32 || !v->lod ||
         !is_float_scalar(v, v->lod) || (v->off && !v->cmp))) {
        EMIT(v, "Arguments mismatch for instruction '%s'", v->name);
        return;
    }
    if (g->arrayed || g->ms) {
        codegen_fails(v);
        return;
    }
    if (in->mip != TMU_PTX_MIP_GRAD || in->opcode != TMU_PTX_TEX)
        return;
    /* the code ptxas generates depends on the architecture it compiles for: the target, or
     * sm_75 for targets older than ptxas 13 supports */
    unsigned arch = !v->sm ? 90 : v->sm < 75 ? 75 : v->sm;
    int texref_b = kind_of(v, v->b) == K_TEXREF;
    unsigned movs = 0;
    if (in->geom == TMU_PTX_GEOM_3D && !v->cmp && arch >= 90)
        movs = in->ntypes >= 2 && in->types[1] == TMU_PTX_T_S32 ? 4 : 1;
    else if (g->dims <= 2 && v->cmp && arch >= 90 &&
             !(v->off && in->ntypes >= 1 && in->types[0] == TMU_PTX_T_F16X2))
        movs = 1; /* (an .f16x2 result with an offset and a compare: none, measured) */
    else if (texref_b && ((g->dims <= 2 && v->cmp && !v->off) ||
                          (in->geom == TMU_PTX_GEOM_3D && !v->cmp))) {
        codegen_fails(v); /* below sm_90 */
        return;
    }
    if (!movs)
        return;
    if (texref_b)
        EMIT(v, "Indirect access to texture requires .u64 type");
    for (unsigned i = 0; i < movs; i++)
        EMIT(v, "Arguments mismatch for instruction 'mov'");
    if (v->cmp && v->off) { /* and the store of the offsets */
        int regs = 0;
        for (unsigned i = 0; i < v->off->count; i++)
            regs |= v->off->e[i].kind == TMU_PTX_E_NAME;
        if (!regs)
            EMIT(v, "Arguments mismatch for instruction 'st'");
        else if (v->off->count > 1)
            EMIT(v, "Argument vector size mismatch for instruction 'st'");
    }
}
/* A destination element for result type `dtype`: .f32 results may go to any
 * 32-bit register, integer results to non-float 32-bit registers, .f16 to
 * .f16/.b16 registers, .f16x2 to .f16x2/.b32 registers. */
static int dest_fits(vctx *v, const tmu_ptx_elem *e, tmu_ptx_type dtype)
{
    if (e->kind == TMU_PTX_E_SINK)
        return 1;
    if (e->kind != TMU_PTX_E_NAME)
        return 0;
    tmu_ptx_type t = etype(v, e);
    if (t == TMU_PTX_T_NONE)
        return 1;
    if (tbits(t) != tbits(dtype))
        return 0;
    switch (dtype) {
    case TMU_PTX_T_F32:
        return 1;
    case TMU_PTX_T_S32:
    case TMU_PTX_T_U32:
        return tclass(t) != 'f';
    default:
        return t == dtype || tclass(t) == 'b';
    }
}

/* A scalar operand naming no symbol fits no signature (an unknown name in a vector does). */
static int scalar_unknown(vctx *v, const tmu_ptx_operand *o)
{
    return o && !o->is_vector && o->count == 1 && o->e[0].kind == TMU_PTX_E_NAME &&
           !lookup(v, &o->e[0]);
}

static int signature_ok(vctx *v)
{
    const tmu_ptx_instr *in = v->in;
    tmu_ptx_type dtype = in->types[0];
    tmu_ptx_type ctype = in->types[1];
    if (v->shape_bad || in->naddr < 2 || !in->bracketed || in->bad_shape || !in->dst.count)
        return 0;
    /* a vector of nothing but sinks and unknown names has type .b8, which fits nothing */
    if (vector_untyped(v, &in->dst) || scalar_unknown(v, &in->dst))
        return 0;
    for (unsigned i = 0; i < in->naddr + in->nextra; i++) {
        const tmu_ptx_operand *o = i < in->naddr ? &in->addr[i] : &in->extra[i - in->naddr];
        if (vector_untyped(v, o) || scalar_unknown(v, o))
            return 0;
    }
    /* destination registers of the result type: a vector has the type of its first typed
     * element (elements of other sizes were reported as incompatible); no immediates */
    const tmu_ptx_elem *first = NULL;
    for (unsigned i = 0; i < in->dst.count; i++) {
        const tmu_ptx_elem *e = &in->dst.e[i];
        if (e->kind == TMU_PTX_E_INT || e->kind == TMU_PTX_E_FLOAT)
            return 0;
        if (!first && e->kind == TMU_PTX_E_NAME && etype(v, e) != TMU_PTX_T_NONE)
            first = e;
    }
    if (first && !dest_fits(v, first, dtype) && !vec_mixed(v, &in->dst, 0, tbits(dtype)))
        return 0;
    if (!in->dst.is_vector && in->dst.e[0].kind == TMU_PTX_E_NAME && dtype == TMU_PTX_T_F32) {
        tmu_ptx_type t = etype(v, &in->dst.e[0]); /* a scalar destination must be a float */
        if (t != TMU_PTX_T_NONE && tclass(t) != 'f' && tclass(t) != 'b')
            return 0;
    }
    /* texture operand: a register must be 64-bit */
    opkind ka = kind_of(v, v->a);
    if (ka == K_OTHER_REG || ka == K_IMM || ka == K_UNKNOWN)
        return 0;
    if (v->b) {
        opkind kb = kind_of(v, v->b);
        if (kb == K_OTHER_REG || kb == K_IMM || kb == K_UNKNOWN)
            return 0;
    }
    const ptx_geom_row *g = &ptx_geoms[in->geom];
    /* a coordinate written without braces is one element of the coordinate type whatever the
     * geometry: it has no array index to exempt, and the signature checks it for tld4 too
     * (measured: tex.a2d.v4.s32.f32 d, [t0, %u7] and tld4.r.1d ... [t0, %u7] get "Arguments
     * mismatch"; audit of 2026-11-29, docs/ptx-checker.md) */
    int scalar_c = v->c && !v->c->is_vector;
    unsigned from = (g->index_pos >= 0 && index_exempt(v) && !scalar_c) ? g->first_coord : 0;
    /* an array index that comes first (every arrayed geometry but a2dms), in every form: ptxas
     * 13 takes the vector's size from it, so an index register of 64 or 16 bits fails the
     * signature (a predicate gets the array-index error instead; a2dms's second-place index the
     * array-index error; measured, fresh-seed sweep of 2026-11-29, docs/ptx-checker.md) */
    if (g->index_pos == 0 && !(in->opcode == TMU_PTX_TLD4 && !g->tld4_ok) && v->c &&
        v->c->is_vector && (unsigned)g->index_pos < v->c->count &&
        v->c->e[g->index_pos].kind == TMU_PTX_E_NAME) {
        tmu_ptx_type t = etype(v, &v->c->e[g->index_pos]);
        if (t != TMU_PTX_T_NONE && tclass(t) != 'p' && tbits(t) != 32)
            return 0;
    }
    if (sampler_form(v)) {
        /* array coordinates: .f32 takes integer registers too, .s32 no floats */
        if (g->index_pos >= 0 && ctype == TMU_PTX_T_S32 && v->c->count &&
            v->c->e[0].kind == TMU_PTX_E_NAME && etype(v, &v->c->e[0]) != TMU_PTX_T_NONE &&
            tclass(etype(v, &v->c->e[0])) == 'f')
            return 0;
    }
    if (ctype == TMU_PTX_T_F32 || ctype == TMU_PTX_T_S32 || ctype == TMU_PTX_T_U32) {
        int mixed = 0; /* float and non-float elements (an unknown name counts as either) */
        for (unsigned i = from + 1; i < v->c->count; i++) {
            tmu_ptx_type t0 = etype(v, &v->c->e[from]), t1 = etype(v, &v->c->e[i]);
            if (t0 && t1 && (tclass(t0) == 'f') != (tclass(t1) == 'f'))
                mixed = 1;
            if (t0 && !t1 && v->c->e[i].kind == TMU_PTX_E_NAME)
                mixed = 1;
        }
        mixed |= vec_mixed(v, v->c, from, 32);
        int checked = scalar_c || (!(in->opcode == TMU_PTX_TLD4 && !g->tld4_ok) &&
                                   !(g->index_pos >= 0 && (index_exempt(v) || sampler_form(v))));
        /* a coordinate vector holding an immediate is joined as an offset is (vec_joined_fits;
         * measured, audit of 2026-11-29: {1, 1} and {1.5, 1.5} fail .f32 / .s32 coordinates,
         * {%f1, 1.5} and {%r1, 1} pass) */
        if (vec_has_literal(v->c, from, 1) && !(in->opcode == TMU_PTX_TLD4 && !g->tld4_ok) && !sampler_form(v)) {
            if (!vec_joined_fits(v, v->c, ctype, from))
                return 0;
            checked = 0; /* (the checks below are the join's) */
        }
        /* the vector's type is that of its first element: never a 64-bit one */
        if (checked && from < v->c->count && v->c->e[from].kind == TMU_PTX_E_NAME &&
            etype(v, &v->c->e[from]) != TMU_PTX_T_NONE && tbits(etype(v, &v->c->e[from])) != 32 &&
            !(mixed && tclass(etype(v, &v->c->e[from])) == 'p'))
            return 0;
        /* a vector of integers passes for .f32 coordinates (not the other way round): ptxas
         * 13 accepts tex.2d.v4.f32.f32 d, [t0, {%r1, %r2}] as it does {%r1}; mixed vectors get
         * the element-type error below instead; {%hh1} does not pass (fresh-oracle campaign,
         * docs/ptx-checker.md) */
        int lenient = v->c->is_vector && ctype == TMU_PTX_T_F32 && from < v->c->count &&
                      v->c->e[from].kind == TMU_PTX_E_NAME &&
                      (tclass(etype(v, &v->c->e[from])) == 's' ||
                       tclass(etype(v, &v->c->e[from])) == 'u');
        if (checked && !mixed && !lenient && from < v->c->count &&
            v->c->e[from].kind == TMU_PTX_E_NAME && !elem_fits(v, &v->c->e[from], ctype))
            return 0;
        /* lod: a scalar of the coordinate type; ptxas also takes a brace vector, whose
         * registers it does not check (its immediates it does) */
        if (v->lod)
            for (unsigned i = 0; i < v->lod->count; i++)
                if (!(v->lod->is_vector && v->lod->e[i].kind == TMU_PTX_E_NAME) &&
                    !elem_fits(v, &v->lod->e[i], ctype))
                    return 0;
    }
    if (v->gx && (!extra_fits(v, v->gx, TMU_PTX_T_F32) || !extra_fits(v, v->gy, TMU_PTX_T_F32)))
        return 0;
    if (v->off && !extra_fits(v, v->off, TMU_PTX_T_S32))
        return 0;
    if (v->cmp) {
        if (v->cmp->is_vector || !is_float_scalar(v, v->cmp))
            return 0;
        if (ctype != TMU_PTX_T_F32)
            return 0;
    }
    return 1;
}

static int types_valid(const vctx *v)
{
    const tmu_ptx_instr *in = v->in;
    tmu_ptx_type dtype = in->ntypes >= 1 ? in->types[0] : TMU_PTX_T_NONE;
    tmu_ptx_type ctype = in->ntypes >= 2 ? in->types[1] : TMU_PTX_T_NONE;
    if (in->ntypes != 2)
        return 0;
    if (in->opcode == TMU_PTX_TLD4)
        return (dtype == TMU_PTX_T_F32 || dtype == TMU_PTX_T_S32 || dtype == TMU_PTX_T_U32) &&
               ctype == TMU_PTX_T_F32;
    return (dtype == TMU_PTX_T_F32 || dtype == TMU_PTX_T_S32 || dtype == TMU_PTX_T_U32 ||
            dtype == TMU_PTX_T_F16 || dtype == TMU_PTX_T_F16X2) &&
           (ctype == TMU_PTX_T_F32 || ctype == TMU_PTX_T_S32 || ctype == TMU_PTX_T_U32);
}

/* types_pass over the destination and the source operands in order. */
static void types_passes(vctx *v, int late)
{
    const tmu_ptx_instr *in = v->in;
    if (!late) /* the destination's in phase 2, whatever its size */
        types_pass(v, &in->dst, 0, size_illegal(&in->dst));
    /* with a geometry, every source vector's in phase 3, right after the array index's type
     * (measured, audit of 2026-11-29: coordinates, gradients and offsets of a legal size too) */
    int geom = in->geom != TMU_PTX_GEOM_NONE;
    if (geom && !late)
        return;
    for (unsigned i = 0; i < in->naddr; i++)
        types_pass(v, &in->addr[i], &in->addr[i] == v->c, geom ? size_illegal(&in->addr[i]) : 0);
    for (unsigned i = 0; i < in->nextra; i++)
        types_pass(v, &in->extra[i], 0, geom ? size_illegal(&in->extra[i]) : 0);
}

/* The features and legality of the geometry (check_tex, which has one). */
static void geometry_checks(vctx *v, int vec_off)
{
    const tmu_ptx_instr *in = v->in;
    int tld4 = in->opcode == TMU_PTX_TLD4;
    const ptx_geom_row *g = &ptx_geoms[in->geom];
    /* geometry features, each followed by its legality check */
    if (tld4 && in->geom == TMU_PTX_GEOM_A2D)
        feature(v, PTX_F_TLD4_A2D, 1);
    if (tld4 && in->geom == TMU_PTX_GEOM_CUBE)
        feature(v, PTX_F_TLD4_CUBE, 1);
    if (tld4 && in->geom == TMU_PTX_GEOM_ACUBE)
        feature(v, PTX_F_TLD4_ACUBE, 1);
    int ms_illegal =
        g->ms &&
        (tld4 || (!g->mip_ok && (in->mip == TMU_PTX_MIP_LEVEL || in->mip == TMU_PTX_MIP_GRAD)));
    if (g->ms)
        feature(v, PTX_F_MS, 1);
    if (ms_illegal)
        EMIT(v, "Illegal modifier 'Multi-sample geometry' for instruction '%s'", v->name);
    if (tld4 && !g->tld4_ok && !g->ms)
        EMIT(v, "Illegal modifier '.%s' for instruction 'tld4'", g->name);
    /* cube maps: no offset vector; and (ptxas) no explicit sampler in unified mode,
     * except with .level */
    if ((vec_off && !g->offset_ok && !(sampler_form(v) && in->mip == TMU_PTX_MIP_LEVEL)) ||
        (g->cube && !v->independent && v->b && in->mip != TMU_PTX_MIP_LEVEL))
        EMIT(v, "Illegal modifier '.%s' for instruction '%s'", g->name, v->name);
    /* (in the unified sampler form a .level behaves as a compare here: .3d is refused) */
    if ((v->cmp || (sampler_form(v) && in->mip == TMU_PTX_MIP_LEVEL)) && !g->compare_ok)
        EMIT(v, "Illegal modifier '.%s' for instruction '%s'", g->name, v->name);
    if (!tld4 && in->mip == TMU_PTX_MIP_GRAD && g->cube)
        feature(v, PTX_F_GRAD_CUBE, 1);
    if (g->cube)
        feature(v, PTX_F_CUBE, 1);
    if (in->geom == TMU_PTX_GEOM_ACUBE)
        feature(v, PTX_F_ACUBE, 1);
    if (g->arrayed && !g->cube)
        feature(v, PTX_F_ARRAY, 1);
}

static void check_tex(vctx *v)
{
    const tmu_ptx_instr *in = v->in;
    int tld4 = in->opcode == TMU_PTX_TLD4;
    const ptx_geom_row *g = &ptx_geoms[in->geom];
    tmu_ptx_type dtype = in->ntypes >= 1 ? in->types[0] : TMU_PTX_T_NONE;
    tmu_ptx_type ctype = in->ntypes >= 2 ? in->types[1] : TMU_PTX_T_NONE;

    /* phase 1: shape */
    check_modifiers(v);
    check_operands(v);
    if (!in->bracketed && in->naddr && in->nextra) { /* "t0, {c}": coordinates without [ ] */
        EMIT(v, "Illegal Addressing Mode in instruction '%s'", v->name);
        EMIT(v, "Address expected for argument 1 of instruction '%s'", v->name);
        return;
    }
    if (!types_valid(v)) {
        EMIT(v, "Unexpected instruction types specified for '%s'", v->name);
        return;
    }
    /* phase 2: signature */
    if (!signature_ok(v)) {
        EMIT(v, "Arguments mismatch for instruction '%s'", v->name);
        return;
    }
    /* from here in ptxas 13.0.88's order (measured, docs/ptx-checker.md); without a geometry
     * the checks that need one are skipped, the others made */
    int has_geom = in->geom != TMU_PTX_GEOM_NONE;
    unsigned vec = vec_size(in);
    if (!tld4 && in->mip != TMU_PTX_MIP_NONE)
        feature(v,
                in->mip == TMU_PTX_MIP_BASE    ? PTX_F_MIP_BASE
                : in->mip == TMU_PTX_MIP_LEVEL ? PTX_F_MIP_LEVEL
                                               : PTX_F_MIP_GRAD,
                1);
    if (has_class(in, 'f'))
        EMIT(v, "Illegal modifier '.ftz' for instruction '%s'", v->name);
    types_passes(v, 0);
    /* phase 3: semantics */
    int indirect = kind_of(v, v->a) == K_U64 || (v->b && kind_of(v, v->b) == K_U64);
    int vec_off = v->off && v->off->is_vector;
    if (has_geom && g->index_pos >= 0 && v->c && v->c->is_vector &&
        (unsigned)g->index_pos < v->c->count) {
        const tmu_ptx_elem *e = &v->c->e[g->index_pos];
        tmu_ptx_type t = etype(v, e);
        /* (a register of 64 or 16 bits too: a2dms's index, second in the vector; measured) */
        if ((t != TMU_PTX_T_NONE && ptx_types[t].vcls != 'i' && ptx_types[t].vcls != 'b') ||
            (t != TMU_PTX_T_NONE && tclass(t) != 'p' && tbits(t) != 32) ||
            (t == TMU_PTX_T_NONE && e->kind == TMU_PTX_E_NAME))
            EMIT(v, "Array index in the '%s' instruction has unexpected type. Expecting type .u32",
                 v->name);
    }
    if (has_geom)
        types_passes(v, 1); /* vectors of an illegal size (types_pass) */
    /* a gradient that is not a vector, with or without a geometry (ptxas 13.0.88, fresh-oracle
     * sweep, docs/ptx-checker.md): N counts the operands from 0, the destination; in the
     * unified sampler form dPdy is not checked */
    for (int i = 0; v->gx && i < 2; i++)
        if (!(i ? v->gy : v->gx)->is_vector && !(i == 1 && sampler_form(v)))
            EMIT(v, "Vector expected for argument %u", 1 + in->naddr + (unsigned)i);
    if (vec * tbits(dtype) > 128) /* .v8 */
        EMIT(v, "Vector type too large, exceeds 128 bit limit");
    if (in->pred.kind != TMU_PTX_E_NONE) {
        if (etype(v, &in->pred) != TMU_PTX_T_PRED)
            EMIT(v, "Predicate output expected for instruction '%s'", v->name);
        feature(v, PTX_F_RESIDENCY, 1);
    }
    /* the destination's vector size is that of the vector modifier */
    if (vec) {
        if (!in->dst.is_vector)
            EMIT(v, "Result vector expected");
        if (in->dst.count != vec)
            EMIT(v, "Argument vector size mismatch for instruction '%s'", v->name);
    }
    if (tld4)
        feature(v, PTX_F_TLD4, 1);
    if (dtype == TMU_PTX_T_F16 || dtype == TMU_PTX_T_F16X2)
        feature(v, PTX_F_F16, 1);
    /* the unified sampler form [t, s, c] needs what an offset does (ptxas 13.0.88: 'offset
     * operand' for a target below sm_30, the version named after the instruction), except a
     * .level with an integer lod, which ptxas takes otherwise (measured: neither message) */
    int int_level = in->mip == TMU_PTX_MIP_LEVEL && v->lod && !is_float_scalar(v, v->lod);
    if (vec_off || v->cmp) {
        feature(v, PTX_F_OFFSET, 1);
        feature_named(v, 43, 0);
    } else if (sampler_form(v)) {
        if (!int_level)
            feature(v, PTX_F_OFFSET, 1);
        feature_named(v, 43, 0);
    }
    /* coordinate types */
    if (ctype == TMU_PTX_T_U32)
        EMIT(v, "Integer coordinates require .s32 instruction type");
    if (g->need_float && ctype != TMU_PTX_T_F32)
        EMIT(v, "Floating-point coordinates required");
    if (g->need_int && ctype != TMU_PTX_T_S32)
        EMIT(v, "Integer coordinates require .s32 instruction type");
    {
        unsigned want = dtype == TMU_PTX_T_F16X2 ? 2 : 4;
        if (vec != want)
            EMIT(v, "Instruction '%s.%s' requires .v%u type", v->name, tmu_ptx_type_name(dtype),
                 want);
    }
    if (!has_geom)
        EMIT(v, "Geometry modifier required for instruction '%s'", v->name);
    else
        geometry_checks(v, vec_off);
    if (tld4 && in->comp < 0)
        EMIT(v, "Component modifier required for instruction 'tld4'");
    /* modifiers ptxas knows that tex / tld4 do not take (.ftz above) */
    if (!tld4 && has_class(in, 'c'))
        EMIT(v, "Illegal modifier 'Component' for instruction '%s'", v->name);
    if (has_class(in, 'k')) {
        EMIT(v, "Illegal modifier 'Clamp' for instruction '%s'", v->name);
        EMIT(v, "Illegal modifier 'Clamp' for instruction '%s'", v->name);
    }
    /* unified mode: the texture operand only (a .u64 sampler is no indirect texture access to
     * ptxas 13.0.88: [t0, %rd2, c] gets no such message, [%rd2, t1, c] does) */
    if (kind_of(v, v->a) == K_U64 && !v->independent)
        feature(v, PTX_F_INDIRECT, 1);
    /* texture / sampler operands */
    opkind ka = kind_of(v, v->a), kb = v->b ? kind_of(v, v->b) : K_IMM;
    if (v->independent) {
        if (ka != K_TEXREF && ka != K_U64)
            EMIT(v, "Argument 1 of instruction '%s': .texref or .u64 register expected", v->name);
        /* (a .grad without a sampler is not reported: ptxas fails on it, see below) */
        if ((!v->b && in->mip != TMU_PTX_MIP_GRAD) || (v->b && kb != K_SAMPLERREF && kb != K_U64))
            EMIT(v, "Argument 2 of instruction '%s': .samplerref or .u64 register expected",
                 v->name);
        if (indirect)
            feature(v, PTX_F_INDIRECT_INDEP, 0);
    }
    if (!has_geom)
        return;
    /* vector sizes per geometry (a scalar coordinate is not checked) */
    int coord_short = 0;
    if (v->c && v->c->is_vector && v->c->count <= 4) {
        unsigned n = v->c->count;
        /* the unified sampler form does not count the array index (measured: a2d {i, x} and
         * acube {i, x, y} pass there, acube {i, x} does not) */
        unsigned need = g->ncoord_min - (sampler_form(v) && g->arrayed ? 1 : 0);
        if (n < need) {
            coord_short = 1;
            int times = (!v->independent && in->naddr == 2) ? 2 : 1;
            for (int i = 0; i < times; i++)
                EMIT(v, "Operand vector size doesn't match geometry for instruction '%s'", v->name);
        }
    }
    /* cube / acube: only the unified sampler form checks a gradient's size, and only a dPdy
     * shorter than the geometry's, and not after a short coordinate vector (measured);
     * elsewhere ptxas 13 leaves it to its code generation (below) */
    if (v->gx && g->cube && sampler_form(v) && !coord_short && v->gy->is_vector &&
        v->gy->count < g->ngrad && !size_illegal(v->gy))
        EMIT(v, "Operand vector size doesn't match geometry for instruction '%s'", v->name);
    if (v->gx && !g->ms && !g->cube) {
        const tmu_ptx_operand *gs[2] = {v->gx, v->gy};
        int sf = sampler_form(v);
        /* measured: one more in the unified sampler form when arrayed, or when the coordinate
         * vector is longer than the gradients (1d {x, pad}, 2d {x, y, pad, pad}: ptxas 13,
         * fresh-oracle campaign, docs/ptx-checker.md) */
        if (sf && (g->arrayed ||
                   (v->c && v->c->is_vector && v->c->count <= 4 && v->c->count > g->ngrad)))
            EMIT(v, "Operand vector size doesn't match geometry for instruction '%s'", v->name);
        for (int i = 0; i < 2; i++) {
            unsigned n = gs[i]->count;
            if (!gs[i]->is_vector) /* "Vector expected" above, or not checked */
                continue;
            /* dPdy may be longer than needed in the unified sampler form, and is not checked
             * there when of an illegal size (3, more than 4); any other gradient of an illegal
             * size is reported here too (measured) */
            int bad = sf && i == 1 ? n < g->ngrad && !size_illegal(gs[i]) : n != g->ngrad;
            if (bad)
                EMIT(v, "Operand vector size doesn't match geometry for instruction '%s'", v->name);
        }
    }
    if (vec_off && v->off->count != 3 && v->off->count <= 4 && !sampler_form(v)) {
        unsigned n = v->off->count;
        if (n < g->noffset)
            EMIT(v, "Operand vector size doesn't match geometry for instruction '%s'", v->name);
    }
    /* a .v2.f16x2 destination with a sink ({%hh1, _}), nothing else wrong: ptxas 13 lowers the
     * result into a mov that does not take the sink and stops with a fatal error, after the
     * errors of its other lowering (the unified sampler form's, the 'mov's of tex.grad.3d's
     * integer coordinates) and instead of its code-generation failures; not for the independent
     * mode's .grad without a sampler, which prints nothing (measured, audit of 2026-11-29,
     * docs/ptx-checker.md) */
    if (v->count == v->warnings && dtype == TMU_PTX_T_F16X2 && in->dst.is_vector &&
        !(v->independent && !v->b && in->mip == TMU_PTX_MIP_GRAD))
        for (unsigned i = 0; i < in->dst.count; i++)
            v->discard_fatal |= in->dst.e[i].kind == TMU_PTX_E_SINK;
    if (sampler_form(v) && v->count == v->warnings)
        sampler_form_lowering(v);
    /* tex.grad.cube / .acube with a gradient of 1 or 2 elements and nothing else wrong:
     * ptxas 13 accepts it for sm_90 and later and crashes in its code generation for older
     * architectures (the target, or sm_75 for targets older than ptxas 13 supports; exit 139,
     * no message; measured, fresh-oracle sweep, docs/ptx-checker.md) */
    if (v->gx && g->cube && !sampler_form(v) && v->count == v->warnings &&
        (v->gx->count != g->ngrad || v->gy->count != g->ngrad) && v->sm && v->sm < 90)
        codegen_fails(v);
    /* an array or multisample geometry (a1d, a2d, acube, 2dms, a2dms) with a coordinate written
     * without braces whose type fits, nothing else wrong: ptxas 13 crashes in its code
     * generation (exit 139, no message), tex and tld4, every mip mode and target, except
     * tex.grad.acube compiled for sm_90 or later (the target; older targets compile for sm_75),
     * which it accepts (measured, audit of 2026-11-29, docs/ptx-checker.md) */
    if (v->c && !v->c->is_vector && (g->arrayed || g->ms) && v->count == v->warnings &&
        !(in->mip == TMU_PTX_MIP_GRAD && in->geom == TMU_PTX_GEOM_ACUBE && (!v->sm || v->sm >= 90)))
        codegen_fails(v);
    /* tex.grad.1d / 2d / a1d / a2d with an integer literal in a gradient vector, nothing else
     * wrong (a float element would be "different types"): ptxas 13 crashes in its code
     * generation (measured for sm_75 and sm_90, both modes, dPdx and dPdy; 3d and cube report
     * 'mov' errors instead, not modelled; audit of 2026-11-29) */
    if (v->gx && g->dims <= 2 && !g->cube && v->count == v->warnings &&
        (vec_has_literal(v->gx, 0, 0) || vec_has_literal(v->gy, 0, 0)))
        codegen_fails(v);
    /* independent mode, .grad without a sampler operand and nothing else wrong: ptxas 13 fails
     * without a message (measured) */
    if (v->independent && !v->b && in->mip == TMU_PTX_MIP_GRAD && v->count == v->warnings)
        EMIT(v, "%s", TMU_PTX_PTXAS_FAILS);
    /* tex.grad with a scalar offset (an integer immediate or an .s32 / .u32 register) and a
     * depth compare, nothing else wrong, compiled for sm_90 or later (the target; older targets
     * compile for sm_75): ptxas 13 reports an error of the store it generates for the offset;
     * not with a .b32 register, a vector offset or an .f16x2 result (measured, fresh-seed sweep
     * of 2026-11-29, docs/ptx-checker.md) */
    if (in->opcode == TMU_PTX_TEX && in->mip == TMU_PTX_MIP_GRAD && !sampler_form(v) && v->cmp &&
        v->off && !v->off->is_vector && v->off->count == 1 && v->count == v->warnings &&
        (!v->sm || v->sm >= 90) && dtype != TMU_PTX_T_F16X2) {
        const tmu_ptx_elem *e = &v->off->e[0];
        tmu_ptx_type t = e->kind == TMU_PTX_E_NAME ? etype(v, e) : TMU_PTX_T_NONE;
        char c = t != TMU_PTX_T_NONE ? tclass(t) : 0;
        if (e->kind == TMU_PTX_E_INT || c == 's' || c == 'u')
            EMIT(v, "Arguments mismatch for instruction 'st'");
    }
    /* tex.grad.3d / .cube / .acube with .f32 coordinates in .s32 / .u32 registers, nothing else
     * wrong, compiled for sm_90 or later (the target; older targets compile for sm_75): ptxas 13
     * reports an error of a move it generates for each such element (acube's array index not
     * counted); not for .b32 registers, the other geometries or sm_89 and older (measured, fresh
     * seed 860884, docs/ptx-checker.md) */
    if (in->opcode == TMU_PTX_TEX && in->mip == TMU_PTX_MIP_GRAD && !sampler_form(v) &&
        (in->geom == TMU_PTX_GEOM_3D || g->cube) && v->c && v->c->is_vector && in->ntypes >= 2 &&
        in->types[1] == TMU_PTX_T_F32 && v->count == v->warnings && (!v->sm || v->sm >= 90)) {
        for (unsigned i = g->index_pos == 0 ? 1u : 0u; i < v->c->count; i++) {
            const tmu_ptx_elem *e = &v->c->e[i];
            tmu_ptx_type t = e->kind == TMU_PTX_E_NAME ? etype(v, e) : TMU_PTX_T_NONE;
            char c = t != TMU_PTX_T_NONE ? tclass(t) : 0;
            if (c == 's' || c == 'u' || e->kind == TMU_PTX_E_INT) /* (an integer literal too) */
                EMIT(v, "Arguments mismatch for instruction 'mov'");
        }
    }
    /* .f32 coordinates with an integer literal (the array index not counted), nothing else
     * wrong: ptxas 13 crashes in its code generation, tex and tld4, every geometry, mip mode
     * and target, except the tex.grad.3d / cube / acube at sm_90 and later just above
     * (measured, audit of 2026-11-29) */
    else if (!sampler_form(v) && v->c && v->c->is_vector && in->ntypes >= 2 &&
             in->types[1] == TMU_PTX_T_F32 && v->count == v->warnings &&
             vec_has_literal(v->c, g->index_pos >= 0 && index_exempt(v) ? g->first_coord : 0u, 0))
        codegen_fails(v);
}

/* ---- txq ------------------------------------------------------------------- */
/* The lod of txq.level: an .s32 scalar, or (ptxas 13 takes it, fresh-oracle campaign,
 * docs/ptx-checker.md) a brace vector whose first element is one: {%r1}, {%r1, %r2}, {1, 2}; a
 * vector of 3 or more than 4 gets only the size error, mixed elements the element-type error. */
static int txq_lod_fits(vctx *v, const tmu_ptx_operand *o)
{
    if (!o->is_vector)
        return operand_fits(v, o, TMU_PTX_T_S32, 0);
    if (o->count == 3 || o->count > 4)
        return 1;
    return o->count > 0 && elem_fits(v, &o->e[0], TMU_PTX_T_S32);
}

/* txq takes no predicate output (ptxas 13.0.88: "Predicate output not allowed", then a
 * register of another type is "Predicate output expected" too). */
static void txq_pred(vctx *v)
{
    const tmu_ptx_elem *p = &v->in->pred;
    if (p->kind == TMU_PTX_E_NONE)
        return;
    EMIT(v, "Predicate output not allowed for instruction '%s'", v->name);
    if (p->kind == TMU_PTX_E_NAME && lookup(v, p) && etype(v, p) != TMU_PTX_T_PRED)
        EMIT(v, "Predicate output expected for instruction '%s'", v->name);
}

static void check_txq(vctx *v)
{
    const tmu_ptx_instr *in = v->in;
    check_modifiers(v);
    check_operands(v);
    int level = in->mip == TMU_PTX_MIP_LEVEL;
    tmu_ptx_query q = in->query;
    int sq = q >= TMU_PTX_Q_FORCE_UNNORMALIZED_COORDS;
    int whd = q == TMU_PTX_Q_WIDTH || q == TMU_PTX_Q_HEIGHT || q == TMU_PTX_Q_DEPTH;
    if (in->ntypes != 1 || in->types[0] != TMU_PTX_T_B32) {
        EMIT(v, "Unexpected instruction types specified for '%s'", v->name);
        return;
    }
    /* with a vector modifier a vector destination fits the signature (measured) */
    unsigned tv = txq_vec(in);
    if (!tv && in->dst.is_vector && in->dst.count == 1) {
        txq_pred(v);
        EMIT(v, "Vector operand is not allowed for instruction '%s'", v->name);
        return;
    }
    opkind k = in->naddr ? kind_of(v, &in->addr[0]) : K_IMM;
    if (in->naddr != 1 || !in->dst.count || (in->dst.is_vector && !tv) || in->bad_shape ||
        scalar_unknown(v, &in->dst) || !operand_fits(v, &in->dst, TMU_PTX_T_B32, 0) ||
        in->nextra != (unsigned)level || k == K_OTHER_REG || k == K_IMM || k == K_UNKNOWN ||
        (level && scalar_unknown(v, &in->extra[0])) || (level && !txq_lod_fits(v, &in->extra[0]))) {
        EMIT(v, "Arguments mismatch for instruction '%s'", v->name);
        return;
    }
    if (level)
        types_pass(v, &in->extra[0], 0, size_illegal(&in->extra[0]));
    if (level)
        feature_named(v, 43, 30);
    /* dimension, geometry and .ftz come before a vector modifier's messages, component and
     * clamp after (measured: txq.width.ftz.v2.b32, txq.width.2d.v2.b32, txq.width.r.v2.b32) */
    txq_illegal_modifiers(v, "dtf");
    if (tv) {
        EMIT(v, "Vector qualifier is not allowed for instruction '%s'", v->name);
        txq_pred(v);
        if (in->dst.is_vector)
            types_pass(v, &in->dst, 0, size_illegal(&in->dst));
        if (tv * 32 > 128)
            EMIT(v, "Vector type too large, exceeds 128 bit limit");
        if (!in->dst.is_vector) {
            EMIT(v, "Result vector expected");
            EMIT(v, "Argument vector size mismatch for instruction '%s'", v->name);
        } else {
            if (in->dst.count != tv)
                EMIT(v, "Argument vector size mismatch for instruction '%s'", v->name);
            EMIT(v, "Vector operand is not allowed for instruction '%s'", v->name);
            if (in->dst.count != tv)
                EMIT(v, "Argument vector size mismatch for instruction '%s'", v->name);
            return;
        }
    } else
        txq_pred(v);
    txq_illegal_modifiers(v, "ck");
    if (level && sq)
        EMIT(v, "Illegal query modifier for instruction '%s'", v->name);
    if (!in->bracketed)
        EMIT(v, "Address expected for argument 1 of instruction '%s'", v->name);
    if (in->bracketed) {
        feature(v, PTX_F_TXQ, 1);
        if (q == TMU_PTX_Q_NUM_SAMPLES)
            feature(v, PTX_F_NUM_SAMPLES, 0);
        if (q == TMU_PTX_Q_NUM_MIPMAP_LEVELS)
            feature(v, PTX_F_NUM_MIPMAP, 0);
        if (q == TMU_PTX_Q_ARRAY_SIZE)
            feature(v, PTX_F_ARRAY_SIZE, 0);
        if (q == TMU_PTX_Q_CHANNEL_DATA_TYPE || q == TMU_PTX_Q_CHANNEL_ORDER)
            feature(v, PTX_F_CHANNEL, 0);
        if (q == TMU_PTX_Q_FORCE_UNNORMALIZED_COORDS)
            feature(v, PTX_F_FORCE_UNNORM, 0);
        if (k == K_U64 && !v->independent)
            feature(v, PTX_F_INDIRECT, 1);
    }
    if (q == TMU_PTX_Q_NONE) {
        EMIT(v, "Query modifier required for instruction '%s'", v->name);
        if (level) /* no width/height/depth either (ptxas 13: "txq.level.b32 ...") */
            EMIT(v, "Illegal query modifier for instruction '%s'", v->name);
        return;
    }
    if (sq && v->independent && k != K_SAMPLERREF && k != K_U64)
        EMIT(v, "Argument 1 of instruction '%s': .samplerref or .u64 register expected", v->name);
    if (q == TMU_PTX_Q_FORCE_UNNORMALIZED_COORDS && k != K_SAMPLERREF && k != K_U64)
        EMIT(v, "Argument 1 of instruction '%s': .samplerref expected", v->name);
    if (!sq && k != K_TEXREF && k != K_U64)
        EMIT(v, "Argument 1 of instruction '%s': .texref or .u64 register expected", v->name);
    if (level && !whd)
        EMIT(v, "Illegal query modifier for instruction '%s'", v->name);
}

/* ---- statements whose instruction name ptxas does not know -------------------------- */
/* ptxas parses such a statement as any other (measured with ptxas 13.0.88, docs/ptx-checker.md
 * "Instruction names"): its lexer reports each unknown modifier, its grammar each modifier
 * that repeats a class ("Multiple vector modifiers specified", "Duplicate .ftz modifier") and a
 * .v2/.v4 not followed by a type (a warning, after the next modifier's own message, or after
 * everything else when the .vN is last), the guard's before them; then, as for tex, every
 * vector's elements and every vector's size; then "Not a name of any known instruction: 'NAME'"; the unknown
 * symbols come at the end of the module. */
#define UNK_VECS 16

static tmu_status unk_elem(ptx_lexer *lx, ptx_tok *t, tmu_ptx_elem *e)
{
    memset(e, 0, sizeof *e);
    e->line = t->line;
    e->column = t->col;
    int neg = ptx_tok_punct(t, '-');
    if (neg)
        ptx_lex_next(lx, t);
    if (t->kind == PTX_TK_IDENT && !neg) {
        if (t->len == 1 && t->p[0] == '_')
            e->kind = TMU_PTX_E_SINK;
        else {
            e->kind = TMU_PTX_E_NAME;
            e->name = t->p;
            e->name_len = (uint32_t)t->len;
        }
    } else if (t->kind == PTX_TK_INT) {
        e->kind = TMU_PTX_E_INT;
    } else if (t->kind == PTX_TK_FLOAT || t->kind == PTX_TK_DOTNUM) {
        e->kind = TMU_PTX_E_FLOAT;
    } else {
        return TMU_ERR_PARSE;
    }
    ptx_lex_next(lx, t);
    return TMU_OK;
}

/* An element that is a name no declaration gives: kept for the end of the module's report
 * (looked up directly: `e` may be a temporary, which the lookup cache must not remember). */
static void unk_name(vctx *v, const tmu_ptx_elem *e)
{
    if (e->kind == TMU_PTX_E_NAME && !ptx_lookup_n(v->m, v->scope, e->name, e->name_len))
        late_unknown(v, e);
}

static void check_unknown(vctx *v, const ptx_loc *l)
{
    const tmu_ptx_module *m = v->m;
    tmu_ptx_instr ui = *v->in, *in = &ui;
    v->in = in;
    ptx_lexer lx;
    ptx_tok t;
    ptx_lex_init(&lx, m->text + l->offset, l->len, l->line, l->col);
    ptx_lex_next(&lx, &t);
    if (ptx_tok_punct(&t, '@')) {
        ptx_lex_next(&lx, &t);
        if (ptx_tok_punct(&t, '!'))
            ptx_lex_next(&lx, &t);
        if (t.kind == PTX_TK_IDENT) {
            in->guard.kind = TMU_PTX_E_NAME;
            in->guard.name = t.p;
            in->guard.name_len = (uint32_t)t.len;
            in->guard.line = t.line;
            in->guard.column = t.col;
            unk_name(v, &in->guard);
            if (etype(v, &in->guard) != TMU_PTX_T_PRED) /* before the modifiers' messages */
                EMIT(v, "Predicate expression expected");
        }
        ptx_lex_next(&lx, &t);
    }
    const char *name_end = m->text + l->op_offset + l->op_len;
    while (t.kind != PTX_TK_EOF && t.p < name_end) /* the name */
        ptx_lex_next(&lx, &t);
    /* modifiers */
    const char *seen[24];
    unsigned nseen = 0;
    int prev_vec = 0;
    while (t.kind == PTX_TK_DOTNAME) {
        const char *w = t.p + 1;
        size_t wl = t.len - 1;
        const ptx_mod_row *r = ptx_modifier_word(w, wl);
        if (!r)
            emit(v, in->msg_line, t.col, "Unknown modifier '.%.*s'", (int)wl, w);
        else if (r->dup) {
            int again = 0;
            for (unsigned i = 0; i < nseen; i++)
                again |= strcmp(seen[i], r->dup) == 0;
            if (again)
                emit(v, in->msg_line, t.col, "%s", r->dup);
            else if (nseen < sizeof seen / sizeof seen[0])
                seen[nseen++] = r->dup;
        }
        if (prev_vec && !(r && (r->flags & (PTX_MOD_TYPE | PTX_MOD_VEC))))
            warn(v, "Vector Type not specified properly");
        prev_vec = r && (r->flags & PTX_MOD_VEC);
        ptx_lex_next(&lx, &t);
    }
    /* operands: every brace vector (its elements) and every name, in order */
    tmu_ptx_operand vecs[UNK_VECS];
    unsigned nvec = 0, sizes[UNK_VECS];
    int depth = 0;
    while (t.kind != PTX_TK_EOF && !(ptx_tok_punct(&t, ';') && depth == 0)) {
        if (ptx_tok_punct(&t, '{')) {
            tmu_ptx_operand *o = nvec < UNK_VECS ? &vecs[nvec] : NULL;
            unsigned n = 0;
            if (o) {
                o->is_vector = 1;
                o->count = 0;
                o->line = t.line;
                o->column = t.col;
            }
            ptx_lex_next(&lx, &t);
            while (t.kind != PTX_TK_EOF && !ptx_tok_punct(&t, '}') && !ptx_tok_punct(&t, ';')) {
                tmu_ptx_elem e;
                if (unk_elem(&lx, &t, &e) != TMU_OK) {
                    ptx_lex_next(&lx, &t);
                    continue;
                }
                unk_name(v, &e);
                if (o && o->count < TMU_PTX_VEC_MAX)
                    o->e[o->count++] = e;
                n++;
                if (ptx_tok_punct(&t, ','))
                    ptx_lex_next(&lx, &t);
            }
            if (o && n) {
                sizes[nvec] = n;
                nvec++;
            }
            if (ptx_tok_punct(&t, '}'))
                ptx_lex_next(&lx, &t);
            continue;
        }
        if (t.kind == PTX_TK_IDENT && !(t.len == 1 && t.p[0] == '_')) {
            tmu_ptx_elem e;
            (void)unk_elem(&lx, &t, &e);
            unk_name(v, &e);
            continue;
        }
        depth += ptx_tok_punct(&t, '[') - ptx_tok_punct(&t, ']');
        ptx_lex_next(&lx, &t);
    }
    for (unsigned i = 0; i < nvec; i++)
        parse_vector(v, &vecs[i]);
    for (unsigned i = 0; i < nvec; i++)
        if (sizes[i] == 3 || sizes[i] > 4)
            EMIT_AT(v, &vecs[i], "Illegal vector size: %u", sizes[i]);
    EMIT(v, "Not a name of any known instruction: '%.*s'", (int)in->op_len, in->op_text);
    if (prev_vec)
        warn(v, "Vector Type not specified properly");
}

/* Checks one instruction: problems (errors and warnings) to out[0..max), unknown symbols to
 * late[0..late_max); returns the number of problems, *nlate the number of unknown symbols. */
static size_t check_one(const tmu_ptx_module *m, uint32_t scope, const tmu_ptx_instr *in,
                        const tmu_ptx_check_options *opt, const ptx_loc *loc, tmu_diag *out,
                        size_t max, tmu_diag *late, size_t late_max, size_t *nlate,
                        size_t *codegen_at)
{
    *nlate = 0;
    *codegen_at = SIZE_MAX;
    if (!ptx_instr_sane(in)) {
        if (out && max) {
            tmu_diag_set(&out[0], TMU_ERR_INVALID_ARGUMENT, in->line, in->column, -1,
                         "malformed instruction (a count or enumerator out of range)");
            out[0].status = TMU_ERR_INVALID;
        }
        return 1;
    }
    vctx v;
    memset(&v, 0, sizeof v);
    v.m = m;
    v.scope = scope;
    v.in = in;
    v.out = out;
    v.max = out ? max : 0;
    v.late = late;
    v.late_max = late ? late_max : 0;
    v.codegen_at = SIZE_MAX;
    v.sm = opt && opt->sm ? opt->sm : m->sm;
    v.version = opt && opt->version ? opt->version : m->version;
    v.independent = m->independent;
    static const char *const ops[] = {"tex", "tld4", "txq"};
    if (in->opcode == TMU_PTX_TEX && in->mip != TMU_PTX_MIP_NONE)
        snprintf(v.name, sizeof v.name, "tex.%s", tmu_ptx_mip_name(in->mip));
    else if (in->opcode == TMU_PTX_TXQ && in->mip == TMU_PTX_MIP_LEVEL)
        snprintf(v.name, sizeof v.name, "txq.level");
    else
        snprintf(v.name, sizeof v.name, "%s", ops[in->opcode < 3 ? in->opcode : 0]);
    if (in->unknown_op && loc) /* "TEX", "f32": ptxas knows no such instruction */
        check_unknown(&v, loc);
    else if (in->unknown_op)
        EMIT(&v, "Not a name of any known instruction: '%.*s'", (int)in->op_len, in->op_text);
    else {
        if (in->opcode == TMU_PTX_TXQ)
            check_txq(&v);
        else {
            assign_roles(&v);
            check_tex(&v);
        }
        if (vec_trailing(&v))
            warn(&v, "Vector Type not specified properly");
        if (v.discard_fatal) { /* ptxas's fatal error: tmu_ptx_module_check stops there */
            EMIT(&v, "Result discard mode is not allowed for instruction 'mov'");
            if (v.count <= max && out)
                out[v.count - 1].status = TMU_PTX_FATAL;
        }
    }
    *nlate = v.nlate;
    *codegen_at = v.codegen_at;
    return v.count;
}

size_t tmu_ptx_check_instr(const tmu_ptx_module *m, uint32_t scope, const tmu_ptx_instr *in,
                           const tmu_ptx_check_options *opt, tmu_diag *out, size_t max)
{
    if (!m || !in)
        return 0;
    tmu_diag late[16];
    size_t nlate, codegen_at;
    size_t n = check_one(m, scope, in, opt, NULL, out, max, late, 16, &nlate, &codegen_at);
    for (size_t i = 0; i < nlate; i++) /* unknown symbols come last */
        if (out && n + i < max && i < 16)
            out[n + i] = late[i];
    return n + nlate;
}

typedef struct modrep {
    tmu_ptx_report_fn fn;
    void *user;
    size_t errors;
} modrep;

static void report_diag(modrep *r, const tmu_diag *d)
{
    if (r->fn)
        r->fn(r->user, d);
    r->errors += d->status != TMU_OK;
}

static void report(modrep *r, uint32_t line, uint32_t col, const char *msg)
{
    tmu_diag d;
    d.status = TMU_ERR_INVALID;
    d.line = line;
    d.column = col;
    d.offset = -1;
    snprintf(d.message, sizeof d.message, "%s", msg);
    report_diag(r, &d);
}

static void report_fact(modrep *r, const tmu_ptx_module *m, const struct ptx_decl_fact *f,
                        unsigned sm, unsigned version)
{
    char buf[200];
    if (f->type == TMU_PTX_T_F16X2) {
        if (sm && sm < 53) {
            snprintf(buf, sizeof buf,
                     "Feature '.f16x2 packed data-type' requires .target sm_53 or higher");
            report(r, f->line, f->col, buf);
        }
        if (version < 42) {
            snprintf(buf, sizeof buf,
                     "Feature '.f16x2 packed data-type' requires PTX ISA .version 4.2 or later");
            report(r, f->line, f->col, buf);
        }
    } else if (f->type == TMU_PTX_T_SAMPLERREF && !m->independent) {
        report(r, f->line, f->col,
               "Instruction or declaration violates .target texmode_unified setting");
    }
}

size_t tmu_ptx_module_check(const tmu_ptx_module *m, const tmu_ptx_check_options *opt,
                            tmu_ptx_report_fn fn, void *user)
{
    modrep r = {fn, user, 0};
    if (!m)
        return 0;
    unsigned sm = opt && opt->sm ? opt->sm : m->sm;
    unsigned version = opt && opt->version ? opt->version : m->version;
    char buf[200];
    if (m->address_size && version < 23 && m->has_version)
        report(&r, m->asize_line, m->asize_col,
               "Feature '.address_size directive' requires PTX ISA .version 2.3 or later");
    /* unknown symbols of all instructions, reported after them (as ptxas does) */
    tmu_diag *late = NULL;
    size_t nlate = 0, caplate = 0;
    size_t f = 0;
    tmu_diag codegen; /* the first failure of ptxas's code generation, reported last */
    int has_codegen = 0;
    for (size_t i = 0; i < m->ninstrs; i++) {
        while (f < m->nfacts && m->facts[f].before_instr <= i)
            report_fact(&r, m, &m->facts[f++], sm, version);
        tmu_ptx_instr in;
        uint32_t scope;
        if (tmu_ptx_module_instr(m, i, &in, &scope) != TMU_OK)
            continue;
        tmu_diag probs[64], unk[64];
        size_t nu, cg;
        size_t before = r.errors + nlate; /* errors of the module so far */
        size_t n = check_one(m, scope, &in, opt, in.unknown_op ? &m->instrs[i] : NULL, probs, 64,
                             unk, 64, &nu, &cg);
        int fatal = 0;
        for (size_t k = 0; k < n && k < 64; k++) {
            if (probs[k].status == TMU_PTX_FATAL) {
                /* ptxas lowers the instruction only when the module had no error before it;
                 * its fatal error then ends the module: nothing after it is reported but the
                 * .version / .target message (measured) */
                if (!before) {
                    report_diag(&r, &probs[k]);
                    fatal = 1;
                }
                continue;
            }
            if (k == cg) {
                if (!has_codegen)
                    codegen = probs[k];
                has_codegen = 1;
                continue;
            }
            report_diag(&r, &probs[k]);
        }
        for (size_t k = 0; k < nu && k < 64; k++) {
            if (nlate == caplate) {
                size_t nc = caplate ? caplate * 2 : 16;
                tmu_diag *q = realloc(late, nc * sizeof *q);
                if (!q) { /* no room to keep it for later: report it now */
                    report_diag(&r, &unk[k]);
                    continue;
                }
                late = q;
                caplate = nc;
            }
            late[nlate++] = unk[k];
        }
        if (fatal) {
            f = m->nfacts; /* nothing after the fatal error (the declarations after it neither) */
            break;
        }
    }
    while (f < m->nfacts)
        report_fact(&r, m, &m->facts[f++], sm, version);
    for (size_t k = 0; k < nlate; k++)
        report_diag(&r, &late[k]);
    free(late);
    unsigned minv = ptx_target_min_version(
        sm, opt && opt->sm ? opt->target : m->target_name[0] ? m->target_name : NULL);
    if (m->has_target && minv && version < minv) {
        if (opt && opt->sm && opt->target)
            snprintf(buf, sizeof buf, "PTX .version %u.%u does not support .target %.40s",
                     version / 10, version % 10, opt->target);
        else if (opt && opt->sm)
            snprintf(buf, sizeof buf, "PTX .version %u.%u does not support .target sm_%u",
                     version / 10, version % 10, sm);
        else
            snprintf(buf, sizeof buf, "PTX .version %u.%u does not support .target %s",
                     version / 10, version % 10, m->target_name);
        report(&r, m->target_line, m->target_col, buf);
    }
    if (has_codegen && r.errors == 0)
        report_diag(&r, &codegen);
    return r.errors;
}
