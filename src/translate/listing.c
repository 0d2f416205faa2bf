/* Whole programs: every texture instruction of a PTX module, a GCN listing or an ir3 listing is
 * translated; every other line is passed through as a comment of the target. */
#include <stdio.h>

#include "translate/xl.h"

/* `n` bytes of `s` as a JSON string. */
static void put_json(xl_out *o, const char *s, size_t n)
{
    xl_put(o, "\"");
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\')
            xl_put(o, "\\%c", c);
        else if (c < 0x20 || c >= 0x7f)
            xl_put(o, "\\u%04x", c);
        else
            xl_put(o, "%c", c);
    }
    xl_put(o, "\"");
}

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

static int starts(const char *s, size_t n, const char *w)
{
    size_t k = strlen(w);
    return n >= k && memcmp(s, w, k) == 0;
}

static int hex_word(const char *s, size_t n, uint64_t *out)
{
    if (n < 3 || n > 18 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
        return 0;
    uint64_t v = 0;
    for (size_t i = 2; i < n; i++) {
        char c = s[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0)
            return 0;
        v = v << 4 | (uint64_t)d;
    }
    *out = v;
    return 1;
}

/* The statement of a line without its comment and surrounding blanks (*n its length). */
static const char *statement(tmu_xl_isa isa, const char *s, size_t len, size_t *n)
{
    size_t e = 0;
    while (e < len && !(s[e] == '/' && e + 1 < len && s[e + 1] == '/') && !(isa != TMU_XL_PTX && s[e] == ';'))
        e++;
    while (e && is_space(s[e - 1]))
        e--;
    size_t b = 0;
    while (b < e && is_space(s[b]))
        b++;
    *n = e - b;
    return s + b;
}

/* Whether the statement is 0x words only, separated by blanks or commas (an RDNA instruction's
 * 2-5 dwords). */
static int hex_words(const char *s, size_t n)
{
    size_t i = 0, words = 0;
    while (i < n) {
        while (i < n && (is_space(s[i]) || s[i] == ','))
            i++;
        size_t k = i;
        while (k < n && !is_space(s[k]) && s[k] != ',')
            k++;
        uint64_t w;
        if (k > i && !hex_word(s + i, k - i, &w))
            return 0;
        words += k > i;
        i = k;
    }
    return words > 0;
}

/* Is the statement a texture instruction of the source ISA?  (GCN: a MIMG mnemonic; ir3: a cat5
 * mnemonic, optionally after (sy)/(jp) flags; PTX: tex/tld4/txq, optionally after a label or a
 * guard; any ISA: a 0x word; RDNA: 0x dwords.)  *skip receives the length of a PTX label before
 * it. */
static int is_texture(tmu_xl_arch arch, const char *s, size_t n, size_t *skip)
{
    tmu_xl_isa isa = arch.isa;
    uint64_t w;
    size_t t = 0;
    *skip = 0;
    if (isa == TMU_XL_GCN && TMU_GCN_GEN_IS_RDNA(arch.gen) && hex_words(s, n))
        return 1;
    while (t < n && !is_space(s[t]))
        t++;
    if (isa != TMU_XL_PTX && hex_word(s, t, &w) && t == n)
        return 1;
    if (isa == TMU_XL_GCN)
        return starts(s, n, "image_");
    if (isa == TMU_XL_PTX) {
        size_t i = 0;
        if (n && s[0] != '@') { /* a label "name:" */
            size_t k = 0;
            while (k < n && s[k] != ':' && !is_space(s[k]))
                k++;
            if (k < n && s[k] == ':') {
                i = k + 1;
                while (i < n && is_space(s[i]))
                    i++;
            }
        }
        *skip = i;
        if (i < n && s[i] == '@') { /* a guard: the lift refuses it with its reason */
            while (i < n && !is_space(s[i]))
                i++;
            while (i < n && is_space(s[i]))
                i++;
        }
        return starts(s + i, n - i, "tex.") || starts(s + i, n - i, "tld4.") || starts(s + i, n - i, "txq.");
    }
    size_t i = 0;
    while (i < n && s[i] == '(') { /* (sy) (jp) ... */
        while (i < n && s[i] != ')')
            i++;
        i++;
    }
    size_t k = i;
    while (k < n && s[k] != '.' && !is_space(s[k]))
        k++;
    for (int op = 0; op < TMU_IR3_OP_COUNT; op++) {
        const tmu_ir3_opinfo *oi = tmu_ir3_opinfo_get((tmu_ir3_op)op);
        if (oi && oi->name && strlen(oi->name) == k - i && memcmp(oi->name, s + i, k - i) == 0)
            return 1;
    }
    return 0;
}

tmu_status tmu_xl_lift_line(const tmu_xl_listing_options *o, const char *text, size_t len, tmu_xl_source *src,
                            tmu_diag *diag)
{
    tmu_diag_clear(diag);
    if (!o || !text || !src || (unsigned)o->from.isa >= TMU_XL_ISA_COUNT || (unsigned)o->dim >= TMU_DIM_COUNT)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "bad argument");
    while (len && is_space(*text))
        text++, len--;
    while (len && is_space(text[len - 1]))
        len--;
    tmu_status st;
    if (o->from.isa == TMU_XL_PTX) {
        st = tmu_xl_lift_ptx(text, len, src, diag);
        if (st == TMU_OK) {
            int query = src->op.kind == TMU_OP_QUERY_SIZE || src->op.kind == TMU_OP_QUERY_LEVELS ||
                        src->op.kind == TMU_OP_QUERY_SAMPLES;
            if (query)
                src->dim = o->dim;
            else if (o->dim_given && src->dim != o->dim)
                return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                                    "the instruction's geometry is %s, not the given shape %s",
                                    tmu_dim_name(src->dim), tmu_dim_name(o->dim));
        }
        return st;
    }
    if (o->from.isa == TMU_XL_GCN && TMU_GCN_GEN_IS_RDNA(o->from.gen)) /* 2-5 dwords (rdna.c) */
        return tmu_xl_lift_rdna_text((tmu_gcn_gen)o->from.gen, text, len, o->dim, o->type, src, diag);
    uint64_t word = 0;
    char tmp[256];
    if (!hex_word(text, len, &word)) {
        if (len >= sizeof tmp)
            return tmu_diag_set(diag, TMU_ERR_PARSE, 0, 0, -1, "instruction text longer than %zu bytes",
                                sizeof tmp - 1);
        memcpy(tmp, text, len);
        tmp[len] = 0;
        if (o->from.isa == TMU_XL_GCN) {
            tmu_gcn_mimg mi;
            st = tmu_gcn_assemble((tmu_gcn_gen)o->from.gen, TMU_GCN_SYNTAX_LLVM, tmp, len, 1, &mi, diag);
            if (st == TMU_OK)
                st = tmu_gcn_encode(&mi, &word, diag);
        } else {
            st = tmu_ir3_assemble(tmp, o->from.gen, &word, diag);
        }
        if (st != TMU_OK)
            return st;
    }
    return o->from.isa == TMU_XL_GCN ? tmu_xl_lift_gcn((tmu_gcn_gen)o->from.gen, word, o->dim, o->type, src, diag)
                                     : tmu_xl_lift_ir3(o->from.gen, word, o->dim, src, diag);
}

static void put_arch(xl_out *o, tmu_xl_arch a, int json)
{
    if (a.isa == TMU_XL_GCN)
        xl_put(o, json ? "\"%s\"" : " (%s)", tmu_gcn_gen_name((tmu_gcn_gen)a.gen));
    else if (a.isa == TMU_XL_IR3)
        xl_put(o, json ? "%u" : " (%u)", a.gen);
    else if (json)
        xl_put(o, "null");
}

int tmu_xl_translate_listing(const tmu_xl_listing_options *opt, const char *text, size_t len, char *buf,
                             size_t size, tmu_xl_listing_counts *counts)
{
    if (!opt || (!text && len) || (!buf && size) || (unsigned)opt->from.isa >= TMU_XL_ISA_COUNT ||
        (unsigned)opt->to.isa >= TMU_XL_ISA_COUNT || opt->from.isa == opt->to.isa)
        return -1;
    xl_out o = {buf, size, 0};
    if (buf && size)
        buf[0] = 0;
    tmu_xl_listing_counts c;
    memset(&c, 0, sizeof c);
    const char *cm = opt->to.isa == TMU_XL_PTX ? "//" : ";";
    if (opt->json) {
        xl_put(&o, "{\"from\":\"%s\",\"from_gpu\":", tmu_xl_isa_name(opt->from.isa));
        put_arch(&o, opt->from, 1);
        xl_put(&o, ",\"to\":\"%s\",\"to_gpu\":", tmu_xl_isa_name(opt->to.isa));
        put_arch(&o, opt->to, 1);
        xl_put(&o, ",\"lines\":[");
    } else {
        xl_put(&o, "%s %s%s", cm, tmu_xl_isa_name(opt->from.isa), "");
        put_arch(&o, opt->from, 0);
        xl_put(&o, " -> %s", tmu_xl_isa_name(opt->to.isa));
        put_arch(&o, opt->to, 0);
        xl_put(&o, ": every texture instruction translated; other lines as comments\n");
    }
    tmu_xl_source src;
    tmu_xl_program p;
    tmu_diag d;
    for (size_t pos = 0; pos < len;) {
        const char *l = text + pos;
        const char *nl = memchr(l, '\n', len - pos);
        size_t n = nl ? (size_t)(nl - l) : len - pos;
        pos += n + (nl ? 1 : 0);
        c.lines++;
        size_t sn;
        const char *s = statement(opt->from.isa, l, n, &sn);
        size_t shown = n; /* the line without its trailing blanks */
        while (shown && is_space(l[shown - 1]))
            shown--;
        if (memchr(l, 0, n)) { /* not text: an instruction line in error */
            c.texture++;
            c.errors++;
            if (opt->json) {
                xl_put(&o, "%s{\"line\":%u,\"verdict\":\"error\",\"reason\":\"NUL byte in the line\"}", c.lines > 1 ? "," : "",
                    c.lines);
            } else {
                xl_put(&o, "%s line %u [error: NUL byte in the line]\n", cm, c.lines);
            }
            continue;
        }
        size_t label;
        if (!is_texture(opt->from, s, sn, &label)) {
            if (opt->json) {
                xl_put(&o, "%s{\"line\":%u,\"text\":", c.lines > 1 ? "," : "", c.lines);
                put_json(&o, l, shown);
                xl_put(&o, ",\"verdict\":\"other\"}");
            } else if (shown) {
                xl_put(&o, "%s %.*s\n", cm, (int)shown, l);
            } else {
                xl_put(&o, "\n");
            }
            continue;
        }
        c.texture++;
        s += label, sn -= label;
        tmu_status st = tmu_xl_lift_line(opt, s, sn, &src, &d);
        const char *verdict;
        if (st == TMU_OK) {
            st = tmu_xl_translate(&src, opt->to, &p, &d);
            verdict = st == TMU_OK ? "translated" : st == TMU_ERR_UNSUPPORTED ? "refused" : "error";
        } else {
            verdict = st == TMU_ERR_UNSUPPORTED ? "refused" : "error";
        }
        if (st == TMU_OK)
            c.translated++;
        else if (st == TMU_ERR_UNSUPPORTED)
            c.refused++;
        else
            c.errors++;
        if (opt->json) {
            xl_put(&o, "%s{\"line\":%u,\"text\":", c.lines > 1 ? "," : "", c.lines);
            put_json(&o, l, shown);
            xl_put(&o, ",\"verdict\":\"%s\"", verdict);
            if (st == TMU_OK) {
                xl_put(&o, ",\"translation\":");
                size_t at = o.len;
                int k = tmu_xl_print(&p, &src, 1, o.buf && at < o.size ? o.buf + at : NULL,
                                     o.buf && at < o.size ? o.size - at : 0);
                if (k > 0)
                    o.len += (size_t)k - 1; /* without the newline that ends tmu_xl_print's object */
            } else {
                xl_put(&o, ",\"reason\":");
                put_json(&o, d.message, strlen(d.message));
            }
            xl_put(&o, "}");
            continue;
        }
        xl_put(&o, "%s line %u [%s%s%s]: %.*s\n", cm, c.lines, verdict, st == TMU_OK ? "" : ": ",
            st == TMU_OK ? "" : d.message, (int)sn, s);
        if (st == TMU_OK) {
            size_t at = o.len;
            int k = tmu_xl_print(&p, &src, 0, o.buf && at < o.size ? o.buf + at : NULL,
                                 o.buf && at < o.size ? o.size - at : 0);
            if (k > 0)
                o.len += (size_t)k;
        }
    }
    if (opt->json)
        xl_put(&o, "],\"texture\":%u,\"translated\":%u,\"refused\":%u,\"errors\":%u}\n", c.texture, c.translated,
            c.refused, c.errors);
    else
        xl_put(&o, "%s %u lines, %u texture instructions: %u translated, %u refused, %u errors\n", cm, c.lines,
            c.texture, c.translated, c.refused, c.errors);
    if (counts)
        *counts = c;
    return o.len > (size_t)0x7fffffff ? -1 : (int)o.len;
}
