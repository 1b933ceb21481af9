import { connect } from 'node:net';
import { aptInstall, log, run, waitUntil, which } from './util.ts';

/** True when a Redis server at host:port answers PING (no client library: one line of RESP). */
export function redisPing(host: string, port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    let answer = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
  });
}

/** Makes sure a Redis server answers on 127.0.0.1:port, installing and starting one when needed. */
export async function ensureLocalRedis(port = 6379): Promise<void> {
  if (await redisPing('127.0.0.1', port)) return;
  if (!which('redis-server')) {
    await aptInstall(['redis-server'], ['--no-install-recommends'], () => Boolean(which('redis-server')));
  }
  // The package's own service may have come up during the install.
  if (await redisPing('127.0.0.1', port)) return;
  log(`starting redis-server on 127.0.0.1:${port}…`);
  await run(which('redis-server')!, [
    '--daemonize',
    'yes',
    '--bind',
    '127.0.0.1',
    '--port',
    String(port),
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  await waitUntil(() => redisPing('127.0.0.1', port), { timeoutMs: 20_000, what: 'Redis to answer PING' });
}
