import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { loginFailure } from './login-errors';

describe('sign-in refusals that ask to wait', () => {
  it('tells too many sign-ins from the address, with the minutes to wait', async () => {
    const error = new ApiError(
      429,
      { error: 'temporarily_unavailable', error_description: 'login.throttled' },
      600,
      false,
    );
    expect(await loginFailure(error)).toMatchObject({ key: 'login.throttled', values: { minutes: 10 } });
  });

  it('tells too many codes texted to the account', async () => {
    const error = new ApiError(
      429,
      { error: 'temporarily_unavailable', error_description: 'login.tooManyTexts' },
      1800,
      false,
    );
    expect(await loginFailure(error)).toMatchObject({ key: 'login.tooManyTexts', values: { minutes: 30 } });
  });

  it('tells a busy server to be retried in seconds, not a communication error', async () => {
    const error = new ApiError(
      503,
      { error: 'temporarily_unavailable', error_description: 'login.busy' },
      2,
      false,
    );
    expect(await loginFailure(error)).toMatchObject({ key: 'login.busy', values: { seconds: 2 } });
  });

  it('still blames the connection for another server failure', async () => {
    expect(await loginFailure(new ApiError(500, null, null, false))).toMatchObject({
      key: 'auth.communication',
    });
  });
});
