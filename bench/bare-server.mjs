// The ceiling: a bare Fastify "hello JSON" route, same Node and same Fastify as the API, nothing else.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
