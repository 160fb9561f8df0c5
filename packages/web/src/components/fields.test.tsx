import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { dayjs } from '../lib/dates';
import { changeLanguage } from '../lib/i18n';
import { DateField } from './date-field';
import { DurationField, joinDuration, splitDuration } from './duration-field';
import { TimeField } from './time-field';

describe('duration field', () => {
  it('splits and joins hours, minutes and seconds', () => {
    expect(splitDuration(3725)).toEqual({ hours: 1, minutes: 2, seconds: 5 });
    expect(joinDuration({ hours: 2, minutes: 0, seconds: 30 })).toBe(7230);
  });

  it('gives back the total in seconds as the parts are typed', async () => {
    const onChange = vi.fn();
    function Field() {
      const [value, setValue] = useState<number | null>(90);
      return (
        <DurationField
          label="Durée"
          value={value}
          onChange={(next) => {
            setValue(next);
            onChange(next);
          }}
        />
      );
    }
    render(<Field />);
    expect(screen.getByRole('textbox', { name: 'Minutes' })).toHaveValue('1');
    expect(screen.getByRole('textbox', { name: 'Secondes' })).toHaveValue('30');
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Heures' }), '2');
    expect(onChange).toHaveBeenLastCalledWith(2 * 3600 + 90);
  });
});

describe('date and time fields', () => {
  it('show a date as DD/MM/YYYY and a time as HH:mm', () => {
    render(
      <>
        <DateField label="Date de naissance" value={dayjs('2026-03-09')} onChange={() => undefined} />
        <TimeField label="Heure" value={dayjs('2026-03-09T07:05:00')} onChange={() => undefined} />
      </>,
    );
    expect(screen.getByDisplayValue('09/03/2026')).toBeInTheDocument();
    expect(screen.getByDisplayValue('07:05')).toBeInTheDocument();
  });
});

describe('date picker calendar', () => {
  it('starts the week on Monday in French', async () => {
    const user = userEvent.setup();
    render(<DateField label="Date" value={dayjs('2026-03-09')} onChange={() => undefined} />);
    await user.click(screen.getByRole('button', { name: /Choisir la date/ }));
    const headers = within(await screen.findByRole('grid')).getAllByRole('columnheader');
    expect(headers[0]).toHaveAttribute('aria-label', 'lundi');
  });

  it('starts the week on Monday in English too', async () => {
    await changeLanguage('en_EN', false);
    try {
      const user = userEvent.setup();
      render(<DateField label="Date" value={dayjs('2026-03-09')} onChange={() => undefined} />);
      await user.click(screen.getByRole('button', { name: /Choose date/ }));
      const headers = within(await screen.findByRole('grid')).getAllByRole('columnheader');
      expect(headers[0]).toHaveAttribute('aria-label', 'Monday');
    } finally {
      await changeLanguage('fr_FR', false);
    }
  });
});
