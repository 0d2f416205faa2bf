/* Private: the modifier table shared by the GCN printers and the assembler. */
#ifndef TMU_GCN_PRINT_H
#define TMU_GCN_PRINT_H

#include "gcn/tables.h"

typedef struct tmu_gcn_modifier {
    const char *name;    /* text as llvm-mc prints it */
    uint8_t name_len;    /* strlen(name) */
    char text[8];        /* " name" zero-padded to 8 bytes, for branch-free printing */
    tmu_gcn_field field; /* the field it sets */
} tmu_gcn_modifier;

#define TMU_GCN_NUM_MODIFIERS 10

/* Modifiers in llvm-mc's fixed order: dmask unorm glc slc r128 a16 tfe lwe da d16. */
extern const tmu_gcn_modifier tmu_gcn_modifiers[TMU_GCN_NUM_MODIFIERS];

#define TMU_GCN_RDNA_NUM_MODIFIERS 11

/* RDNA (llvm-mc 16): dmask dim unorm glc slc dlc r128 a16 tfe lwe d16; dmask and dim take a
 * value, the others are one bit. */
extern const tmu_gcn_modifier tmu_gcn_rdna_modifiers[TMU_GCN_RDNA_NUM_MODIFIERS];

#endif
