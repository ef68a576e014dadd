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
    // A page's AbortSignal is jsdom's, which Node's Request refuses (Node 24): it gets a Node signal that follows it.
    const nodeSignal = (signal) => {
      if (!signal || signal instanceof AbortSignal) return signal;
      const follower = new AbortController();
      if (signal.aborted) follower.abort(signal.reason);
      else signal.addEventListener('abort', () => follower.abort(signal.reason), { once: true });
      return follower.signal;
    };
    class Request extends NodeRequest {
      constructor(input, init) {
        super(input instanceof NodeRequest ? input : new URL(String(input), page.location.href), init && { ...init, signal: nodeSignal(init.signal) });
      }
    }
    // Until a test puts its stand-in in, nothing answers (as with the network down).
    const fetch = () => Promise.reject(new TypeError('Failed to fetch: no stand-in for the network in this test'));
    Object.assign(page, { fetch, Request, Response: globalThis.Response, Headers: globalThis.Headers, TextEncoder, TextDecoder, ReadableStream });
  }
}
