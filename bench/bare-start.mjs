// Start-time and memory baselines (plain JavaScript, so no TypeScript loader is measured):
// `node bare-start.mjs node` is a bare Node HTTP server, `node bare-start.mjs fastify` a bare
// Fastify server. Both answer GET /api/health on PORT.
const port = Number(process.env.PORT ?? 0);
if (process.argv[2] === 'fastify') {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get('/api/health', async () => ({ status: 'ok' }));
  await app.listen({ port, host: '127.0.0.1' });
} else {
  const { createServer } = await import('node:http');
  createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end('{"status":"ok"}');
  }).listen(port, '127.0.0.1');
}
