/* libFuzzer: ir3 cat5 execution over (word, registers, descriptors).
 * Input: byte 0 GPU, byte 1 wave size and wave flags, bytes 2..9 active mask seed, then a
 * texture descriptor (64 bytes) and a sampler descriptor (16 bytes) used raw for the t#1/s#1
 * and bindless slot 1, then up to four 8-byte instruction words, then bytes spread over the
 * registers (and a1.x).  Properties: no crash or out-of-bounds access; a refused instruction
 * leaves the wave unchanged; only active fibers are written; the raw descriptor decoders
 * never fail on their own input. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/ir3.h"
#include "tmu/ir3_exec.h"
#include "tmu/texture.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Static fuzzing fixtures (the fuzzer process is single-threaded): two small textures, and
 * GPU memory the raw descriptors may point into. */
static uint8_t tex_mem[2][4096];
static uint8_t gpu_mem[1 << 16];
static tmu_ir3_wave wave, before;

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const uint32_t gpus[] = {300, 305, 420, 430, 510, 540, 600, 618, 630, 650, 660, 690, 700, 730, 740, 750, 830};
    if (size < 10 + 64 + 16 + 8)
        return 0;
    uint32_t gpu = gpus[data[0] % (sizeof gpus / sizeof gpus[0])];
    uint32_t base = gpu < 400 ? 8 : gpu < 600 ? 32 : 64;
    uint32_t fibers = base << (data[1] & 1);
    if (tmu_ir3_wave_init(&wave, gpu, fibers, NULL) != TMU_OK)
        abort();
    wave.flags = (data[1] >> 1) & 1 ? TMU_IR3_WAVE_S2EN_SAMPLER_FIRST : 0;
    wave.samples = 1u << ((data[1] >> 2) & 3);
    uint64_t seed = 0;
    for (int i = 0; i < 8; i++)
        seed = seed << 8 | data[2 + i];
    wave.active[0] &= seed * UINT64_C(0x9E3779B97F4A7C15) | seed;
    wave.active[1] &= ~seed;
    uint32_t tdw[16], sdw[4];
    for (int i = 0; i < 16; i++)
        tdw[i] = rd32(data + 10 + 4 * i);
    for (int i = 0; i < 4; i++)
        sdw[i] = rd32(data + 74 + 4 * i);
    /* raw descriptors decode for a6xx+ and map (or refuse) without crashing */
    if (gpu >= 600 && gpu < 800) {
        tmu_ir3_tdesc td;
        tmu_ir3_sdesc sd;
        tmu_texture t;
        tmu_sampler s;
        tmu_ir3_memory m = {0x100000, gpu_mem, sizeof gpu_mem};
        char buf[8192];
        if (tmu_ir3_tdesc_decode(gpu, tdw, TMU_IR3_TDESC_AUTO, &td, NULL) != TMU_OK ||
            tmu_ir3_sdesc_decode(gpu, sdw, &sd, NULL) != TMU_OK)
            abort();
        if (tmu_ir3_tdesc_print(&td, buf, sizeof buf) < 0 || tmu_ir3_sdesc_print(&sd, buf, sizeof buf) < 0)
            abort();
        if (tmu_ir3_tdesc_to_texture(&td, &m, 1, &t, NULL) == TMU_OK && t.level[0].data &&
            tmu_texture_validate(&t, NULL) == TMU_OK) {
            /* every level the mapping produced lies inside the mapped memory */
            for (uint32_t l = 0; l < t.levels && l < TMU_MAX_LEVELS; l++)
                if ((const uint8_t *)t.level[l].data < gpu_mem ||
                    (const uint8_t *)t.level[l].data + t.level[l].size > gpu_mem + sizeof gpu_mem)
                    abort();
        }
        tmu_ir3_border border = {{0.5f, 0.25f, 0.125f, 1.0f}, {1, 2, 3, 4}};
        tmu_ir3_sdesc_to_sampler(&sd, &border, 1, &s, NULL);
    }
    size_t off = 90;
    unsigned nwords = 1 + data[1] % 4;
    uint64_t words[4];
    for (unsigned i = 0; i < nwords; i++) {
        words[i] = 0;
        if (off + 8 <= size) {
            for (int k = 7; k >= 0; k--)
                words[i] = words[i] << 8 | data[off + (size_t)k];
            off += 8;
        }
    }
    /* registers: the remaining bytes, repeated */
    size_t rest = size > off ? size - off : 0;
    if (rest) {
        for (uint32_t f = 0; f < fibers; f++) {
            for (unsigned r = 0; r < TMU_IR3_NUM_GPR; r += 4) {
                size_t p = off + ((f * 7 + r) % rest);
                wave.gpr[f][r] = (uint32_t)data[p] * 0x01010101u ^ (f << 16) ^ r;
                wave.gpr[f][r + 1] = wave.gpr[f][r] ^ 0x3f800000u;
                wave.gpr[f][r + 2] = data[p] & 15;
                wave.gpr[f][r + 3] = (uint32_t)(int32_t)(int8_t)data[p];
                wave.hgpr[f][r] = (uint16_t)(data[p] * 0x0101u);
                wave.hgpr[f][r + 1] = data[p] & 7;
            }
            wave.a1[f] = data[off + f % rest];
        }
        for (unsigned s = 0; s < TMU_IR3_NUM_SHARED; s++)
            wave.shared[s] = data[off + s % rest];
    }

    /* bindings: t#0/s#0 and bindless slot 0 are tmu textures, slot 1 the raw descriptors */
    static tmu_texture tex[2];
    static tmu_sampler smp[2];
    static int ready;
    if (!ready) {
        for (size_t i = 0; i < sizeof tex_mem[0]; i++)
            tex_mem[0][i] = (uint8_t)(i * 37), tex_mem[1][i] = (uint8_t)(i * 11);
        for (size_t i = 0; i < sizeof gpu_mem; i++)
            gpu_mem[i] = (uint8_t)(i * 13);
        if (tmu_texture_init_packed(&tex[0], TMU_DIM_2D, TMU_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 1, 4, 1, tex_mem[0],
                                    sizeof tex_mem[0], NULL) != TMU_OK ||
            tmu_texture_init_packed(&tex[1], TMU_DIM_2D_ARRAY, TMU_FORMAT_R32_FLOAT, 4, 4, 1, 3, 2, 1, tex_mem[1],
                                    sizeof tex_mem[1], NULL) != TMU_OK)
            abort();
        smp[0] = tmu_sampler_default();
        smp[1] = tmu_sampler_default();
        smp[1].mag_filter = smp[1].min_filter = TMU_FILTER_NEAREST;
        smp[1].mip_filter = TMU_MIP_LINEAR;
        smp[1].address[0] = TMU_ADDRESS_CLAMP_TO_BORDER;
        ready = 1;
    }
    tmu_ir3_slot slots[3] = {{&tex[data[1] >> 7 & 1], &smp[0], NULL}, {NULL, NULL, tdw}, {&tex[1], &smp[1], NULL}};
    uint32_t sraw[16];
    memcpy(sraw, sdw, sizeof sdw);
    memset(sraw + 4, 0, sizeof sraw - sizeof sdw);
    tmu_ir3_slot sslots[3] = {{NULL, &smp[0], NULL}, {NULL, NULL, sraw}, {NULL, &smp[1], NULL}};
    tmu_ir3_memory m = {0x100000, gpu_mem, sizeof gpu_mem};
    tmu_ir3_border border = {{0.5f, 0.25f, 0.125f, 1.0f}, {1, 2, 3, 4}};
    tmu_ir3_bindings b;
    memset(&b, 0, sizeof b);
    b.tex = slots;
    b.num_tex = 3;
    b.samp = sslots;
    b.num_samp = 3;
    for (int s = 0; s < 8; s++) {
        b.set[s] = s & 1 ? sslots : slots;
        b.set_size[s] = 3;
    }
    b.memory = &m;
    b.num_memory = 1;
    b.border = &border;
    b.num_border = 1;

    for (unsigned i = 0; i < nwords; i++) {
        memcpy(&before, &wave, sizeof wave);
        tmu_ir3_step step;
        tmu_diag d;
        tmu_status st = tmu_ir3_execute(&wave, &b, words[i], &step, &d);
        if (st != TMU_OK) {
            if (memcmp(&before, &wave, sizeof wave) != 0 || !d.message[0])
                abort();
            continue;
        }
        if ((step.written[0] & ~wave.active[0]) || (step.written[1] & ~wave.active[1]))
            abort();
        if (step.num_hazards > TMU_IR3_MAX_HAZARDS)
            abort();
    }
    return 0;
}
