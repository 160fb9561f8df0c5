import { assistanceApi } from '@portail/contract/api/assistance';
import { authApi } from '@portail/contract/api/auth';
import { describe, expect, it } from 'vitest';
import { API_PREFIX, LOGOUT_PATH, TOKEN_PATH } from './api';
import { CENTRE_PATH } from './centre-load';

// The three calls the sign-in page makes without their declarations (so that it loads no schemas).
describe('calls made without their declaration', () => {
  it('the token endpoint is the declared one', () => {
    expect(`${API_PREFIX}${TOKEN_PATH}`).toBe(authApi.token.path);
    expect(authApi.token.method).toBe('POST');
  });
  it('the sign-out is the declared one', () => {
    expect(`${API_PREFIX}${LOGOUT_PATH}`).toBe(authApi.logout.path);
    expect(authApi.logout.method).toBe('POST');
  });
  it("the centre's identity is the declared one", () => {
    expect(`${API_PREFIX}${CENTRE_PATH}`).toBe(assistanceApi.centre.path);
    expect(assistanceApi.centre.method).toBe('GET');
  });
});
