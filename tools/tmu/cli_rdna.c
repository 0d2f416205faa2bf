/* tmu disasm / asm for AMD RDNA MIMG (--gpu gfx10, gfx10.3, gfx11 and their llvm-mc names),
 * following llvm-mc 16.  Dispatched from cmd_disasm.c / cmd_asm.c when --gpu names an RDNA
 * generation (tmu_cli_gpu_is_rdna); --isa gcn covers both encodings.
 *
 * An RDNA instruction is 2-5 dwords (NSA), its length known from its first dword
 * (tmu_gcn_inst_dwords), so input is a dword stream cut by that rule, as llvm-mc -disassemble
 * cuts its bytes: raw little-endian code (--binary), or text tokens (a dword, or 9-16 hex digits
 * for a 64-bit word = DWORD0 | DWORD1 << 32, the GCN convention) separated by blanks, commas or
 * colons. */
#define _DEFAULT_SOURCE /* MAP_POPULATE */
#include "cli.h"
#include "cli_common.h"
#include "isa_cli.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define HAVE_FAST_DWORD4 1 /* AVX2, chosen at run time */
#endif

#include "tmu/gcn.h"

enum {
    O_ISA, O_GPU, O_SYNTAX, O_SHOW_ENCODING, O_BINARY, O_HEX, O_OFFSETS, O_INPUT, O_OUTPUT,
    O_COUNT
};

typedef struct rdna_opts {
    tmu_gcn_gen gen;
    int show_encoding, hex, offsets;
    unsigned paths; /* TMU_CLI_RDNA_TOKENS, TMU_CLI_RDNA_NO_AVX2: text paths taken (0 = all) */
    const char *binary; /* disasm: raw code to read; asm: raw code to write */
    const char *input;  /* asm: text file */
    const char *output; /* -o: the listing ("-" = stdout) */
    char **positional;
    int npositional;
} rdna_opts;

static void disasm_usage(FILE *out)
{
    fprintf(out,
            "usage: tmu disasm --gpu gfx10|gfx10.3|gfx11 [OPTIONS] [DWORDS... | -]\n"
            "\n"
            "Disassembles AMD RDNA MIMG instructions (gfx10 = gfx1010, gfx10.3 = gfx1030,\n"
            "gfx11 = gfx1100; llvm-mc -mcpu names work) into llvm-mc 16's text.  An instruction\n"
            "is 2-5 dwords (NSA address dwords follow the first two); its first dword gives its\n"
            "length, so the input is a dword stream cut by that rule, as llvm-mc cuts bytes.\n"
            "The arguments, or standard input ('-'), are that stream: dwords in memory order\n"
            "separated by ',' ':' or blanks (0xf0800f0a,0x00820004,0x00000005); a token of 9-16\n"
            "hex digits is a 64-bit word DWORD0 | DWORD1 << 32 ('#' or ';' start comments in\n"
            "standard input).  An invalid instruction prints nothing and an error\n"
            "'WHERE: DWORDS: REASON' on stderr (exit status 1); the stream goes on after it.\n"
            "\n"
            "  --gpu GPU            also -mcpu=GPU or --mcpu GPU (llvm-mc spellings)\n"
            "  --binary FILE        read raw little-endian code\n"
            "  --show-encoding      append '; encoding: [bytes]' as llvm-mc -show-encoding does\n"
            "                       (also -show-encoding)\n"
            "  --hex                prefix each line with its dwords\n"
            "  --offsets            prefix each line with the instruction's byte offset (hex)\n"
            "  -o FILE              write the listing to FILE ('-' = stdout) instead of stdout;\n"
            "                       FILE is replaced only when every instruction disassembled\n");
}

static void asm_usage(FILE *out)
{
    fprintf(out,
            "usage: tmu asm --gpu gfx10|gfx10.3|gfx11 [OPTIONS] [LINE... | -]\n"
            "\n"
            "Assembles AMD RDNA MIMG instructions in llvm-mc 16's syntax, one per argument, else\n"
            "one per line of stdin (or --input FILE): `dim:` is required, addresses are a range\n"
            "or an NSA list [v4, v9, v2], modifiers come in the order dmask dim unorm\n"
            "{glc slc dlc} r128 a16 tfe lwe d16.  Prints each instruction's dwords (0x%%08x,\n"
            "memory order, 2-5 per line).  Errors follow llvm-mc 16's messages and are reported as\n"
            "'tmu: error: asm: FILE:LINE:COLUMN: MESSAGE' (exit status 1); output files are then\n"
            "left as they were.\n"
            "\n"
            "  --gpu GPU            also -mcpu=GPU or --mcpu GPU (llvm-mc spellings)\n"
            "  --show-encoding      also print the instruction text and its bytes\n"
            "  --input FILE         read FILE instead of stdin ('-' = stdin)\n"
            "  --binary OUT         also write the code as raw little-endian bytes to OUT\n"
            "  -o FILE              write the dwords to FILE ('-' = stdout) instead of stdout\n"
            "Output files are written only when every line assembled, through a temporary\n"
            "file renamed over the target; an output that is also the input is refused.\n");
}

static const tmu_cli_option rdna_options[O_COUNT] = {
    [O_ISA] = {"--isa", NULL, TMU_CLI_VALUE},
    [O_GPU] = {"--gpu", "-mcpu --mcpu", TMU_CLI_VALUE},
    [O_SYNTAX] = {"--syntax", NULL, TMU_CLI_VALUE},
    [O_SHOW_ENCODING] = {"--show-encoding", "-show-encoding", TMU_CLI_FLAG},
    [O_BINARY] = {"--binary", NULL, TMU_CLI_VALUE},
    [O_HEX] = {"--hex", NULL, TMU_CLI_FLAG},
    [O_OFFSETS] = {"--offsets", NULL, TMU_CLI_FLAG},
    [O_INPUT] = {"--input", NULL, TMU_CLI_VALUE},
    [O_OUTPUT] = {"-o", "--output", TMU_CLI_VALUE},
};

/* Parses the options; returns -1 to go on, else an exit code. */
static int parse_common(int argc, char **argv, rdna_opts *o, int disasm)
{
    memset(o, 0, sizeof *o);
    o->positional = calloc((size_t)argc + 1, sizeof(char *));
    if (!o->positional)
        return tmu_cli_error(NULL, "out of memory");
    static const unsigned char for_disasm[O_COUNT] = {1, 1, 1, 1, 1, 1, 1, 0, 1};
    static const unsigned char for_asm[O_COUNT] = {1, 1, 1, 1, 1, 0, 0, 1, 1};
    tmu_cli_option opts[O_COUNT];
    for (int k = 0; k < O_COUNT; k++) {
        opts[k] = rdna_options[k];
        if (!(disasm ? for_disasm : for_asm)[k])
            opts[k].name = opts[k].alias = "";
    }
    tmu_cli_args a;
    tmu_cli_args_init(&a, argc, argv, opts, O_COUNT);
    const char *v;
    int k;
    while ((k = tmu_cli_next(&a, &v)) != TMU_CLI_END) {
        switch (k) {
        case TMU_CLI_HELP:
            (disasm ? disasm_usage : asm_usage)(stdout);
            return TMU_EXIT_OK;
        case TMU_CLI_ERROR:
            return TMU_EXIT_USAGE;
        case TMU_CLI_ARG:
            o->positional[o->npositional++] = (char *)v;
            break;
        case O_ISA: /* checked by the dispatcher */
            break;
        case O_GPU:
            if (tmu_gcn_gen_from_name(v, &o->gen) != TMU_OK || !TMU_GCN_GEN_IS_RDNA(o->gen)) {
                static const char *const names[] = {"gfx10", "gfx1010", "gfx10.3", "gfx1030",
                                                    "gfx11", "gfx1100"};
                return tmu_cli_unknown_name("--gpu", "RDNA GPU", v, names, 6);
            }
            break;
        case O_SYNTAX:
            if (strcmp(v, "llvm")) {
                static const char *const syn[] = {"llvm"};
                if (!strcmp(v, "clrx"))
                    return tmu_cli_usage_error("--syntax", "clrx syntax is for gfx6-9; RDNA "
                                                           "takes llvm syntax");
                return tmu_cli_unknown_name("--syntax", "syntax", v, syn, 1);
            }
            break;
        case O_SHOW_ENCODING: o->show_encoding = 1; break;
        case O_HEX: o->hex = 1; break;
        case O_OFFSETS: o->offsets = 1; break;
        case O_BINARY: o->binary = v; break;
        case O_INPUT: o->input = v; break;
        case O_OUTPUT: o->output = v; break;
        }
    }
    if (!a.seen[O_GPU])
        return tmu_cli_usage_error("--gpu", "missing: give gfx10, gfx10.3 or gfx11");
    return -1;
}

/* ---- disasm ------------------------------------------------------------------------------ */

/* Output lines are built into one buffer, written with a single fwrite when it fills (and
 * before anything goes to stderr). */
typedef struct rdna_out {
    FILE *f;
    char *buf;
    size_t n, cap;
} rdna_out;

#define LINE_MAX_ 640 /* one line: prefixes (5 dwords), text (< 256), 20 encoding bytes */

static void out_flush(rdna_out *out)
{
    if (out->n)
        fwrite(out->buf, 1, out->n, out->f);
    out->n = 0;
}

/* Starts an output buffer on f.  Returns 0, or TMU_EXIT_FAIL after "out of memory" (out_end is
 * still safe then). */
static int out_begin(rdna_out *out, FILE *f)
{
    out->f = f;
    out->n = 0;
    out->cap = (size_t)1 << 16;
    out->buf = malloc(out->cap);
    return out->buf ? TMU_EXIT_OK : tmu_cli_error(NULL, "out of memory");
}

/* Writes what the buffer holds and frees it. */
static void out_end(rdna_out *out)
{
    out_flush(out);
    free(out->buf);
    out->buf = NULL;
}

static const char hexd[] = "0123456789abcdef";

/* "0x%08x" of v at p; returns the end. */
static char *put_dword(char *p, uint32_t v)
{
    p[0] = '0';
    p[1] = 'x';
    for (int i = 0; i < 8; i++)
        p[2 + i] = hexd[(v >> (28 - 4 * i)) & 15];
    return p + 10;
}

/* The dwords of an instruction, space separated ("0xf0800f0a 0x00820004"). */
static char *put_dwords(char *p, const uint32_t *dw, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        if (i)
            *p++ = ' ';
        p = put_dword(p, dw[i]);
    }
    return p;
}

/* " ; encoding: [0x0a,0x0f,...]" over the instruction's bytes. */
static char *put_encoding(char *p, const uint32_t *dw, unsigned n)
{
    memcpy(p, " ; encoding: [", 14);
    p += 14;
    for (unsigned i = 0; i < 4 * n; i++) {
        unsigned b = (dw[i / 4] >> (8 * (i % 4))) & 0xff;
        p[0] = '0';
        p[1] = 'x';
        p[2] = hexd[b >> 4];
        p[3] = hexd[b & 15];
        p[4] = i + 1 < 4 * n ? ',' : ']';
        p += 5;
    }
    return p;
}

/* A stream of dwords to disassemble, with where each came from. */
typedef struct dword_stream {
    uint32_t *dw;
    uint32_t *line; /* text input: the line of each dword (0 for arguments / binary) */
    size_t n, cap;
} dword_stream;

static int push_dword(dword_stream *s, uint32_t v, uint32_t line)
{
    if (s->n == s->cap) {
        size_t nc = s->cap ? 2 * s->cap : 1024;
        uint32_t *a = realloc(s->dw, nc * sizeof *a);
        if (a)
            s->dw = a;
        uint32_t *b = realloc(s->line, nc * sizeof *b);
        if (b)
            s->line = b;
        if (!a || !b)
            return -1;
        s->cap = nc;
    }
    s->dw[s->n] = v;
    s->line[s->n++] = line;
    return 0;
}

/* Hex digit values + 1 (0: not a hex digit). */
static const unsigned char hex_plus1[256] = {
    ['0'] = 1,  ['1'] = 2,  ['2'] = 3,  ['3'] = 4,  ['4'] = 5,  ['5'] = 6,  ['6'] = 7,
    ['7'] = 8,  ['8'] = 9,  ['9'] = 10, ['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14,
    ['e'] = 15, ['f'] = 16, ['A'] = 11, ['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15,
    ['F'] = 16};

/* One token: "0x" + 1-8 hex digits = a dword, 9-16 = a 64-bit word (two dwords, low first);
 * '_' between digits allowed.  Returns the dword count (1 or 2), 0 when not a hex number. */
static int parse_token(const char *t, size_t len, uint32_t out[2])
{
    size_t i = 0;
    if (len >= 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X'))
        i = 2;
    uint64_t v = 0;
    unsigned digits = 0;
    for (; i < len; i++) {
        if (t[i] == '_' && digits)
            continue;
        unsigned d = hex_plus1[(unsigned char)t[i]];
        if (!d || digits == 16)
            return 0;
        v = v << 4 | (d - 1);
        digits++;
    }
    if (!digits)
        return 0;
    out[0] = (uint32_t)v;
    out[1] = (uint32_t)(v >> 32);
    return digits > 8 ? 2 : 1;
}

/* Tokens of text into the stream: separators blanks ',' ':'; '#' or ';' to the end of the
 * line is a comment.  A bad token is reported and skipped (*bad set).  Returns -1 when out of
 * memory. */
static int read_tokens(const char *name, const char *text, uint32_t first_line, dword_stream *s,
                       int *bad)
{
    uint32_t line = first_line;
    const char *p = text;
    while (*p) {
        if (*p == '\n') {
            line += first_line != 0;
            p++;
        } else if (*p == ' ' || *p == '\t' || *p == '\r' || *p == ',' || *p == ':') {
            p++;
        } else if (*p == '#' || *p == ';') {
            while (*p && *p != '\n')
                p++;
        } else {
            size_t k = strcspn(p, " \t\r\n,:#;");
            uint32_t v[2];
            int n = parse_token(p, k, v);
            if (!n) {
                char where[1100], echo[TMU_CLI_ECHO_BUF];
                if (first_line)
                    snprintf(where, sizeof where, "%s:%u", name, line);
                else
                    snprintf(where, sizeof where, "%s", name);
                tmu_cli_error(where, "'%s' is not a hex dword or 64-bit word",
                              tmu_cli_shorten_n(echo, p, k));
                *bad = 1;
            }
            for (int i = 0; i < n; i++)
                if (push_dword(s, v[i], line))
                    return -1;
            p += k;
        }
    }
    return 0;
}

/* Disassembles the stream; `name` and the dwords' lines (text) or byte offsets (binary and
 * arguments: arg_of maps a dword to its argument number, or NULL) say where an error is.
 * `base` is the number of dwords before s->dw[0] in the whole input (for --offsets and binary
 * offsets); with text input s->line may hold just the line of s->dw[0] (one instruction). */
static int disasm_stream_at(const rdna_opts *o, const dword_stream *s, const char *name, int binary,
                            const int *arg_of, size_t base, rdna_out *out, size_t *stop)
{
    int bad = 0;
    char where[1100], reason[TMU_GCN_TEXT_MAX];
    size_t i = 0;
    while (i < s->n) {
        const uint32_t *dw = s->dw + i;
        size_t left = s->n - i;
        if (!o->offsets && !o->hex && !o->show_encoding) { /* valid runs straight into the output */
            if (out->cap - out->n < LINE_MAX_)
                out_flush(out);
            size_t used = 0;
            out->n += tmu_gcn_disasm_lines(o->gen, dw, left, out->buf + out->n, out->cap - out->n,
                                           &used);
            i += used;
            if (used) /* stopped by the buffer's end, an invalid instruction or the stream's */
                continue;
        }
        if (stop && tmu_gcn_inst_dwords(o->gen, dw[0]) > left)
            break; /* cut short by the end: the caller reports it */
        if (!o->offsets && !o->hex) { /* one instruction straight into the output */
            if (out->cap - out->n < LINE_MAX_)
                out_flush(out);
            char *q = out->buf + out->n;
            unsigned used = 0;
            int t = tmu_gcn_disasm_dwords(o->gen, dw, left, &used, TMU_GCN_SYNTAX_LLVM, q,
                                          TMU_GCN_TEXT_MAX, NULL);
            if (t >= 0) {
                q += t;
                if (o->show_encoding)
                    q = put_encoding(q, dw, used);
                *q++ = '\n';
                out->n = (size_t)(q - out->buf);
                i += used;
                continue;
            }
        }
        unsigned len = tmu_gcn_inst_dwords(o->gen, dw[0]);
        size_t take = len < left ? len : left;
        if (out->cap - out->n < LINE_MAX_)
            out_flush(out);
        char *line = out->buf + out->n, *p = line;
        if (o->offsets)
            p += sprintf(p, "%06zx:  ", 4 * (base + i));
        if (o->hex) {
            p = put_dwords(p, dw, (unsigned)take);
            *p++ = ' ';
            *p++ = ' ';
        }
        tmu_diag d;
        unsigned used = 0;
        int k = tmu_gcn_disasm_dwords(o->gen, dw, left, &used, TMU_GCN_SYNTAX_LLVM, p,
                                      TMU_GCN_TEXT_MAX, &d);
        if (k < 0) {
            if (binary)
                snprintf(where, sizeof where, "%s+0x%zx", name, 4 * (base + i));
            else if (arg_of)
                snprintf(where, sizeof where, "argument %d", arg_of[i]);
            else
                snprintf(where, sizeof where, "%s:%u", name, s->line[i]);
            *put_dwords(reason, dw, (unsigned)take) = 0;
            out_flush(out);
            fflush(out->f);
            tmu_cli_error(where, "%s: %s", reason, d.message);
            bad = 1;
        } else {
            p += k;
            if (o->show_encoding)
                p = put_encoding(p, dw, used);
            *p++ = '\n';
            out->n = (size_t)(p - out->buf);
        }
        i += take ? take : 1;
    }
    if (stop)
        *stop = i;
    return bad;
}

static int disasm_stream(const rdna_opts *o, const dword_stream *s, const char *name, int binary,
                         const int *arg_of, rdna_out *out)
{
    return disasm_stream_at(o, s, name, binary, arg_of, 0, out, NULL);
}

/* One instruction of text input (s->line[0] its line), `base` dwords into the input. */
static int disasm_window(const rdna_opts *o, const dword_stream *s, const char *name, size_t base,
                         rdna_out *out)
{
    return disasm_stream_at(o, s, name, 0, NULL, base, out, NULL);
}

/* Whether c separates tokens (blank, ',' ':'), ends a line or starts a comment: what ends a
 * token in read_tokens. */
static const unsigned char token_end[256] = {
    [0] = 1, [' '] = 1, ['\t'] = 1, ['\r'] = 1, ['\n'] = 1, [','] = 1, [':'] = 1, ['#'] = 1,
    [';'] = 1};

/* The 32-bit value whose bytes, least significant first, are those of w, most significant
 * first. */
static inline uint32_t swap32(uint32_t w)
{
#if defined(__GNUC__)
    return __builtin_bswap32(w);
#else
    return w >> 24 | (w >> 8 & 0xff00u) | (w << 8 & 0xff0000u) | w << 24;
#endif
}

/* The common token "0x" + 8 hex digits at p, followed by a separator or the end: its value
 * in *v and 1, else 0 (the caller takes the general path).  The eight digits are checked and
 * converted together: 16 bytes in an SSE2 register where 16 bytes are left (tokens followed by
 * a blank or a newline), else one byte per digit in a 64-bit word. */
static inline __attribute__((always_inline)) int fast_dword(const char *p, const char *end,
                                                            uint32_t *v)
{
#ifdef __SSE2__
    if (end - p >= 16) {
        /* bytes 0-1 "0x" / "0X", 2-9 hex digits, 10 a blank or a newline, all at once (any
         * other separator: the scalar path below) */
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
        __m128i low = _mm_or_si128(x, _mm_set1_epi8(0x20));
        __m128i prefix = _mm_cmpeq_epi8(_mm_or_si128(x, _mm_setr_epi8(0, 0x20, 0, 0, 0, 0, 0, 0,
                                                                      0, 0, 0, 0, 0, 0, 0, 0)),
                                        _mm_setr_epi8('0', 'x', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                                      0, 0, 0));
        __m128i sep = _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8(' ')),
                                   _mm_cmpeq_epi8(x, _mm_set1_epi8('\n')));
        /* bytes >= 0x80 compare as negative: neither digit nor letter */
        __m128i digit = _mm_and_si128(_mm_cmpgt_epi8(x, _mm_set1_epi8('0' - 1)),
                                      _mm_cmpgt_epi8(_mm_set1_epi8('9' + 1), x));
        __m128i letter = _mm_and_si128(_mm_cmpgt_epi8(low, _mm_set1_epi8('a' - 1)),
                                       _mm_cmpgt_epi8(_mm_set1_epi8('f' + 1), low));
        unsigned m = (unsigned)_mm_movemask_epi8(prefix) & 0x003u;
        m |= (unsigned)_mm_movemask_epi8(_mm_or_si128(digit, letter)) & 0x3fcu;
        m |= (unsigned)_mm_movemask_epi8(sep) & 0x400u;
        if (m == 0x7ffu) {
            /* digit values: the low nibble, + 9 for a letter ('a' = 0x61, 'A' = 0x41) */
            __m128i val = _mm_add_epi8(_mm_and_si128(x, _mm_set1_epi8(0x0f)),
                                       _mm_and_si128(letter, _mm_set1_epi8(9)));
            /* 16-bit lane j (bytes 2j, 2j + 1): the byte of the two digits, in its low 8 bits */
            __m128i pair =
                _mm_or_si128(_mm_slli_epi16(_mm_and_si128(val, _mm_set1_epi16(0x00ff)), 4),
                             _mm_srli_epi16(val, 8));
            __m128i bytes = _mm_packus_epi16(pair, pair); /* byte j = lane j */
            /* lanes 1-4 = digits 2-9, the most significant byte first */
            *v = swap32((uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(bytes, 1)));
            return 1;
        }
    }
#endif
    if (end - p < 10 || p[0] != '0' || (p[1] | 0x20) != 'x' ||
        (end - p > 10 && !token_end[(unsigned char)p[10]]))
        return 0;
    uint64_t x; /* digit i (most significant first) in byte i */
    memcpy(&x, p + 2, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    x = __builtin_bswap64(x);
#endif
    const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
    if (x & high)
        return 0;
    /* per byte b (< 0x80, so no carries between bytes): b in '0'..'9', or b | 0x20 in 'a'..'f' */
    uint64_t digit = (x + 0x50 * ones) & ~(x + 0x46 * ones) & high;
    uint64_t y = x | 0x20 * ones;
    uint64_t letter = (y + 0x1f * ones) & ~(y + 0x19 * ones) & high;
    if ((digit | letter) != high)
        return 0;
    uint64_t nib = (x & 0x0f * ones) + (letter >> 7) * 9; /* each byte its digit's value */
    /* 16-bit lane k: digits 2k (high) and 2k + 1 as one byte; then the four bytes, the most
     * significant first, gathered and put in order */
    uint64_t b = ((nib << 4) + (nib >> 8)) & 0x00ff00ff00ff00ffu;
    b = (b | b >> 8) & 0x0000ffff0000ffffu;
    *v = swap32((uint32_t)(b | b >> 16));
    return 1;
}

/* The instruction gathered in win[0 .. nwin-1] (whole, or cut short at the end of the input),
 * from line `line` and `pos` dwords into the input: the common case straight into the output,
 * anything else (prefixes, an invalid or truncated instruction) through disasm_window.
 * Returns 1 when an error was reported. */
static int disasm_gathered(const rdna_opts *o, const char *name, uint32_t *win, unsigned nwin,
                           uint32_t line, size_t pos, rdna_out *out)
{
    if (!o->offsets && !o->hex) {
        if (out->cap - out->n < LINE_MAX_)
            out_flush(out);
        char *q = out->buf + out->n;
        unsigned used;
        int t = tmu_gcn_disasm_dwords(o->gen, win, nwin, &used, TMU_GCN_SYNTAX_LLVM, q,
                                      TMU_GCN_TEXT_MAX, NULL);
        if (t >= 0) {
            q += t;
            if (o->show_encoding)
                q = put_encoding(q, win, used);
            *q++ = '\n';
            out->n = (size_t)(q - out->buf);
            return 0;
        }
    }
    dword_stream one = {win, &line, nwin, TMU_GCN_MAX_DWORDS};
    return disasm_window(o, &one, name, pos, out);
}

/* Where text disassembly stands between pieces of the input: the dwords of an instruction
 * gathered so far (an instruction may span lines), the line, the dwords before the window (the
 * byte offset for --offsets) and whether an error was reported. */
typedef struct text_state {
    uint32_t win[TMU_GCN_MAX_DWORDS], win_line, line;
    unsigned nwin, need;
    size_t pos;
    int bad;
} text_state;

#if defined(__SSE2__) && defined(__x86_64__)
#define HAVE_FAST_DWORD2 1
/* Whether c is ' ' or '\n' (0 or 1), without a branch. */
static inline unsigned blank_or_newline(unsigned char c)
{
    return (unsigned)(c == ' ') | (unsigned)(c == '\n');
}

/* Two tokens "0x" + 8 hex digits, each followed by ' ' or '\n', at p and p + 11 (27 bytes
 * readable): their values in v[0], v[1] and 1, else 0 (fast_dword decides token by token).
 * The sixteen digits are checked and converted in one SSE2 register; the prefixes and
 * separators as scalars. */
static inline __attribute__((always_inline)) int fast_dword2(const char *p, uint32_t *v)
{
    uint16_t x0, x1; /* "0x" or "0X": bytes '0' then 'x', with bit 5 of the second forced */
    memcpy(&x0, p, 2);
    memcpy(&x1, p + 11, 2);
    unsigned ok = (unsigned)((x0 | 0x2000u) == ('0' | 'x' << 8)) &
                  (unsigned)((x1 | 0x2000u) == ('0' | 'x' << 8)) &
                  blank_or_newline((unsigned char)p[10]) & blank_or_newline((unsigned char)p[21]);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    ok = 0; /* the prefix test above reads the bytes little-endian */
#endif
    /* the digits of the first token in bytes 0-7, of the second in 8-15 */
    __m128i a = _mm_loadl_epi64((const __m128i *)(const void *)(p + 2));
    __m128i b = _mm_loadl_epi64((const __m128i *)(const void *)(p + 13));
    __m128i x = _mm_unpacklo_epi64(a, b);
    __m128i t = _mm_sub_epi8(x, _mm_set1_epi8('0'));
    __m128i digit = _mm_cmpeq_epi8(_mm_min_epu8(t, _mm_set1_epi8(9)), t);
    __m128i l = _mm_sub_epi8(_mm_or_si128(x, _mm_set1_epi8(0x20)), _mm_set1_epi8('a'));
    __m128i letter = _mm_cmpeq_epi8(_mm_min_epu8(l, _mm_set1_epi8(5)), l);
    ok &= (unsigned)_mm_movemask_epi8(_mm_or_si128(digit, letter)) == 0xffffu;
    if (!ok)
        return 0;
    /* digit values: the low nibble, + 9 for a letter ('a' = 0x61, 'A' = 0x41) */
    __m128i val = _mm_add_epi8(_mm_and_si128(x, _mm_set1_epi8(0x0f)),
                               _mm_and_si128(letter, _mm_set1_epi8(9)));
    /* 16-bit lane j (bytes 2j, 2j + 1): the byte of the two digits, in its low 8 bits */
    __m128i pair = _mm_or_si128(_mm_slli_epi16(_mm_and_si128(val, _mm_set1_epi16(0x00ff)), 4),
                                _mm_srli_epi16(val, 8));
    /* bytes 0-3: the first value's, most significant first; 4-7: the second's */
    uint64_t w = (uint64_t)_mm_cvtsi128_si64(_mm_packus_epi16(pair, pair));
    v[0] = swap32((uint32_t)w);
    v[1] = swap32((uint32_t)(w >> 32));
    return 1;
}
#endif

#ifdef HAVE_FAST_DWORD4
/* Whether each byte is ' ' or '\n', the separators a run's tokens take. */
static const unsigned char run_sep[256] = {[' '] = 1, ['\n'] = 1};

/* fast_dword2 four tokens at a time with AVX2 (the caller checks that the CPU has it): from
 * p (before end), groups of four "0x" + 8-digit tokens each followed by ' ' or '\n' into dw[],
 * at most max dwords; returns how many were read (a multiple of 4; the rest is left to
 * fast_dword2 and fast_dword).  The 32 digits are checked and converted in one register. */
__attribute__((target("avx2"))) static size_t fast_dwords4(const char *p, const char *end,
                                                           uint32_t *dw, size_t max,
                                                           uint32_t *newlines)
{
    size_t k = 0;
    uint32_t nl = 0;
    const __m256i c0 = _mm256_set1_epi8('0'), c9 = _mm256_set1_epi8(9);
    const __m256i c20 = _mm256_set1_epi8(0x20), ca = _mm256_set1_epi8('a');
    const __m256i c5 = _mm256_set1_epi8(5), cf = _mm256_set1_epi8(0x0f);
    const __m256i c9b = _mm256_set1_epi8(9), cff = _mm256_set1_epi16(0x00ff);
    /* per 128-bit lane: bytes 0-3 of the first value, most significant first, then the
     * second's (the pairs of digits are bytes 0, 2, ..., 14 of the lane) */
    const __m256i order = _mm256_setr_epi8(6, 4, 2, 0, 14, 12, 10, 8, -1, -1, -1, -1, -1, -1,
                                           -1, -1, 6, 4, 2, 0, 14, 12, 10, 8, -1, -1, -1, -1,
                                           -1, -1, -1, -1);
    while (k + 4 <= max && end - p >= 44) {
        unsigned ok = 1, n = 0;
        for (int t = 0; t < 4; t++) {
            uint16_t x;
            memcpy(&x, p + 11 * t, 2);
            ok &= (unsigned)((x | 0x2000u) == ('0' | 'x' << 8)) &
                  run_sep[(unsigned char)p[11 * t + 10]];
            n += p[11 * t + 10] == '\n';
        }
        __m128i lo = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(const void *)(p + 2)),
                                        _mm_loadl_epi64((const __m128i *)(const void *)(p + 13)));
        __m128i hi = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(const void *)(p + 24)),
                                        _mm_loadl_epi64((const __m128i *)(const void *)(p + 35)));
        __m256i x = _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
        __m256i t = _mm256_sub_epi8(x, c0);
        __m256i digit = _mm256_cmpeq_epi8(_mm256_min_epu8(t, c9), t);
        __m256i l = _mm256_sub_epi8(_mm256_or_si256(x, c20), ca);
        __m256i letter = _mm256_cmpeq_epi8(_mm256_min_epu8(l, c5), l);
        ok &= (unsigned)_mm256_movemask_epi8(_mm256_or_si256(digit, letter)) == 0xffffffffu;
        if (!ok)
            break;
        __m256i val = _mm256_add_epi8(_mm256_and_si256(x, cf), _mm256_and_si256(letter, c9b));
        __m256i pair = _mm256_or_si256(_mm256_slli_epi16(_mm256_and_si256(val, cff), 4),
                                       _mm256_srli_epi16(val, 8));
        __m256i v = _mm256_shuffle_epi8(pair, order);
        uint64_t a = (uint64_t)_mm256_extract_epi64(v, 0), b = (uint64_t)_mm256_extract_epi64(v, 2);
        memcpy(dw + k, &a, 8);
        memcpy(dw + k + 2, &b, 8);
        p += 44;
        k += 4;
        nl += n;
    }
    *newlines += nl;
    return k;
}
#endif

/* The dwords of a run of text tokens read at once: a run is at most this many. */
#define RUN_MAX 1024

/* A run of text at p (before end) made only of "0x" + 8-digit tokens each followed by one
 * blank or newline, so that dword j is the token at p + 11 j: its dwords are read in
 * batches (4, then doubling) and disassembled by tmu_gcn_disasm_lines straight into the
 * output, as the stream they are (an instruction may span lines), for as long as every
 * instruction is valid and whole.  Returns the dwords consumed (whole instructions); *lines
 * receives the newlines in their text.  It stops before the first token of another form
 * (or the end), before an instruction that is invalid (its reason comes from the token path,
 * which takes over there) and before one whose dwords the run does not hold entirely; so at
 * most a batch of tokens is read twice.  The newlines are counted as the tokens are read
 * (those of tokens read but not consumed taken off at the end of each batch). */
static size_t disasm_run(tmu_gcn_gen gen, const char *p, const char *end, rdna_out *out,
                         uint32_t *lines, int avx2)
{
    (void)avx2;
    uint32_t dw[RUN_MAX];
    size_t have = 0, done = 0, batch = 4;
    uint32_t nl = 0; /* newlines after the tokens read (consumed or pending) */
    for (;;) {
        size_t lim = have + batch < RUN_MAX ? have + batch : RUN_MAX;
        const char *q = p + 11 * (done + have);
#ifdef HAVE_FAST_DWORD4
        if (avx2) {
            size_t got = fast_dwords4(q, end, dw + have, lim - have, &nl);
            have += got;
            q += 11 * got;
        }
#endif
#ifdef HAVE_FAST_DWORD2
        while (have + 2 <= lim && end - q >= 27 && fast_dword2(q, &dw[have])) {
            nl += (uint32_t)(q[10] == '\n') + (uint32_t)(q[21] == '\n');
            q += 22;
            have += 2;
        }
#endif
        /* a run's separator is one blank or newline, checked here: fast_dword also takes a
         * token that ends in any other separator or a comment ("0x...#c"), which would put
         * the next token elsewhere than 11 bytes on (tests/fuzz/fuzz_cli_rdna_text.c found it) */
        while (have < lim && end - q >= 11 && (q[10] == ' ' || q[10] == '\n') &&
               fast_dword(q, end, &dw[have])) {
            nl += q[10] == '\n';
            q += 11;
            have++;
        }
        int more = have == lim; /* the tokens may go on past the batch */
        size_t u = 0;
        while (u < have) {
            if (out->cap - out->n < LINE_MAX_)
                out_flush(out);
            size_t got = 0;
            out->n += tmu_gcn_disasm_lines(gen, dw + u, have - u, out->buf + out->n,
                                           out->cap - out->n, &got);
            if (!got)
                break;
            u += got;
        }
        done += u;
        have -= u;
        memmove(dw, dw + u, have * sizeof dw[0]);
        /* stop at the end of the run, or at an instruction the run holds whole but
         * tmu_gcn_disasm_lines refused; the newlines of the tokens not consumed are not
         * the run's */
        if (!more || (have && have >= tmu_gcn_inst_dwords(gen, dw[0]))) {
            for (size_t j = 0; j < have; j++)
                nl -= p[11 * (done + j) + 10] == '\n';
            break;
        }
        batch = batch < RUN_MAX / 2 ? 2 * batch : RUN_MAX / 2;
    }
    *lines = nl;
    return done;
}

/* Text (`len` bytes of whole lines, no NUL inside) disassembled in one pass, as read_tokens
 * then disasm_stream would but without building the whole dword stream: dwords gather in a
 * window of one instruction, which is disassembled as soon as it is whole; errors (bad tokens,
 * bad instructions) are reported in input order with their line.  A line that starts with a
 * whole instruction as "0x" + 8-digit tokens one blank apart is read in one step.  `st` carries
 * the window and the line from one piece to the next (text_end ends the input). */
static void disasm_text(const rdna_opts *o, const char *name, const char *text, size_t len,
                        rdna_out *out, text_state *st)
{
    uint32_t *win = st->win, win_line = st->win_line, line = st->line;
    unsigned nwin = st->nwin, need = st->need;
    size_t pos = st->pos;
    int bad = 0;
    const char *p = text, *end = text + len;
    /* a run (disasm_run) is tried where an instruction starts with a token "0x...", except
     * again at the dword where the last run stopped (the token path takes that instruction) */
    int tokens = (o->paths & TMU_CLI_RDNA_TOKENS) != 0; /* the per-token path only */
    int plain = !o->offsets && !o->hex && !o->show_encoding && !tokens;
    size_t run_stop = (size_t)-1;
    int avx2 = 0;
#ifdef HAVE_FAST_DWORD4
    __builtin_cpu_init();
    avx2 = __builtin_cpu_supports("avx2") && !(o->paths & TMU_CLI_RDNA_NO_AVX2);
#endif
    while (p < end) {
        uint32_t v[2];
        int n;
        unsigned char c = (unsigned char)*p;
        if (!nwin && c == '0' && plain && pos != run_stop) {
            uint32_t lines = 0;
            size_t u = disasm_run(o->gen, p, end, out, &lines, avx2);
            p += 11 * u;
            pos += u;
            line += lines;
            run_stop = pos;
            continue;
        }
        if (!nwin && c == '0' && pos != run_stop && !tokens) {
            /* the common line (not where a run just stopped: it refused what follows): one instruction as "0x" + 8-digit tokens one blank apart,
             * disassembled straight into the output when it takes exactly those dwords and
             * is valid; anything else is read again below, token by token */
            /* the window padded with zeros to its full size: the instruction is taken only
             * when its length is the k dwords read */
            memset(win, 0, TMU_GCN_MAX_DWORDS * sizeof win[0]);
            unsigned k = 0;
            const char *q = p, *qend = p;
            while (fast_dword(q, end, &win[k])) {
                qend = q + 10;
                if (++k == TMU_GCN_MAX_DWORDS || qend == end || *qend != ' ')
                    break;
                q = qend + 1;
            }
            if (k >= 2 && !o->offsets && !o->hex) {
                if (out->cap - out->n < LINE_MAX_)
                    out_flush(out);
                char *w = out->buf + out->n;
                unsigned used = 0;
                int t = tmu_gcn_disasm_dwords(o->gen, win, TMU_GCN_MAX_DWORDS, &used,
                                              TMU_GCN_SYNTAX_LLVM, w, TMU_GCN_TEXT_MAX, NULL);
                if (t >= 0 && used == k) {
                    w += t;
                    if (o->show_encoding)
                        w = put_encoding(w, win, used);
                    *w++ = '\n';
                    out->n = (size_t)(w - out->buf);
                    pos += k;
                    p = qend;
                    continue;
                }
            }
        }
        if (c == '\n') {
            line++;
            p++;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == ',' || c == ':') {
            p++;
            continue;
        }
        if (c == '#' || c == ';') {
            while (p < end && *p != '\n')
                p++;
            continue;
        }
        size_t k;
        if (!tokens && fast_dword(p, end, v)) {
            n = 1;
            k = 10;
        } else {
            k = 0;
            while (p + k < end && !token_end[(unsigned char)p[k]])
                k++;
            n = parse_token(p, k, v);
            if (!n) {
                char where[1100], echo[TMU_CLI_ECHO_BUF];
                snprintf(where, sizeof where, "%s:%u", name, line);
                out_flush(out);
                fflush(out->f);
                tmu_cli_error(where, "'%s' is not a hex dword or 64-bit word",
                              tmu_cli_shorten_n(echo, p, k));
                bad = 1;
            }
        }
        p += k;
        for (int i = 0; i < n; i++) {
            if (!nwin) {
                win_line = line;
                need = tmu_gcn_inst_dwords(o->gen, v[i]);
            }
            win[nwin++] = v[i];
            if (nwin == need) {
                bad |= disasm_gathered(o, name, win, nwin, win_line, pos, out);
                pos += nwin;
                nwin = 0;
            }
        }
    }
    st->win_line = win_line;
    st->line = line;
    st->nwin = nwin;
    st->need = need;
    st->pos = pos;
    st->bad |= bad;
}

/* The end of the text input: a last instruction cut short is reported as truncated. */
static void text_end(const rdna_opts *o, const char *name, rdna_out *out, text_state *st)
{
    if (st->nwin)
        st->bad |= disasm_gathered(o, name, st->win, st->nwin, st->win_line, st->pos, out);
    st->nwin = 0;
}

/* Text read from fd (standard input: name "<stdin>"), in pieces of whole lines (a piece of
 * `piece` bytes, 128 KiB for the CLI, and more grows while a line does not end in it, up to
 * TMU_CLI_INPUT_MAX) and disassembled piece by piece, so that the input is read once into one
 * small buffer.  A NUL byte stops it with an error (text input holds none; the pieces before it
 * are out).  Returns TMU_EXIT_OK or TMU_EXIT_FAIL (an error reported); st->bad says whether an
 * instruction or token was refused. */
static int disasm_fd(const rdna_opts *o, int fd, const char *name, size_t piece, rdna_out *out,
                     text_state *st)
{
    size_t cap = piece ? piece : 1, have = 0;
    char *buf = malloc(cap);
    if (!buf)
        return tmu_cli_error(NULL, "out of memory");
    int rc = TMU_EXIT_OK;
    for (;;) {
        ssize_t got = read(fd, buf + have, cap - have);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            out_flush(out);
            rc = tmu_cli_error(name, "cannot read: %s", strerror(errno));
            break;
        }
        if (memchr(buf + have, 0, (size_t)got)) {
            out_flush(out);
            rc = tmu_cli_error(name, "input contains a NUL byte (use --binary - for raw code)");
            break;
        }
        have += (size_t)got;
        size_t upto = have; /* whole lines, or everything at the end */
        if (got > 0) {
            /* the last newline is among the bytes just read, if anywhere: what was kept from
             * before holds none */
            size_t from = have - (size_t)got;
            while (upto > from && buf[upto - 1] != '\n')
                upto--;
            if (upto == from)
                upto = 0;
            if (upto == 0) { /* no line ends in the piece: a longer piece */
                if (have < cap)
                    continue;
                if (cap >= TMU_CLI_INPUT_MAX) {
                    out_flush(out);
                    rc = tmu_cli_error(name, "a line longer than %zu MiB", TMU_CLI_INPUT_MAX >> 20);
                    break;
                }
                char *nb = realloc(buf, 2 * cap);
                if (!nb) {
                    rc = tmu_cli_error(NULL, "out of memory");
                    break;
                }
                buf = nb;
                cap *= 2;
                continue;
            }
        }
        disasm_text(o, name, buf, upto, out, st);
        memmove(buf, buf + upto, have - upto);
        have -= upto;
        if (got == 0)
            break;
    }
    if (rc == TMU_EXIT_OK)
        text_end(o, name, out, st);
    free(buf);
    return rc;
}

/* --binary PATH: a regular file mapped (no copy; recorded as an input like
 * tmu_cli_read_file's; *mapped = its size), anything else read by tmu_cli_read_file (*mapped =
 * 0).  Release with release_input. */
static char *input_binary(const char *path, size_t *len, size_t *mapped)
{
    *mapped = 0;
    if (strcmp(path, "-")) {
        int fd = open(path, O_RDONLY);
        struct stat st;
        if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
            (uint64_t)st.st_size <= TMU_CLI_INPUT_MAX) {
#ifdef MAP_POPULATE
            int flags = MAP_PRIVATE | MAP_POPULATE;
#else
            int flags = MAP_PRIVATE;
#endif
            void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, flags, fd, 0);
            if (m != MAP_FAILED) {
                tmu_cli_note_input_fd(fd, path);
                close(fd);
                *mapped = *len = (size_t)st.st_size;
                return m;
            }
        }
        if (fd >= 0)
            close(fd);
    }
    return tmu_cli_read_file(path, len);
}

static void release_input(char *buf, size_t len, size_t mapped)
{
    if (mapped)
        munmap(buf + len - mapped, mapped);
    else
        free(buf);
}

/* The text path over fd from its first line: disasm_fd with a fresh text_state; *bad gets its
 * findings (or-ed in). */
static int disasm_text_fd(const rdna_opts *o, int fd, const char *name, size_t piece, rdna_out *out, int *bad)
{
    text_state st = {{0}, 1, 1, 0, 0, 0, 0};
    int rc = disasm_fd(o, fd, name, piece, out, &st);
    *bad |= st.bad;
    return rc;
}

int tmu_cli_disasm_rdna(int argc, char **argv)
{
    tmu_cli_set_command(argv[0], disasm_usage);
    rdna_opts o;
    int rc = parse_common(argc, argv, &o, 1);
    if (rc >= 0) {
        free(o.positional);
        return rc;
    }
    int from_stdin = o.npositional == 1 && !strcmp(o.positional[0], "-");
    if (o.binary && o.npositional) {
        free(o.positional);
        return tmu_cli_usage_error("--binary", "give either --binary FILE or instructions, not both");
    }
    if (!o.binary && o.npositional > 1 && from_stdin) {
        free(o.positional);
        return tmu_cli_usage_error("-", "give instructions as arguments or '-' for stdin, not both");
    }
    tmu_cli_output file;
    const char *inputs[1] = {o.binary};
    if (tmu_cli_output_open(&file, o.output ? o.output : "-", 0, inputs, 1)) {
        free(o.positional);
        return TMU_EXIT_FAIL;
    }
    rdna_out out;
    dword_stream s = {NULL, NULL, 0, 0};
    int bad = 0;
    rc = out_begin(&out, file.f);
    if (rc == TMU_EXIT_OK && o.binary) {
        size_t len, mapped;
        char *buf = input_binary(o.binary, &len, &mapped);
        const char *name = strcmp(o.binary, "-") ? o.binary : "<stdin>";
        if (!buf)
            rc = TMU_EXIT_FAIL;
        uint32_t *own = NULL; /* the dwords when they are not the mapped file itself */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        if (buf && mapped && len >= 4) { /* page-aligned little-endian dwords: used in place */
            s.dw = (uint32_t *)(void *)buf;
            s.n = s.cap = len / 4;
        }
#endif
        if (buf && len >= 4 && !s.dw) { /* the dwords, in one array (no per-dword line: binary) */
            own = s.dw = malloc(len / 4 * sizeof *s.dw);
            if (!s.dw)
                rc = tmu_cli_error(NULL, "out of memory");
            for (size_t i = 0; s.dw && i + 4 <= len; i += 4)
                s.dw[s.n++] = (uint32_t)(unsigned char)buf[i] | (uint32_t)(unsigned char)buf[i + 1] << 8 |
                              (uint32_t)(unsigned char)buf[i + 2] << 16 |
                              (uint32_t)(unsigned char)buf[i + 3] << 24;
            s.cap = s.n;
        }
        if (buf && rc == TMU_EXIT_OK) {
            /* whole instructions only: a last one cut short is reported, not guessed at
             * (the stream stops before it) */
            size_t end = 0;
            bad |= disasm_stream_at(&o, &s, name, 1, NULL, 0, &out, &end);
            if (end != s.n || len % 4) {
                char where[1100];
                out_flush(&out);
                snprintf(where, sizeof where, "%s+0x%zx", name, 4 * end);
                rc = tmu_cli_error(where, "%zu trailing bytes do not make a whole instruction",
                                   len - 4 * end);
            }
        }
        if (s.dw != own) /* the mapping: released here, not freed below */
            s.dw = NULL;
        if (buf)
            release_input(buf, len, mapped);
    } else if (rc == TMU_EXIT_OK && o.npositional && !from_stdin) {
        /* the arguments make one stream (an instruction may span several); errors name the
         * argument of the instruction's first dword */
        int *arg_of = NULL;
        for (int i = 0; i < o.npositional && rc == TMU_EXIT_OK; i++) {
            char where[32];
            snprintf(where, sizeof where, "argument %d", i + 1);
            size_t before = s.n;
            if (read_tokens(where, o.positional[i], 0, &s, &bad))
                rc = tmu_cli_error(NULL, "out of memory");
            int *a = realloc(arg_of, (s.cap ? s.cap : 1) * sizeof *a);
            if (!a) {
                rc = tmu_cli_error(NULL, "out of memory");
                break;
            }
            arg_of = a;
            for (size_t k = before; k < s.n; k++)
                arg_of[k] = i + 1;
        }
        if (rc == TMU_EXIT_OK)
            bad |= disasm_stream(&o, &s, "argument", 0, arg_of, &out);
        free(arg_of);
    } else if (rc == TMU_EXIT_OK) {
        rc = disasm_text_fd(&o, 0, "<stdin>", (size_t)1 << 17, &out, &bad);
    }
    out_end(&out);
    free(s.dw);
    free(s.line);
    free(o.positional);
    if (rc == TMU_EXIT_OK && bad)
        rc = TMU_EXIT_FAIL;
    int closed = tmu_cli_output_close(&file, rc == TMU_EXIT_OK || tmu_cli_output_is_stdout(&file));
    return rc != TMU_EXIT_OK ? rc : closed;
}

int tmu_cli_disasm_rdna_fd(tmu_gcn_gen gen, unsigned flags, int fd, const char *name, size_t piece,
                           FILE *f, int *bad)
{
    rdna_opts o;
    memset(&o, 0, sizeof o);
    o.gen = gen;
    o.show_encoding = (flags & TMU_CLI_RDNA_SHOW_ENCODING) != 0;
    o.hex = (flags & TMU_CLI_RDNA_HEX) != 0;
    o.offsets = (flags & TMU_CLI_RDNA_OFFSETS) != 0;
    o.paths = flags & (TMU_CLI_RDNA_TOKENS | TMU_CLI_RDNA_NO_AVX2);
    rdna_out out;
    *bad = 0;
    int rc = out_begin(&out, f);
    if (rc == TMU_EXIT_OK)
        rc = disasm_text_fd(&o, fd, name, piece, &out, bad);
    out_end(&out);
    return rc;
}

/* ---- asm --------------------------------------------------------------------------------- */

/* Assembled instructions, kept until every line has been read. */
typedef struct insts {
    uint32_t *dw;   /* all dwords, one instruction after another */
    uint8_t *len;   /* dwords per instruction */
    char **text;    /* --show-encoding: the printed instruction, per instruction */
    size_t n, ndw, cap, capdw;
} insts;

typedef struct asm_ctx {
    const rdna_opts *o;
    insts *is;
} asm_ctx;

/* Assembles one line (a tmu_cli_line_fn over an asm_ctx); returns 0 ok / empty, 1 on error
 * (reported), -1 out of memory. */
static int asm_line(void *ctx, const char *where, unsigned line, const char *text, size_t len)
{
    const rdna_opts *o = ((asm_ctx *)ctx)->o;
    insts *is = ((asm_ctx *)ctx)->is;
    if (tmu_cli_asm_skip_line(text, &len))
        return 0;
    tmu_gcn_mimg inst;
    tmu_diag d;
    uint32_t dw[TMU_GCN_MAX_DWORDS];
    unsigned n = 0;
    if (tmu_gcn_assemble(o->gen, TMU_GCN_SYNTAX_LLVM, text, len, line, &inst, &d) != TMU_OK ||
        tmu_gcn_encode_dwords(&inst, dw, &n, &d) != TMU_OK) {
        char loc[1100];
        tmu_cli_error(tmu_cli_asm_where(loc, sizeof loc, where, line, d.column), "%s", d.message);
        return 1;
    }
    if (is->n == is->cap) {
        size_t nc = is->cap ? 2 * is->cap : 256;
        uint8_t *l = realloc(is->len, nc);
        if (l)
            is->len = l;
        char **t = realloc(is->text, nc * sizeof *t);
        if (t)
            is->text = t;
        if (!l || !t)
            return -1;
        is->cap = nc;
    }
    if (is->ndw + n > is->capdw) {
        size_t nc = is->capdw ? 2 * is->capdw : 1024;
        uint32_t *a = realloc(is->dw, nc * sizeof *a);
        if (!a)
            return -1;
        is->dw = a;
        is->capdw = nc;
    }
    is->text[is->n] = NULL;
    if (o->show_encoding) {
        /* llvm-mc's text: the disassembler's (an instruction only the assembler takes, such as
         * a cmpswap with DMASK 0x1 and TFE, prints nothing) */
        char t[TMU_GCN_TEXT_MAX];
        if (tmu_gcn_print_llvm(&inst, NULL, t, sizeof t) > 0 &&
            (is->text[is->n] = malloc(strlen(t) + 1)) != NULL)
            strcpy(is->text[is->n], t);
    }
    memcpy(is->dw + is->ndw, dw, n * sizeof dw[0]);
    is->ndw += n;
    is->len[is->n++] = (uint8_t)n;
    return 0;
}

typedef struct listing_ctx {
    const insts *is;
    const rdna_opts *o;
} listing_ctx;

static void print_listing(FILE *f, void *ctx)
{
    const listing_ctx *c = ctx;
    const uint32_t *dw = c->is->dw;
    for (size_t i = 0; i < c->is->n; i++) {
        char line[LINE_MAX_], *p = line;
        unsigned n = c->is->len[i];
        p = put_dwords(p, dw, n);
        if (c->o->show_encoding) {
            if (c->is->text[i])
                p += sprintf(p, "  %s", c->is->text[i]);
            p = put_encoding(p, dw, n);
        }
        *p++ = '\n';
        fwrite(line, 1, (size_t)(p - line), f);
        dw += n;
    }
}

int tmu_cli_asm_rdna(int argc, char **argv)
{
    tmu_cli_set_command(argv[0], asm_usage);
    rdna_opts o;
    int rc = parse_common(argc, argv, &o, 0);
    if (rc >= 0) {
        free(o.positional);
        return rc;
    }
    int from_stdin = o.npositional == 1 && !strcmp(o.positional[0], "-");
    if (o.npositional && o.input) {
        free(o.positional);
        return tmu_cli_usage_error("--input", from_stdin ? "give either --input FILE or '-', not both"
                                                         : "give either --input FILE or text, not both");
    }
    insts is = {NULL, NULL, NULL, 0, 0, 0, 0};
    asm_ctx ac = {&o, &is};
    rc = tmu_cli_asm_lines(o.npositional, o.positional, o.input, asm_line, &ac);
    /* the listing on stdout unless -o names a file; files (-o, --binary) only when everything
     * assembled, both or neither */
    listing_ctx lc = {&is, &o};
    rc = tmu_cli_write_dwords(rc, o.output, o.binary, o.input, is.dw, is.ndw, print_listing, &lc);
    for (size_t i = 0; i < is.n; i++)
        free(is.text[i]);
    free(is.dw);
    free(is.len);
    free(is.text);
    free(o.positional);
    return rc;
}
