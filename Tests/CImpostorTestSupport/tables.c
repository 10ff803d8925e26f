// C code that calls through method tables (see ct_tables.h).

#include "ct_tables.h"

#include <stddef.h>

int64_t ct_driver_session(const ct_driver *driver, void *context) {
    if (!driver->open || !driver->hooks.encode || !driver->hooks.reset) return -1;
    for (int i = 0; i < 3; i++) {
        if (!driver->handlers[i]) return -1;
    }
    int64_t opened = driver->open(driver->label, driver->version);
    int64_t encoded = driver->hooks.encode((int32_t)opened + 1);
    int64_t handled = 0;
    for (int i = 0; i < 3; i++) handled += driver->handlers[i](10 + i);
    driver->hooks.reset(context);
    driver->close(context);
    return opened + encoded + handled;
}

uint32_t ct_flagged_table_done(const ct_flagged_table *table) {
    if (table->done) table->done();
    return table->nullpath_ok | (table->reserved << 1);
}
