// The earlier releases a front end keeps serving (deploy/local/static-releases.mjs): the store
// the local server (deploy/local/serve-static.mjs) and the nginx image (static.Dockerfile) keep,
// and the local server answering a tab of an earlier build from it.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventually } from '@coffer/server-core/testing';
import { keepRelease, keptFile, keptReleases } from '../local/static-releases.mjs';
import { serveStatic } from './serve-static.js';

const DOCKER = fileURLToPath(new URL('../docker', import.meta.url));

let work: string;
beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'coffer-static-releases-'));
});
afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

/** A build of a front end: its entry files and the given hashed chunks (each one's content is its name). */
function build(name: string, chunks: string[], dist = path.join(work, name)) {
  fs.rmSync(dist, { recursive: true, force: true });
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>${name}</title>`);
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), `// entry of ${name}`);
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify({ name }));
  for (const chunk of chunks) {
    fs.writeFileSync(path.join(dist, chunk), `// ${chunk}`);
    fs.writeFileSync(path.join(dist, `${chunk}.map`), '{}');
  }
  return dist;
}

const keptFiles = (store: string) =>
  fs
    .readdirSync(path.join(store, 'files'), { recursive: true })
    .map(String)
    .filter((f) => f.includes('.'))
    .sort();

describe('a store of earlier releases', () => {
  it("keeps each build's hashed files, not its entry files or source maps, under their own names", () => {
    const store = path.join(work, 'store');
    keepRelease({ dist: build('one', ['main.aaaaaaaaaa.js', 'assets/logo.bbbbbbbbbb.svg', '515.cccccccccc.css']), store, release: '1.0.0' });
    expect(keptFiles(store)).toEqual(['515.cccccccccc.css', 'assets/logo.bbbbbbbbbb.svg', 'main.aaaaaaaaaa.js']);
    expect(keptReleases(store).map((r: { release: string }) => r.release)).toEqual(['1.0.0']);
    expect(fs.readFileSync(keptFile(store, '/main.aaaaaaaaaa.js')!, 'utf8')).toBe('// main.aaaaaaaaaa.js');
    expect(keptFile(store, '/remoteEntry.js')).toBeNull();
    expect(keptFile(store, '/main.aaaaaaaaaa.js.map')).toBeNull();
    expect(keptFile(store, '/../one/main.aaaaaaaaaa.js')).toBeNull();
  });

  it('keeps the newest K builds: a file goes with the last kept build that has it, and a build served again (a rollback) is the newest again', () => {
    const store = path.join(work, 'store');
    const dist = path.join(work, 'dist');
    const keep = (release: string, chunks: string[]) =>
      keepRelease({ dist: build(release, chunks, dist), store, keep: 2, release }).map((r: { release: string }) => r.release);

    expect(keep('1', ['main.1111111111.js', 'vendor.0000000000.js'])).toEqual(['1']);
    expect(keep('2', ['main.2222222222.js', 'vendor.0000000000.js'])).toEqual(['1', '2']);
    expect(keep('3', ['main.3333333333.js'])).toEqual(['2', '3']);
    expect(keptFiles(store)).toEqual(['main.2222222222.js', 'main.3333333333.js', 'vendor.0000000000.js']);
    expect(keep('3', ['main.3333333333.js'])).toEqual(['2', '3']);
    // Release 2 again: 3 stays reachable for the tabs that loaded it.
    expect(keep('2', ['main.2222222222.js', 'vendor.0000000000.js'])).toEqual(['3', '2']);
    expect(keep('4', ['main.4444444444.js'])).toEqual(['2', '4']);
    expect(keptFiles(store)).toEqual(['main.2222222222.js', 'main.4444444444.js', 'vendor.0000000000.js']);
  });
});

describe('the local front-end server with kept releases', () => {
  let server: ChildProcess | undefined;
  afterEach(() => server?.kill());

  /** Starts deploy/local/serve-static.mjs on a free port and returns its URL. */
  async function serve(dist: string, store: string): Promise<string> {
    server?.kill();
    const started = await serveStatic(['--dir', dist, '--cors', '--releases', store]);
    server = started.child;
    return started.url;
  }

  it('serves a chunk of the build it served before, immutable, but the entry files of the current build only', async () => {
    const store = path.join(work, 'store');
    const dist = path.join(work, 'dist');
    await serve(build('one', ['main.1111111111.js', 'pricing.1111111111.js'], dist), store);
    // The next release: a rebuild replaces the folder's content, and its server starts on it.
    const url = await serve(build('two', ['main.2222222222.js', 'pricing.2222222222.js'], dist), store);

    const old = await fetch(`${url}/pricing.1111111111.js`);
    expect(old.status).toBe(200);
    expect(await old.text()).toBe('// pricing.1111111111.js');
    expect(old.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${url}/pricing.2222222222.js`)).status).toBe(200);
    expect(await (await fetch(`${url}/remoteEntry.js`)).text()).toBe('// entry of two');
    expect((await fetch(`${url}/remoteEntry.js`)).headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${url}/pricing.1111111111.js.map`)).status).toBe(404);
    expect((await fetch(`${url}/pricing.9999999999.js`)).status).toBe(404);
  });

  it('keeps a build made while it runs (npm run build under npm start), so the build after it does not take its chunks away', async () => {
    const store = path.join(work, 'store');
    const dist = path.join(work, 'dist');
    const url = await serve(build('one', ['main.1111111111.js'], dist), store);
    const kept = async (release: string) => keptReleases(store).some((r: { files: string[] }) => r.files.includes(`main.${release.repeat(10)}.js`));
    build('two', ['main.2222222222.js'], dist);
    await eventually(() => kept('2'));
    build('three', ['main.3333333333.js'], dist);
    await eventually(() => kept('3'));

    expect(await (await fetch(`${url}/main.2222222222.js`)).text()).toBe('// main.2222222222.js');
    expect(await (await fetch(`${url}/main.1111111111.js`)).text()).toBe('// main.1111111111.js');
  });

  it('serves several sites from one process, each from its own build, releases and port', async () => {
    const started = await serveStatic([
      ...['--dir', build('files', ['main.aaaaaaaaaa.js']), '--port', '0', '--cors', '--releases', path.join(work, 'store-files')],
      '--',
      ...['--dir', build('account', ['main.bbbbbbbbbb.js']), '--cors', '--releases', path.join(work, 'store-account')],
    ]);
    server = started.child;
    expect(started.urls).toHaveLength(2);
    const [files, account] = started.urls;
    expect(files).not.toBe(account);
    expect(await (await fetch(`${files}/remoteEntry.js`)).text()).toBe('// entry of files');
    expect(await (await fetch(`${account}/remoteEntry.js`)).text()).toBe('// entry of account');
    expect((await fetch(`${files}/main.bbbbbbbbbb.js`)).status).toBe(404);
    expect(keptFiles(path.join(work, 'store-account'))).toEqual(['main.bbbbbbbbbb.js']);
  });
});

describe('the nginx image', () => {
  const dockerfile = fs.readFileSync(path.join(DOCKER, 'static.Dockerfile'), 'utf8');

  it('carries the kept releases of the image it is built from, with its own build added', () => {
    expect(dockerfile).toMatch(/^FROM \$\{PREVIOUS_IMAGE\} AS previous$/m);
    expect(dockerfile).toContain('cp -a /previous/usr/share/nginx/releases/. /releases/');
    expect(dockerfile).toMatch(/node deploy\/local\/static-releases\.mjs --dist "\$APP\/dist" --store \/releases --keep "\$KEEP_RELEASES"/);
    expect(dockerfile).toContain('COPY --from=releases /releases/ /usr/share/nginx/releases/');
  });

  it.each(['shell.conf', 'remote.conf'])(
    '%s: serves a hashed file the build lacks from the kept releases, immutable, and the entry files from the build only',
    (conf) => {
      const text = fs.readFileSync(path.join(DOCKER, 'nginx/coffer', conf), 'utf8');
      const locations = [...text.matchAll(/^location (.+) \{\n([\s\S]*?)^\}/gm)].map(([, at, body]) => ({ at: at.trim(), body }));
      const immutable = locations.filter((l) => l.body.includes('immutable'));
      expect(immutable.map((l) => l.at)).toEqual(['^~ /assets/', '~ "\\.[0-9a-f]{10}\\.(?:js|css)$"', '@kept-release']);
      for (const l of immutable.slice(0, 2)) expect(l.body).toContain('try_files $uri @kept-release;');
      expect(immutable[2].body).toContain('root /usr/share/nginx/releases/files;');
      expect(immutable[2].body).toContain('try_files $uri =404;');
      for (const l of locations.filter((l) => !l.body.includes('immutable'))) expect(l.body).not.toContain('@kept-release');
    },
  );
});
