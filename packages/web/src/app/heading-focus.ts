import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new screen may take to show its heading (its data loading) before focus is left alone. */
const WAIT_MS = 5000;

/**
 * Moves focus to the new screen's heading once it shows, unless the screen put focus inside its own
 * content first (a field with an error, a step's heading). Returns what stops waiting.
 */
export function focusHeadingWhenShown(root: Document = document): () => void {
  let done = false;
  const observer = new MutationObserver(() => attempt());
  const timer = setTimeout(() => stop(), WAIT_MS);
  function stop() {
    done = true;
    observer.disconnect();
    clearTimeout(timer);
  }
  function attempt() {
    if (done) return;
    const main = root.querySelector('main');
    const active = root.activeElement;
    // A field or a heading the screen focused itself stays focused; a link that outlived the change
    // (a breadcrumb) does not count as such a choice.
    if (main && active && active !== main && active.tagName !== 'A' && main.contains(active)) return stop();
    const heading = (main ?? root).querySelector<HTMLElement>('h1');
    if (!heading) return;
    // Focusable by script only: the heading is no stop of the Tab order.
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
    stop();
  }
  observer.observe(root.body, { childList: true, subtree: true });
  attempt();
  return stop;
}

/**
 * After each change of screen (a new path; not a new query string, which filters and pages change),
 * focus goes to the new screen's h1 (issue 18, WCAG 2.4.3): a keyboard or screen-reader user starts
 * reading at the top of what changed instead of wherever the old screen left them. The heading being
 * read on focus is the one announcement: no live region repeats it. The first screen of a visit keeps
 * the browser's start, where the skip link is the first stop.
 */
export function useHeadingFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const first = previous.current === null;
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (first) return;
    return focusHeadingWhenShown();
  }, [pathname]);
}
