/* hidapi: Debian's libhidapi-dev (linked as hidapi-hidraw) and Homebrew's hidapi (linked as hidapi);
   Package.swift names the library per platform. */
#include <hidapi/hidapi.h>
