// CImpostorXCTest: the one thing ImpostorXCTest needs from C, a load-time constructor.
//
// XCTest announces test cases only to observers registered before the first one starts, and
// Swift has no load-time initializers: this target's constructor calls
// `impostor_xctest_loaded`, which ImpostorXCTest defines in Swift with `@_cdecl`, when the
// test executable (or the library holding ImpostorXCTest) is loaded. So linking the
// ImpostorXCTest product is all the setup XCTest users need.
#ifndef CIMPOSTOR_XCTEST_H
#define CIMPOSTOR_XCTEST_H

#ifdef __cplusplus
extern "C" {
#endif

/// Defined by ImpostorXCTest: starts observing XCTest and installs Impostor's XCTest reporter.
/// Called once, by this target's constructor, before `main`.
void impostor_xctest_loaded(void);

#ifdef __cplusplus
}
#endif

#endif
