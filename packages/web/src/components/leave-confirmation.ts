import { SCREENS } from '@portail/contract/routes';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { useConfirm } from './confirm-provider';

/**
 * Asks before leaving a modified form (docs/interface-conventions.md#forms), except towards /login (sign-out, idle logout,
 * expired session). Also asks the browser before a reload or closing the tab.
 */
export function useLeaveConfirmation(isDirty: boolean): void {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty &&
      nextLocation.pathname !== SCREENS.login.path &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let current = true;
    void confirm({
      title: t('leave.title'),
      message: t('leave.message'),
      confirmLabel: t('leave.confirm'),
      cancelLabel: t('leave.stay'),
    }).then((leave) => {
      const latest = blockerRef.current;
      if (!current || latest.state !== 'blocked') return;
      if (leave) latest.proceed();
      else latest.reset();
    });
    return () => {
      current = false;
    };
  }, [blocker.state, confirm, t]);

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);
}
