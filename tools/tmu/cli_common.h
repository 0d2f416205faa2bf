/* tmu CLI — the layer the run commands (`ptx run`, `gcn run`, `ir3 run`) share, so that each
 * keeps only what is ISA-specific:
 *   - the byte budget: everything a command allocates for textures and guest memory is reserved
 *     here, before it is allocated, and the total is held to `tmu --max-bytes` (not each piece);
 *   - the files a command reads: recorded by device and inode (a growable list, no fixed count),
 *     so that tmu_cli_output_open refuses an output that is any of them;
 *   - files loaded into guest memory: their size checked (fstat) before a byte is read;
 *   - guest-memory region specs: ADDR:SIZE[:ro] and ADDR[:ro]=FILE.
 * Process state of the single-threaded CLI, never the library's. */
#ifndef TMU_CLI_COMMON_H
#define TMU_CLI_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* ---- the byte budget ------------------------------------------------------------------- */

/* Reserves `bytes` for `what` before the command allocates them: returns 0 when the bytes
 * reserved so far plus `bytes` stay within tmu --max-bytes, else prints an error naming
 * `where`, `what`, the total and the way to raise the limit, reserves nothing and returns
 * TMU_EXIT_FAIL. */
int tmu_cli_reserve(const char *where, const char *what, uint64_t bytes);
/* Gives back `bytes` reserved earlier (after the memory was freed). */
void tmu_cli_release(uint64_t bytes);
/* Bytes reserved now. */
uint64_t tmu_cli_reserved(void);

/* ---- files read ------------------------------------------------------------------------ */

/* Records that the command reads the file open on `fd` (named `path` in messages): an output
 * that is the same file (device and inode) is refused by tmu_cli_output_open.  Returns 0, or
 * -1 when out of memory (the file is then refused as an output by name only). */
int tmu_cli_note_input_fd(int fd, const char *path);
/* The same for a file named `path` (stat'd; "-" and files that do not exist are skipped). */
int tmu_cli_note_input(const char *path);
/* The name under which a file with this device and inode was recorded, or NULL. */
const char *tmu_cli_input_named(dev_t dev, ino_t ino);
/* Forgets every recorded file (main() calls it when the command returns). */
void tmu_cli_inputs_clear(void);

/* ---- files loaded into memory ---------------------------------------------------------- */

/* Loads the whole file `path` ("-" = stdin) for guest memory: a regular file's size is
 * checked against the byte budget (tmu_cli_reserve, `where` and `what` name it) before
 * anything is read; a stream is read up to what the budget has left.  The buffer holds
 * max(size, 1) bytes, zero-filled past the file's (calloc'd: free it, then
 * tmu_cli_release(max(*len, 1))), and the file is recorded as an input.  Returns NULL after
 * printing an error (nothing stays reserved). */
unsigned char *tmu_cli_load(const char *path, const char *where, const char *what, size_t *len);

/* ---- guest-memory regions -------------------------------------------------------------- */

/* What a region spec may say. */
enum {
    TMU_CLI_REGION_SIZE = 1, /* ADDR:SIZE[:ro]: a zero-filled region (SIZE like 64K, at least 1) */
    TMU_CLI_REGION_RO = 2,   /* the ":ro" suffix */
};

/* A parsed region spec. */
typedef struct tmu_cli_region {
    uint64_t base;
    uint64_t size;    /* ADDR:SIZE; 0 with a file */
    const char *file; /* ADDR=FILE: points into the caller's buffer; NULL with a size */
    int read_only;
} tmu_cli_region;

/* Parses ADDR:SIZE[:ro] or ADDR[:ro]=FILE (`allow`: TMU_CLI_REGION_* bits) from `arg` into *r;
 * ADDR is 0x-prefixed hex, SIZE a byte count below `limit` (the address space).  `buf` (size
 * bytes) holds the copy FILE points into.  Returns 0, or `code` after reporting the problem
 * with WHERE = `where` (tmu_cli_report). */
int tmu_cli_parse_region(const char *arg, uint64_t limit, int allow, char *buf, size_t size,
                         const char *where, int code, tmu_cli_region *r);

#endif
