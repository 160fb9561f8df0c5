import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from '../lib/use-countdown';
import { ResendLink } from './resend-link';

function Resend({ seconds, onResend }: { seconds: number; onResend: () => void }) {
  const { left, start } = useCountdown();
  return (
    <>
      <button type="button" onClick={() => start(seconds)}>
        attendre
      </button>
      <ResendLink intro="Pas reçu ?" label="Renvoyer le code" left={left} onResend={onResend} />
    </>
  );
}

/** The text on screen (the status region beside it repeats it for screen readers, less often). */
const shown = (text: string | RegExp) => screen.queryByText(text, { selector: '[aria-hidden="true"]' });

const tick = (seconds: number) => act(() => vi.advanceTimersByTime(seconds * 1000));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a wait counted down (issue 18)', () => {
  it('shows the seconds left every second, keeps the link off until the end, then gives it back', async () => {
    const onResend = vi.fn();
    render(<Resend seconds={65} onResend={onResend} />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const link = screen.getByRole('button', { name: 'Renvoyer le code' });
    expect(link).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'attendre' }));
    expect(shown('(nouveau code possible dans 1 min 05 s)')).toBeVisible();
    expect(link).toBeDisabled();
    tick(1);
    expect(shown('(nouveau code possible dans 1 min 04 s)')).toBeVisible();
    tick(22);
    expect(shown('(nouveau code possible dans 42 s)')).toBeVisible();
    tick(42);
    expect(shown(/nouveau code possible/)).not.toBeInTheDocument();
    expect(shown('Vous pouvez demander un nouveau code.')).toBeVisible();
    expect(link).toBeEnabled();
    await user.click(link);
    expect(onResend).toHaveBeenCalledTimes(1);
  });

  it('tells screen readers politely at the start, every 30 seconds and at the end, not every second', async () => {
    render(<Resend seconds={65} onResend={vi.fn()} />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(/^$/);
    await user.click(screen.getByRole('button', { name: 'attendre' }));
    expect(status).toHaveTextContent('(nouveau code possible dans 1 min 05 s)');
    tick(10);
    expect(status).toHaveTextContent('(nouveau code possible dans 1 min 05 s)');
    tick(20);
    expect(status).toHaveTextContent('(nouveau code possible dans 35 s)');
    tick(29);
    expect(status).toHaveTextContent('(nouveau code possible dans 35 s)');
    tick(6);
    expect(status).toHaveTextContent('Vous pouvez demander un nouveau code.');
    // The moving figure itself is hidden from assistive technology.
    await user.click(screen.getByRole('button', { name: 'attendre' }));
    expect(
      screen.getByText('(nouveau code possible dans 1 min 05 s)', { selector: '[aria-hidden="true"]' }),
    ).toBeVisible();
  });
});
