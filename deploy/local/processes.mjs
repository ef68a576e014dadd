// Child processes of the local stack: spawn with prefixed or file logs, wait
// for a port, stop the whole group in reverse order.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Resolves when something accepts TCP connections on host:port, or rejects after `timeoutMs`. */
export async function waitForPort(port, { host = '127.0.0.1', timeoutMs = 60_000, name = `port ${port}`, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} before it was ready`);
    const open = await new Promise((resolve) => {
      const socket = net.connect({ host, port }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${name} did not open ${host}:${port} within ${timeoutMs / 1000}s`);
}

export async function portIsFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** True when `command` is on the PATH. */
export function hasCommand(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

const COLORS = [36, 35, 33, 32, 34, 31, 96, 95, 93, 92, 94, 91];

/** A set of child processes started together and stopped together. */
export class ProcessGroup {
  constructor({ logDir, quiet = false } = {}) {
    this.children = [];
    /** What stopAll does once every child stopped (a server that runs on its own, such as PostgreSQL's). */
    this.cleanups = [];
    this.logDir = logDir;
    this.quiet = quiet;
    if (logDir) fs.mkdirSync(logDir, { recursive: true });
  }

  /** Spawns `command args` as `name`; its output goes to the console (prefixed) and, with a logDir, to `<name>.log`. */
  start(name, command, args, { env = {}, cwd = ROOT } = {}) {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const color = COLORS[this.children.length % COLORS.length];
    const file = this.logDir ? fs.createWriteStream(path.join(this.logDir, `${name}.log`), { flags: 'a' }) : undefined;
    const prefix = `\x1b[${color}m${name.padEnd(14)}\x1b[0m| `;
    for (const stream of [child.stdout, child.stderr]) {
      let pending = '';
      stream.on('data', (chunk) => {
        file?.write(chunk);
        if (this.quiet) return;
        pending += chunk.toString();
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
      });
    }
    const entry = { name, child, command, args, env, cwd, file };
    child.on('exit', (code, signal) => {
      if (!entry.stopping && !this.quiet) process.stdout.write(`${prefix}exited (${signal ?? code})\n`);
    });
    this.children.push(entry);
    return child;
  }

  get(name) {
    return this.children.find((c) => c.name === name);
  }

  /**
   * Stops one process, waits for it to exit and forgets it; returns what startAgain needs.
   * `signal: 'SIGKILL'` ends it at once, as a crash would.
   */
  async stopOne(name, timeoutMs = 10_000, signal = 'SIGTERM') {
    const entry = this.get(name);
    if (!entry) return undefined;
    await stopChild(entry, timeoutMs, signal);
    this.children = this.children.filter((c) => c !== entry);
    return entry;
  }

  /** Starts a stopped process again, exactly as it was first started. */
  startAgain(entry) {
    return this.start(entry.name, entry.command, entry.args, { env: entry.env, cwd: entry.cwd });
  }

  /** Runs `stop` when the group stops, after its children (the last added first). */
  onStop(stop) {
    this.cleanups.push(stop);
  }

  /** Stops every process, the last started first. */
  async stopAll() {
    for (const entry of [...this.children].reverse()) await stopChild(entry);
    this.children = [];
    for (const stop of this.cleanups.reverse()) await stop();
    this.cleanups = [];
  }
}

async function stopChild(entry, timeoutMs = 10_000, signal = 'SIGTERM') {
  entry.stopping = true;
  const { child } = entry;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    await exited;
    clearTimeout(timer);
  }
  entry.file?.end();
}

/**
 * The memory (bytes) of the processes `pids` and all their descendants, from /proc (Linux):
 * - `proportional`: what they take from the machine (PSS): a page shared by several of them (the node binary's
 *   code, PostgreSQL's shared buffers, which every backend maps) counted once, split between them;
 * - `resident`: the sum of each one's resident set (RSS), which counts every shared page once per process.
 */
export function stackMemory(pids) {
  const parents = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command may hold spaces and parentheses: the fields after its closing one.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Exited meanwhile.
    }
  }
  const all = new Set(pids.filter((pid) => parents.has(pid)));
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parents) if (all.has(parent) && !all.has(pid)) (all.add(pid), (grew = true));
  }
  const kilobytes = (file, field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(file, 'utf8'))?.[1] ?? 0);
  const memory = { proportional: 0, resident: 0 };
  for (const pid of all) {
    try {
      memory.resident += kilobytes(`/proc/${pid}/status`, 'VmRSS') * 1024;
      memory.proportional += kilobytes(`/proc/${pid}/smaps_rollup`, 'Pss') * 1024;
    } catch {
      // Exited meanwhile.
    }
  }
  return memory;
}
