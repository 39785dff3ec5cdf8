import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact.ts';

describe('redactUrl', () => {
  it('hides tokens, codes and tickets in paths and queries', () => {
    expect(redactUrl('/auth/magic/abcDEF123_-')).toBe('/auth/magic/[redacted]');
    expect(redactUrl('/api/v1/calendar/feed/abcDEF123_-abcDEF123_-.ics')).toBe('/api/v1/calendar/feed/[redacted]');
    expect(redactUrl('/api/v1/calendar/feed/reset')).toBe('/api/v1/calendar/feed/reset');
    expect(redactUrl('/auth/register?token=secret&x=1')).toBe('/auth/register?token=[redacted]&x=1');
    expect(redactUrl('/api/v1/auth/google/callback?state=s&code=c&iss=x')).toBe('/api/v1/auth/google/callback?state=[redacted]&code=[redacted]&iss=x');
    expect(redactUrl('/auth/google?ticket=t&redirect=%2F')).toBe('/auth/google?ticket=[redacted]&redirect=%2F');
    expect(redactUrl('/api/v1/events?filter[query]=x')).toBe('/api/v1/events?filter[query]=x');
  });
});
