import { Resolver } from 'node:dns/promises';
import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@coffer/server-core';
import type { AuthConfig } from '../config.js';

/** The DNS TXT records of a name, read from the resolvers of DNS_SERVERS (the system's when unset). */
@Injectable()
export class DomainRecords {
  private readonly resolver = new Resolver({ timeout: 3000, tries: 2 });

  constructor(@Inject(SERVICE_CONFIG) config: AuthConfig) {
    if (config.DNS_SERVERS.length > 0) this.resolver.setServers(config.DNS_SERVERS);
  }

  /** Each TXT record of `name` (its strings joined); none when the name has none, does not exist, or DNS does not answer. */
  async txt(name: string): Promise<string[]> {
    try {
      return (await this.resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
    } catch {
      return [];
    }
  }
}
