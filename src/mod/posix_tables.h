/* posix_tables.h: CPython 3.11's names of integer constants and of sysconf,
 * confstr and pathconf values, each present when this system defines it
 * (included by posix.c only). */
/* the module's integer constants: those of CPython 3.11 this system defines */
static const struct { const char *name; long value; } int_constants[] = {
#ifdef CLD_CONTINUED
    {"CLD_CONTINUED", CLD_CONTINUED},
#endif
#ifdef CLD_DUMPED
    {"CLD_DUMPED", CLD_DUMPED},
#endif
#ifdef CLD_EXITED
    {"CLD_EXITED", CLD_EXITED},
#endif
#ifdef CLD_KILLED
    {"CLD_KILLED", CLD_KILLED},
#endif
#ifdef CLD_STOPPED
    {"CLD_STOPPED", CLD_STOPPED},
#endif
#ifdef CLD_TRAPPED
    {"CLD_TRAPPED", CLD_TRAPPED},
#endif
#ifdef EFD_CLOEXEC
    {"EFD_CLOEXEC", EFD_CLOEXEC},
#endif
#ifdef EFD_NONBLOCK
    {"EFD_NONBLOCK", EFD_NONBLOCK},
#endif
#ifdef EFD_SEMAPHORE
    {"EFD_SEMAPHORE", EFD_SEMAPHORE},
#endif
#ifdef EX_CANTCREAT
    {"EX_CANTCREAT", EX_CANTCREAT},
#endif
#ifdef EX_CONFIG
    {"EX_CONFIG", EX_CONFIG},
#endif
#ifdef EX_DATAERR
    {"EX_DATAERR", EX_DATAERR},
#endif
#ifdef EX_IOERR
    {"EX_IOERR", EX_IOERR},
#endif
#ifdef EX_NOHOST
    {"EX_NOHOST", EX_NOHOST},
#endif
#ifdef EX_NOINPUT
    {"EX_NOINPUT", EX_NOINPUT},
#endif
#ifdef EX_NOPERM
    {"EX_NOPERM", EX_NOPERM},
#endif
#ifdef EX_NOUSER
    {"EX_NOUSER", EX_NOUSER},
#endif
#ifdef EX_OK
    {"EX_OK", EX_OK},
#endif
#ifdef EX_OSERR
    {"EX_OSERR", EX_OSERR},
#endif
#ifdef EX_OSFILE
    {"EX_OSFILE", EX_OSFILE},
#endif
#ifdef EX_PROTOCOL
    {"EX_PROTOCOL", EX_PROTOCOL},
#endif
#ifdef EX_SOFTWARE
    {"EX_SOFTWARE", EX_SOFTWARE},
#endif
#ifdef EX_TEMPFAIL
    {"EX_TEMPFAIL", EX_TEMPFAIL},
#endif
#ifdef EX_UNAVAILABLE
    {"EX_UNAVAILABLE", EX_UNAVAILABLE},
#endif
#ifdef EX_USAGE
    {"EX_USAGE", EX_USAGE},
#endif
#ifdef F_LOCK
    {"F_LOCK", F_LOCK},
#endif
#ifdef F_OK
    {"F_OK", F_OK},
#endif
#ifdef F_TEST
    {"F_TEST", F_TEST},
#endif
#ifdef F_TLOCK
    {"F_TLOCK", F_TLOCK},
#endif
#ifdef F_ULOCK
    {"F_ULOCK", F_ULOCK},
#endif
#ifdef GRND_NONBLOCK
    {"GRND_NONBLOCK", GRND_NONBLOCK},
#endif
#ifdef GRND_RANDOM
    {"GRND_RANDOM", GRND_RANDOM},
#endif
#ifdef MFD_ALLOW_SEALING
    {"MFD_ALLOW_SEALING", MFD_ALLOW_SEALING},
#endif
#ifdef MFD_CLOEXEC
    {"MFD_CLOEXEC", MFD_CLOEXEC},
#endif
#ifdef MFD_HUGETLB
    {"MFD_HUGETLB", MFD_HUGETLB},
#endif
#ifdef MFD_HUGE_16GB
    {"MFD_HUGE_16GB", MFD_HUGE_16GB},
#endif
#ifdef MFD_HUGE_16MB
    {"MFD_HUGE_16MB", MFD_HUGE_16MB},
#endif
#ifdef MFD_HUGE_1GB
    {"MFD_HUGE_1GB", MFD_HUGE_1GB},
#endif
#ifdef MFD_HUGE_1MB
    {"MFD_HUGE_1MB", MFD_HUGE_1MB},
#endif
#ifdef MFD_HUGE_256MB
    {"MFD_HUGE_256MB", MFD_HUGE_256MB},
#endif
#ifdef MFD_HUGE_2GB
    {"MFD_HUGE_2GB", MFD_HUGE_2GB},
#endif
#ifdef MFD_HUGE_2MB
    {"MFD_HUGE_2MB", MFD_HUGE_2MB},
#endif
#ifdef MFD_HUGE_32MB
    {"MFD_HUGE_32MB", MFD_HUGE_32MB},
#endif
#ifdef MFD_HUGE_512KB
    {"MFD_HUGE_512KB", MFD_HUGE_512KB},
#endif
#ifdef MFD_HUGE_512MB
    {"MFD_HUGE_512MB", MFD_HUGE_512MB},
#endif
#ifdef MFD_HUGE_64KB
    {"MFD_HUGE_64KB", MFD_HUGE_64KB},
#endif
#ifdef MFD_HUGE_8MB
    {"MFD_HUGE_8MB", MFD_HUGE_8MB},
#endif
#ifdef MFD_HUGE_MASK
    {"MFD_HUGE_MASK", MFD_HUGE_MASK},
#endif
#ifdef MFD_HUGE_SHIFT
    {"MFD_HUGE_SHIFT", MFD_HUGE_SHIFT},
#endif
#ifdef NGROUPS_MAX
    {"NGROUPS_MAX", NGROUPS_MAX},
#endif
#ifdef O_ACCMODE
    {"O_ACCMODE", O_ACCMODE},
#endif
#ifdef O_APPEND
    {"O_APPEND", O_APPEND},
#endif
#ifdef O_ASYNC
    {"O_ASYNC", O_ASYNC},
#endif
#ifdef O_CLOEXEC
    {"O_CLOEXEC", O_CLOEXEC},
#endif
#ifdef O_CREAT
    {"O_CREAT", O_CREAT},
#endif
#ifdef O_DIRECT
    {"O_DIRECT", O_DIRECT},
#endif
#ifdef O_DIRECTORY
    {"O_DIRECTORY", O_DIRECTORY},
#endif
#ifdef O_DSYNC
    {"O_DSYNC", O_DSYNC},
#endif
#ifdef O_EXCL
    {"O_EXCL", O_EXCL},
#endif
#ifdef O_FSYNC
    {"O_FSYNC", O_FSYNC},
#endif
#ifdef O_LARGEFILE
    {"O_LARGEFILE", O_LARGEFILE},
#endif
#ifdef O_NDELAY
    {"O_NDELAY", O_NDELAY},
#endif
#ifdef O_NOATIME
    {"O_NOATIME", O_NOATIME},
#endif
#ifdef O_NOCTTY
    {"O_NOCTTY", O_NOCTTY},
#endif
#ifdef O_NOFOLLOW
    {"O_NOFOLLOW", O_NOFOLLOW},
#endif
#ifdef O_NONBLOCK
    {"O_NONBLOCK", O_NONBLOCK},
#endif
#ifdef O_PATH
    {"O_PATH", O_PATH},
#endif
#ifdef O_RDONLY
    {"O_RDONLY", O_RDONLY},
#endif
#ifdef O_RDWR
    {"O_RDWR", O_RDWR},
#endif
#ifdef O_RSYNC
    {"O_RSYNC", O_RSYNC},
#endif
#ifdef O_SYNC
    {"O_SYNC", O_SYNC},
#endif
#ifdef O_TMPFILE
    {"O_TMPFILE", O_TMPFILE},
#endif
#ifdef O_TRUNC
    {"O_TRUNC", O_TRUNC},
#endif
#ifdef O_WRONLY
    {"O_WRONLY", O_WRONLY},
#endif
#ifdef POSIX_FADV_DONTNEED
    {"POSIX_FADV_DONTNEED", POSIX_FADV_DONTNEED},
#endif
#ifdef POSIX_FADV_NOREUSE
    {"POSIX_FADV_NOREUSE", POSIX_FADV_NOREUSE},
#endif
#ifdef POSIX_FADV_NORMAL
    {"POSIX_FADV_NORMAL", POSIX_FADV_NORMAL},
#endif
#ifdef POSIX_FADV_RANDOM
    {"POSIX_FADV_RANDOM", POSIX_FADV_RANDOM},
#endif
#ifdef POSIX_FADV_SEQUENTIAL
    {"POSIX_FADV_SEQUENTIAL", POSIX_FADV_SEQUENTIAL},
#endif
#ifdef POSIX_FADV_WILLNEED
    {"POSIX_FADV_WILLNEED", POSIX_FADV_WILLNEED},
#endif
#ifdef PRIO_PGRP
    {"PRIO_PGRP", PRIO_PGRP},
#endif
#ifdef PRIO_PROCESS
    {"PRIO_PROCESS", PRIO_PROCESS},
#endif
#ifdef PRIO_USER
    {"PRIO_USER", PRIO_USER},
#endif
#ifdef P_ALL
    {"P_ALL", P_ALL},
#endif
#ifdef P_PGID
    {"P_PGID", P_PGID},
#endif
#ifdef P_PID
    {"P_PID", P_PID},
#endif
#ifdef P_PIDFD
    {"P_PIDFD", P_PIDFD},
#endif
#ifdef RTLD_DEEPBIND
    {"RTLD_DEEPBIND", RTLD_DEEPBIND},
#endif
#ifdef RTLD_GLOBAL
    {"RTLD_GLOBAL", RTLD_GLOBAL},
#endif
#ifdef RTLD_LAZY
    {"RTLD_LAZY", RTLD_LAZY},
#endif
#ifdef RTLD_LOCAL
    {"RTLD_LOCAL", RTLD_LOCAL},
#endif
#ifdef RTLD_NODELETE
    {"RTLD_NODELETE", RTLD_NODELETE},
#endif
#ifdef RTLD_NOLOAD
    {"RTLD_NOLOAD", RTLD_NOLOAD},
#endif
#ifdef RTLD_NOW
    {"RTLD_NOW", RTLD_NOW},
#endif
#ifdef RWF_APPEND
    {"RWF_APPEND", RWF_APPEND},
#endif
#ifdef RWF_DSYNC
    {"RWF_DSYNC", RWF_DSYNC},
#endif
#ifdef RWF_HIPRI
    {"RWF_HIPRI", RWF_HIPRI},
#endif
#ifdef RWF_NOWAIT
    {"RWF_NOWAIT", RWF_NOWAIT},
#endif
#ifdef RWF_SYNC
    {"RWF_SYNC", RWF_SYNC},
#endif
#ifdef R_OK
    {"R_OK", R_OK},
#endif
#ifdef SCHED_BATCH
    {"SCHED_BATCH", SCHED_BATCH},
#endif
#ifdef SCHED_FIFO
    {"SCHED_FIFO", SCHED_FIFO},
#endif
#ifdef SCHED_IDLE
    {"SCHED_IDLE", SCHED_IDLE},
#endif
#ifdef SCHED_OTHER
    {"SCHED_OTHER", SCHED_OTHER},
#endif
#ifdef SCHED_RESET_ON_FORK
    {"SCHED_RESET_ON_FORK", SCHED_RESET_ON_FORK},
#endif
#ifdef SCHED_RR
    {"SCHED_RR", SCHED_RR},
#endif
#ifdef SEEK_DATA
    {"SEEK_DATA", SEEK_DATA},
#endif
#ifdef SEEK_HOLE
    {"SEEK_HOLE", SEEK_HOLE},
#endif
#ifdef SPLICE_F_MORE
    {"SPLICE_F_MORE", SPLICE_F_MORE},
#endif
#ifdef SPLICE_F_MOVE
    {"SPLICE_F_MOVE", SPLICE_F_MOVE},
#endif
#ifdef SPLICE_F_NONBLOCK
    {"SPLICE_F_NONBLOCK", SPLICE_F_NONBLOCK},
#endif
#ifdef ST_APPEND
    {"ST_APPEND", ST_APPEND},
#endif
#ifdef ST_MANDLOCK
    {"ST_MANDLOCK", ST_MANDLOCK},
#endif
#ifdef ST_NOATIME
    {"ST_NOATIME", ST_NOATIME},
#endif
#ifdef ST_NODEV
    {"ST_NODEV", ST_NODEV},
#endif
#ifdef ST_NODIRATIME
    {"ST_NODIRATIME", ST_NODIRATIME},
#endif
#ifdef ST_NOEXEC
    {"ST_NOEXEC", ST_NOEXEC},
#endif
#ifdef ST_NOSUID
    {"ST_NOSUID", ST_NOSUID},
#endif
#ifdef ST_RDONLY
    {"ST_RDONLY", ST_RDONLY},
#endif
#ifdef ST_RELATIME
    {"ST_RELATIME", ST_RELATIME},
#endif
#ifdef ST_SYNCHRONOUS
    {"ST_SYNCHRONOUS", ST_SYNCHRONOUS},
#endif
#ifdef ST_WRITE
    {"ST_WRITE", ST_WRITE},
#endif
#ifdef TMP_MAX
    {"TMP_MAX", TMP_MAX},
#endif
#ifdef WCONTINUED
    {"WCONTINUED", WCONTINUED},
#endif
#ifdef WEXITED
    {"WEXITED", WEXITED},
#endif
#ifdef WNOHANG
    {"WNOHANG", WNOHANG},
#endif
#ifdef WNOWAIT
    {"WNOWAIT", WNOWAIT},
#endif
#ifdef WSTOPPED
    {"WSTOPPED", WSTOPPED},
#endif
#ifdef WUNTRACED
    {"WUNTRACED", WUNTRACED},
#endif
#ifdef W_OK
    {"W_OK", W_OK},
#endif
#ifdef XATTR_CREATE
    {"XATTR_CREATE", XATTR_CREATE},
#endif
#ifdef XATTR_REPLACE
    {"XATTR_REPLACE", XATTR_REPLACE},
#endif
#ifdef XATTR_SIZE_MAX
    {"XATTR_SIZE_MAX", XATTR_SIZE_MAX},
#endif
#ifdef X_OK
    {"X_OK", X_OK},
#endif
    {NULL, 0},
};

static const ConfName sysconf_names[] = {
#ifdef _SC_2_CHAR_TERM
    {"SC_2_CHAR_TERM", _SC_2_CHAR_TERM},
#endif
#ifdef _SC_2_C_BIND
    {"SC_2_C_BIND", _SC_2_C_BIND},
#endif
#ifdef _SC_2_C_DEV
    {"SC_2_C_DEV", _SC_2_C_DEV},
#endif
#ifdef _SC_2_C_VERSION
    {"SC_2_C_VERSION", _SC_2_C_VERSION},
#endif
#ifdef _SC_2_FORT_DEV
    {"SC_2_FORT_DEV", _SC_2_FORT_DEV},
#endif
#ifdef _SC_2_FORT_RUN
    {"SC_2_FORT_RUN", _SC_2_FORT_RUN},
#endif
#ifdef _SC_2_LOCALEDEF
    {"SC_2_LOCALEDEF", _SC_2_LOCALEDEF},
#endif
#ifdef _SC_2_SW_DEV
    {"SC_2_SW_DEV", _SC_2_SW_DEV},
#endif
#ifdef _SC_2_UPE
    {"SC_2_UPE", _SC_2_UPE},
#endif
#ifdef _SC_2_VERSION
    {"SC_2_VERSION", _SC_2_VERSION},
#endif
#ifdef _SC_AIO_LISTIO_MAX
    {"SC_AIO_LISTIO_MAX", _SC_AIO_LISTIO_MAX},
#endif
#ifdef _SC_AIO_MAX
    {"SC_AIO_MAX", _SC_AIO_MAX},
#endif
#ifdef _SC_AIO_PRIO_DELTA_MAX
    {"SC_AIO_PRIO_DELTA_MAX", _SC_AIO_PRIO_DELTA_MAX},
#endif
#ifdef _SC_ARG_MAX
    {"SC_ARG_MAX", _SC_ARG_MAX},
#endif
#ifdef _SC_ASYNCHRONOUS_IO
    {"SC_ASYNCHRONOUS_IO", _SC_ASYNCHRONOUS_IO},
#endif
#ifdef _SC_ATEXIT_MAX
    {"SC_ATEXIT_MAX", _SC_ATEXIT_MAX},
#endif
#ifdef _SC_AVPHYS_PAGES
    {"SC_AVPHYS_PAGES", _SC_AVPHYS_PAGES},
#endif
#ifdef _SC_BC_BASE_MAX
    {"SC_BC_BASE_MAX", _SC_BC_BASE_MAX},
#endif
#ifdef _SC_BC_DIM_MAX
    {"SC_BC_DIM_MAX", _SC_BC_DIM_MAX},
#endif
#ifdef _SC_BC_SCALE_MAX
    {"SC_BC_SCALE_MAX", _SC_BC_SCALE_MAX},
#endif
#ifdef _SC_BC_STRING_MAX
    {"SC_BC_STRING_MAX", _SC_BC_STRING_MAX},
#endif
#ifdef _SC_CHARCLASS_NAME_MAX
    {"SC_CHARCLASS_NAME_MAX", _SC_CHARCLASS_NAME_MAX},
#endif
#ifdef _SC_CHAR_BIT
    {"SC_CHAR_BIT", _SC_CHAR_BIT},
#endif
#ifdef _SC_CHAR_MAX
    {"SC_CHAR_MAX", _SC_CHAR_MAX},
#endif
#ifdef _SC_CHAR_MIN
    {"SC_CHAR_MIN", _SC_CHAR_MIN},
#endif
#ifdef _SC_CHILD_MAX
    {"SC_CHILD_MAX", _SC_CHILD_MAX},
#endif
#ifdef _SC_CLK_TCK
    {"SC_CLK_TCK", _SC_CLK_TCK},
#endif
#ifdef _SC_COLL_WEIGHTS_MAX
    {"SC_COLL_WEIGHTS_MAX", _SC_COLL_WEIGHTS_MAX},
#endif
#ifdef _SC_DELAYTIMER_MAX
    {"SC_DELAYTIMER_MAX", _SC_DELAYTIMER_MAX},
#endif
#ifdef _SC_EQUIV_CLASS_MAX
    {"SC_EQUIV_CLASS_MAX", _SC_EQUIV_CLASS_MAX},
#endif
#ifdef _SC_EXPR_NEST_MAX
    {"SC_EXPR_NEST_MAX", _SC_EXPR_NEST_MAX},
#endif
#ifdef _SC_FSYNC
    {"SC_FSYNC", _SC_FSYNC},
#endif
#ifdef _SC_GETGR_R_SIZE_MAX
    {"SC_GETGR_R_SIZE_MAX", _SC_GETGR_R_SIZE_MAX},
#endif
#ifdef _SC_GETPW_R_SIZE_MAX
    {"SC_GETPW_R_SIZE_MAX", _SC_GETPW_R_SIZE_MAX},
#endif
#ifdef _SC_INT_MAX
    {"SC_INT_MAX", _SC_INT_MAX},
#endif
#ifdef _SC_INT_MIN
    {"SC_INT_MIN", _SC_INT_MIN},
#endif
#ifdef _SC_IOV_MAX
    {"SC_IOV_MAX", _SC_IOV_MAX},
#endif
#ifdef _SC_JOB_CONTROL
    {"SC_JOB_CONTROL", _SC_JOB_CONTROL},
#endif
#ifdef _SC_LINE_MAX
    {"SC_LINE_MAX", _SC_LINE_MAX},
#endif
#ifdef _SC_LOGIN_NAME_MAX
    {"SC_LOGIN_NAME_MAX", _SC_LOGIN_NAME_MAX},
#endif
#ifdef _SC_LONG_BIT
    {"SC_LONG_BIT", _SC_LONG_BIT},
#endif
#ifdef _SC_MAPPED_FILES
    {"SC_MAPPED_FILES", _SC_MAPPED_FILES},
#endif
#ifdef _SC_MB_LEN_MAX
    {"SC_MB_LEN_MAX", _SC_MB_LEN_MAX},
#endif
#ifdef _SC_MEMLOCK
    {"SC_MEMLOCK", _SC_MEMLOCK},
#endif
#ifdef _SC_MEMLOCK_RANGE
    {"SC_MEMLOCK_RANGE", _SC_MEMLOCK_RANGE},
#endif
#ifdef _SC_MEMORY_PROTECTION
    {"SC_MEMORY_PROTECTION", _SC_MEMORY_PROTECTION},
#endif
#ifdef _SC_MESSAGE_PASSING
    {"SC_MESSAGE_PASSING", _SC_MESSAGE_PASSING},
#endif
#ifdef _SC_MINSIGSTKSZ
    {"SC_MINSIGSTKSZ", _SC_MINSIGSTKSZ},
#endif
#ifdef _SC_MQ_OPEN_MAX
    {"SC_MQ_OPEN_MAX", _SC_MQ_OPEN_MAX},
#endif
#ifdef _SC_MQ_PRIO_MAX
    {"SC_MQ_PRIO_MAX", _SC_MQ_PRIO_MAX},
#endif
#ifdef _SC_NGROUPS_MAX
    {"SC_NGROUPS_MAX", _SC_NGROUPS_MAX},
#endif
#ifdef _SC_NL_ARGMAX
    {"SC_NL_ARGMAX", _SC_NL_ARGMAX},
#endif
#ifdef _SC_NL_LANGMAX
    {"SC_NL_LANGMAX", _SC_NL_LANGMAX},
#endif
#ifdef _SC_NL_MSGMAX
    {"SC_NL_MSGMAX", _SC_NL_MSGMAX},
#endif
#ifdef _SC_NL_NMAX
    {"SC_NL_NMAX", _SC_NL_NMAX},
#endif
#ifdef _SC_NL_SETMAX
    {"SC_NL_SETMAX", _SC_NL_SETMAX},
#endif
#ifdef _SC_NL_TEXTMAX
    {"SC_NL_TEXTMAX", _SC_NL_TEXTMAX},
#endif
#ifdef _SC_NPROCESSORS_CONF
    {"SC_NPROCESSORS_CONF", _SC_NPROCESSORS_CONF},
#endif
#ifdef _SC_NPROCESSORS_ONLN
    {"SC_NPROCESSORS_ONLN", _SC_NPROCESSORS_ONLN},
#endif
#ifdef _SC_NZERO
    {"SC_NZERO", _SC_NZERO},
#endif
#ifdef _SC_OPEN_MAX
    {"SC_OPEN_MAX", _SC_OPEN_MAX},
#endif
#ifdef _SC_PAGESIZE
    {"SC_PAGESIZE", _SC_PAGESIZE},
#endif
#ifdef _SC_PAGE_SIZE
    {"SC_PAGE_SIZE", _SC_PAGE_SIZE},
#endif
#ifdef _SC_PASS_MAX
    {"SC_PASS_MAX", _SC_PASS_MAX},
#endif
#ifdef _SC_PHYS_PAGES
    {"SC_PHYS_PAGES", _SC_PHYS_PAGES},
#endif
#ifdef _SC_PII
    {"SC_PII", _SC_PII},
#endif
#ifdef _SC_PII_INTERNET
    {"SC_PII_INTERNET", _SC_PII_INTERNET},
#endif
#ifdef _SC_PII_INTERNET_DGRAM
    {"SC_PII_INTERNET_DGRAM", _SC_PII_INTERNET_DGRAM},
#endif
#ifdef _SC_PII_INTERNET_STREAM
    {"SC_PII_INTERNET_STREAM", _SC_PII_INTERNET_STREAM},
#endif
#ifdef _SC_PII_OSI
    {"SC_PII_OSI", _SC_PII_OSI},
#endif
#ifdef _SC_PII_OSI_CLTS
    {"SC_PII_OSI_CLTS", _SC_PII_OSI_CLTS},
#endif
#ifdef _SC_PII_OSI_COTS
    {"SC_PII_OSI_COTS", _SC_PII_OSI_COTS},
#endif
#ifdef _SC_PII_OSI_M
    {"SC_PII_OSI_M", _SC_PII_OSI_M},
#endif
#ifdef _SC_PII_SOCKET
    {"SC_PII_SOCKET", _SC_PII_SOCKET},
#endif
#ifdef _SC_PII_XTI
    {"SC_PII_XTI", _SC_PII_XTI},
#endif
#ifdef _SC_POLL
    {"SC_POLL", _SC_POLL},
#endif
#ifdef _SC_PRIORITIZED_IO
    {"SC_PRIORITIZED_IO", _SC_PRIORITIZED_IO},
#endif
#ifdef _SC_PRIORITY_SCHEDULING
    {"SC_PRIORITY_SCHEDULING", _SC_PRIORITY_SCHEDULING},
#endif
#ifdef _SC_REALTIME_SIGNALS
    {"SC_REALTIME_SIGNALS", _SC_REALTIME_SIGNALS},
#endif
#ifdef _SC_RE_DUP_MAX
    {"SC_RE_DUP_MAX", _SC_RE_DUP_MAX},
#endif
#ifdef _SC_RTSIG_MAX
    {"SC_RTSIG_MAX", _SC_RTSIG_MAX},
#endif
#ifdef _SC_SAVED_IDS
    {"SC_SAVED_IDS", _SC_SAVED_IDS},
#endif
#ifdef _SC_SCHAR_MAX
    {"SC_SCHAR_MAX", _SC_SCHAR_MAX},
#endif
#ifdef _SC_SCHAR_MIN
    {"SC_SCHAR_MIN", _SC_SCHAR_MIN},
#endif
#ifdef _SC_SELECT
    {"SC_SELECT", _SC_SELECT},
#endif
#ifdef _SC_SEMAPHORES
    {"SC_SEMAPHORES", _SC_SEMAPHORES},
#endif
#ifdef _SC_SEM_NSEMS_MAX
    {"SC_SEM_NSEMS_MAX", _SC_SEM_NSEMS_MAX},
#endif
#ifdef _SC_SEM_VALUE_MAX
    {"SC_SEM_VALUE_MAX", _SC_SEM_VALUE_MAX},
#endif
#ifdef _SC_SHARED_MEMORY_OBJECTS
    {"SC_SHARED_MEMORY_OBJECTS", _SC_SHARED_MEMORY_OBJECTS},
#endif
#ifdef _SC_SHRT_MAX
    {"SC_SHRT_MAX", _SC_SHRT_MAX},
#endif
#ifdef _SC_SHRT_MIN
    {"SC_SHRT_MIN", _SC_SHRT_MIN},
#endif
#ifdef _SC_SIGQUEUE_MAX
    {"SC_SIGQUEUE_MAX", _SC_SIGQUEUE_MAX},
#endif
#ifdef _SC_SSIZE_MAX
    {"SC_SSIZE_MAX", _SC_SSIZE_MAX},
#endif
#ifdef _SC_STREAM_MAX
    {"SC_STREAM_MAX", _SC_STREAM_MAX},
#endif
#ifdef _SC_SYNCHRONIZED_IO
    {"SC_SYNCHRONIZED_IO", _SC_SYNCHRONIZED_IO},
#endif
#ifdef _SC_THREADS
    {"SC_THREADS", _SC_THREADS},
#endif
#ifdef _SC_THREAD_ATTR_STACKADDR
    {"SC_THREAD_ATTR_STACKADDR", _SC_THREAD_ATTR_STACKADDR},
#endif
#ifdef _SC_THREAD_ATTR_STACKSIZE
    {"SC_THREAD_ATTR_STACKSIZE", _SC_THREAD_ATTR_STACKSIZE},
#endif
#ifdef _SC_THREAD_DESTRUCTOR_ITERATIONS
    {"SC_THREAD_DESTRUCTOR_ITERATIONS", _SC_THREAD_DESTRUCTOR_ITERATIONS},
#endif
#ifdef _SC_THREAD_KEYS_MAX
    {"SC_THREAD_KEYS_MAX", _SC_THREAD_KEYS_MAX},
#endif
#ifdef _SC_THREAD_PRIORITY_SCHEDULING
    {"SC_THREAD_PRIORITY_SCHEDULING", _SC_THREAD_PRIORITY_SCHEDULING},
#endif
#ifdef _SC_THREAD_PRIO_INHERIT
    {"SC_THREAD_PRIO_INHERIT", _SC_THREAD_PRIO_INHERIT},
#endif
#ifdef _SC_THREAD_PRIO_PROTECT
    {"SC_THREAD_PRIO_PROTECT", _SC_THREAD_PRIO_PROTECT},
#endif
#ifdef _SC_THREAD_PROCESS_SHARED
    {"SC_THREAD_PROCESS_SHARED", _SC_THREAD_PROCESS_SHARED},
#endif
#ifdef _SC_THREAD_SAFE_FUNCTIONS
    {"SC_THREAD_SAFE_FUNCTIONS", _SC_THREAD_SAFE_FUNCTIONS},
#endif
#ifdef _SC_THREAD_STACK_MIN
    {"SC_THREAD_STACK_MIN", _SC_THREAD_STACK_MIN},
#endif
#ifdef _SC_THREAD_THREADS_MAX
    {"SC_THREAD_THREADS_MAX", _SC_THREAD_THREADS_MAX},
#endif
#ifdef _SC_TIMERS
    {"SC_TIMERS", _SC_TIMERS},
#endif
#ifdef _SC_TIMER_MAX
    {"SC_TIMER_MAX", _SC_TIMER_MAX},
#endif
#ifdef _SC_TTY_NAME_MAX
    {"SC_TTY_NAME_MAX", _SC_TTY_NAME_MAX},
#endif
#ifdef _SC_TZNAME_MAX
    {"SC_TZNAME_MAX", _SC_TZNAME_MAX},
#endif
#ifdef _SC_T_IOV_MAX
    {"SC_T_IOV_MAX", _SC_T_IOV_MAX},
#endif
#ifdef _SC_UCHAR_MAX
    {"SC_UCHAR_MAX", _SC_UCHAR_MAX},
#endif
#ifdef _SC_UINT_MAX
    {"SC_UINT_MAX", _SC_UINT_MAX},
#endif
#ifdef _SC_UIO_MAXIOV
    {"SC_UIO_MAXIOV", _SC_UIO_MAXIOV},
#endif
#ifdef _SC_ULONG_MAX
    {"SC_ULONG_MAX", _SC_ULONG_MAX},
#endif
#ifdef _SC_USHRT_MAX
    {"SC_USHRT_MAX", _SC_USHRT_MAX},
#endif
#ifdef _SC_VERSION
    {"SC_VERSION", _SC_VERSION},
#endif
#ifdef _SC_WORD_BIT
    {"SC_WORD_BIT", _SC_WORD_BIT},
#endif
#ifdef _SC_XBS5_ILP32_OFF32
    {"SC_XBS5_ILP32_OFF32", _SC_XBS5_ILP32_OFF32},
#endif
#ifdef _SC_XBS5_ILP32_OFFBIG
    {"SC_XBS5_ILP32_OFFBIG", _SC_XBS5_ILP32_OFFBIG},
#endif
#ifdef _SC_XBS5_LP64_OFF64
    {"SC_XBS5_LP64_OFF64", _SC_XBS5_LP64_OFF64},
#endif
#ifdef _SC_XBS5_LPBIG_OFFBIG
    {"SC_XBS5_LPBIG_OFFBIG", _SC_XBS5_LPBIG_OFFBIG},
#endif
#ifdef _SC_XOPEN_CRYPT
    {"SC_XOPEN_CRYPT", _SC_XOPEN_CRYPT},
#endif
#ifdef _SC_XOPEN_ENH_I18N
    {"SC_XOPEN_ENH_I18N", _SC_XOPEN_ENH_I18N},
#endif
#ifdef _SC_XOPEN_LEGACY
    {"SC_XOPEN_LEGACY", _SC_XOPEN_LEGACY},
#endif
#ifdef _SC_XOPEN_REALTIME
    {"SC_XOPEN_REALTIME", _SC_XOPEN_REALTIME},
#endif
#ifdef _SC_XOPEN_REALTIME_THREADS
    {"SC_XOPEN_REALTIME_THREADS", _SC_XOPEN_REALTIME_THREADS},
#endif
#ifdef _SC_XOPEN_SHM
    {"SC_XOPEN_SHM", _SC_XOPEN_SHM},
#endif
#ifdef _SC_XOPEN_UNIX
    {"SC_XOPEN_UNIX", _SC_XOPEN_UNIX},
#endif
#ifdef _SC_XOPEN_VERSION
    {"SC_XOPEN_VERSION", _SC_XOPEN_VERSION},
#endif
#ifdef _SC_XOPEN_XCU_VERSION
    {"SC_XOPEN_XCU_VERSION", _SC_XOPEN_XCU_VERSION},
#endif
#ifdef _SC_XOPEN_XPG2
    {"SC_XOPEN_XPG2", _SC_XOPEN_XPG2},
#endif
#ifdef _SC_XOPEN_XPG3
    {"SC_XOPEN_XPG3", _SC_XOPEN_XPG3},
#endif
#ifdef _SC_XOPEN_XPG4
    {"SC_XOPEN_XPG4", _SC_XOPEN_XPG4},
#endif
    {NULL, 0},
};

static const ConfName confstr_names[] = {
#ifdef _CS_GNU_LIBC_VERSION
    {"CS_GNU_LIBC_VERSION", _CS_GNU_LIBC_VERSION},
#endif
#ifdef _CS_GNU_LIBPTHREAD_VERSION
    {"CS_GNU_LIBPTHREAD_VERSION", _CS_GNU_LIBPTHREAD_VERSION},
#endif
#ifdef _CS_LFS64_CFLAGS
    {"CS_LFS64_CFLAGS", _CS_LFS64_CFLAGS},
#endif
#ifdef _CS_LFS64_LDFLAGS
    {"CS_LFS64_LDFLAGS", _CS_LFS64_LDFLAGS},
#endif
#ifdef _CS_LFS64_LIBS
    {"CS_LFS64_LIBS", _CS_LFS64_LIBS},
#endif
#ifdef _CS_LFS64_LINTFLAGS
    {"CS_LFS64_LINTFLAGS", _CS_LFS64_LINTFLAGS},
#endif
#ifdef _CS_LFS_CFLAGS
    {"CS_LFS_CFLAGS", _CS_LFS_CFLAGS},
#endif
#ifdef _CS_LFS_LDFLAGS
    {"CS_LFS_LDFLAGS", _CS_LFS_LDFLAGS},
#endif
#ifdef _CS_LFS_LIBS
    {"CS_LFS_LIBS", _CS_LFS_LIBS},
#endif
#ifdef _CS_LFS_LINTFLAGS
    {"CS_LFS_LINTFLAGS", _CS_LFS_LINTFLAGS},
#endif
#ifdef _CS_PATH
    {"CS_PATH", _CS_PATH},
#endif
#ifdef _CS_XBS5_ILP32_OFF32_CFLAGS
    {"CS_XBS5_ILP32_OFF32_CFLAGS", _CS_XBS5_ILP32_OFF32_CFLAGS},
#endif
#ifdef _CS_XBS5_ILP32_OFF32_LDFLAGS
    {"CS_XBS5_ILP32_OFF32_LDFLAGS", _CS_XBS5_ILP32_OFF32_LDFLAGS},
#endif
#ifdef _CS_XBS5_ILP32_OFF32_LIBS
    {"CS_XBS5_ILP32_OFF32_LIBS", _CS_XBS5_ILP32_OFF32_LIBS},
#endif
#ifdef _CS_XBS5_ILP32_OFF32_LINTFLAGS
    {"CS_XBS5_ILP32_OFF32_LINTFLAGS", _CS_XBS5_ILP32_OFF32_LINTFLAGS},
#endif
#ifdef _CS_XBS5_ILP32_OFFBIG_CFLAGS
    {"CS_XBS5_ILP32_OFFBIG_CFLAGS", _CS_XBS5_ILP32_OFFBIG_CFLAGS},
#endif
#ifdef _CS_XBS5_ILP32_OFFBIG_LDFLAGS
    {"CS_XBS5_ILP32_OFFBIG_LDFLAGS", _CS_XBS5_ILP32_OFFBIG_LDFLAGS},
#endif
#ifdef _CS_XBS5_ILP32_OFFBIG_LIBS
    {"CS_XBS5_ILP32_OFFBIG_LIBS", _CS_XBS5_ILP32_OFFBIG_LIBS},
#endif
#ifdef _CS_XBS5_ILP32_OFFBIG_LINTFLAGS
    {"CS_XBS5_ILP32_OFFBIG_LINTFLAGS", _CS_XBS5_ILP32_OFFBIG_LINTFLAGS},
#endif
#ifdef _CS_XBS5_LP64_OFF64_CFLAGS
    {"CS_XBS5_LP64_OFF64_CFLAGS", _CS_XBS5_LP64_OFF64_CFLAGS},
#endif
#ifdef _CS_XBS5_LP64_OFF64_LDFLAGS
    {"CS_XBS5_LP64_OFF64_LDFLAGS", _CS_XBS5_LP64_OFF64_LDFLAGS},
#endif
#ifdef _CS_XBS5_LP64_OFF64_LIBS
    {"CS_XBS5_LP64_OFF64_LIBS", _CS_XBS5_LP64_OFF64_LIBS},
#endif
#ifdef _CS_XBS5_LP64_OFF64_LINTFLAGS
    {"CS_XBS5_LP64_OFF64_LINTFLAGS", _CS_XBS5_LP64_OFF64_LINTFLAGS},
#endif
#ifdef _CS_XBS5_LPBIG_OFFBIG_CFLAGS
    {"CS_XBS5_LPBIG_OFFBIG_CFLAGS", _CS_XBS5_LPBIG_OFFBIG_CFLAGS},
#endif
#ifdef _CS_XBS5_LPBIG_OFFBIG_LDFLAGS
    {"CS_XBS5_LPBIG_OFFBIG_LDFLAGS", _CS_XBS5_LPBIG_OFFBIG_LDFLAGS},
#endif
#ifdef _CS_XBS5_LPBIG_OFFBIG_LIBS
    {"CS_XBS5_LPBIG_OFFBIG_LIBS", _CS_XBS5_LPBIG_OFFBIG_LIBS},
#endif
#ifdef _CS_XBS5_LPBIG_OFFBIG_LINTFLAGS
    {"CS_XBS5_LPBIG_OFFBIG_LINTFLAGS", _CS_XBS5_LPBIG_OFFBIG_LINTFLAGS},
#endif
    {NULL, 0},
};

static const ConfName pathconf_names[] = {
#ifdef _PC_ALLOC_SIZE_MIN
    {"PC_ALLOC_SIZE_MIN", _PC_ALLOC_SIZE_MIN},
#endif
#ifdef _PC_ASYNC_IO
    {"PC_ASYNC_IO", _PC_ASYNC_IO},
#endif
#ifdef _PC_CHOWN_RESTRICTED
    {"PC_CHOWN_RESTRICTED", _PC_CHOWN_RESTRICTED},
#endif
#ifdef _PC_FILESIZEBITS
    {"PC_FILESIZEBITS", _PC_FILESIZEBITS},
#endif
#ifdef _PC_LINK_MAX
    {"PC_LINK_MAX", _PC_LINK_MAX},
#endif
#ifdef _PC_MAX_CANON
    {"PC_MAX_CANON", _PC_MAX_CANON},
#endif
#ifdef _PC_MAX_INPUT
    {"PC_MAX_INPUT", _PC_MAX_INPUT},
#endif
#ifdef _PC_NAME_MAX
    {"PC_NAME_MAX", _PC_NAME_MAX},
#endif
#ifdef _PC_NO_TRUNC
    {"PC_NO_TRUNC", _PC_NO_TRUNC},
#endif
#ifdef _PC_PATH_MAX
    {"PC_PATH_MAX", _PC_PATH_MAX},
#endif
#ifdef _PC_PIPE_BUF
    {"PC_PIPE_BUF", _PC_PIPE_BUF},
#endif
#ifdef _PC_PRIO_IO
    {"PC_PRIO_IO", _PC_PRIO_IO},
#endif
#ifdef _PC_REC_INCR_XFER_SIZE
    {"PC_REC_INCR_XFER_SIZE", _PC_REC_INCR_XFER_SIZE},
#endif
#ifdef _PC_REC_MAX_XFER_SIZE
    {"PC_REC_MAX_XFER_SIZE", _PC_REC_MAX_XFER_SIZE},
#endif
#ifdef _PC_REC_MIN_XFER_SIZE
    {"PC_REC_MIN_XFER_SIZE", _PC_REC_MIN_XFER_SIZE},
#endif
#ifdef _PC_REC_XFER_ALIGN
    {"PC_REC_XFER_ALIGN", _PC_REC_XFER_ALIGN},
#endif
#ifdef _PC_SOCK_MAXBUF
    {"PC_SOCK_MAXBUF", _PC_SOCK_MAXBUF},
#endif
#ifdef _PC_SYMLINK_MAX
    {"PC_SYMLINK_MAX", _PC_SYMLINK_MAX},
#endif
#ifdef _PC_SYNC_IO
    {"PC_SYNC_IO", _PC_SYNC_IO},
#endif
#ifdef _PC_VDISABLE
    {"PC_VDISABLE", _PC_VDISABLE},
#endif
    {NULL, 0},
};
