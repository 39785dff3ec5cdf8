import { describe, expect, it } from 'vitest';
import { ownsRecording, partAccepted, recorderAccess, stopVerdict, type Recorder } from './policy.ts';

const who = (values: Partial<Recorder> = {}): Recorder => ({ eventActive: true, canManage: false, canRecord: false, ...values });

describe('recorderAccess', () => {
  it.each([
    ['a teacher or course admin (calls.record by role)', who({ canRecord: true }), 'ok'],
    ['an organiser or platform staff', who({ canRecord: true, canManage: true }), 'ok'],
    ['a member without calls.record', who(), 'forbidden'],
    ['someone outside the event', who(), 'forbidden'],
    ['an organiser of an inactive event', who({ eventActive: false, canRecord: true, canManage: true }), 'ok'],
    ['a teacher of an inactive event', who({ eventActive: false, canRecord: true }), 'event_not_found'],
    ['a member of an inactive event', who({ eventActive: false }), 'event_not_found'],
    ['anyone, no such event', who({ eventActive: null, canRecord: true, canManage: true }), 'event_not_found'],
  ] as const)('%s', (_name, input, expected) => expect(recorderAccess(input)).toBe(expected));
});

describe('ownsRecording', () => {
  it.each([
    ['the person who started it', 7, 7, true],
    ['someone else who may record there', 7, 8, false],
    ['anyone, once its author is gone (deleted account)', null, 8, false],
  ] as const)('%s', (_name, createdBy, userId, expected) => expect(ownsRecording({ createdBy }, userId)).toBe(expected));
});

describe('partAccepted', () => {
  it.each([
    ['recording', 'part', 'ok'],
    ['recording', 'poster', 'ok'],
    ['processing', 'part', 'not_recording'],
    ['processing', 'poster', 'ok'],
    ['saved', 'part', 'not_recording'],
    ['saved', 'poster', 'not_recording'],
    ['failed', 'part', 'not_recording'],
    ['failed', 'poster', 'not_recording'],
  ] as const)('%s: a %s is %s', (status, what, expected) => expect(partAccepted(status, what)).toBe(expected));
});

describe('stopVerdict', () => {
  it.each([
    ['recording', 'stop'],
    ['processing', 'as_is'],
    ['saved', 'as_is'],
    ['failed', 'as_is'],
  ] as const)('%s: %s', (status, expected) => expect(stopVerdict(status)).toBe(expected));
});
