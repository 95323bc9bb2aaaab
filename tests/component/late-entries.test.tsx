/**
 * Working time added afterwards on /timetracking: a forgotten day with its breaks (the times on
 * the device's clock, sent as instants), a forgotten break in a recorded day, and the "added
 * later" mark on such days.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UserTimeTrack } from '../../generated/api/types.gen';
import { dayBody } from '../../src/features/time-tracking/late-entry-modals';
import { page, workingDay, workingTime } from './contract-data';
import { serveContract } from './contract-server';
import { injectSession, renderApp, setWindowWidth } from './helpers';

const local = (y: number, m: number, d: number, h: number, min = 0) => new Date(y, m - 1, d, h, min).toISOString();

const addedDay: UserTimeTrack = workingTime(
  [
    { id: '6f3a1d8b-2e5c-4b7f-9a0d-1c4e7b2f5a61', kind: 'work', startedAtUtc: local(2026, 11, 24, 7), endedAtUtc: local(2026, 11, 24, 12) },
    { id: '6f3a1d8b-2e5c-4b7f-9a0d-1c4e7b2f5a62', kind: 'break', startedAtUtc: local(2026, 11, 24, 12), endedAtUtc: local(2026, 11, 24, 12, 30) },
    { id: '6f3a1d8b-2e5c-4b7f-9a0d-1c4e7b2f5a63', kind: 'work', startedAtUtc: local(2026, 11, 24, 12, 30), endedAtUtc: local(2026, 11, 24, 16) },
  ],
  { id: '2c8e5a1f-7d3b-4e9a-a6c2-4f1b8d0e3c57', endedAtUtc: local(2026, 11, 24, 16), active: false, workSeconds: 8.5 * 3600, breakSeconds: 1800, addedLater: true },
);

describe('the day as the call wants it', () => {
  it('puts the end and breaks after midnight on the next day', () => {
    expect(dayBody('2026-11-24', '07:00', '16:00', [{ start: '12:00', end: '12:30' }])).toEqual({
      startedAtUtc: local(2026, 11, 24, 7),
      endedAtUtc: local(2026, 11, 24, 16),
      breaks: [{ startedAtUtc: local(2026, 11, 24, 12), endedAtUtc: local(2026, 11, 24, 12, 30) }],
    });
    expect(dayBody('2026-11-24', '22:00', '06:00', [{ start: '01:00', end: '01:30' }])).toEqual({
      startedAtUtc: local(2026, 11, 24, 22),
      endedAtUtc: local(2026, 11, 25, 6),
      breaks: [{ startedAtUtc: local(2026, 11, 25, 1), endedAtUtc: local(2026, 11, 25, 1, 30) }],
    });
    expect(dayBody('', '07:00', '16:00', [])).toBeNull();
  });
});

describe('/timetracking', { timeout: 60_000 }, () => {
  it('adds a forgotten day with its breaks, and marks days added later', async () => {
    setWindowWidth(1440);
    const server = serveContract({
      userTimeTracksGetActive: null,
      userTimeTracksGetListGrouped: page([workingDay({ label: 'Di, 24.11.2026', periodStart: local(2026, 11, 24, 0), workSeconds: 8.5 * 3600, tracks: [addedDay] })], { pageSize: 500 }),
      userTimeTracksAddDay: addedDay,
      userTimeTracksAddBreak: addedDay,
      timeTracksGetMyTotals: { todaySeconds: 0, weekSeconds: 0, monthSeconds: 0 },
    });
    injectSession({ roles: ['Employee'] });
    const user = userEvent.setup();
    await renderApp('/timetracking');
    await user.click(await screen.findByRole('button', { name: 'Details zu Di, 24.11.2026 zeigen' }, { timeout: 15_000 }));
    const shift = await screen.findByTestId('shift');
    expect(within(shift).getByText('nachgetragen')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Vergessenen Tag nachtragen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Arbeitstag nachtragen' }, { timeout: 15_000 });
    expect(await within(dialog).findByText(/Mitarbeitende können Arbeitszeit bis zu 7 Tage zurück nachtragen/)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/^Tag/), { target: { value: '2026-11-24' } });
    await user.click(within(dialog).getByRole('button', { name: 'Pause hinzufügen' }));
    fireEvent.change(within(dialog).getByLabelText('Beginn von Pause 2'), { target: { value: '09:00' } });
    fireEvent.change(within(dialog).getByLabelText('Ende von Pause 2'), { target: { value: '09:15' } });
    await user.click(within(dialog).getByRole('button', { name: 'Tag nachtragen' }));
    await waitFor(() => expect(server.calls('userTimeTracksAddDay')).toHaveLength(1));
    expect(server.calls('userTimeTracksAddDay')[0].body).toEqual({
      startedAtUtc: local(2026, 11, 24, 7),
      endedAtUtc: local(2026, 11, 24, 16),
      breaks: [
        { startedAtUtc: local(2026, 11, 24, 12), endedAtUtc: local(2026, 11, 24, 12, 30) },
        { startedAtUtc: local(2026, 11, 24, 9), endedAtUtc: local(2026, 11, 24, 9, 15) },
      ],
    });

    await user.click(within(shift).getByRole('button', { name: 'Vergessene Pause nachtragen' }));
    const breakDialog = await screen.findByRole('dialog', { name: 'Pause nachtragen' }, { timeout: 15_000 });
    fireEvent.change(within(breakDialog).getByLabelText(/^Beginn der Pause/), { target: { value: '10:00' } });
    fireEvent.change(within(breakDialog).getByLabelText(/^Ende der Pause/), { target: { value: '10:15' } });
    await user.click(within(breakDialog).getByRole('button', { name: 'Pause hinzufügen' }));
    await waitFor(() => expect(server.calls('userTimeTracksAddBreak')).toHaveLength(1));
    expect(server.calls('userTimeTracksAddBreak')[0].body).toEqual({
      userTimeTrackId: addedDay.id,
      startedAtUtc: local(2026, 11, 24, 10),
      endedAtUtc: local(2026, 11, 24, 10, 15),
    });
  });
});
