import type { Message } from '@portail/contract/schemas/common';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { toasterReady } from './notify';
import { BUSINESS_WRITE, outcomeOf, refusedWith, statusKey } from './outcome';

const info: Message = { level: 'INFO', errorCode: 'adherent.cree' };
const error: Message = { level: 'ERROR', errorCode: 'bilan.enCours' };
const reply = (messages: Message[]) => ({ ciemException: { messages } });
const failure = (status: number, body: unknown, options: { notified?: boolean; retryAfter?: number } = {}) =>
  Promise.reject(new ApiError(status, body, options.retryAfter ?? null, options.notified ?? false));

describe('outcomeOf: one model of a server answer for every screen', () => {
  const toasts: string[] = [];
  beforeEach(() => {
    toasts.length = 0;
    toasterReady((message) => toasts.push('key' in message ? message.key : message.text));
  });
  afterEach(() => toasterReady(null));

  it('a reply is done, with its business messages', async () => {
    const data = reply([info]);
    expect(await outcomeOf(Promise.resolve(data))).toEqual({ kind: 'done', data, messages: [info] });
    expect(await outcomeOf(Promise.resolve('0612345678'))).toEqual({
      kind: 'done',
      data: '0612345678',
      messages: [],
    });
  });

  it('a business write with an ERROR message, or a 409, is refused', async () => {
    expect(await outcomeOf(Promise.resolve(reply([error])), BUSINESS_WRITE)).toMatchObject({
      kind: 'refused',
      messages: [error],
    });
    expect(await outcomeOf(failure(409, reply([error])), BUSINESS_WRITE)).toMatchObject({
      kind: 'refused',
      messages: [error],
    });
    // A 409 that says nothing is still a refusal of this write, not a failure.
    expect(await outcomeOf(failure(409, null), BUSINESS_WRITE)).toMatchObject({
      kind: 'refused',
      messages: [],
    });
    expect(toasts).toEqual([]);
  });

  it('field errors of a 400 are invalid, with the messages beside them', async () => {
    const body = {
      status: 400,
      error: 'Bad Request',
      message: 'errors.validation',
      fieldErrors: [{ field: 'nom', defaultMessage: 'errors.required' }],
      ciemException: { messages: [error] },
    };
    expect(await outcomeOf(failure(400, body))).toEqual({
      kind: 'invalid',
      fieldErrors: [{ field: 'nom', defaultMessage: 'errors.required' }],
      messages: [error],
    });
  });

  it('a refusal status named by the call keeps the reply’s message key', async () => {
    const body = { status: 403, error: 'Forbidden', message: 'correspondant.modification.interdite' };
    expect(await outcomeOf(failure(403, body), { refusals: [403] })).toEqual({
      kind: 'refused',
      messages: [],
      messageKey: 'correspondant.modification.interdite',
    });
  });

  it('a failure with nothing to show is one toast on a signed-in screen, none when already told', async () => {
    expect(await outcomeOf(failure(400, null))).toEqual({ kind: 'failed', key: 'http.400' });
    expect(await outcomeOf(failure(403, null))).toEqual({ kind: 'failed', key: 'http.403' });
    expect(await outcomeOf(failure(500, null, { notified: true }))).toEqual({
      kind: 'failed',
      key: 'http.500',
    });
    expect(await outcomeOf(failure(401, null))).toEqual({ kind: 'failed', key: 'http.401' });
    expect(await outcomeOf(failure(409, null), { failureToast: () => 'errors.business' })).toMatchObject({
      kind: 'failed',
    });
    expect(await outcomeOf(failure(502, null), { failureToast: 'api.error.500' })).toMatchObject({
      kind: 'failed',
    });
    expect(toasts).toEqual(['form.error', 'http.403', 'errors.business', 'api.error.500']);
  });

  it('on a public screen a failure is told on the screen, and a 429 is a wait', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z') });
    try {
      expect(await outcomeOf(failure(0, null), { tell: 'screen' })).toEqual({
        kind: 'failed',
        key: 'http.network',
      });
      expect(await outcomeOf(failure(503, null), { tell: 'screen' })).toEqual({
        kind: 'failed',
        key: 'http.503',
      });
      expect(await outcomeOf(failure(429, null, { retryAfter: 30 }), { tell: 'screen' })).toEqual({
        kind: 'throttled',
        until: Date.parse('2026-11-27T10:00:30Z'),
      });
      // Unsaid, the wait is a minute there, or what the call names.
      expect(await outcomeOf(failure(429, null), { tell: 'screen' })).toMatchObject({
        until: Date.parse('2026-11-27T10:01:00Z'),
      });
      expect(await outcomeOf(failure(429, null), { throttled: 3600 })).toMatchObject({
        until: Date.parse('2026-11-27T11:00:00Z'),
      });
      expect(toasts).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an error body in the reply’s own shape is a refusal; anything but an API error is thrown again', async () => {
    const own = (body: unknown) => (body === 'mine' ? [error] : null);
    expect(await outcomeOf(failure(409, 'mine'), { errorMessages: own })).toMatchObject({
      kind: 'refused',
      messages: [error],
    });
    await expect(outcomeOf(Promise.reject(new TypeError('bug')))).rejects.toThrow('bug');
  });

  it('refusedWith reads a business code; statusKey names every status', async () => {
    const outcome = await outcomeOf(failure(409, reply([error])));
    expect(refusedWith(outcome, 'bilan.enCours')).toBe(true);
    expect(refusedWith(outcome, 'autre')).toBe(false);
    expect([0, 400, 404, 418, 500, 503].map(statusKey)).toEqual([
      'http.network',
      'http.400',
      'http.404',
      'http.400',
      'http.500',
      'http.503',
    ]);
  });
});
