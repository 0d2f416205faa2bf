/* Texture unit: every call's stack stays small at every optimisation level (issue 11).
 * A thread with a 256 KiB stack (mmap'd, with an inaccessible guard page below it, so an
 * overflow faults instead of corrupting memory) runs a battery of calls through every fast
 * path (RGBA8 / RGBA32F, nearest / linear, repeat / clamp, trilinear, gather: the SIMD kernels
 * when the CPU has them) and the general path's heaviest cases (seamless cube cubic, 3D cubic
 * trilinear, anisotropic 16x trilinear, gather with four offsets, min/max, views); each result
 * must equal the same call on the main thread.  The stack was painted first: the test prints
 * how much of it the calls used.  The CI runs it in a clang -O0 + ASan + UBSan build, where the
 * AVX-512 kernel alone once needed 12.8 MB. */
#define _DEFAULT_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>
#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

#include "unit/unit_util.h"

/* ASan builds (CI stage 4: gcc -O2 with ASan + UBSan) put redzones around every stack object, and
 * the inlined SIMD kernels' frames grow several-fold: there the stack is 1 MiB.  Every other
 * build, the clang -O0 ASan stage included, keeps 256 KiB. */
#if defined(__SANITIZE_ADDRESS__) && !defined(__clang__)
#define TMU_TEST_STACK_KIB 1024u
#else
#define TMU_TEST_STACK_KIB 256u
#endif
#define STACK_BYTES (TMU_TEST_STACK_KIB * 1024u)
#define NCASES 12

typedef struct stack_case {
    test_tex t;
    tmu_sampler smp;
    tmu_op op;
    uint32_t out[4][TMU_MAX_LANES];
} stack_case;

typedef struct battery {
    stack_case c[NCASES];
    test_wave *w;
    int n;
    tmu_status st[NCASES];
} battery;

static void add_case(battery *b, tmu_dim dim, tmu_format fmt, uint32_t size, uint32_t levels, tmu_op_kind kind)
{
    stack_case *c = &b->c[b->n++];
    uint32_t layers = dim == TMU_DIM_CUBE ? 6 : dim == TMU_DIM_2D_ARRAY ? 3 : 1;
    uint32_t depth = dim == TMU_DIM_3D ? size : 1;
    assert_int_equal(test_tex_make(&c->t, dim, fmt, size, size, depth, layers, levels, 1), 0);
    uint64_t seed = (uint64_t)b->n * 77 + 1;
    for (size_t i = 0; i < c->t.size; i++)
        c->t.mem[i] = (unsigned char)(test_rand(&seed) >> 24 & 0x3F); /* finite floats, any UNORM */
    c->smp = tmu_sampler_default();
    c->smp.mip_filter = levels > 1 ? TMU_MIP_LINEAR : TMU_MIP_NONE;
    c->op = test_op(kind, dim, TMU_LEVEL_LOD);
}

static void run_battery(battery *b, int which)
{
    for (int i = 0; i < b->n; i++) {
        stack_case *c = &b->c[i];
        tmu_wave_out out = b->w->out;
        for (int k = 0; k < 4; k++)
            out.data[k] = which ? c->out[k] : b->w->data[k];
        b->st[i] = tmu_unit_execute(&c->t.tex, &c->smp, &c->op, TMU_MAX_LANES, NULL, &b->w->in, &out, NULL);
        if (!which)
            for (int k = 0; k < 4; k++)
                memcpy(c->out[k], b->w->data[k], sizeof c->out[k]);
    }
}

static void *thread_main(void *arg)
{
    run_battery((battery *)arg, 1);
    return NULL;
}

static void test_small_stack(void **state)
{
    (void)state;
    battery *b = (battery *)calloc(1, sizeof *b);
    assert_non_null(b);
    b->w = test_wave_new();
    uint64_t seed = 5;
    for (int l = 0; l < TMU_MAX_LANES; l++) {
        for (int a = 0; a < 3; a++) {
            b->w->coord[a][l] = (float)test_randf(&seed, -1, 1);
            b->w->gx[a][l] = (float)test_randf(&seed, -0.3, 0.3);
            b->w->gy[a][l] = (float)test_randf(&seed, -0.02, 0.02);
            b->w->off[a][l] = (int32_t)(test_rand(&seed) % 16) - 8;
        }
        b->w->lod[l] = (float)test_randf(&seed, -1, 5);
        b->w->layer[l] = (uint32_t)(test_rand(&seed) % 3);
    }
    static int32_t go[4][2][TMU_MAX_LANES];
    for (int q = 0; q < 4; q++)
        for (int a = 0; a < 2; a++) {
            b->w->in.gather_offset[q][a] = go[q][a];
            for (int l = 0; l < TMU_MAX_LANES; l++)
                go[q][a][l] = (int32_t)(q * 2 + a) - 4;
        }
    /* fast paths: RGBA8 and RGBA32F, nearest / linear, repeat / clamp, trilinear, gather */
    add_case(b, TMU_DIM_2D, TMU_FORMAT_R8G8B8A8_UNORM, 64, 7, TMU_OP_SAMPLE);
    add_case(b, TMU_DIM_2D, TMU_FORMAT_R8G8B8A8_UNORM, 64, 1, TMU_OP_SAMPLE);
    b->c[1].smp.mag_filter = b->c[1].smp.min_filter = TMU_FILTER_NEAREST;
    add_case(b, TMU_DIM_2D, TMU_FORMAT_R8G8B8A8_UNORM, 64, 1, TMU_OP_GATHER);
    b->c[2].smp.address[0] = b->c[2].smp.address[1] = TMU_ADDRESS_CLAMP_TO_EDGE;
    add_case(b, TMU_DIM_2D, TMU_FORMAT_R32G32B32A32_FLOAT, 32, 6, TMU_OP_SAMPLE);
    add_case(b, TMU_DIM_2D, TMU_FORMAT_R32G32B32A32_FLOAT, 32, 1, TMU_OP_SAMPLE);
    b->c[4].smp.address[0] = b->c[4].smp.address[1] = TMU_ADDRESS_CLAMP_TO_EDGE;
    /* general path: the heaviest cases */
    add_case(b, TMU_DIM_CUBE, TMU_FORMAT_R32_FLOAT, 8, 4, TMU_OP_SAMPLE);
    b->c[5].smp.mag_filter = b->c[5].smp.min_filter = TMU_FILTER_CUBIC;
    add_case(b, TMU_DIM_3D, TMU_FORMAT_R8G8B8A8_UNORM, 8, 4, TMU_OP_SAMPLE);
    b->c[6].smp.mag_filter = b->c[6].smp.min_filter = TMU_FILTER_CUBIC;
    b->c[6].smp.reduction = TMU_REDUCTION_MAX;
    add_case(b, TMU_DIM_2D, TMU_FORMAT_R8G8B8A8_UNORM, 64, 7, TMU_OP_SAMPLE);
    b->c[7].smp.max_anisotropy = 16.0f;
    b->c[7].op.level_mode = TMU_LEVEL_GRAD;
    add_case(b, TMU_DIM_CUBE, TMU_FORMAT_R32_FLOAT, 8, 4, TMU_OP_SAMPLE);
    b->c[8].smp.max_anisotropy = 16.0f;
    b->c[8].op.level_mode = TMU_LEVEL_IMPLICIT;
    add_case(b, TMU_DIM_2D_ARRAY, TMU_FORMAT_R16G16_SNORM, 16, 5, TMU_OP_GATHER);
    b->c[9].op.has_gather_offsets = 1;
    b->c[9].smp.address[0] = TMU_ADDRESS_MIRROR_ONCE_BORDER;
    add_case(b, TMU_DIM_2D_ARRAY, TMU_FORMAT_R32_FLOAT, 16, 5, TMU_OP_SAMPLE);
    b->c[10].t.tex.base_level = 1, b->c[10].t.tex.base_layer = 1, b->c[10].t.tex.min_lod = 2.5f;
    b->c[10].op.has_offset = 1;
    add_case(b, TMU_DIM_CUBE, TMU_FORMAT_D16_UNORM, 8, 1, TMU_OP_GATHER);
    b->c[11].op.compare = 1;
    b->c[11].smp.compare_op = TMU_COMPARE_LESS;
    assert_int_equal(b->n, NCASES);

    /* on the main thread first: the expected results */
    stack_case *expect = (stack_case *)malloc(sizeof b->c);
    assert_non_null(expect);
    run_battery(b, 0);
    for (int i = 0; i < b->n; i++)
        assert_int_equal(b->st[i], TMU_OK);
    memcpy(expect, b->c, sizeof b->c);

    /* then on a 256 KiB stack with a guard page below it */
    long page = sysconf(_SC_PAGESIZE);
    size_t map = STACK_BYTES + (size_t)page;
    unsigned char *mem = mmap(NULL, map, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    assert_true(mem != MAP_FAILED);
    assert_int_equal(mprotect(mem, (size_t)page, PROT_NONE), 0);
    unsigned char *stack = mem + page;
    memset(stack, 0xA5, STACK_BYTES);
    pthread_attr_t attr;
    pthread_t th;
    assert_int_equal(pthread_attr_init(&attr), 0);
    assert_int_equal(pthread_attr_setstack(&attr, stack, STACK_BYTES), 0);
    assert_int_equal(pthread_create(&th, &attr, thread_main, b), 0);
    assert_int_equal(pthread_join(th, NULL), 0);
    pthread_attr_destroy(&attr);
    size_t untouched = 0;
    while (untouched < STACK_BYTES && stack[untouched] == 0xA5)
        untouched++;
    printf("%u KiB thread stack: %zu bytes used by %d calls\n", TMU_TEST_STACK_KIB, (size_t)STACK_BYTES - untouched, b->n);
    for (int i = 0; i < b->n; i++) {
        assert_int_equal(b->st[i], TMU_OK);
        for (int k = 0; k < 4; k++)
            assert_memory_equal(b->c[i].out[k], expect[i].out[k], sizeof expect[i].out[k]);
    }
    munmap(mem, map);
    for (int i = 0; i < b->n; i++)
        test_tex_free(&b->c[i].t);
    free(expect);
    free(b->w);
    free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_small_stack)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
