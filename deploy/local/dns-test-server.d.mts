// Types of dns-test-server.mjs for the TypeScript tests.
export interface DnsTestServer {
  /** host:port, as DNS_SERVERS takes it. */
  server: string;
  controlUrl: string;
  setTxt(name: string, values: string[]): void;
  /** Makes the queries of `name` fail: SERVFAIL, or no answer at all (the resolver times out); null answers them again. */
  setFailure(name: string, failure: DnsFailure | null): void;
  close(): Promise<void>;
}
export type DnsFailure = 'servfail' | 'no-answer';
export function startDnsTestServer(options?: { port?: number }): Promise<DnsTestServer>;
export function setTxtRecords(controlUrl: string, name: string, values: string[]): Promise<void>;
export function setDnsFailure(controlUrl: string, name: string, failure: DnsFailure | null): Promise<void>;
