import { afterEach, describe, expect, it } from 'vitest';
import { focusHeadingWhenShown } from './heading-focus';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('focus on the new screen’s heading', () => {
  it('focuses the h1 of main at once, focusable by script only', () => {
    document.body.innerHTML = '<nav><a href="/x">X</a></nav><main><h1>Mutations</h1></main>';
    focusHeadingWhenShown();
    const heading = document.querySelector('h1');
    expect(document.activeElement).toBe(heading);
    expect(heading?.getAttribute('tabindex')).toBe('-1');
  });

  it('waits for a heading that shows once the data has loaded', async () => {
    document.body.innerHTML = '<main><div role="progressbar"></div></main>';
    focusHeadingWhenShown();
    expect(document.activeElement).toBe(document.body);
    const heading = document.createElement('h1');
    heading.textContent = 'DUPONT Claire';
    document.querySelector('main')?.append(heading);
    // A zero-delay timer runs after the MutationObserver's callback (a microtask): no guessed wait.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(heading);
  });

  it('leaves focus on a field the screen focused itself, but not on a link that outlived the change', () => {
    document.body.innerHTML = '<main><h1>Connexion</h1><input aria-label="Identifiant" /></main>';
    document.querySelector('input')?.focus();
    focusHeadingWhenShown();
    expect(document.activeElement).toBe(document.querySelector('input'));

    document.body.innerHTML = '<main><a href="/home">Accueil</a><h1>Bilans</h1></main>';
    document.querySelector('a')?.focus();
    focusHeadingWhenShown();
    expect(document.activeElement).toBe(document.querySelector('h1'));
  });

  it('stops waiting when told to', async () => {
    document.body.innerHTML = '<main></main>';
    const stop = focusHeadingWhenShown();
    stop();
    const heading = document.createElement('h1');
    document.querySelector('main')?.append(heading);
    // As above: the observer would have run by now, had it not been stopped.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(document.body);
  });
});
