import { describe, expect, it } from 'vitest';
import type { AdminEvent } from '@lobby/contract';
import { checkInput, emptyValues, formFieldOf, inputOf, valuesOf } from './event-form-values.ts';

describe('event form values', () => {
  it('turns form values into a valid event input, dates read in the event timezone', () => {
    const values = { ...emptyValues(), slug: 'game-days', name: 'Game Days', timezone: 'Europe/Moscow', date_from: '2030-05-01T09:00', date_to: '2030-05-02T18:00', points_text: 'Hall A\n\n Lounge ', palette_text: '#112233, #445566', required: ['job' as const] };
    const input = inputOf(values);
    expect(input).toMatchObject({ date_from: '2030-05-01T06:00:00.000Z', points: ['Hall A', 'Lounge'], required_fields: [{ type: 'job', required: true }], config: { theme: { palette: ['#112233', '#445566'] } } });
    expect(checkInput(input)).toEqual({});
  });

  it('maps problems to their fields', () => {
    const input = inputOf({ ...emptyValues(), slug: 'Bad Slug', name: '', languages: [], theme_color: 'red', date_from: '2030-05-02T09:00', date_to: '2030-05-01T09:00' });
    const errors = checkInput(input);
    expect(Object.keys(errors).sort()).toEqual(['date_to', 'languages', 'name', 'slug', 'theme_color']);
    expect(errors.name?.key).toBe('required');
    expect(formFieldOf('body.config.analytics.googleTag')).toBe('gtag');
  });

  it('keeps optional fields ({ required: false }) when the form is saved unchanged', () => {
    const requiredFields: AdminEvent['required_fields'] = [
      { type: 'job', required: true },
      { type: 'company', required: false },
    ];
    const event = { ...inputOf({ ...emptyValues(), slug: 'kept', name: 'Kept', timezone: 'UTC' }), required_fields: requiredFields, media: [], points: {}, logo: null, background: null } as unknown as AdminEvent;
    const saved = inputOf(valuesOf(event));
    expect(saved.required_fields).toEqual(requiredFields);
    // Ticking an optional field's box makes it required, once.
    const ticked = inputOf({ ...valuesOf(event), required: ['job', 'company'] });
    expect(ticked.required_fields).toEqual([
      { type: 'job', required: true },
      { type: 'company', required: true },
    ]);
  });

  it("keeps the event's audience (b2c) when the form is saved unchanged: the form has no control for it", () => {
    const base = inputOf({ ...emptyValues(), slug: 'fans', name: 'Fans', timezone: 'UTC' });
    const event = { ...base, config: { ...base.config, audience: 'b2c' }, media: [], points: {}, logo: null, background: null } as unknown as AdminEvent;
    expect(inputOf(valuesOf(event)).config.audience).toBe('b2c');
    expect('audience' in inputOf(emptyValues()).config).toBe(false);
  });

  it("edits the event's external meeting link: https only, blank clears it, problems under its field", () => {
    const base = { ...emptyValues(), slug: 'zoomed', name: 'Zoomed', timezone: 'UTC' };
    const input = inputOf({ ...base, zoom_url: ' https://zoom.us/j/123?pwd=abc ' });
    expect(input.config.zoom).toEqual({ url: 'https://zoom.us/j/123?pwd=abc' });
    expect(checkInput(input)).toEqual({});
    expect(valuesOf({ ...input, media: [], points: {}, logo: null, background: null } as unknown as AdminEvent).zoom_url).toBe('https://zoom.us/j/123?pwd=abc');
    expect(inputOf(base).config.zoom).toEqual({ url: null });
    expect(checkInput(inputOf({ ...base, zoom_url: 'http://zoom.us/j/1' }))).toEqual({ zoom_url: { key: 'invalid_url', params: {} } });
    expect(formFieldOf('body.config.zoom.url')).toBe('zoom_url');
  });
});
