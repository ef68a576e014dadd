// Types of dns-test-server.mjs for the TypeScript tests.
export interface DnsTestServer {
  /** host:port, as DNS_SERVERS takes it. */
  server: string;
  controlUrl: string;
  setTxt(name: string, values: string[]): void;
  close(): Promise<void>;
}
export function startDnsTestServer(options?: { port?: number }): Promise<DnsTestServer>;
export function setTxtRecords(controlUrl: string, name: string, values: string[]): Promise<void>;
