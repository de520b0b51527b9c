// What ShelfKit needs of the C library that Swift's Glibc module does not import.
#ifndef SHELF_SYSTEM_SHIM_H
#define SHELF_SYSTEM_SHIM_H

#if defined(__linux__)
#include <sys/vfs.h>

/// The type of the file system `path` lies on (`statfs`'s `f_type`: 0xEF53 for ext4), or -1.
static inline long long shelf_file_system_type(const char *path) {
    struct statfs info;
    return statfs(path, &info) == 0 ? (long long)info.f_type : -1;
}
#endif

#endif
