import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { z } from 'zod';
import type { Subscription } from '@coffer/contracts';
import { CofferLogger, loadConfig } from '@coffer/server-core';
import { AppModule } from '../app.module.js';
import { billingConfigSchema } from '../config.js';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';

export const USAGE = 'Usage: npm run billing:set-enterprise -- <account id>';

/**
 * The operator's command when sales has closed an Enterprise deal by hand: the account's plan becomes
 * Enterprise (active, no period to renew), audited and emailed to its owner like every plan change.
 * Runs where billing runs, with billing's configuration (its database and NATS); the outbox relays
 * the change as the service's own would. Resolves to the process's exit code.
 */
export async function setEnterprise(args: string[], env: NodeJS.ProcessEnv = process.env, print: (line: string) => void = console.log): Promise<number> {
  const accountId = z.uuid().safeParse(args[0]);
  if (args.length !== 1 || !accountId.success) {
    print(USAGE);
    return 2;
  }
  const config = loadConfig(billingConfigSchema, env);
  const app = await NestFactory.createApplicationContext(AppModule.forConfig(config), { logger: new CofferLogger('billing', 'warn') });
  try {
    const plan: Subscription = await app.get(SubscriptionsService).setEnterprise(accountId.data);
    print(`Account ${accountId.data} is now on the Enterprise plan (${plan.status}).`);
    return 0;
  } catch (error) {
    print(`Not changed: ${error instanceof Error ? error.message : ((error as { message?: string }).message ?? String(error))}`);
    return 1;
  } finally {
    await app.close();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  process.exitCode = await setEnterprise(process.argv.slice(2));
}
