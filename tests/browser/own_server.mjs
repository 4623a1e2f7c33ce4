// A server of a test's own, for what the shared one cannot show: flags of the test's choosing
// (a clock scale, so that a 1+0 game flags in seconds), and a restart on the same port and
// database while pages stay open. It runs the binary run.sh names (RAJAPASU_BIN), else the
// debug build, on a free port of loopback with a throwaway database and no endgame table.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = process.env.RAJAPASU_BIN || new URL('../../target/debug/rajapasu', import.meta.url).pathname;

/** Starts a server with `flags` added to `serve`'s; `base` is its address. `restart()` stops
 *  it (SIGTERM, as a service manager does) and starts it again on the same port and
 *  database; `close()` stops it for good and deletes its database. */
export async function ownServer(flags = []) {
  const dir = mkdtempSync(join(tmpdir(), 'rajapasu-own-'));
  let addr = '127.0.0.1:0';
  let child = null;
  const start = () => new Promise((resolve, reject) => {
    child = spawn(BIN, ['serve', '--addr', addr, '--db', join(dir, 'own.db'), '--no-tablebase-build', '--tablebase', join(dir, 'none'), ...flags], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const look = (chunk) => {
      out += chunk;
      const m = out.match(/http:\/\/([0-9.]+:\d+)/);
      if (m) {
        addr = m[1];
        resolve(`http://${addr}`);
      }
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.once('exit', (code) => reject(new Error(`the server stopped (${code}) before it listened: ${out}`)));
  });
  const stop = () => new Promise((resolve) => {
    if (!child || child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  const server = { base: await start() };
  server.restart = async () => {
    await stop();
    server.base = await start();
    return server.base;
  };
  server.close = async () => {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  };
  return server;
}
