# The app (api + built web app, one origin). Build context: the repository root.
#   docker build -f docker/app.Dockerfile -t chatbot-gallery .
# Two stages: `build` installs every dependency and builds; `runtime` holds only the bundled api with its
# production dependencies (pnpm deploy --prod) and the web app's static files, and runs as a non-root user.

# Pinned base image (the Node version the tests run on); docs/operations.md says how to update it.
FROM node:24.22.3-bookworm-slim AS build
ENV COREPACK_ENABLE_DOWNLOAD_PROMPT=0 \
    TURBO_TELEMETRY_DISABLED=1 \
    CI=true
RUN corepack enable
WORKDIR /repo

# Packages first (a layer that changes only with the lockfile), then the sources.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
RUN pnpm fetch --frozen-lockfile
COPY . .
RUN pnpm install --offline --frozen-lockfile
RUN pnpm exec turbo run build --filter=@gallery/api --filter=@gallery/web --output-logs=errors-only
# The api's `files` is its dist/ (workspace packages are bundled in); --legacy: the workspace links its
# packages rather than injecting them, which pnpm 10's default deploy requires.
RUN pnpm --filter @gallery/api deploy --legacy --prod /out/api \
 && cp -r apps/web/dist /out/web

FROM node:24.22.3-bookworm-slim AS runtime
# Real deployments: NODE_ENV=production with SESSION_SECRET, DATABASE_URL, S3_* and FIREBASE_SERVICE_ACCOUNT
# (+ FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN) set; docker-compose.yml runs it against the Auth emulator.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST=/app/web
WORKDIR /app
# Share previews draw their text through fontconfig (PREVIEW_FONT in apps/api/src/domain/images/preview-design.ts);
# the slim base image has no fonts (fontconfig-config: the configuration that finds them).
RUN apt-get update \
 && apt-get install -y --no-install-recommends fontconfig-config fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
# The code stays owned by root (read-only to the server); only the data directory belongs to the server.
COPY --from=build /out/api /app/api
COPY --from=build /out/web /app/web
RUN mkdir -p /data && chown 1000:1000 /data
VOLUME /data
# The image's `node` user, by number so a runtime can check it is not root (Kubernetes runAsNonRoot).
USER 1000:1000
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "api/dist/server.js"]
