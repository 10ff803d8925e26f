#include "ct_float_or_double.h"

double cfd_call_double(cfd_fn f, double value) {
    FloatOrDouble argument;
    argument.d = value;
    return f(argument).d;
}
