// Row 5 with gMock: EXPECT_CALL(f, Call(_, Eq(5))) and ten newer expectations on the first
// argument. gMock tries the newest expectation first, so the match is found last, as in
// Impostor's row 5. The C loop calls the mock through a plain function pointer.
#include <gmock/gmock.h>

#include <cstdint>

#include "peer_loop.h"

using ::testing::_;
using ::testing::AnyNumber;
using ::testing::Eq;
using ::testing::Return;

static ::testing::MockFunction<int32_t(int32_t, int32_t)> *the_mock;

extern "C" int32_t call_the_mock(int32_t a, int32_t b) { return the_mock->Call(a, b); }

int main(int argc, char **argv) {
    int status;
    {
        ::testing::MockFunction<int32_t(int32_t, int32_t)> mock;
        the_mock = &mock;
        EXPECT_CALL(mock, Call(_, Eq(5))).WillRepeatedly(Return(8));
        for (int32_t k = 0; k < 10; k++) {
            EXPECT_CALL(mock, Call(Eq(100 + k), _)).Times(AnyNumber()).WillRepeatedly(Return(0));
        }
        status = peer_run_samples(call_the_mock, argc, argv);
    }
    return status;
}
