// Method tables (structs of function pointers) for the mockTable tests, and C code that calls
// through them the way a library calls its plugin's or driver's vtable.
#ifndef CT_TABLES_H
#define CT_TABLES_H
#include <stdint.h>

/// A nested struct of function pointers.
typedef struct ct_codec_hooks {
    int32_t (*_Nullable encode)(int32_t value);
    void (*_Nullable reset)(void *_Nullable state);
} ct_codec_hooks;

/// A driver table: data fields, function pointers at the top level, in a nested struct and in
/// a fixed array, one of them non-optional in Swift.
typedef struct ct_driver {
    int32_t version;
    const char *_Nullable label;
    int32_t (*_Nullable open)(const char *_Nullable path, int32_t flags);
    ct_codec_hooks hooks;
    int32_t (*_Nullable handlers[3])(int32_t event);
    double scale;
    void (*_Nonnull close)(void *_Nullable context);
} ct_driver;

/// Drives a whole session through `driver`, as a library would:
///   opened  = open(label, version)
///   encoded = hooks.encode(opened + 1)
///   handled = handlers[0](10) + handlers[1](11) + handlers[2](12)
///   hooks.reset(context); close(context)
/// and returns opened + encoded + handled, or -1 when a function pointer it needs is NULL.
int64_t ct_driver_session(const ct_driver *_Nonnull driver, void *_Nullable context);

/// A table with a named union member, which Swift's reflection shows no members of.
typedef struct ct_union_table {
    int32_t kind;
    union {
        int32_t (*_Nullable unary)(int32_t);
        int64_t number;
    } payload;
    void (*_Nullable done)(void);
} ct_union_table;

/// A table with an anonymous union member.
typedef struct ct_anonymous_table {
    void (*_Nullable done)(void);
    union {
        int32_t (*_Nullable unary)(int32_t);
        int64_t number;
    };
} ct_anonymous_table;

/// A table ending in flag bitfields, as FUSE's `fuse_operations` does.
typedef struct ct_flagged_table {
    void (*_Nullable done)(void);
    unsigned int nullpath_ok : 1;
    unsigned int reserved : 31;
} ct_flagged_table;

/// Calls table->done() when it is set; returns the table's flag bits (nullpath_ok | reserved << 1).
uint32_t ct_flagged_table_done(const ct_flagged_table *_Nonnull table);

/// A table with a field whose function type libffi cannot describe (a packed struct parameter).
typedef struct __attribute__((packed)) ct_table_packed { char c; int32_t i; } ct_table_packed;
typedef struct ct_mixed_table {
    int32_t (*_Nullable good)(int32_t);
    int32_t (*_Nullable bad)(int32_t, ct_table_packed);
} ct_mixed_table;

/// A struct with no function pointers at all.
typedef struct ct_plain_point { int32_t x; int32_t y; } ct_plain_point;

#endif
