import { SCREENS } from '@portail/contract/routes';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { notify, type ToastVariant } from '../lib/notify';
import { type FromState, fromOf } from '../lib/paths';
import { currentUser, useSession } from '../lib/session';
import { accessDecision } from './access';
import { NotFoundPage } from './not-found-page';

interface RedirectProps {
  to: string;
  state?: FromState;
  toast?: { key: string; variant: ToastVariant };
}

function Redirect({ to, state, toast }: RedirectProps) {
  const key = toast?.key;
  const variant = toast?.variant;
  useEffect(() => {
    if (key && variant) notify(key, variant);
  }, [key, variant]);
  return <Navigate to={to} state={state} replace />;
}

/**
 * Every screen goes through this guard (docs/roles-and-access.md#route-guard), which reads the contract's route table. It also
 * finishes the sign-in: once signed in on /login, the user moves to the confirmation page or to the
 * page first asked for.
 */
export function RouteGuard() {
  const location = useLocation();
  const session = useSession();
  const here = `${location.pathname}${location.search}${location.hash}`;
  const from = fromOf(location.state);

  switch (accessDecision(location.pathname, currentUser(session))) {
    case 'allow':
      return <Outlet />;
    case 'notFound':
      return <NotFoundPage />;
    case 'login':
      // The session just ended (sign-out, idle, expired token): its own message has been shown.
      if (session.ended)
        return <Redirect to={SCREENS.login.path} state={session.ended.remember ? { from: here } : {}} />;
      return (
        <Redirect
          to={SCREENS.login.path}
          state={{ from: here }}
          toast={{ key: 'auth.loginRequired', variant: 'warning' }}
        />
      );
    case 'confirm': {
      // Coming from sign-in, keep the page first asked for; otherwise this is the page asked for.
      const next = location.pathname === SCREENS.login.path ? from : here;
      return <Redirect to={SCREENS.confirm.path} state={next ? { from: next } : {}} />;
    }
    case 'home':
      return <Redirect to={from ?? SCREENS.home.path} />;
    case 'denied':
      return <Redirect to={SCREENS.home.path} toast={{ key: 'auth.accessDenied', variant: 'error' }} />;
  }
}
