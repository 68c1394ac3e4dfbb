// Reference servers, each in its own process: the bare Fastify hello-world, and, with a database, the same server
// answering from one `SELECT 1` (`/select1`): the ceiling of any call that makes one database round trip on this
// machine. DATABASE_URL: through a pg pool sized like the portal's; PGLITE_DIR: on an embedded PGlite there.
import { PGlite } from '@electric-sql/pglite';
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
} else if (process.env.PGLITE_DIR) {
  const db = await PGlite.create(process.env.PGLITE_DIR);
  app.get('/select1', async () => {
    const { rows } = await db.query<{ one: number }>('select 1 as one');
    return { hello: rows[0]?.one };
  });
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
