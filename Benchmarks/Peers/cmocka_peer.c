// Row 5 with cmocka: a mock function that checks both arguments with check_expected and
// returns mock().
//
// cmocka has no alternative stubs tried in order: each parameter has a queue of checks and
// the first is always used. The closest equivalent of "ten newer stubs tried first" is ten
// other mocked functions with expectations registered before this one's, which cmocka's
// name lookup (a linked list searched from the oldest entry) walks past on every call.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "peer_loop.h"

static int32_t mocked_add(int32_t a, int32_t b) {
    check_expected(a);
    check_expected(b);
    return (int32_t)mock();
}

static int peer_argc;
static char **peer_argv;

static void benchmark(void **state) {
    (void)state;
    // The ten others, registered first (searched first), answering nothing this loop calls.
    const char *others[] = {"other_0", "other_1", "other_2", "other_3", "other_4",
                            "other_5", "other_6", "other_7", "other_8", "other_9"};
    for (int k = 0; k < 10; k++) {
        _expect_value(others[k], "a", __FILE__, __LINE__, (LargestIntegralType)(100 + k), -1);
        _expect_any(others[k], "b", __FILE__, __LINE__, -1);
        _will_return(others[k], __FILE__, __LINE__, 0, -1);
    }
    expect_any_always(mocked_add, a);
    expect_value_count(mocked_add, b, 5, -1);
    will_return_always(mocked_add, 8);
    int status = peer_run_samples(mocked_add, peer_argc, peer_argv);
    // Leave before cmocka checks for the "always" expectations never used by design.
    exit(status);
}

int main(int argc, char **argv) {
    peer_argc = argc;
    peer_argv = argv;
    const struct CMUnitTest tests[] = {cmocka_unit_test(benchmark)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
