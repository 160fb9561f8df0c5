import { addressApi } from '@portail/contract/api/addresses';
import { call } from './api';
import { isApiError } from './api-error';
import { notify } from './notify';

/**
 * `GET user/verifIfPortableCorrecte/{portable}` before a form with a mobile is saved (docs/interface-conventions.md#mobile-check).
 * Resolves true or false; null when the check itself failed, after telling the user (docs/interface-conventions.md#mobile-check:
 * `auth.accessDenied` for a refusal, else a technical error about the mobile check).
 */
export async function checkMobile(mobile: string): Promise<boolean | null> {
  try {
    return await call(addressApi.mobileCheck, {
      params: { portable: mobile.trim() },
      handle: 'all',
    });
  } catch (error) {
    // A number the server cannot even read is simply not a valid mobile.
    if (isApiError(error) && error.status === 400) return false;
    if (isApiError(error) && error.status === 401) return null;
    notify(isApiError(error) && error.status === 403 ? 'auth.accessDenied' : 'mobile.checkError', 'error');
    return null;
  }
}
