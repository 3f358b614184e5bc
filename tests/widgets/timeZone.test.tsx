// @vitest-environment jsdom
/**
 * The header's time zone switch and what follows it: every time shown, and the date inputs, which
 * read what is typed in the chosen zone. The browser's zone is pinned to Berlin so local time and UTC
 * differ whatever machine runs this.
 */
import { useState } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIME_ZONE_STORAGE_KEY } from '../../src/config/constants.ts';
import { TimeZoneToggle } from '../../src/widgets/TimeZoneToggle/TimeZoneToggle.tsx';
import { TimeField } from '../../src/ui/TimeField.tsx';
import { setTimeZoneMode, useFormatTime } from '../../src/ui/timeZone.ts';

const previousZone = process.env.TZ;
process.env.TZ = 'Europe/Berlin';
afterAll(() => {
  process.env.TZ = previousZone;
});

const AT = Date.parse('2026-11-24T23:41:07Z');

function Shown({ ms }: { ms: number }) {
  const formatTime = useFormatTime();
  return <p data-testid="shown">{formatTime(ms)}</p>;
}

function Range({ onChange }: { onChange: (ms: number | null) => void }) {
  const [to, setTo] = useState<number | null>(null);
  return (
    <TimeField
      label="To"
      edge="end"
      value={to}
      onChange={(ms) => {
        setTo(ms);
        onChange(ms);
      }}
    />
  );
}

const zoneGroup = () => within(screen.getByRole('group', { name: 'Time zone' }));

describe('times follow the header time zone switch', () => {
  beforeEach(() => {
    localStorage.clear();
    setTimeZoneMode('local');
  });

  it('the switch is a "Time zone" group of Local and UTC, pressed as chosen; every time follows at once and the choice is stored', async () => {
    render(
      <>
        <TimeZoneToggle />
        <Shown ms={AT} />
        <Shown ms={AT + 1000} />
      </>,
    );
    expect(zoneGroup().getByRole('button', { name: 'Local' })).toHaveAttribute('aria-pressed', 'true');
    expect(zoneGroup().getByRole('button', { name: 'UTC' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getAllByTestId('shown').map((p) => p.textContent)).toEqual(['2026-11-25 00:41:07 GMT+1', '2026-11-25 00:41:08 GMT+1']);

    await userEvent.click(zoneGroup().getByRole('button', { name: 'UTC' }));
    expect(zoneGroup().getByRole('button', { name: 'UTC' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByTestId('shown').map((p) => p.textContent)).toEqual(['2026-11-24 23:41:07 UTC', '2026-11-24 23:41:08 UTC']);
    expect(localStorage.getItem(TIME_ZONE_STORAGE_KEY)).toBe('utc');

    await userEvent.click(zoneGroup().getByRole('button', { name: 'Local' }));
    expect(screen.getAllByTestId('shown')[0]).toHaveTextContent('2026-11-25 00:41:07 GMT+1');
    expect(localStorage.getItem(TIME_ZONE_STORAGE_KEY)).toBe('local');
  });

  it('the stored choice is read on start; an invalid one gives local time', async () => {
    for (const [stored, expected] of [['utc', 'utc'], ['local', 'local'], ['Europe/Paris', 'local'], ['', 'local']] as const) {
      localStorage.setItem(TIME_ZONE_STORAGE_KEY, stored);
      vi.resetModules();
      const fresh = await import('../../src/ui/timeZone.ts');
      expect(fresh.getTimeZoneMode()).toBe(expected);
    }
  });

  it('another tab switching the zone switches this one too', () => {
    render(<Shown ms={AT} />);
    localStorage.setItem(TIME_ZONE_STORAGE_KEY, 'utc');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: TIME_ZONE_STORAGE_KEY, newValue: 'utc' }));
    });
    expect(screen.getByTestId('shown')).toHaveTextContent('2026-11-24 23:41:07 UTC');
  });

  it('a date input reads what is typed in the chosen zone and shows it back the same way; the end of a range is the last second of the minute typed', async () => {
    const onChange = vi.fn();
    setTimeZoneMode('utc');
    render(
      <>
        <TimeZoneToggle />
        <Range onChange={onChange} />
      </>,
    );
    const field = screen.getByRole('textbox', { name: 'To (UTC)' });
    await userEvent.type(field, '2026-11-24 23:41{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(Date.parse('2026-11-24T23:41:59.999Z'));
    expect(field).toHaveValue('2026-11-24 23:41:59');

    await userEvent.click(zoneGroup().getByRole('button', { name: 'Local' }));
    expect(screen.getByRole('textbox', { name: 'To (GMT+1)' })).toHaveValue('2026-11-25 00:41:59');
    expect(onChange).toHaveBeenCalledTimes(1); // the same instant, shown in another zone

    await userEvent.clear(field);
    await userEvent.type(field, '2026-07-01 12:00:00');
    await userEvent.tab();
    expect(onChange).toHaveBeenLastCalledWith(Date.parse('2026-07-01T10:00:00.999Z'));
    expect(screen.getByRole('textbox', { name: 'To (GMT+2)' })).toHaveValue('2026-07-01 12:00:00');
  });

  it('a date input keeps text that is not a time, says how to write one, and changes nothing; emptied, it clears', async () => {
    const onChange = vi.fn();
    render(<Range onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: /^To/ });
    await userEvent.type(field, '11/24/2026 11:41 PM{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    expect(field).toHaveValue('11/24/2026 11:41 PM');
    expect(field).toHaveAccessibleDescription('Use YYYY-MM-DD HH:mm:ss');

    await userEvent.clear(field);
    await userEvent.type(field, '2026-11-24{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(Date.parse('2026-11-24T22:59:59.999Z')); // the whole day, in Berlin
    await userEvent.clear(field);
    await userEvent.tab();
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(field).toHaveValue('');
  });
});
