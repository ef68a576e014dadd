import '@testing-library/jest-dom';
import { jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { BrowserRouter, useLocation } from '@coffer/web-core/router';
import { DashboardSearch, SEARCH_DEBOUNCE_MS } from './dashboard-search';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

describe('the top bar search box', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('searches as the person types, once typing pauses, replacing the results page rather than stacking it; what is typed stays as typed', async () => {
    window.history.replaceState(null, '', '/dashboard/files');
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    render(
      <BrowserRouter>
        <DashboardSearch />
        <Where />
      </BrowserRouter>,
    );
    const box = screen.getByRole('searchbox', { name: 'Search files' });
    const entries = window.history.length;

    await user.type(box, 'rep');
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/files');
    await user.type(box, 'ort ');
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    // Each key starts the pause again: nothing yet.
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/files');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/search?q=report');
    expect(window.history.length).toBe(entries + 1);
    expect(box).toHaveValue('report ');

    await user.type(box, 'q3');
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/search?q=report%20q3');
    expect(window.history.length).toBe(entries + 1);
    expect(box).toHaveValue('report q3');

    await user.clear(box);
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard\/search$/);
  });
});
