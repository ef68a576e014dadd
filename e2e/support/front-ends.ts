import path from 'node:path';
import { ProcessGroup, ROOT, waitForPort } from '../../deploy/local/processes.mjs';
import { defaultPorts, REMOTES, remoteServerArgs, testDataDir, testPortOffset } from '../../deploy/local/stack.mjs';

type Ports = ReturnType<typeof defaultPorts>;
type RemoteName = (typeof REMOTES)[number]['name'];

/**
 * A second copy of Coffer's front-end servers (shell + the three remotes) on
 * their own ports, talking to the test stack's gateway, so a test may stop,
 * restart or redeploy one remote without disturbing the other tests.
 */
export class FrontEnds {
  readonly ports: Ports = defaultPorts(testPortOffset() + 100);
  private readonly group = new ProcessGroup({ logDir: path.join(testDataDir(), 'logs/e2e-front-ends'), quiet: true });

  get appUrl() {
    return `http://localhost:${this.ports.shell}`;
  }

  async start() {
    const stackPorts = JSON.parse(process.env.COFFER_TEST_PORTS ?? '{}') as Ports;
    for (const remote of REMOTES) await this.startRemote(remote.name);
    this.group.start('e2e-shell', process.execPath, [
      path.join(ROOT, 'deploy/local/serve-static.mjs'),
      '--dir', path.join(ROOT, 'shell/dist'),
      '--port', String(this.ports.shell),
      '--spa',
      '--proxy', `/api=http://127.0.0.1:${stackPorts.gateway}`,
      '--proxy', `/dev=http://127.0.0.1:${stackPorts.gateway}`,
      ...REMOTES.flatMap((r) => ['--remote', `${r.federationName}=http://localhost:${this.ports[r.portKey]}/mf-manifest.json`]),
    ]);
    await waitForPort(this.ports.shell);
  }

  /** Starts (or restarts) one remote's server, serving `dir` (its normal build by default). */
  async startRemote(name: RemoteName, dir?: string) {
    const remote = REMOTES.find((r) => r.name === name)!;
    await this.group.stopOne(`e2e-${name}`);
    this.group.start(`e2e-${name}`, process.execPath, remoteServerArgs(remote, this.ports, dir));
    await waitForPort(this.ports[remote.portKey]);
  }

  async stopRemote(name: RemoteName) {
    await this.group.stopOne(`e2e-${name}`);
  }

  stop() {
    return this.group.stopAll();
  }
}
