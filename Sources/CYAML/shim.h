#ifndef SHELF_CYAML_SHIM_H
#define SHELF_CYAML_SHIM_H
#include <yaml.h>
#endif
