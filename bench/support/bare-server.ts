// A bare Fastify route: the baseline the session check is compared with, in its own process.
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 0);
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));
await app.listen({ port, host: '127.0.0.1' });
process.send?.({ ready: true });
