/* tmu — umbrella header: include this one file to use all of tmu.
 *
 *   status.h    status codes and diagnostics (every fallible call returns tmu_status)
 *   format.h    texel formats: table, decode, encode
 *   texture.h   textures and samplers (read-only inputs of the texture unit)
 *   op.h        the vendor-neutral texture operation and per-lane inputs/outputs
 *   unit.h      the texture unit: execute one op for a wave of lanes
 *   ptx.h       NVIDIA PTX tex/tld4/txq: parse, print, validate like ptxas, execute
 *   gcn.h       AMD GCN MIMG gfx6-gfx9: decode, encode, llvm-mc text, assembler, descriptors
 *   gcn_exec.h  AMD GCN MIMG execution: wave64 state, guest memory, T#/S#, counters, hazards
 *   ir3.h       Qualcomm Adreno ir3 category 5: decode, encode, Mesa text, assembler
 *   ir3_exec.h  Adreno ir3 cat5 execution: fibers, register files, descriptors, (sy) hazards
 *   loadplan.h  load planner modelled on Mesa ACO's emit_load */
#ifndef TMU_TMU_H
#define TMU_TMU_H

#include "tmu/status.h"
#include "tmu/format.h"
#include "tmu/layout.h"
#include "tmu/texture.h"
#include "tmu/op.h"
#include "tmu/unit.h"
#include "tmu/ptx.h"
#include "tmu/gcn.h"
#include "tmu/gcn_exec.h"
#include "tmu/ir3.h"
#include "tmu/ir3_exec.h"
#include "tmu/loadplan.h"
#include "tmu/translate.h"

#endif
