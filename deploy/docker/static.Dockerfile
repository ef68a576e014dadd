# syntax=docker/dockerfile:1
#
# Coffer's front ends, one image each: the shell and the three remotes, built
# with rspack and served by nginx on port 8080 as an unprivileged user. Build
# from the repository root:
#
#   docker build -f deploy/docker/static.Dockerfile --build-arg APP=shell     -t coffer/shell .
#   docker build -f deploy/docker/static.Dockerfile --build-arg APP=mfe-files --build-arg COFFER_RELEASE=1.4.0 -t coffer/mfe-files .
#
# APP: shell | mfe-marketing | mfe-files | mfe-account. COFFER_RELEASE is
# compiled into the bundle (shown as the remote root's data-release).
#
# PREVIOUS_IMAGE: the image of the same app now in production. Its kept
# releases are carried into this one (the hashed chunks of the last
# KEEP_RELEASES builds, this one included), so a tab that loaded an earlier
# release still finds its chunks once this image serves (deploy/README.md,
# "Rollouts without broken tabs"). Leave it out only for the first release:
#
#   docker build -f deploy/docker/static.Dockerfile --build-arg APP=mfe-files --build-arg COFFER_RELEASE=1.5.0 \
#     --build-arg PREVIOUS_IMAGE=registry.example.com/coffer/mfe-files:1.4.0 -t coffer/mfe-files:1.5.0 .
# The shell reads /remotes.json from /etc/coffer/remotes.json: mount it (the
# coffer-remotes ConfigMap in Kubernetes; `-v $PWD/remotes.json:/etc/coffer/remotes.json:ro` with docker run).

ARG NODE_IMAGE=node:24.21.0-bookworm-slim
ARG NGINX_IMAGE=nginx:1.27.5-bookworm
# An empty image: no earlier release to carry (the first one).
ARG PREVIOUS_IMAGE=scratch

# --- The previous release's image, read for its kept releases only
FROM ${PREVIOUS_IMAGE} AS previous

# --- Package manifests only (same stages as node.Dockerfile: the layers are shared)
FROM ${NODE_IMAGE} AS manifests
WORKDIR /repo
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json ! -name .npmrc -delete \
 && find . -mindepth 1 -type d -empty -delete

FROM ${NODE_IMAGE} AS toolchain
# argon2 (a server dependency, installed with the rest of the workspaces)
# compiles from source when its prebuilt binary does not load.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
ENV NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /repo

FROM toolchain AS deps
COPY --from=manifests /repo ./
# `npm ci`: exactly the lock file's packages (it stops if package.json and
# package-lock.json disagree), from an empty node_modules.
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --no-audit --no-fund

# --- Build the front end ---------------------------------------------------------
FROM deps AS build
ARG APP
ARG COFFER_RELEASE=dev
COPY . .
RUN case "$APP" in shell|mfe-marketing|mfe-files|mfe-account) ;; \
      *) echo "APP must be shell, mfe-marketing, mfe-files or mfe-account, got '$APP'" >&2; exit 1 ;; \
    esac
RUN COFFER_RELEASE="$COFFER_RELEASE" \
    npx nx build "$(node -p "require('./$APP/package.json').name")" --output-style=static \
 && test -f "$APP/dist/index.html" \
 && find "$APP/dist" \( -name '*.map' -o -name mf-stats.json \) -delete

# --- The hashed files of the last releases: the previous image's, and this build's
FROM build AS releases
ARG APP
ARG COFFER_RELEASE=dev
ARG KEEP_RELEASES=5
RUN --mount=type=bind,from=previous,target=/previous \
    mkdir -p /releases \
 && if [ -d /previous/usr/share/nginx/releases ]; then cp -a /previous/usr/share/nginx/releases/. /releases/; fi \
 && node deploy/local/static-releases.mjs --dist "$APP/dist" --store /releases --keep "$KEEP_RELEASES" --release "$COFFER_RELEASE"

# --- nginx ---------------------------------------------------------------------
FROM ${NGINX_IMAGE} AS runtime
ARG APP
COPY deploy/docker/nginx/nginx.conf /etc/nginx/nginx.conf
COPY deploy/docker/nginx/coffer/ /etc/nginx/coffer/
# One site file per kind of app: the shell (SPA fallback, /remotes.json) or a remote (CORS).
RUN rm -f /etc/nginx/conf.d/default.conf /usr/share/nginx/html/* \
 && if [ "$APP" = shell ]; then kind=shell; else kind=remote; fi \
 && mv "/etc/nginx/coffer/$kind.conf" /etc/nginx/coffer/site.conf \
 && rm -f /etc/nginx/coffer/shell.conf /etc/nginx/coffer/remote.conf \
 && mkdir -p /etc/coffer
COPY --from=build /repo/${APP}/dist/ /usr/share/nginx/html/
# Served for a hashed file the build above lacks (nginx's @kept-release).
COPY --from=releases /releases/ /usr/share/nginx/releases/
# The image's `nginx` user, by uid so Kubernetes can check runAsNonRoot. nginx
# writes only its pid and temp files, under /tmp (an emptyDir in Kubernetes).
USER 101:101
EXPOSE 8080
# nginx directly, not the image's entrypoint scripts (they rewrite files under
# /etc/nginx, which is read-only here). `daemon off` is set in nginx.conf.
ENTRYPOINT []
CMD ["nginx"]
