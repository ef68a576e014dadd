// Types of stack.mjs for the TypeScript tests that start a stack of their own (the reliability suite).
export interface StackPorts {
  shell: number;
  marketing: number;
  files: number;
  account: number;
  gateway: number;
  nats: number;
  s3: number;
  postgres: number;
}
export interface ProcessEntry {
  name: string;
  command: string;
  args: string[];
  /** The settings it was started with (beyond the test's own environment). */
  env: Record<string, string>;
  cwd: string;
}
export interface ProcessGroup {
  stopOne(name: string, timeoutMs?: number, signal?: 'SIGTERM' | 'SIGKILL'): Promise<ProcessEntry | undefined>;
  startAgain(entry: ProcessEntry): import('node:child_process').ChildProcess;
  stopAll(): Promise<void>;
}
export interface Stack {
  group: ProcessGroup;
  ports: StackPorts;
  appUrl: string;
  gatewayUrl: string;
  natsUrl: string;
  s3Endpoint: string;
  dataDir: string;
  devKey: string;
  database: 'postgres' | 'pglite';
  /** The resident memory (bytes) of every process of the stack. */
  memory(): number;
  /** The test DNS server's control URL (dns-test-server.mjs `setTxtRecords`), when started with `testDns`. */
  dnsControlUrl?: string;
}
export const SERVICES: readonly string[];
export function defaultPorts(offset?: number): StackPorts;
export function startStack(options?: {
  ports?: StackPorts;
  dataDir?: string;
  logDir?: string;
  quiet?: boolean;
  env?: Record<string, string>;
  serviceEnv?: Record<string, Record<string, string>>;
  database?: 'postgres' | 'pglite';
  lean?: boolean;
  testDns?: boolean;
}): Promise<Stack>;
export function databaseName(service: string): string;
export function waitForHealthy(url: string, timeoutMs?: number): Promise<unknown>;
export function testPortOffset(): number;
export function testDataDir(): string;
export const TEST_STACK_ENV: Record<string, string>;
export function newSigningKeyPem(): string;
