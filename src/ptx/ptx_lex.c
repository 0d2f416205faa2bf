/* PTX lexer: identifiers, dot-names, numbers (decimal, hex, octal, binary,
 * decimal floats, 0f/0d hex floats), strings, punctuation; // and block comments. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ptx/ptx_internal.h"

void ptx_lex_init(ptx_lexer *lx, const char *text, size_t len, uint32_t line, uint32_t col)
{
    lx->start = text;
    lx->cur = text;
    lx->end = text + len;
    lx->line = line;
    lx->line_start = text - (col - 1);
    lx->unterminated_comment = 0;
}

static int is_id_start(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c == '%';
}

static int is_id_char(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '$';
}

static int is_punct(unsigned char c)
{
    switch (c) {
    case '{':
    case '}':
    case '[':
    case ']':
    case '(':
    case ')':
    case '<':
    case '>':
    case ',':
    case ';':
    case ':':
    case '|':
    case '@':
    case '!':
    case '+':
    case '-':
    case '*':
    case '/':
    case '=':
    case '&':
    case '~':
    case '^':
    case '?':
    case '#':
        return 1;
    default:
        return 0;
    }
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static void skip_space(ptx_lexer *lx, ptx_tok *t)
{
    t->space_before = 0;
    t->newline_before = 0;
    while (lx->cur < lx->end) {
        char c = *lx->cur;
        if (c == '\n') {
            lx->cur++;
            lx->line++;
            lx->line_start = lx->cur;
            t->space_before = t->newline_before = 1;
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            lx->cur++;
            t->space_before = 1;
        } else if (c == '/' && lx->cur + 1 < lx->end && lx->cur[1] == '/') {
            while (lx->cur < lx->end && *lx->cur != '\n')
                lx->cur++;
            t->space_before = 1;
        } else if (c == '/' && lx->cur + 1 < lx->end && lx->cur[1] == '*') {
            lx->cur += 2;
            t->space_before = 1;
            for (;;) {
                if (lx->cur >= lx->end) {
                    lx->unterminated_comment = 1;
                    break;
                }
                if (*lx->cur == '*' && lx->cur + 1 < lx->end && lx->cur[1] == '/') {
                    lx->cur += 2;
                    break;
                }
                if (*lx->cur == '\n') {
                    lx->line++;
                    lx->line_start = lx->cur + 1;
                    t->newline_before = 1;
                }
                lx->cur++;
            }
        } else {
            break;
        }
    }
}

/* Reads a number starting at lx->cur (a digit). */
static void lex_number(ptx_lexer *lx, ptx_tok *t)
{
    const char *p = lx->cur, *e = lx->end;
    t->kind = PTX_TK_INT;
    t->overflow = 0;
    if (p + 1 < e && p[0] == '0' && (p[1] == 'f' || p[1] == 'F' || p[1] == 'd' || p[1] == 'D')) {
        int digits = (p[1] == 'f' || p[1] == 'F') ? 8 : 16;
        const char *q = p + 2;
        uint64_t v = 0;
        int n = 0;
        while (q < e && hexval((unsigned char)*q) >= 0 && n < digits) {
            v = v << 4 | (uint64_t)hexval((unsigned char)*q);
            q++;
            n++;
        }
        if (n == digits && !(q < e && is_id_char((unsigned char)*q))) {
            t->kind = PTX_TK_FLOAT;
            if (digits == 8) {
                uint32_t b = (uint32_t)v;
                float f;
                memcpy(&f, &b, 4);
                t->fval = f;
            } else {
                double d;
                memcpy(&d, &v, 8);
                t->fval = d;
            }
            lx->cur = q;
            return;
        }
        /* not a hex float: fall through and let the identifier scan reject it */
        t->kind = PTX_TK_BAD;
        while (q < e && is_id_char((unsigned char)*q))
            q++;
        lx->cur = q;
        return;
    }
    if (p + 1 < e && p[0] == '0' && (p[1] == 'x' || p[1] == 'X' || p[1] == 'b' || p[1] == 'B')) {
        int base = (p[1] == 'x' || p[1] == 'X') ? 16 : 2;
        const char *q = p + 2;
        uint64_t v = 0;
        int n = 0;
        while (q < e && hexval((unsigned char)*q) >= 0 && hexval((unsigned char)*q) < base) {
            if (v >> 60 && base == 16)
                t->overflow = 1;
            if (v >> 63 && base == 2)
                t->overflow = 1;
            v = v * (uint64_t)base + (uint64_t)hexval((unsigned char)*q);
            q++;
            n++;
        }
        if (q < e && (*q == 'U' || *q == 'u'))
            q++;
        if (n == 0 || (q < e && is_id_char((unsigned char)*q))) {
            t->kind = PTX_TK_BAD;
            while (q < e && is_id_char((unsigned char)*q))
                q++;
        }
        t->ival = (int64_t)v;
        lx->cur = q;
        return;
    }
    const char *q = p;
    while (q < e && *q >= '0' && *q <= '9')
        q++;
    int is_float = 0;
    if (q < e && *q == '.' && q + 1 < e && q[1] >= '0' && q[1] <= '9') {
        is_float = 1;
        q++;
        while (q < e && *q >= '0' && *q <= '9')
            q++;
    }
    if (q < e && (*q == 'e' || *q == 'E')) {
        const char *r = q + 1;
        if (r < e && (*r == '+' || *r == '-'))
            r++;
        if (r < e && *r >= '0' && *r <= '9') {
            is_float = 1;
            q = r;
            while (q < e && *q >= '0' && *q <= '9')
                q++;
        }
    }
    char buf[64];
    size_t n = (size_t)(q - p);
    if (n >= sizeof buf) {
        t->kind = PTX_TK_BAD;
        lx->cur = q;
        return;
    }
    memcpy(buf, p, n);
    buf[n] = 0;
    if (is_float) {
        t->kind = PTX_TK_FLOAT;
        t->fval = strtod(buf, NULL);
    } else {
        uint64_t v = 0;
        int octal = n > 1 && buf[0] == '0';
        for (size_t i = 0; i < n; i++) {
            unsigned d = (unsigned)(buf[i] - '0');
            if (octal && d > 7) {
                t->kind = PTX_TK_BAD;
                break;
            }
            uint64_t base = octal ? 8 : 10;
            if (v > (UINT64_MAX - d) / base)
                t->overflow = 1;
            v = v * base + d;
        }
        t->ival = (int64_t)v;
        if (q < e && (*q == 'U' || *q == 'u'))
            q++;
    }
    if (q < e && is_id_char((unsigned char)*q)) {
        t->kind = PTX_TK_BAD;
        while (q < e && is_id_char((unsigned char)*q))
            q++;
    }
    lx->cur = q;
}

void ptx_lex_next(ptx_lexer *lx, ptx_tok *t)
{
    skip_space(lx, t);
    t->line = lx->line;
    t->col = (uint32_t)(lx->cur - lx->line_start) + 1;
    t->p = lx->cur;
    t->ival = 0;
    t->fval = 0;
    t->punct = 0;
    t->overflow = 0;
    if (lx->cur >= lx->end) {
        t->kind = PTX_TK_EOF;
        t->len = 0;
        return;
    }
    unsigned char c = (unsigned char)*lx->cur;
    if (is_id_start(c)) {
        lx->cur++;
        while (lx->cur < lx->end && is_id_char((unsigned char)*lx->cur))
            lx->cur++;
        t->kind = PTX_TK_IDENT;
    } else if (c == '.' && lx->cur + 1 < lx->end && lx->cur[1] >= '0' && lx->cur[1] <= '9' &&
               !(lx->cur[1] >= '1' && lx->cur[1] <= '5' && lx->cur + 2 < lx->end &&
                 lx->cur[2] == 'd')) {
        /* ptxas: only ".1d" .. ".5d..." are names after a dot; ".2" of ".2D" is a number */
        lx->cur++;
        while (lx->cur < lx->end && *lx->cur >= '0' && *lx->cur <= '9')
            lx->cur++;
        t->kind = PTX_TK_DOTNUM;
    } else if (c == '.' && lx->cur + 1 < lx->end && is_id_char((unsigned char)lx->cur[1])) {
        lx->cur++;
        while (lx->cur < lx->end && is_id_char((unsigned char)*lx->cur))
            lx->cur++;
        /* ".shared::cta", ".cta_group::1", ".mbarrier::complete_tx::bytes": one modifier */
        while (lx->cur + 2 < lx->end && lx->cur[0] == ':' && lx->cur[1] == ':' &&
               is_id_char((unsigned char)lx->cur[2])) {
            lx->cur += 2;
            while (lx->cur < lx->end && is_id_char((unsigned char)*lx->cur))
                lx->cur++;
        }
        t->kind = PTX_TK_DOTNAME;
    } else if (c >= '0' && c <= '9') {
        lex_number(lx, t);
    } else if (c == '"') {
        lx->cur++;
        while (lx->cur < lx->end && *lx->cur != '"' && *lx->cur != '\n') {
            if (*lx->cur == '\\' && lx->cur + 1 < lx->end && lx->cur[1] != '\n')
                lx->cur++;
            lx->cur++;
        }
        if (lx->cur < lx->end && *lx->cur == '"') {
            lx->cur++;
            t->kind = PTX_TK_STRING;
        } else {
            t->kind = PTX_TK_BAD;
        }
    } else if (is_punct(c)) {
        lx->cur++;
        t->kind = PTX_TK_PUNCT;
        t->punct = (char)c;
    } else {
        lx->cur++;
        t->kind = PTX_TK_BAD;
    }
    t->len = (size_t)(lx->cur - t->p);
}
