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
});
