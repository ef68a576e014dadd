// jest globalTeardown: stops what the matching globalSetup started, if anything.
export default async function teardown() {
  await globalThis.__cofferInfra?.();
  await globalThis.__cofferStack?.();
}
