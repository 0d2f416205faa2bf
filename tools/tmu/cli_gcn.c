/* tmu disasm / asm for AMD GCN MIMG (--isa gcn), following llvm-mc's conventions.
 * Dispatched from cmd_disasm.c / cmd_asm.c with the full argv. */
#include "cli.h"
#include "isa_cli.h"

#include <stdlib.h>
#include <string.h>

#include "tmu/gcn.h"

typedef struct gcn_opts {
    tmu_gcn_gen gen;
    int have_gen;
    tmu_gcn_syntax syntax;
    int show_encoding;
    int show_operands;
    int have_type;
    tmu_gcn_image_type type;
    const char *binary;
    const char *input;
    int first_positional; /* index of the first word/text argument, or argc */
    char **positional;
    int npositional;
} gcn_opts;

static int parse_common(const char *cmd, int argc, char **argv, gcn_opts *o, int disasm)
{
    memset(o, 0, sizeof *o);
    o->positional = calloc((size_t)argc + 1, sizeof(char *));
    if (!o->positional)
        return tmu_cli_error(cmd, "out of memory");
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = NULL;
        char name[32];
        if (a[0] == '-' && a[1] == '-' && a[2]) {
            const char *eq = strchr(a, '=');
            size_t n = eq ? (size_t)(eq - a) : strlen(a);
            if (n >= sizeof name)
                n = sizeof name - 1;
            memcpy(name, a, n);
            name[n] = 0;
            int takes = !strcmp(name, "--isa") || !strcmp(name, "--gpu") ||
                        !strcmp(name, "--syntax") || !strcmp(name, "--binary") ||
                        !strcmp(name, "--image-type") || !strcmp(name, "--input");
            if (takes) {
                if (eq)
                    val = eq + 1;
                else if (i + 1 < argc)
                    val = argv[++i];
                else
                    return tmu_cli_usage_error(cmd, "option %s needs a value", name);
            } else if (eq) {
                return tmu_cli_usage_error(cmd, "option %s takes no value", name);
            }
            if (!strcmp(name, "--isa")) {
                /* checked by the dispatcher */
            } else if (!strcmp(name, "--gpu")) {
                if (tmu_gcn_gen_from_name(val, &o->gen) != TMU_OK) {
                    size_t cnt;
                    const char *const *names = tmu_gcn_gen_names(&cnt);
                    tmu_cli_unknown_name(cmd, "GCN GPU", val, names, cnt);
                    return TMU_EXIT_USAGE;
                }
                o->have_gen = 1;
            } else if (!strcmp(name, "--syntax")) {
                if (!strcmp(val, "llvm"))
                    o->syntax = TMU_GCN_SYNTAX_LLVM;
                else if (!strcmp(val, "clrx"))
                    o->syntax = TMU_GCN_SYNTAX_CLRX;
                else {
                    static const char *const syn[] = {"llvm", "clrx"};
                    tmu_cli_unknown_name(cmd, "syntax", val, syn, 2);
                    return TMU_EXIT_USAGE;
                }
            } else if (!strcmp(name, "--show-encoding")) {
                o->show_encoding = 1;
            } else if (disasm && !strcmp(name, "--show-operands")) {
                o->show_operands = 1;
            } else if (disasm && !strcmp(name, "--binary")) {
                o->binary = val;
            } else if (disasm && !strcmp(name, "--image-type")) {
                if (tmu_gcn_image_type_from_name(val, &o->type) != TMU_OK) {
                    const char *names[8];
                    for (int t = 0; t < 8; t++)
                        names[t] = tmu_gcn_image_type_name((tmu_gcn_image_type)(8 + t));
                    tmu_cli_unknown_name(cmd, "image type", val, names, 8);
                    return TMU_EXIT_USAGE;
                }
                o->have_type = 1;
            } else if (!disasm && !strcmp(name, "--input")) {
                o->input = val;
            } else {
                return tmu_cli_usage_error(cmd, "unknown option '%s'", a);
            }
        } else if (a[0] == '-' && a[1] && a[1] != '-' && !(a[1] >= '0' && a[1] <= '9')) {
            return tmu_cli_usage_error(cmd, "unknown option '%s'", a);
        } else {
            o->positional[o->npositional++] = argv[i];
        }
    }
    if (!o->have_gen)
        return tmu_cli_usage_error(cmd, "--gpu is required for --isa gcn (gfx6, gfx7, gfx8, "
                                        "gfx81 or gfx9)");
    return -1; /* continue */
}

static void disasm_usage(void)
{
    printf("usage: tmu disasm --isa gcn --gpu gfx6|gfx7|gfx8|gfx81|gfx9 [OPTIONS] [WORD...]\n"
           "\n"
           "Disassembles 64-bit AMD GCN MIMG words (WORD = DWORD0 | DWORD1 << 32, hex, 0x and _\n"
           "optional) given as arguments, else read from stdin ('#' or ';' start comments).\n"
           "One line per word: the llvm-mc 14 text, or 'invalid: REASON' (exit status 1).\n"
           "\n"
           "  --binary FILE        read raw little-endian code (8 bytes per instruction)\n"
           "  --syntax llvm|clrx   text syntax (default llvm)\n"
           "  --show-encoding      append '; encoding: [bytes]' as llvm-mc -show-encoding\n"
           "  --show-operands      list VDATA registers and VADDR components per image type\n"
           "  --image-type TYPE    1d 2d 3d cube 1d_array 2d_array 2d_msaa 2d_msaa_array:\n"
           "                       print the true VADDR range for that type\n");
}

static void asm_usage(void)
{
    printf("usage: tmu asm --isa gcn --gpu gfx6|gfx7|gfx8|gfx81|gfx9 [OPTIONS] [LINE...]\n"
           "\n"
           "Assembles AMD GCN MIMG instructions, one per argument, else one per line of stdin\n"
           "(or --input FILE); prints one 0x%%016x word per instruction.  Errors are reported\n"
           "as FILE:LINE:COLUMN and give exit status 1.\n"
           "\n"
           "  --syntax llvm|clrx   input syntax (default llvm, as llvm-mc 14)\n"
           "  --show-encoding      also print the instruction text and its bytes\n"
           "  --input FILE         read FILE instead of stdin\n");
}

static void print_bytes(FILE *out, uint64_t w)
{
    fputs(" ; encoding: [", out);
    for (int i = 0; i < 8; i++)
        fprintf(out, "%s0x%02x", i ? "," : "", (unsigned)((w >> (8 * i)) & 0xff));
    fputc(']', out);
}

static void show_operands(const tmu_gcn_mimg *inst, const gcn_opts *o)
{
    unsigned nd = tmu_gcn_vdata_count(inst);
    unsigned vd = inst->f[TMU_GCN_F_VDATA], dm = inst->f[TMU_GCN_F_DMASK];
    printf("  ; vdata: %u VGPR%s from v%u (", nd, nd == 1 ? "" : "s", vd);
    if (inst->op->cls == TMU_GCN_CLASS_GATHER)
        printf("4 gathered texels of channel dmask 0x%x", dm);
    else if (inst->op->cls == TMU_GCN_CLASS_ATOMIC)
        printf("atomic dmask 0x%x", dm);
    else
        printf("dmask 0x%x", dm);
    if (inst->f[TMU_GCN_F_D16])
        printf(", d16 %s", inst->gen == TMU_GCN_GFX8 ? "unpacked" : "packed");
    if (inst->f[TMU_GCN_F_TFE])
        printf(", +1 tfe status");
    printf(")\n");
    bool a16 = inst->gen == TMU_GCN_GFX9 && inst->f[TMU_GCN_F_A16];
    for (int t = 8; t < 16; t++) {
        if (o->have_type && (int)o->type != t)
            continue;
        tmu_gcn_vaddr_layout l;
        tmu_diag d;
        if (tmu_gcn_vaddr_layout_get(inst->gen, inst->op, (tmu_gcn_image_type)t, a16, &l, &d) !=
            TMU_OK) {
            if (o->have_type)
                printf("  ; vaddr %s: %s\n", tmu_gcn_image_type_name((tmu_gcn_image_type)t),
                       d.message);
            continue;
        }
        printf("  ; vaddr %-13s %u VGPR%s:", tmu_gcn_image_type_name((tmu_gcn_image_type)t),
               l.vgprs, l.vgprs == 1 ? " " : "s");
        for (unsigned i = 0; i < l.count; i++) {
            printf(" v%u", inst->f[TMU_GCN_F_VADDR] + l.dword[i]);
            if (a16 && l.comp[i] != TMU_GCN_AC_OFFSET && l.comp[i] != TMU_GCN_AC_ZCOMPARE)
                printf(".%s", l.half[i] ? "hi" : "lo");
            printf("=%s", tmu_gcn_addr_comp_name((tmu_gcn_addr_comp)l.comp[i]));
        }
        printf("\n");
    }
}

/* Disassembly output: lines are built straight into one large buffer, written with a single
 * fwrite when it fills (and before anything else goes to stdout or stderr). */
typedef struct gcn_out {
    char *buf;
    size_t n, cap;
} gcn_out;

#define GCN_LINE_MAX 512 /* room kept for one line: text (< 160) and encoding bytes */

static void out_flush(gcn_out *out)
{
    if (out->n)
        fwrite(out->buf, 1, out->n, stdout);
    out->n = 0;
}

/* Appends " ; encoding: [0x..,0x..,...]" (llvm-mc -show-encoding) at p. */
static char *put_encoding(char *p, uint64_t w)
{
    static const char hex[] = "0123456789abcdef";
    memcpy(p, " ; encoding: [", 14);
    p += 14;
    for (int i = 0; i < 8; i++) {
        unsigned b = (unsigned)(w >> (8 * i)) & 0xff;
        p[0] = '0';
        p[1] = 'x';
        p[2] = hex[b >> 4];
        p[3] = hex[b & 15];
        p[4] = i < 7 ? ',' : ']';
        p += 5;
    }
    return p;
}

/* Disassembles one word to the output; returns 0 if valid, 1 if invalid. */
static int disasm_one(uint64_t w, const gcn_opts *o, gcn_out *out)
{
    tmu_gcn_mimg inst;
    tmu_diag d;
    if (!o->show_operands && !o->have_type) { /* fast path: decode + print in one call */
        if (out->cap - out->n < GCN_LINE_MAX)
            out_flush(out);
        char *line = out->buf + out->n;
        int n = tmu_gcn_disasm(o->gen, w, o->syntax, line, 256, NULL);
        if (n < 0) { /* again with a diag, for the reason */
            tmu_gcn_disasm(o->gen, w, o->syntax, line, 256, &d);
            out_flush(out);
            printf("invalid: %s\n", d.message);
            return 1;
        }
        char *p = line + n;
        if (o->show_encoding)
            p = put_encoding(p, w);
        *p++ = '\n';
        out->n = (size_t)(p - out->buf);
        return 0;
    }
    out_flush(out);
    if (tmu_gcn_decode(o->gen, w, &inst, &d) != TMU_OK) {
        printf("invalid: %s\n", d.message);
        return 1;
    }
    tmu_gcn_print_opts po = {0};
    if (o->have_type) {
        tmu_gcn_vaddr_layout l;
        if (tmu_gcn_vaddr_layout_get(o->gen, inst.op, o->type,
                                     o->gen == TMU_GCN_GFX9 && inst.f[TMU_GCN_F_A16], &l,
                                     &d) != TMU_OK) {
            printf("invalid: %s\n", d.message);
            return 1;
        }
        if (inst.f[TMU_GCN_F_VADDR] + l.vgprs > 256) {
            printf("invalid: VADDR v%u: the %u address registers of a %s image run past v255\n",
                   inst.f[TMU_GCN_F_VADDR], l.vgprs, tmu_gcn_image_type_name(o->type));
            return 1;
        }
        po.vaddr_count = (int)l.vgprs;
    }
    char text[160];
    int n = o->syntax == TMU_GCN_SYNTAX_CLRX ? tmu_gcn_print_clrx(&inst, &po, text, sizeof text)
                                             : tmu_gcn_print_llvm(&inst, &po, text, sizeof text);
    if (n < 0) {
        printf("invalid: cannot print\n");
        return 1;
    }
    fputs(text, stdout);
    if (o->show_encoding)
        print_bytes(stdout, w);
    fputc('\n', stdout);
    if (o->show_operands)
        show_operands(&inst, o);
    return 0;
}

/* Characters that end a word token (NUL, blanks, ',', and the comment starters). */
static int token_end(unsigned char c)
{
    return c == 0 || c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',' || c == '#' ||
           c == ';';
}

/* Hex digit values + 1 (0: not a hex digit). */
static const unsigned char hex_plus1[256] = {
    ['0'] = 1,  ['1'] = 2,  ['2'] = 3,  ['3'] = 4,  ['4'] = 5,  ['5'] = 6,  ['6'] = 7,
    ['7'] = 8,  ['8'] = 9,  ['9'] = 10, ['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14,
    ['e'] = 15, ['f'] = 16, ['A'] = 11, ['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15,
    ['F'] = 16};

/* Reads exactly 16 hex digits at t into *out; 0 on success, -1 at the first non-digit
 * (never reads past it, so never past a NUL). */
static int hex16(const char *t, uint64_t *out)
{
    uint64_t v = 0;
    for (int i = 0; i < 16; i++) {
        unsigned d = hex_plus1[(unsigned char)t[i]];
        if (!d)
            return -1;
        v = v << 4 | (d - 1);
    }
    *out = v;
    return 0;
}

/* Words from text: whitespace/comma separated hex, '#' or ';' to end of line is a comment.
 * The common "0x" + 16 hex digits form is converted in place; anything else goes through
 * tmu_cli_parse_hex64 (which also takes '_' separators and shorter numbers). */
static int disasm_text(const char *where, char *text, const gcn_opts *o, gcn_out *out, int *bad)
{
    unsigned line = 1;
    char *p = text;
    while (*p) {
        if (*p == '\n') {
            line++;
            p++;
            continue;
        }
        if (*p == ' ' || *p == '\t' || *p == '\r' || *p == ',') {
            p++;
            continue;
        }
        if (*p == '#' || *p == ';') {
            while (*p && *p != '\n')
                p++;
            continue;
        }
        uint64_t w = 0;
        if (p[0] == '0' && p[1] == 'x' && hex16(p + 2, &w) == 0 &&
            token_end((unsigned char)p[18])) {
            p += 18;
            *bad |= disasm_one(w, o, out);
            continue;
        }
        char *start = p;
        while (!token_end((unsigned char)*p))
            p++;
        char save = *p;
        *p = 0;
        if (tmu_cli_parse_hex64(start, &w) != 0) {
            out_flush(out);
            fflush(stdout);
            char loc[256];
            snprintf(loc, sizeof loc, "%s:%u", where, line);
            tmu_cli_error(loc, "'%s' is not a 64-bit hex word", start);
            *p = save;
            return -1;
        }
        *p = save;
        *bad |= disasm_one(w, o, out);
    }
    return 0;
}

int tmu_cli_disasm_gcn(int argc, char **argv)
{
    const char *cmd = argv[0];
    for (int i = 1; i < argc; i++)
        if (tmu_cli_is_help(argv[i])) {
            disasm_usage();
            return TMU_EXIT_OK;
        }
    gcn_opts o;
    int rc = parse_common(cmd, argc, argv, &o, 1);
    if (rc >= 0) {
        free(o.positional);
        return rc;
    }
    gcn_out out = {malloc(1 << 16), 0, 1 << 16};
    if (!out.buf) {
        free(o.positional);
        return tmu_cli_error(cmd, "out of memory");
    }
    int bad = 0;
    rc = TMU_EXIT_OK;
    if (o.binary) {
        size_t len;
        char *buf = NULL;
        if (o.npositional)
            rc = tmu_cli_usage_error(cmd, "give either --binary FILE or words, not both");
        else if (!(buf = tmu_cli_read_file(o.binary, &len)))
            rc = TMU_EXIT_FAIL;
        if (buf) {
            size_t whole = len / 8 * 8;
            for (size_t i = 0; i < whole; i += 8) {
                uint64_t w = 0;
                for (int b = 7; b >= 0; b--)
                    w = (w << 8) | (unsigned char)buf[i + (size_t)b];
                bad |= disasm_one(w, &o, &out);
            }
            free(buf);
            if (len != whole) {
                out_flush(&out);
                fflush(stdout);
                rc = tmu_cli_error(o.binary, "offset %zu: %zu trailing bytes do not make an "
                                             "8-byte instruction", whole, len - whole);
            }
        }
    } else if (o.npositional) {
        for (int i = 0; i < o.npositional; i++) {
            uint64_t w;
            if (tmu_cli_parse_hex64(o.positional[i], &w) != 0) {
                out_flush(&out);
                fflush(stdout);
                rc = tmu_cli_error(cmd, "argument %d: '%s' is not a 64-bit hex word", i + 1,
                                   o.positional[i]);
                break;
            }
            bad |= disasm_one(w, &o, &out);
        }
    } else {
        size_t len;
        char *buf = tmu_cli_read_file("-", &len);
        if (!buf) {
            rc = TMU_EXIT_FAIL;
        } else if (strlen(buf) != len) {
            rc = tmu_cli_error("<stdin>", "input contains a NUL byte (use --binary for raw code)");
        } else if (disasm_text("<stdin>", buf, &o, &out, &bad) < 0) {
            rc = TMU_EXIT_FAIL;
        }
        free(buf);
    }
    out_flush(&out);
    free(out.buf);
    free(o.positional);
    if (rc == TMU_EXIT_OK && bad)
        rc = TMU_EXIT_FAIL;
    return rc;
}

/* Assembles one line; returns 0 ok / empty, 1 on error (reported). */
static int asm_line(const char *where, unsigned line, const char *text, size_t len,
                    const gcn_opts *o)
{
    size_t i = 0;
    while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r'))
        i++;
    if (i == len || text[i] == ';' || text[i] == '#' ||
        (text[i] == '/' && i + 1 < len && text[i + 1] == '/'))
        return 0;
    while (len > 0 && text[len - 1] == '\r')
        len--;
    tmu_gcn_mimg inst;
    tmu_diag d;
    uint64_t w;
    if (tmu_gcn_assemble(o->gen, o->syntax, text, len, line, &inst, &d) != TMU_OK ||
        tmu_gcn_encode(&inst, &w, &d) != TMU_OK) {
        fflush(stdout);
        char loc[300];
        snprintf(loc, sizeof loc, "%s:%u:%u", where, line, d.column);
        tmu_cli_error(loc, "%s", d.message);
        return 1;
    }
    printf("0x%016llx", (unsigned long long)w);
    if (o->show_encoding) {
        char t[160];
        if (tmu_gcn_print_llvm(&inst, NULL, t, sizeof t) > 0)
            printf("  %s", t);
        print_bytes(stdout, w);
    }
    putchar('\n');
    return 0;
}

int tmu_cli_asm_gcn(int argc, char **argv)
{
    const char *cmd = argv[0];
    for (int i = 1; i < argc; i++)
        if (tmu_cli_is_help(argv[i])) {
            asm_usage();
            return TMU_EXIT_OK;
        }
    gcn_opts o;
    int rc = parse_common(cmd, argc, argv, &o, 0);
    if (rc >= 0) {
        free(o.positional);
        return rc;
    }
    int bad = 0;
    if (o.npositional) {
        if (o.input) {
            free(o.positional);
            return tmu_cli_usage_error(cmd, "give either --input FILE or text, not both");
        }
        for (int i = 0; i < o.npositional; i++)
            bad |= asm_line("<arg>", (unsigned)i + 1, o.positional[i], strlen(o.positional[i]), &o);
        free(o.positional);
        return bad ? TMU_EXIT_FAIL : TMU_EXIT_OK;
    }
    free(o.positional);
    const char *path = o.input ? o.input : "-";
    const char *where = o.input ? o.input : "<stdin>";
    size_t len;
    char *buf = tmu_cli_read_file(path, &len);
    if (!buf)
        return TMU_EXIT_FAIL;
    unsigned line = 1;
    size_t start = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i == len || buf[i] == '\n') {
            bad |= asm_line(where, line, buf + start, i - start, &o);
            line++;
            start = i + 1;
        }
    }
    free(buf);
    return bad ? TMU_EXIT_FAIL : TMU_EXIT_OK;
}
