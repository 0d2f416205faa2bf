/* tmu's ir3 text for words given on stdin, for campaigns against Mesa's disassembler
 * (tests/tools/ir3_mesa_oracle.sh, docs/ir3-mesa-oracle.md).
 *   ir3_text_words dis    lines "gpu_id HI_LO" in; "gpu_id<TAB>HI_LO<TAB>tmu's text" out (the text
 *                         of tmu_ir3_disasm, annotations included), the format mesa_lines.sh reads
 *   ir3_text_words asm    lines "gpu_id<TAB>HI_LO<TAB>text" in (a disassembler's output); each
 *                         text is assembled by tmu_ir3_assemble and written out as "gpu_id HI_LO"
 *                         of the assembled word, or "gpu_id error<TAB>message" when it is refused
 * Input lines are checked: a malformed one stops the run with its line number (exit 1). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/ir3.h"

static int parse_word(const char *s, uint64_t *w)
{
    unsigned hi, lo;
    char tail;
    if (sscanf(s, "%8x_%8x%c", &hi, &lo, &tail) < 2)
        return 0;
    *w = (uint64_t)hi << 32 | lo;
    return 1;
}

int main(int argc, char **argv)
{
    if (argc != 2 || (strcmp(argv[1], "dis") && strcmp(argv[1], "asm"))) {
        fprintf(stderr, "usage: %s dis|asm < LINES\n", argv[0]);
        return 2;
    }
    const int dis = strcmp(argv[1], "dis") == 0;
    static char line[4096];
    unsigned long n = 0;
    while (fgets(line, sizeof line, stdin)) {
        n++;
        size_t len = strlen(line);
        if (len && line[len - 1] == '\n')
            line[--len] = 0;
        char *end;
        unsigned long gpu = strtoul(line, &end, 10);
        if (end == line || (*end != ' ' && *end != '\t') || gpu > 999) {
            fprintf(stderr, "%s: line %lu: expected 'gpu_id HI_LO'\n", argv[0], n);
            return 1;
        }
        uint64_t w;
        if (!parse_word(end + 1, &w)) {
            fprintf(stderr, "%s: line %lu: expected a word HI_LO after the GPU id\n", argv[0], n);
            return 1;
        }
        if (dis) {
            char text[512];
            tmu_ir3_disasm(w, (uint32_t)gpu, text, sizeof text);
            printf("%lu\t%08x_%08x\t%s\n", gpu, (unsigned)(w >> 32), (unsigned)w, text);
            continue;
        }
        const char *text = strchr(end + 1, '\t');
        if (!text) {
            fprintf(stderr, "%s: line %lu: no text after the word\n", argv[0], n);
            return 1;
        }
        /* the instruction only: Mesa's annotations follow a further TAB */
        char ins[512];
        snprintf(ins, sizeof ins, "%s", text + 1);
        ins[strcspn(ins, "\t")] = 0;
        uint64_t got;
        tmu_diag d;
        memset(&d, 0, sizeof d);
        if (tmu_ir3_assemble(ins, (uint32_t)gpu, &got, &d) != TMU_OK)
            printf("%lu error\t%s\n", gpu, d.message);
        else
            printf("%lu %08x_%08x\n", gpu, (unsigned)(got >> 32), (unsigned)got);
    }
    return 0;
}
