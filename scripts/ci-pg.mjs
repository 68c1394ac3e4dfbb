#!/usr/bin/env node
// CI helper: `ping` | `ping-redis` | `create NAME` | `drop NAME` against 127.0.0.1 (trust auth).
import net from 'node:net';
import pg from 'pg';

const [command, name] = process.argv.slice(2);
const admin = () => new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
const safeName = (n) => {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(n ?? '')) throw new Error(`bad database name: ${n}`);
  return n;
};

function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, timeout: 1500 });
    socket.on('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function main() {
  if (command === 'ping-redis') return portAnswers(6379);
  if (!(await portAnswers(5432))) return false;
  const client = admin();
  try {
    await client.connect();
    if (command === 'ping') await client.query('select 1');
    else if (command === 'create') await client.query(`create database ${safeName(name)}`);
    else if (command === 'drop') await client.query(`drop database if exists ${safeName(name)} with (force)`);
    else throw new Error(`unknown command ${command}`);
    return true;
  } catch (error) {
    if (command !== 'ping') throw error;
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error) => {
    console.error(`[ci-pg] ${error.message}`);
    process.exit(2);
  },
);
