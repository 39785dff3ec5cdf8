import { describe, expect, it } from 'vitest';
import { formatDuration, streamRecordsOf } from './stream-records.ts';

describe('stream records from the room recordings', () => {
  it("keeps the server's numbers, names, posters and durations, newest first", () => {
    const records = streamRecordsOf([
      { created_at: '2026-05-01T10:00:00.000Z', link: 'https://meet.example.org/recordings/summit/2026-05-01-keynote.mp4', id: 4, name: '2026-05-01-keynote', preview: null, duration_seconds: null },
      { created_at: '2026-05-03T10:00:00.000Z', link: 'http://localhost:3000/api/v1/recordings/AAAAAAAAAAAAAAAAAAAAAAAA/video.webm', id: 9, name: 'Q&A panel', preview: 'http://localhost:3000/api/v1/recordings/AAAAAAAAAAAAAAAAAAAAAAAA/poster.jpg', duration_seconds: 754 },
      { created_at: '2026-05-02T10:00:00.000Z', link: 'https://meet.example.org/recordings/summit/2026-05-02-workshop.webm', id: 7, name: 'Workshop', preview: null, duration_seconds: 61 },
      { created_at: '2026-05-02T10:00:00.000Z', link: 'https://meet.example.org/recordings/summit/same-time.webm', id: 8, name: 'Same time', preview: null, duration_seconds: null },
    ]);
    expect(records.map((record) => [record.id, record.name, record.durationSeconds])).toEqual([
      [9, 'Q&A panel', 754],
      [8, 'Same time', null],
      [7, 'Workshop', 61],
      [4, '2026-05-01-keynote', null],
    ]);
    expect(records[0]).toMatchObject({ url: 'http://localhost:3000/api/v1/recordings/AAAAAAAAAAAAAAAAAAAAAAAA/video.webm', preview: 'http://localhost:3000/api/v1/recordings/AAAAAAAAAAAAAAAAAAAAAAAA/poster.jpg', date: '2026-05-03T10:00:00.000Z' });
  });

  it.each([
    [0, '0:00'],
    [9.6, '0:10'],
    [61, '1:01'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [7384, '2:03:04'],
  ] as const)('formats %s s as %s', (seconds, expected) => expect(formatDuration(seconds)).toBe(expected));
});
