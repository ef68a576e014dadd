// Types of backup.mjs for the TypeScript tests that back up and restore a stack of their own.
export interface InstallationPostgres {
  /** Runs one SQL statement with psql in `database`; its rows unaligned, `|` between columns. */
  psql(statement: string, database?: string): string;
}
export function withInstallationPostgres<T>(dataDir: string, work: (postgres: InstallationPostgres) => Promise<T>): Promise<T>;
