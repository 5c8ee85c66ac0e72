# The Firebase Authentication emulator alone (firebase-tools' CLI, no Java).
# Build context: the repository root.
#   docker build -f docker/auth-emulator.Dockerfile -t gallery-auth-emulator .
FROM node:24.22.3-bookworm-slim

WORKDIR /emulator
# Same version as the root devDependency.
# --ignore-scripts skips compiling re2, which the Auth emulator does not use.
RUN npm init -y >/dev/null \
 && npm install --omit=dev --ignore-scripts --no-audit --no-fund firebase-tools@15.34.2 \
 && npm cache clean --force
# Listen on every interface so other containers (and the host, through a published port) reach it.
RUN echo '{"emulators":{"auth":{"host":"0.0.0.0","port":9099},"ui":{"enabled":false},"singleProjectMode":false}}' > firebase.json

ENV FIREBASE_PROJECT_ID=demo-chatbot-gallery
# Runs as the image's `node` user: it may write its logs here and its accounts to /data, nothing else.
RUN mkdir -p /data && chown node:node /data /emulator
# Accounts survive restarts in /data (imported at start, exported on stop).
VOLUME /data
USER node
EXPOSE 9099
HEALTHCHECK --interval=5s --timeout=3s --start-period=30s --retries=10 \
  CMD node -e "fetch('http://127.0.0.1:9099/').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["sh", "-c", "exec node_modules/.bin/firebase emulators:start --only auth --project \"$FIREBASE_PROJECT_ID\" --import /data --export-on-exit /data"]
