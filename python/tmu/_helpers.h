/* Declarations of the C helpers compiled into the tmu Python extension (tmu/_helpers.c).
 * This file is read twice: by the C compiler and, verbatim, by cffi's cdef parser, so it
 * holds plain declarations only (no #include, no macros, no comments inside declarations). */

typedef struct tmupy_stream {
    const void *ptr;
    int64_t stride;
} tmupy_stream;

enum {
    TMUPY_IN_COORD = 0,
    TMUPY_IN_ICOORD = 3,
    TMUPY_IN_LAYER = 6,
    TMUPY_IN_LAYER_F = 7,
    TMUPY_IN_SAMPLE = 8,
    TMUPY_IN_LOD = 9,
    TMUPY_IN_ILOD = 10,
    TMUPY_IN_MIN_LOD = 11,
    TMUPY_IN_GRAD_X = 12,
    TMUPY_IN_GRAD_Y = 15,
    TMUPY_IN_OFFSET = 18,
    TMUPY_IN_REF = 21,
    TMUPY_IN_GATHER_OFFSET = 22,
    TMUPY_IN_COUNT = 30
};

typedef struct tmupy_batch {
    tmupy_stream input[30];
    tmupy_stream data[4];
    tmupy_stream resident;
    tmupy_stream lod;
    tmupy_stream magnified;
    tmupy_stream mask;
} tmupy_batch;

/* Undoes the PNG row filters (PNG spec 9.2: None, Sub, Up, Average, Paeth) of `rows` rows of
 * `rowbytes` bytes, each after its filter-type byte in `src`, into `dst` (rows * rowbytes);
 * `bpp` = bytes per complete pixel (at least 1).  Returns TMU_OK, or TMU_ERR_PARSE with the row
 * of an unknown filter type in diag->line. */
tmu_status tmupy_png_unfilter(const uint8_t *src, uint64_t rows, uint64_t rowbytes, uint32_t bpp, uint8_t *dst,
                              tmu_diag *diag);

/* tmupy_execute flag beside the TMU_UNIT_* ones: fail with TMU_ERR_UNSUPPORTED unless the call
 * runs on a fast path (tmu_unit_plan_fast). */
enum { TMUPY_FAST_ONLY = 0x40000000 };

tmu_status tmupy_execute(const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op, uint64_t count,
                         const tmupy_batch *batch, unsigned flags, uint64_t *failed_at, tmu_diag *diag);

tmu_status tmupy_decode_many(tmu_format format, const uint8_t *src, uint64_t count, tmu_texel *out,
                             tmu_diag *diag);

tmu_status tmupy_encode_many(tmu_format format, const tmu_texel *in, uint64_t count, uint8_t *dst,
                             tmu_diag *diag);

size_t tmupy_ptx_module_check(const tmu_ptx_module *module, const tmu_ptx_check_options *options,
                              tmu_diag *out, size_t max);
