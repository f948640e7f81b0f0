# Builds and runs the MCP server over streamable HTTP (port 8180, path /mcp, health /healthz).
#   docker build -t gundam-rules-mcp .
#   docker run -p 8180:8180 -e ALLOWED_HOSTS=rules.example.org gundam-rules-mcp
FROM node:20-slim
WORKDIR /app
COPY package.json package-lock.json tsconfig.json ./
COPY scripts ./scripts
COPY src ./src
COPY bin ./bin
COPY public ./public
COPY corpus ./corpus
COPY docs ./docs
# The build: TypeScript, corpus snapshot, search indexes, bundle, V8 snapshot.
RUN npm ci --no-audit --no-fund && npm run build && npm prune --omit=dev && chown -R node:node /app
# Inside a container the server must listen on all interfaces. That turns the Host check (DNS
# rebinding protection) off unless ALLOWED_HOSTS names the host names clients use: set it.
ENV HOST=0.0.0.0 PORT=8180 NODE_ENV=production
EXPOSE 8180
USER node
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:8180/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "bin/start.mjs"]
