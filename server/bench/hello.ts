// Reference servers, each in its own process: the bare Fastify hello-world (the ratio's denominator) and,
// with DATABASE_URL, the same server answering from one `SELECT 1` through a pg pool sized like the portal's:
// the ceiling of any call that makes one database round trip on this machine.
import Fastify from 'fastify';
import pg from 'pg';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  app.get('/select1', async () => {
    const { rows } = await pool.query({ name: 'select1', text: 'select 1 as one' });
    return { hello: rows[0].one };
  });
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
