/* Status codes and diagnostics. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "tmu/status.h"

static void status_strings_are_distinct_and_defined(void **state)
{
    (void)state;
    assert_string_equal(tmu_status_str(TMU_OK), "ok");
    assert_string_equal(tmu_status_str(TMU_ERR_PARSE), "syntax error");
    for (int a = 0; a < TMU_STATUS_COUNT; a++) {
        assert_non_null(tmu_status_str((tmu_status)a));
        assert_true(strlen(tmu_status_str((tmu_status)a)) > 0);
        for (int b = a + 1; b < TMU_STATUS_COUNT; b++)
            assert_string_not_equal(tmu_status_str((tmu_status)a), tmu_status_str((tmu_status)b));
    }
    assert_string_equal(tmu_status_str(TMU_STATUS_COUNT), "unknown status");
    assert_string_equal(tmu_status_str((tmu_status)-1), "unknown status");
}

static void diag_records_position_and_message(void **state)
{
    (void)state;
    tmu_diag d;
    tmu_diag_clear(&d);
    assert_int_equal(d.status, TMU_OK);
    assert_int_equal(d.offset, -1);
    assert_string_equal(d.message, "");
    tmu_status s = tmu_diag_set(&d, TMU_ERR_DECODE, 3, 14, 58, "bit %d set", 58);
    assert_int_equal(s, TMU_ERR_DECODE);
    assert_int_equal(d.status, TMU_ERR_DECODE);
    assert_int_equal(d.line, 3);
    assert_int_equal(d.column, 14);
    assert_int_equal(d.offset, 58);
    assert_string_equal(d.message, "bit 58 set");
    /* NULL diag is allowed and still returns the status. */
    assert_int_equal(tmu_diag_set(NULL, TMU_ERR_RANGE, 0, 0, -1, "x"), TMU_ERR_RANGE);
    tmu_diag_clear(NULL);
}

static void diag_message_is_truncated_not_overflowed(void **state)
{
    (void)state;
    tmu_diag d;
    char big[1000];
    memset(big, 'a', sizeof(big) - 1);
    big[sizeof(big) - 1] = '\0';
    tmu_diag_set(&d, TMU_ERR_PARSE, 1, 1, 0, "%s", big);
    assert_int_equal(strlen(d.message), sizeof(d.message) - 1);
}

static void version_is_semver(void **state)
{
    (void)state;
    unsigned a, b, c;
    char tail;
    assert_int_equal(sscanf(tmu_version(), "%u.%u.%u%c", &a, &b, &c, &tail), 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(status_strings_are_distinct_and_defined),
        cmocka_unit_test(diag_records_position_and_message),
        cmocka_unit_test(diag_message_is_truncated_not_overflowed),
        cmocka_unit_test(version_is_semver),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
