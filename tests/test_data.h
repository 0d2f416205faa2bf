/* The tests' data files (tests/data): from the directory $TMU_TEST_DATA names (ctest sets it to
 * the source tree's tests/data), else tests/data below the current directory. */
#ifndef TMU_TEST_DATA_H
#define TMU_TEST_DATA_H

#include <stdio.h>
#include <stdlib.h>

/* Opens data file `name` for reading and writes its path to path[size] (for messages); NULL
 * when it cannot be opened. */
static inline FILE *tmu_test_data_open(const char *name, char *path, size_t size)
{
    const char *dir = getenv("TMU_TEST_DATA");
    snprintf(path, size, "%s/%s", dir ? dir : "tests/data", name);
    return fopen(path, "r");
}

/* Opens the file at `file` (a path from the command line) when it is not NULL, else data file
 * `name` as tmu_test_data_open does; writes the path opened to path[size]. */
static inline FILE *tmu_test_file_open(const char *file, const char *name, char *path, size_t size)
{
    if (!file)
        return tmu_test_data_open(name, path, size);
    snprintf(path, size, "%s", file);
    return fopen(path, "r");
}

#endif
