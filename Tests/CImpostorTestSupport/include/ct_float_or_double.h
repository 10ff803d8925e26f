// A union of floating-point members only, which reflection cannot tell from an integer union:
// the "Mocks of C functions" article's FloatOrDouble, declared with CRegisterLayout in its test.
#ifndef CT_FLOAT_OR_DOUBLE_H
#define CT_FLOAT_OR_DOUBLE_H

typedef union {
    float f;
    double d;
} FloatOrDouble;

typedef FloatOrDouble (*cfd_fn)(FloatOrDouble);

/// Calls `f` with `value` as a double and returns the double it answers, as C code would.
double cfd_call_double(cfd_fn _Nonnull f, double value);

#endif
