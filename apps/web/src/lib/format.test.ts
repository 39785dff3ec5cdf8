import { describe, expect, it } from 'vitest';
import { formatDate, formatDateRange, formatTime } from './format.ts';

describe('date formatting', () => {
  it('shows DD.MM.YYYY and HH:mm in the given timezone', () => {
    const iso = '2026-11-22T22:30:00.000Z';
    expect(formatDate(iso, 'UTC')).toBe('22.11.2026');
    expect(formatTime(iso, 'UTC')).toBe('22:30');
    expect(formatDate(iso, 'Europe/Moscow')).toBe('23.11.2026');
    expect(formatTime(iso, 'Europe/Moscow')).toBe('01:30');
  });

  it('collapses a range within one day', () => {
    expect(formatDateRange('2026-11-22T08:00:00Z', '2026-11-22T18:00:00Z', 'UTC')).toBe('22.11.2026');
    expect(formatDateRange('2026-11-22T08:00:00Z', '2026-11-24T18:00:00Z', 'UTC')).toBe('22.11.2026 – 24.11.2026');
  });
});

describe('wall time in a timezone', () => {
  it('converts both ways, daylight saving included', async () => {
    const { isoToZoned, zonedToIso } = await import('./format.ts');
    expect(zonedToIso('2026-11-22T09:00', 'Europe/Moscow')).toBe('2026-11-22T06:00:00.000Z');
    expect(zonedToIso('2026-07-01T12:30', 'Europe/Berlin')).toBe('2026-07-01T10:30:00.000Z');
    expect(zonedToIso('2026-01-01T12:30', 'Europe/Berlin')).toBe('2026-01-01T11:30:00.000Z');
    expect(zonedToIso('2026-03-29T03:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    expect(isoToZoned('2026-11-22T06:00:00.000Z', 'Europe/Moscow')).toBe('2026-11-22T09:00');
    expect(isoToZoned('2026-07-01T10:30:00.000Z', 'America/New_York')).toBe('2026-07-01T06:30');
    expect(zonedToIso('nonsense', 'UTC')).toBe('');
  });
});
