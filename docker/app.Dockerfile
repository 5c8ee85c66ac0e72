# The app (api + built web app) as `pnpm start` runs it. Build context: the repository root.
#   docker build -f docker/app.Dockerfile -t chatbot-gallery .
FROM node:20-bookworm-slim

ENV COREPACK_ENABLE_DOWNLOAD_PROMPT=0 \
    TURBO_TELEMETRY_DISABLED=1 \
    CI=true
RUN corepack enable
WORKDIR /app

COPY . .
RUN pnpm install --frozen-lockfile
RUN pnpm exec turbo run build --filter=@gallery/api --filter=@gallery/web --output-logs=errors-only

# Real deployments: NODE_ENV=production with SESSION_SECRET, DATABASE_URL, S3_* and FIREBASE_* set.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "scripts/start.mjs"]
