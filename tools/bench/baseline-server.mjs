// Bare baseline, front half: a minimal Fastify handler that forwards GET /managed_apps/:id over NATS
// request/reply, with no authentication, rate limiting or framework. Started by gateway-read.mjs.
import Fastify from 'fastify';
import { connect, JSONCodec } from 'nats';

const { NATS_URL, BASELINE_SUBJECT, BASELINE_PORT } = process.env;
const nats = await connect({ servers: NATS_URL });
const codec = JSONCodec();
const server = Fastify({ logger: false });

server.get('/managed_apps/:id', async (request, reply) => {
  const answer = codec.decode(
    (
      await nats.request(
        BASELINE_SUBJECT,
        codec.encode({ id: request.params.id, accountId: Number(request.headers['x-account-id']) }),
        { timeout: 5000 },
      )
    ).data,
  );
  if (answer.error) return reply.code(404).send(answer);
  return answer;
});

await server.listen({ port: Number(BASELINE_PORT), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', async () => {
  await server.close();
  await nats.drain();
  process.exit(0);
});
