# Wavelength in one container: the API, the live channel and the client, with SQLite in /data.
# Builds on linux/amd64 and linux/arm64 alike (better-sqlite3 is compiled here; resvg, rollup and
# esbuild ship builds for both, all in the lock file), and on Docker 20.10 and later, with the
# classic builder or BuildKit: no instruction or flag newer than 20.10 (Debian 12's docker.io;
# test/dockerfile.test.ts checks), and no `# syntax=` line, so no frontend image to pull.

FROM node:22-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 is a native module: build it here, where the compilers are.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# Exactly the locked versions: the lock file holds every platform's optional builds.
RUN npm ci --no-audit --no-fund
COPY . .
# Then keep only what the server loads: no dev packages, none that only a build or an install
# script uses, no compiler leftovers of better-sqlite3, no source maps or TypeScript files, and of
# scripts/ only admin and backup (scripts/prune-for-image.mjs).
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund \
  && node scripts/prune-for-image.mjs

FROM node:22-bookworm-slim
ARG VERSION=dev
ARG REVISION=unknown
LABEL org.opencontainers.image.title="Wavelength" \
  org.opencontainers.image.description="A compatibility quiz you play with friends: API, live scoreboard and web client, SQLite in /data" \
  org.opencontainers.image.version="${VERSION}" \
  org.opencontainers.image.revision="${REVISION}" \
  org.opencontainers.image.base.name="docker.io/library/node:22-bookworm-slim"
# tini forwards SIGTERM to Node so the server shuts down gracefully.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# DATA_DIR keeps rendered link-preview cards on the volume too, whichever database DATABASE_URL names.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATABASE_URL=sqlite:/data/wavelength.db DATA_DIR=/data
# What runs, owned by root and read-only for the server: the built app and its runtime packages.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/migrations ./migrations
COPY --from=build /app/seed ./seed
COPY --from=build /app/scripts ./scripts
# The server runs as node (uid 1000), which must be able to write /data: a named volume starts as
# this folder (owned by node); a bind mount's host folder needs `chown 1000:1000`.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Checked every 30 s, the first time 30 s after the start (--start-interval, which would check
# sooner, needs Docker 25); failures in the first 30 s do not count.
HEALTHCHECK --interval=30s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/server/main.js"]
