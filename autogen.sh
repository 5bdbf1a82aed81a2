#!/bin/sh
# Regenerates the build system: ./autogen.sh && ./configure && make
set -e
cd "$(dirname "$0")"
mkdir -p m4 build-aux
autoreconf -fi
# Automake ships a TAP driver but installs it only on request.
cp -f "$(automake --print-libdir)/tap-driver.sh" build-aux/
