import path from 'node:path';
import { ProcessGroup, ROOT, waitForPort } from '../../deploy/local/processes.mjs';
import { defaultPorts, REMOTES, remoteServerArgs, testDataDir, testPortOffset } from '../../deploy/local/stack.mjs';

type Ports = ReturnType<typeof defaultPorts>;
type RemoteName = (typeof REMOTES)[number]['name'];

/**
 * A second copy of Coffer's front-end servers (shell + the three remotes) on
 * their own ports, talking to the test stack's gateway, so a test may stop,
 * restart or redeploy one remote without disturbing the other tests.
 * With `releases`, each server keeps the builds it serves there, as `npm start` does.
 */
export class FrontEnds {
  readonly ports: Ports = defaultPorts(testPortOffset() + 100);
  private readonly group = new ProcessGroup({ logDir: path.join(testDataDir(), 'logs/e2e-front-ends'), quiet: true });

  constructor(private readonly options: { releases?: string } = {}) {}

  private releasesOf(app: string) {
    return this.options.releases && path.join(this.options.releases, app);
  }

  get appUrl() {
    return `http://localhost:${this.ports.shell}`;
  }

  async start() {
    for (const remote of REMOTES) await this.startRemote(remote.name);
    await this.startShell();
  }

  /** Starts (or restarts) the shell's server, serving `dir` (its normal build by default). */
  async startShell(dir = path.join(ROOT, 'shell/dist')) {
    const stackPorts = JSON.parse(process.env.COFFER_TEST_PORTS ?? '{}') as Ports;
    const releases = this.releasesOf('shell');
    await this.group.stopOne('e2e-shell');
    this.group.start('e2e-shell', process.execPath, [
      path.join(ROOT, 'deploy/local/serve-static.mjs'),
      '--dir',
      dir,
      '--port',
      String(this.ports.shell),
      '--spa',
      '--proxy',
      `/api=http://127.0.0.1:${stackPorts.gateway}`,
      '--proxy',
      `/dev=http://127.0.0.1:${stackPorts.gateway}`,
      ...REMOTES.flatMap((r) => ['--remote', `${r.federationName}=http://localhost:${this.ports[r.portKey]}/mf-manifest.json`]),
      ...(releases ? ['--releases', releases] : []),
    ]);
    await waitForPort(this.ports.shell);
  }

  /** Starts (or restarts) one remote's server, serving `dir` (its normal build by default). */
  async startRemote(name: RemoteName, dir?: string) {
    const remote = REMOTES.find((r) => r.name === name)!;
    await this.group.stopOne(`e2e-${name}`);
    this.group.start(`e2e-${name}`, process.execPath, remoteServerArgs(remote, this.ports, dir, this.releasesOf(name)));
    await waitForPort(this.ports[remote.portKey]);
  }

  async stopRemote(name: RemoteName) {
    await this.group.stopOne(`e2e-${name}`);
  }

  stop() {
    return this.group.stopAll();
  }
}
