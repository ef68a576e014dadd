// Types of openid-test-provider.mjs for the TypeScript tests.
export interface OpenIdTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  otherClientId: string;
  setName(login: string, name: string): void;
  tamperNextIdToken(change: (claims: Record<string, unknown>) => Record<string, unknown>): void;
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}
export function startOpenIdProvider(options: { redirectUris: string[]; host?: string }): Promise<OpenIdTestProvider>;
