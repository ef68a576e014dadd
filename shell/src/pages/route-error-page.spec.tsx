import { renderToString } from 'react-dom/server';
import { describeRouteError, RouteErrorPage } from './route-error-page';

describe('the "Unexpected Application Error!" screen', () => {
  const consoleError = console.error;
  beforeEach(() => {
    console.error = () => undefined;
  });
  afterEach(() => {
    console.error = consoleError;
  });

  it('shows the title and the error message', () => {
    const html = renderToString(<RouteErrorPage error={new Error('Cannot read the files list')} />);
    expect(html).toContain('Unexpected Application Error!');
    expect(html).toContain('Cannot read the files list');
  });
});

describe('describeRouteError', () => {
  it('prefers the message of an Error and passes strings through', () => {
    expect(describeRouteError(new TypeError('x is undefined'))).toBe('x is undefined');
    expect(describeRouteError('Something broke')).toBe('Something broke');
    expect(describeRouteError({ code: 42 })).toBe('{"code":42}');
  });
});
