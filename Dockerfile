# syntax=docker/dockerfile:1
# Schichtwerk in a container. Three stages: dependencies, build, runtime.
# The runtime stage holds only what `node scripts/start.mjs` needs, laid out
# by scripts/assemble-runtime.mjs, and runs the same start-up as `npm start`:
# secrets check, `prisma migrate deploy`, then Next's standalone server.
# It needs DATABASE_URL, JWT_SECRET and ENCRYPTION_KEY (docker-compose.yml).
# Node 24 LTS in every stage (README, "Node"); the code also runs on Node 20,
# which `npm test` checks beside 24 (scripts/test.sh).
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1
# `prisma generate` reads the schema and prisma.config.ts.
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
# Not `npm ci`: the lockfile, made on Linux, lacks other platforms' optional
# builds. No install scripts, as on our machines (npm 11): the prisma CLI runs
# its WebAssembly engine (prisma.config.ts) and needs no native engine download.
RUN npm install --no-audit --no-fund --ignore-scripts && npx prisma generate

FROM deps AS build
COPY . .
RUN npm run build && node scripts/assemble-runtime.mjs /runtime

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    CHECKPOINT_DISABLE=1 \
    PRISMA_HIDE_UPDATE_MESSAGE=1 \
    PORT=3000
# Owned by root and read-only for the app; only Next's cache folder is its own.
COPY --from=build /runtime /app
RUN mkdir -p .next/standalone/.next/cache && chown node:node .next/standalone/.next/cache
USER node
EXPOSE 3000
# start.mjs passes SIGTERM to the server, which finishes the requests in
# flight and exits (give it time: stop_grace_period in docker-compose.yml).
STOPSIGNAL SIGTERM
# Slim images have no curl: Node's fetch does the check.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "scripts/start.mjs"]
