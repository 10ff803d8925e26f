// CImpostor: the small C layer under Impostor. This header only includes the others, one concern
// each: libffi's closures (`impostor_closures.h`), the thread's state (`impostor_thread_state.h`),
// locks and the expectations' monitor, the lock-free call records, their writer and a verify's
// count of them in place (`impostor_records.h`, `impostor_record_writer.h`,
// `impostor_record_counting.h`), what an entry point answers itself
// (`impostor_entry_answers.h`, `impostor_stub_keys.h`), the static trampolines that take the
// place of libffi's closures on Linux x86-64, the reads of a caller's memory that cannot fault
// (`impostor_guarded_read.h`), and the assembler text that saves the argument registers, shared
// with CImpostorInterpose's dispatchers (`impostor_argument_registers.h`).
#ifndef CIMPOSTOR_H
#define CIMPOSTOR_H

#include "impostor_hot.h"
#include "impostor_closures.h"
#include "impostor_thread_state.h"
#include "impostor_locks.h"
#include "impostor_guarded_read.h"
#include "impostor_monitor.h"
#include "impostor_records.h"
#include "impostor_captures.h"
#include "impostor_record_writer.h"
#include "impostor_record_counting.h"
#include "impostor_entry_answers.h"
#include "impostor_captured_answers.h"
#include "impostor_static_trampolines.h"
#include "impostor_stub_keys.h"
#include "impostor_expectation_keys.h"
#include "impostor_argument_registers.h"

#endif
