/* A fuzz target's input read as little-endian numbers, for the targets that include it (a header
 * of static functions, like the targets themselves).  Past its end the input reads as zeros. */
#ifndef TMU_FUZZ_READER_H
#define TMU_FUZZ_READER_H

#include <stddef.h>
#include <stdint.h>

typedef struct reader {
    const uint8_t *p;
    size_t n;
} reader;

/* The next `bytes` (at most 4) bytes as a little-endian number. */
static uint32_t take(reader *r, unsigned bytes)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < bytes; i++) {
        v |= (uint32_t)(r->n ? *r->p : 0) << (8 * i);
        if (r->n)
            r->p++, r->n--;
    }
    return v;
}

/* Mostly small numbers, sometimes large or raw 32-bit ones (0 included): sizes and coordinates
 * that usually fit and now and then do not.  (inline: not every target uses it) */
static inline uint32_t number(reader *r)
{
    uint32_t k = take(r, 1);
    if (k < 0xe0)
        return k + 1;
    if (k < 0xf0)
        return 1 + take(r, 2);
    if (k < 0xfc)
        return 1u << (k & 15);
    return take(r, 4);
}

#endif
