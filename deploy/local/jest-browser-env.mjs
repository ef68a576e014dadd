// The browser of the component tests: jsdom, plus the parts of fetch every browser
// has and jsdom lacks (Request, Response, Headers; a path like '/api/shares' is
// resolved against the page, as a browser does). `fetch` itself is the network:
// each test puts in its stand-in for the gateway (@coffer/web-core/testing).
import JSDOMEnvironment from 'jest-environment-jsdom';

export default class BrowserEnvironment extends JSDOMEnvironment {
  constructor(config, context) {
    super(config, context);
    const page = this.global;
    const NodeRequest = globalThis.Request;
    class Request extends NodeRequest {
      constructor(input, init) {
        super(input instanceof NodeRequest ? input : new URL(String(input), page.location.href), init);
      }
    }
    // Until a test puts its stand-in in, nothing answers (as with the network down).
    const fetch = () => Promise.reject(new TypeError('Failed to fetch: no stand-in for the network in this test'));
    Object.assign(page, { fetch, Request, Response: globalThis.Response, Headers: globalThis.Headers, TextEncoder, TextDecoder, ReadableStream });
  }
}
