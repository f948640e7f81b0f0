# Builds and runs the MCP server over streamable HTTP.
FROM node:20-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts ./scripts
COPY tsconfig.json ./
COPY src ./src
COPY bin ./bin
COPY corpus ./corpus
RUN npm ci --no-audit --no-fund && npm prune --omit=dev
ENV HOST=0.0.0.0 PORT=8180 NODE_ENV=production
EXPOSE 8180
USER node
CMD ["node", "bin/start.mjs"]
