# syntax=docker/dockerfile:1
# The portal's image: the server (TypeScript run by tsx, as `npm start` runs it) with the built web app and operator
# console. Production defaults; no secret is baked in: every one comes from the environment at run time, and the
# server refuses to start without them (docs/OPERATIONS.md, "Settings").
#   docker build -t loan-portal .
#   docker run --env-file deploy/production.env -p 3000:3000 -v portal-data:/data loan-portal

ARG NODE_IMAGE=node:22-bookworm-slim

# 0. The workspaces' manifests and the lock: what both stages install from (npm ci checks the lock against all four).
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY server/package.json server/
COPY web/package.json web/
COPY console/package.json console/

# 1. Build the two front ends (Vite) with every dependency, dev ones included.
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json ./
COPY tooling/ tooling/
COPY domain/ domain/
COPY web/ web/
COPY console/ console/
RUN npm run build

# 2. What runs: the server's and domain's runtime dependencies only, the sources they run, the built front ends.
FROM manifests AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    SKIP_WEB_BUILD=1
RUN npm ci --omit=dev --workspace server --workspace domain --no-audit --no-fund \
 && npm cache clean --force \
 && mkdir -p /data && chown node:node /data
COPY tsconfig.base.json tsconfig.json ./
COPY tooling/ tooling/
COPY domain/src domain/src
COPY server/src server/src
COPY server/drizzle server/drizzle
COPY server/tsconfig.json server/
COPY scripts/ scripts/
COPY --from=build /app/web/dist web/dist
COPY --from=build /app/console/dist console/dist
USER node
VOLUME ["/data"]
EXPOSE 3000 3100
# ready = the database answers, this build's migrations are applied and the server is not draining
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1's child through scripts/start.mjs, which passes SIGTERM on (the server drains, then exits)
STOPSIGNAL SIGTERM
CMD ["node", "scripts/start.mjs"]
