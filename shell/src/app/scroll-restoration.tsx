import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from '@coffer/web-core/router';

/** Where each history entry was left, by location key; kept across reloads in sessionStorage. */
const STORAGE_KEY = 'coffer-scroll-positions';

function savedPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

const positions = savedPositions();
/** The history entry on screen: scrolling records its position. */
let shownKey: string | null = null;

function recordPosition() {
  if (shownKey) positions[shownKey] = window.scrollY;
}

/** The element a `#hash` names, if it is on the page. */
function anchorOf(hash: string): HTMLElement | null {
  if (!hash) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/**
 * What react-router's <ScrollRestoration> does for its data router, for the
 * declarative router the shell uses: a page opened by a link starts at its top
 * (or at its #anchor); Back, Forward and a reload return to where that page was
 * left. Render once, inside the router.
 */
export function ScrollRestoration() {
  const location = useLocation();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // Positions are recorded as the page scrolls, so the one being left is known before the next renders.
    const keepPositions = () => {
      recordPosition();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // No sessionStorage (private mode, quota): positions last as long as the page.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', recordPosition, { passive: true });
    window.addEventListener('pagehide', keepPositions);
    return () => {
      window.removeEventListener('scroll', recordPosition);
      window.removeEventListener('pagehide', keepPositions);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    shownKey = location.key;
    const saved = positions[location.key];
    const anchor = anchorOf(location.hash);
    if (typeof saved === 'number') window.scrollTo(0, saved);
    else if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location]);

  return null;
}
