import { describe, expect, it } from 'vitest';
import { readDevices, readLayout, saveDevices, saveLayout } from './prefs.ts';
import { rms } from './speaker.ts';

const memory = () => {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
};

describe('call preferences', () => {
  it('keeps the chosen layout, grid when nothing or something unknown was kept', () => {
    const store = memory();
    expect(readLayout(store)).toBe('grid');
    saveLayout('accent', store);
    expect(readLayout(store)).toBe('accent');
    store.setItem('lobby.call-layout', 'mosaic');
    expect(readLayout(store)).toBe('grid');
  });

  it('keeps the chosen devices and reads a broken value as none', () => {
    const store = memory();
    expect(readDevices(store)).toEqual({ audio: null, video: null });
    saveDevices({ audio: 'mic-2', video: null }, store);
    expect(readDevices(store)).toEqual({ audio: 'mic-2', video: null });
    store.setItem('lobby.call-devices', '{broken');
    expect(readDevices(store)).toEqual({ audio: null, video: null });
    store.setItem('lobby.call-devices', '{"audio":5,"video":"cam"}');
    expect(readDevices(store)).toEqual({ audio: null, video: 'cam' });
  });

  it('works without storage, and when storage refuses', () => {
    expect(readLayout(null)).toBe('grid');
    const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('quota'); } };
    expect(() => saveLayout('grid_me', refusing)).not.toThrow();
    expect(readLayout(refusing)).toBe('grid');
  });
});

describe('rms', () => {
  it('is 0 for silence and the amplitude over √2 for a sine', () => {
    expect(rms(new Float32Array(0))).toBe(0);
    expect(rms(new Float32Array(256))).toBe(0);
    const sine = Float32Array.from({ length: 1000 }, (_, i) => 0.5 * Math.sin((2 * Math.PI * i) / 100));
    expect(rms(sine)).toBeCloseTo(0.5 / Math.SQRT2, 3);
    expect(rms(Float32Array.from([1, -1, 1, -1]))).toBe(1);
  });
});
