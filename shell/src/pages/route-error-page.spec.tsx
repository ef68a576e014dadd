import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router-dom';
import { describeRouteError, RouteErrorPage } from './route-error-page';

/** Renders `/` whose loader throws `thrown`, with the shell's error screen as its error element. */
async function renderFailingRoute(thrown: unknown): Promise<string> {
  const routes: RouteObject[] = [
    {
      path: '/',
      errorElement: <RouteErrorPage />,
      loader: () => {
        throw thrown;
      },
      element: <p>never shown</p>,
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://coffer.test/'));
  if (context instanceof Response) throw new Error('unexpected redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

describe('the "Unexpected Application Error!" screen', () => {
  const consoleError = console.error;
  beforeEach(() => {
    console.error = () => undefined;
  });
  afterEach(() => {
    console.error = consoleError;
  });

  it('shows the title and the error message', async () => {
    const html = await renderFailingRoute(new Error('Cannot read the files list'));
    expect(html).toContain('Unexpected Application Error!');
    expect(html).toContain('Cannot read the files list');
  });

  it('shows the status and status text of an error response', async () => {
    const html = await renderFailingRoute(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    expect(html).toContain('Unexpected Application Error!');
    expect(html).toContain('503 Service Unavailable');
  });
});

describe('describeRouteError', () => {
  it('prefers the message of an Error and passes strings through', () => {
    expect(describeRouteError(new TypeError('x is undefined'))).toBe('x is undefined');
    expect(describeRouteError('Something broke')).toBe('Something broke');
    expect(describeRouteError({ code: 42 })).toBe('{"code":42}');
  });
});
