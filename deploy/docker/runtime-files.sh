#!/bin/sh
# What a Node app's image runs from, copied out of a built checkout: the app's
# dist, the dist of every lib built (with server-core's own migrations:
# dist/database.js reads ../migrations) and, for a service, the files it reads
# beside its code at run time: its Drizzle migrations (dist/app.module.js reads
# ../src/db/migrations) and the notification service's email templates
# (../src/email/templates). node.Dockerfile runs it; so does the test that
# starts every app from this layout in production mode.
#
#   sh deploy/docker/runtime-files.sh <gateway|services/NAME> <out dir>
set -eu
APP=$1
OUT=$2
mkdir -p "$OUT/$APP"
cp -a "$APP/package.json" "$APP/dist" "$OUT/$APP/"
for lib in libs/*/; do
  if [ -d "${lib}dist" ]; then
    mkdir -p "$OUT/$lib" && cp -a "${lib}package.json" "${lib}dist" "$OUT/$lib"
    if [ -d "${lib}migrations" ]; then cp -a "${lib}migrations" "$OUT/$lib"; fi
  fi
done
for assets in src/db/migrations src/email/templates; do
  if [ -d "$APP/$assets" ]; then
    mkdir -p "$OUT/$APP/$(dirname "$assets")" && cp -a "$APP/$assets" "$OUT/$APP/$(dirname "$assets")/"
  fi
done
