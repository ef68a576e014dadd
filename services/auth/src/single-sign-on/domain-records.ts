import { Resolver } from 'node:dns/promises';
import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@coffer/server-core';
import type { AuthConfig } from '../config.js';

/** The DNS lookup could not be completed (no answer in time, or the resolver failed): nothing is known of the name. */
export class DnsLookupError extends Error {}

/** What the resolver answers for a name that exists without TXT records, or does not exist: a lookup that completed. */
const NO_RECORDS = new Set(['ENODATA', 'ENOTFOUND']);

/** The DNS TXT records of a name, read from the resolvers of DNS_SERVERS (the system's when unset). */
@Injectable()
export class DomainRecords {
  // 2 s, then 4 s: the lookup gives up within the gateway's 10 s wait for the answer, so the person hears why.
  private readonly resolver = new Resolver({ timeout: 2000, tries: 2 });

  constructor(@Inject(SERVICE_CONFIG) config: AuthConfig) {
    if (config.DNS_SERVERS.length > 0) this.resolver.setServers(config.DNS_SERVERS);
  }

  /** Each TXT record of `name` (its strings joined); none when the name has none or does not exist. DNS failing: DnsLookupError. */
  async txt(name: string): Promise<string[]> {
    try {
      return (await this.resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
    } catch (error) {
      if (NO_RECORDS.has((error as NodeJS.ErrnoException).code ?? '')) return [];
      throw new DnsLookupError(`The DNS lookup of ${name} failed: ${(error as Error).message}`, { cause: error });
    }
  }
}
